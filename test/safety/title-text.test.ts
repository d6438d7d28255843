// A title as a client shows it: marked, on one line unless a command, and
// at most TITLE_LENGTH code units, cut around a marker that says how much
// was left out, without splitting a marker, an escape or a surrogate pair,
// and still literal under Zed's Markdown dialect.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { markdownInline } from '../../src/safety/markdown-text.js'
import { runTitle, shownTitle, shownTitleLength, TITLE_LENGTH } from '../../src/safety/title-text.js'
import { visibleLength, visibleText } from '../../src/safety/visible-text.js'
import { decodeAcpMarkers, hostileText, hostileTextPiece } from '../fixtures/marked-text.js'
import { renderZed, unescapedSmartPunctuation } from '../fixtures/zed-markdown.js'
import { propertyRuns } from '../property-runs.js'

const RUNS = propertyRuns(1_000)
const CUT = /^([\s\S]*) … (\d+) characters left out … ([\s\S]*)$/

// A title's parts around the marker, or undefined when it was not cut.
const partsOf = (title: string) => {
  const found = CUT.exec(title)
  return found ? { head: found[1], leftOut: Number(found[2]), tail: found[3] } : undefined
}

// Text a presenter escapes into a title: Markdown specials, backslashes, markers' brackets, invisible characters.
const markdownPieces = [
  '\\',
  '\\\\',
  '<',
  '>',
  '_',
  'a_b',
  '*',
  '`',
  '[',
  '~',
  '--',
  '...',
  '!',
  '(',
  '\u202e',
  '\u200b',
  '😀',
  'ab',
  ' ',
  '\n',
]
const markdownText = fc.string({ unit: fc.constantFrom(...markdownPieces), maxLength: 80 })

describe('a title within the bound', () => {
  it('is the title marked, on one line unless a command', () => {
    expect(shownTitle('Read a\u202eb.ts', 'read')).toBe('Read a<U+202E>b.ts')
    expect(shownTitle('a\nb', 'read')).toBe('a b')
    expect(shownTitle('cat <<EOF\nx\nEOF', 'execute')).toBe('cat <<EOF\nx\nEOF')
  })

  it('is kept whole at exactly the bound, after marking', () => {
    const title = `${'x'.repeat(TITLE_LENGTH - 8)}\u202e`
    expect(shownTitle(title, 'execute')).toBe(`${'x'.repeat(TITLE_LENGTH - 8)}<U+202E>`)
    expect(shownTitleLength(title, 'execute')).toBe(TITLE_LENGTH)
  })

  it('decodes to the input, for any hostile text', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const shown = shownTitle(text, 'execute')
        expect(shown.length).toBeLessThanOrEqual(TITLE_LENGTH)
        expect(decodeAcpMarkers(shown)).toBe(text)
      }),
      { numRuns: RUNS },
    )
  })
})

describe('a title past the bound', () => {
  it('keeps its head and its tail around a marker counting what was left out as shown', () => {
    const title = '\u202e'.repeat(1024 * 1024)
    const shown = shownTitle(title, 'execute')
    expect(shown.length).toBeLessThanOrEqual(TITLE_LENGTH)
    const parts = partsOf(shown)!
    expect(parts.head).toMatch(/^(?:<U\+202E>)+$/)
    expect(parts.tail).toMatch(/^(?:<U\+202E>)+$/)
    expect(parts.head.length + parts.leftOut + parts.tail.length).toBe(8 * 1024 * 1024)
  })

  it('cuts a command with line breaks, keeping them in what it shows', () => {
    const heredoc = `cat <<'EOF'\n${'line of text\n'.repeat(5000)}EOF`
    const parts = partsOf(shownTitle(heredoc, 'execute'))!
    expect(parts.head.startsWith("cat <<'EOF'\nline of text\n")).toBe(true)
    expect(parts.tail.endsWith('line of text\nEOF')).toBe(true)
  })

  it('is at most the bound, head a prefix and tail a suffix of the marked title, the count exact, for any hostile text', () => {
    fc.assert(
      fc.property(hostileTextPiece, fc.integer({ min: 1, max: 4000 }), fc.integer({ min: 60, max: 400 }), (piece, times, max) => {
        const title = piece.repeat(times)
        const shown = shownTitle(title, 'execute', max)
        const marked = visibleText(title)
        expect(shown.length).toBeLessThanOrEqual(max)
        const parts = partsOf(shown)
        if (parts === undefined) {
          expect(shown).toBe(marked)
          return
        }
        expect(marked.length).toBeGreaterThan(max)
        expect(marked.startsWith(parts.head)).toBe(true)
        expect(marked.endsWith(parts.tail)).toBe(true)
        expect(parts.head.length + parts.leftOut + parts.tail.length).toBe(marked.length)
        // No marker and no surrogate pair is split: each part decodes on its own to a piece of the title.
        expect(title.startsWith(decodeAcpMarkers(parts.head))).toBe(true)
        expect(title.endsWith(decodeAcpMarkers(parts.tail))).toBe(true)
        expect(parts.head.isWellFormed() || !title.isWellFormed()).toBe(true)
        expect(parts.tail.isWellFormed() || !title.isWellFormed()).toBe(true)
      }),
      { numRuns: RUNS },
    )
  })

  it('still renders literally under Zed’s dialect when it was escaped for Markdown, for any text', () => {
    fc.assert(
      fc.property(markdownText, fc.integer({ min: 50, max: 120 }), (text, max) => {
        const shown = shownTitle(markdownInline(text), 'read', max)
        expect(shown.length).toBeLessThanOrEqual(max)
        const rendered = renderZed(`x ${shown} y`)
        expect(rendered.markup.filter((kind) => kind !== 'linkify')).toStrictEqual([])
        expect(unescapedSmartPunctuation(shown)).toBeUndefined()
        const whole = visibleText(text.replace(/\n/g, ' '))
        const parts = partsOf(rendered.text.slice(2, -2))
        if (parts === undefined) {
          expect(rendered.text).toBe(`x ${whole} y`)
          return
        }
        // What the reader sees: a start and an end of the text, nothing in them that was not written.
        expect(whole.startsWith(parts.head)).toBe(true)
        expect(whole.endsWith(parts.tail)).toBe(true)
      }),
      { numRuns: RUNS },
    )
  })

  it('never splits a marker escaped for Markdown, nor leaves a backslash without what it escapes', () => {
    for (let shift = 0; shift < 12; shift++) {
      const text = `${'a'.repeat(shift)}${'\u202e*'.repeat(40)}`
      const shown = shownTitle(markdownInline(text), 'read', 120)
      const parts = partsOf(shown)!
      expect(parts.head.replace(/\\<U\+202E\\>|\\\*|a/g, '')).toBe('')
      expect(parts.tail.replace(/\\<U\+202E\\>|\\\*|a/g, '')).toBe('')
    }
  })
})

describe('the length of a title as shown', () => {
  it('is the length of the marked text, measured without building it', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        expect(visibleLength(text)).toBe(visibleText(text).length)
      }),
      { numRuns: RUNS },
    )
  })
})

describe("a command as a prompt's title", () => {
  it('is Run and the command in a code span longer than any backtick run in it, marked, on one line', () => {
    expect(runTitle('npm test')).toBe('Run `npm test`')
    expect(runTitle('ls `pwd`')).toBe('Run `` ls `pwd` ``')
    expect(runTitle('a\nb\u202e')).toBe('Run `a b<U+202E>`')
  })
})
