import { structuredPatch } from 'diff'
import fc from 'fast-check'
import { withoutSgr } from '../../src/safety/console-text.js'
import { describe, expect, it } from 'vitest'
import { renderCallView, renderResultView } from 'tool-render-intent/text'
import { terminalSafeText, visibleControls } from '../../src/text/control-chars.js'
import { wrapLine } from '../../src/text/header.js'
import { diffHunks } from '../../src/text/unified-diff.js'
import type { ContentBlock, ToolCallView, ToolResultView } from 'tool-render-intent'
import { decodeTextMarkers, hostileText } from '../fixtures/marked-text.js'

// Text rich in what terminals care about: escapes, C0/C1 controls, CR, DEL,
// wide and astral characters, and the two halves of one alone.
const nasty = fc.string({
  unit: fc.constantFrom(
    'a',
    ' ',
    '\n',
    '\t',
    '\r',
    '\u001b',
    '[',
    ']',
    '3',
    '1',
    ';',
    'm',
    'J',
    '\\',
    '\u0007',
    '\u0000',
    '\u007f',
    '\u009b',
    '\u009c',
    '\u009d',
    'P',
    '日',
    '🎉',
    '\ud83d',
    '\ude00',
  ),
  maxLength: 40,
})
const path = fc.constantFrom('/repo/a.ts', 'rel/b.ts', '/repo', '/other/c', 'C:\\w\\d.ts')
const kind = fc.constantFrom('read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'switch_mode', 'other')
const annotations = fc.record({ audience: fc.constant(['user' as const]), priority: fc.double() }, { requiredKeys: [] })
const block: fc.Arbitrary<ContentBlock> = fc.oneof(
  fc.record({ type: fc.constant('text' as const), text: nasty, annotations }, { requiredKeys: ['type', 'text'] }),
  fc.record(
    { type: fc.constant('image' as const), data: fc.constant('AA=='), mimeType: nasty, uri: fc.option(nasty) },
    { requiredKeys: ['type', 'data', 'mimeType'] },
  ),
  fc.record(
    { type: fc.constant('audio' as const), data: nasty, mimeType: nasty, _meta: fc.constant({ a: 1 }) },
    { requiredKeys: ['type', 'data', 'mimeType'] },
  ),
  fc.record(
    { type: fc.constant('resource_link' as const), uri: nasty, name: nasty, mimeType: fc.option(nasty) },
    { requiredKeys: ['type', 'uri', 'name'] },
  ),
  fc.record({
    type: fc.constant('resource' as const),
    resource: fc.oneof(
      fc.record({ uri: nasty, text: nasty, mimeType: fc.option(nasty) }, { requiredKeys: ['uri', 'text'] }),
      fc.record({ uri: nasty, blob: nasty, mimeType: fc.option(nasty) }, { requiredKeys: ['uri', 'blob'] }),
    ),
  }),
)
const planEntry = fc.record(
  {
    content: nasty,
    status: fc.constantFrom('pending' as const, 'in_progress' as const, 'completed' as const),
    priority: fc.constantFrom('high' as const, 'medium' as const, 'low' as const),
  },
  { requiredKeys: ['content', 'status'] },
)
const location = fc.record({ path, line: fc.nat(9) }, { requiredKeys: ['path'] })
const fileDiff = fc.record({ path, oldText: fc.option(nasty, { nil: null }), newText: nasty })

const callView: fc.Arbitrary<ToolCallView> = fc.oneof(
  fc.record(
    {
      card: fc.constant('generic' as const),
      title: nasty,
      kind,
      content: fc.array(block, { maxLength: 3 }),
      locations: fc.array(location, { maxLength: 2 }),
    },
    { requiredKeys: ['card', 'title'] },
  ),
  fc.record({ card: fc.constant('terminal' as const), title: nasty, description: nasty, cwd: path }, { requiredKeys: ['card', 'title'] }),
  fc.record({ card: fc.constant('diff' as const), title: nasty, diffs: fc.array(fileDiff, { maxLength: 2 }) }),
  fc.record(
    { card: fc.constant('plan' as const), title: nasty, entries: fc.array(planEntry, { maxLength: 3 }) },
    { requiredKeys: ['card', 'entries'] },
  ),
)
const resultView: fc.Arbitrary<ToolResultView> = fc.oneof(
  fc.record(
    { card: fc.constant('generic' as const), title: nasty, content: fc.array(block, { maxLength: 3 }) },
    { requiredKeys: ['card'] },
  ),
  fc.record(
    { card: fc.constant('terminal' as const), title: nasty, output: nasty, exitCode: fc.integer({ min: -1, max: 255 }), signal: nasty },
    { requiredKeys: ['card'] },
  ),
  fc.record(
    { card: fc.constant('diff' as const), title: nasty, diffs: fc.array(fileDiff, { maxLength: 2 }) },
    { requiredKeys: ['card', 'diffs'] },
  ),
)
const options = fc.record(
  {
    color: fc.boolean(),
    width: fc.integer({ min: -2, max: 30 }),
    cwd: fc.constantFrom('/repo', 'C:\\w'),
    maxDiffLines: fc.integer({ min: 0, max: 6 }),
  },
  { requiredKeys: [] },
)

// Every control character the renderer may emit: newline, tab, and with colour on the ESC of an SGR.
const controlsOutsideSgr = (text: string) => {
  const withoutSgr = text.replace(/\u001b\[[0-9;:]*m/g, '')
  return Array.from(withoutSgr).filter((char) => /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(char))
}

describe('any valid view renders safely', () => {
  it('never throws and emits no control character but newline, tab and (with colour on) SGR', () => {
    fc.assert(
      fc.property(callView, resultView, options, (call, result, opts) => {
        for (const text of [renderCallView(call, opts), renderResultView(result, opts)]) {
          expect(controlsOutsideSgr(text)).toEqual([])
          if (!opts.color) expect(text).not.toContain('\u001b')
          expect(text.isWellFormed()).toBe(true)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('is deterministic', () => {
    fc.assert(
      fc.property(callView, options, (call, opts) => {
        expect(renderCallView(call, opts)).toBe(renderCallView(call, opts))
      }),
      { numRuns: 100 },
    )
  })
})

describe('terminalSafeText with colour off removes or reveals every escape', () => {
  it('leaves no ESC and no raw control character besides newline and tab', () => {
    fc.assert(
      fc.property(nasty, (text) => {
        expect(controlsOutsideSgr(terminalSafeText(text, { color: false }))).toEqual([])
        expect(terminalSafeText(text, { color: false })).not.toContain('\u001b')
      }),
      { numRuns: 500 },
    )
  })

  it('with colour on, changes nothing in text that has no control characters', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).filter((text) => controlsOutsideSgr(text).length === 0 && !text.includes('\r')),
        (text) => {
          expect(terminalSafeText(text, { color: true })).toBe(text)
        },
      ),
      { numRuns: 200 },
    )
  })
})

const lineFeeds = (text: string) => text.split('\n').length - 1

describe('rewriting control characters never hides a line', () => {
  it('keeps every line feed, in every mode, and always returns well-formed text', () => {
    fc.assert(
      fc.property(nasty, (text) => {
        for (const out of [terminalSafeText(text, { color: false }), terminalSafeText(text, { color: true }), visibleControls(text)]) {
          expect(lineFeeds(out)).toBe(lineFeeds(text))
          expect(out.isWellFormed()).toBe(true)
        }
      }),
      { numRuns: 500 },
    )
  })
})

// The wrapping the header had before it was made linear: on an array of code
// points, with a search back from the end of each piece.
function wrapByCodePoints(line: string, room: number): string[] {
  const chars = Array.from(line)
  const pieces: string[] = []
  let start = 0
  while (chars.length - start > room) {
    const space = chars.lastIndexOf(' ', start + room)
    const end = space > start ? space : start + room
    pieces.push(chars.slice(start, end).join(''))
    start = space > start ? space + 1 : start + room
  }
  pieces.push(chars.slice(start).join(''))
  return pieces
}

describe('header wrapping', () => {
  it('splits a line exactly as wrapping on an array of code points does', () => {
    const line = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '🎉', '日', '\ud83d'), maxLength: 60 })
    fc.assert(
      fc.property(line, fc.integer({ min: 1, max: 12 }), (text, room) => {
        expect(wrapLine(text, room).map(({ start, end }) => text.slice(start, end))).toEqual(wrapByCodePoints(text, room))
      }),
      { numRuns: 1000 },
    )
  })
})

describe('the bounded line diff', () => {
  it('gives the same hunks as the diff package for changes within the bound, one side empty or not', () => {
    const text = fc.string({ unit: fc.constantFrom('a\n', 'b\n', 'c', '\r\n', '\n'), maxLength: 12 })
    fc.assert(
      fc.property(text, text, (before, after) => {
        expect(diffHunks(before, after)).toEqual(structuredPatch('', '', before, after, undefined, undefined, { context: 3 }).hunks)
      }),
      { numRuns: 500 },
    )
  })
})

describe('with colour off, nothing a command printed is dropped but its colours', () => {
  // The invariant: decoding the renderer's markers (`\x1b`, `\r`, `<U+202E>`)
  // gives the output back without its SGR sequences (text without colour
  // cannot draw them), with a CR LF read as a line feed, a lone surrogate as
  // U+FFFD, and the one trailing line ending the renderer writes itself.
  const written = (output: string) => {
    const text = withoutSgr(output).toWellFormed().replace(/\r\n/g, '\n')
    return text.endsWith('\n') ? text.slice(0, -1) : text
  }

  it('shows every character of terminal output as itself or a marker naming it', () => {
    fc.assert(
      fc.property(hostileText, (output) => {
        const shown = renderResultView({ card: 'terminal', output })
        expect(shown).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/)
        expect(decodeTextMarkers(shown)).toBe(written(output))
      }),
    )
  })

  it('shows every character of text content as itself or a marker naming it', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const shown = renderResultView({ card: 'generic', content: [{ type: 'text', text }] })
        expect(decodeTextMarkers(shown)).toBe(written(text))
      }),
    )
  })
})
