import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { boundedMarkdownInline, markdownInline, markdownLine } from '../../src/safety/markdown-text.js'
import { propertyRuns, soak } from '../property-runs.js'
import {
  countTypes,
  emphasisOnlyFromUnderscore,
  LINE_BREAKS,
  nodeTypes,
  parse,
  shownText,
  UNSAFE_TYPES,
} from '../presenters/markdown-tree.js'

// Pieces that make Markdown constructs, line breaks of every kind, and
// ordinary text. No NUL: CommonMark shows it as U+FFFD by design.
const hostilePieces = [
  '[',
  ']',
  '(',
  ')',
  '!',
  '<',
  '>',
  '`',
  '``',
  '```',
  '&',
  '&amp;',
  '&#x41;',
  '&#65;',
  '*',
  '**',
  '\\',
  '#',
  '# ',
  '-',
  '+',
  '1.',
  '1)',
  '=',
  '~',
  '~~~',
  '|',
  ':',
  '"',
  "'",
  ' ',
  '    ',
  '\t',
  '\n',
  '\r\n',
  '\r',
  '\v',
  '\f',
  '\u0085',
  '\u2028',
  '\u2029',
  'https://host/t.png',
  '<https://x>',
  'www.x.com',
  'javascript:x',
  'mailto:a@b.c',
  '<img src=x>',
  'a',
  'é',
  '😀',
  '/',
  '.',
  '{',
  '^',
  '$',
]
const hostile = (pieces: readonly string[]) => fc.array(fc.constantFrom(...pieces), { maxLength: 16 }).map((parts) => parts.join(''))
// Without `_`: emphasis from `_` is allowed (see markdownInline), so the
// strict property leaves it out and the next one adds it.
const noUnderscore = hostile(hostilePieces)
const withUnderscore = hostile([...hostilePieces, '_', '__', '_a_', '__init__.py'])
// `.` and `-` one at a time, `_` between two letters: nothing to escape.
const safe = fc.string({ unit: fc.constantFrom('a', 'Z', '0', '9', ' ', '/', '.a', '-a', 'a_b'), maxLength: 24 })

const RUNS = propertyRuns(3_000)

// What a paragraph shows of `text`: line breaks as spaces, and (a paragraph
// strips them) no spaces or tabs at its ends.
const shown = (text: string) => text.replace(LINE_BREAKS, ' ').replace(/^[ \t]+|[ \t]+$/g, '')

// `Read <text>`, parsed: one paragraph of text only, showing the input.
function expectLiteralInline(text: string, { strict }: { strict: boolean }) {
  const source = `Read ${markdownInline(text)}`
  const tree = parse(source)
  expect(tree.children).toHaveLength(1)
  expect(tree.children![0].type).toBe('paragraph')
  const types = nodeTypes(tree)
  if (strict) expect([...types].sort()).toEqual(types.has('text') ? ['paragraph', 'root', 'text'] : ['paragraph', 'root'])
  for (const type of UNSAFE_TYPES) expect(types.has(type)).toBe(false)
  expect(emphasisOnlyFromUnderscore(tree, source)).toBe(true)
  expect(shownText(tree, source)).toBe(shown(`Read ${text}`))
}

function expectLiteralLine(text: string, { strict }: { strict: boolean }) {
  const source = markdownLine(text)
  const tree = parse(source)
  const expected = shown(text)
  if (expected === '') {
    expect(tree.children).toHaveLength(0)
    return
  }
  expect(tree.children).toHaveLength(1)
  expect(tree.children![0].type).toBe('paragraph')
  const types = nodeTypes(tree)
  if (strict) expect([...types].sort()).toEqual(['paragraph', 'root', 'text'])
  for (const type of UNSAFE_TYPES) expect(types.has(type)).toBe(false)
  expect(emphasisOnlyFromUnderscore(tree, source)).toBe(true)
  expect(shownText(tree, source)).toBe(expected)
}

describe('markdownInline: hand-picked hostile text', () => {
  it.each([
    ['![x](https://host/t.png)', '!\\[x\\](https://host/t.png)'],
    ['[a](javascript:x)', '\\[a\\](javascript:x)'],
    ['<https://x>', '\\<https://x\\>'],
    ['<img src=x>', '\\<img src=x\\>'],
    ['`code`', '\\`code\\`'],
    ['``a ` b``', '\\`\\`a \\` b\\`\\`'],
    ['&amp;', '\\&amp;'],
    ['&#x41;', '\\&#x41;'],
    ['a\nb', 'a b'],
    ['a\r\nb\rc\u0085d\u2028e\u2029f\vg\fh', 'a b c d e f g h'],
    ['# heading', '# heading'],
    ['*bold* **strong**', '\\*bold\\* \\*\\*strong\\*\\*'],
    ['C:\\repo\\a.ts', 'C:\\repo\\a.ts'],
    ['C:\\repo\\.git', 'C:\\repo\\\\.git'],
    ['ends with \\', 'ends with \\\\'],
    ['\\[not a link]', '\\\\\\[not a link\\]'],
    ['wow!', 'wow\\!'],
    ['a!b', 'a!b'],
    ['(https://x)', '\\(https://x)'],
    ['f(x)', 'f(x)'],
  ])('%j becomes %j and renders literally', (text, escaped) => {
    expect(markdownInline(text)).toBe(escaped)
    expectLiteralInline(text, { strict: true })
  })

  it('never contains a line break', () => {
    expect(markdownInline('a\n\n\r\n\u2028b')).toBe('a    b')
  })
})

describe('markdownInline: text that needs nothing comes back as it is', () => {
  it.each(['Read src/a_b.ts', 'snake_case_name', '/repo/.hidden/x-y.z', '', 'ünïcödé 文档 🙂', 'C:\\repo\\src\\a.ts', 'a!b (x) #d'])(
    '%j',
    (text) => {
      expect(markdownInline(text)).toBe(text)
    },
  )

  it('for any text of letters, digits, spaces, /, single . and -, and inner _', () => {
    fc.assert(
      fc.property(safe, (text) => {
        expect(markdownInline(text)).toBe(text)
      }),
      { numRuns: RUNS },
    )
  })
})

describe('markdownInline: any hostile text renders literally', () => {
  it('as one paragraph of text nodes only, showing the input with line breaks as spaces', () => {
    fc.assert(
      fc.property(noUnderscore, (text) => expectLiteralInline(text, { strict: true })),
      { numRuns: RUNS },
    )
  })

  it('with `_` too: no link, image, HTML, code or break; emphasis only from `_`, which a reader still sees', () => {
    fc.assert(
      fc.property(withUnderscore, (text) => expectLiteralInline(text, { strict: false })),
      { numRuns: RUNS },
    )
  })

  it('when two escaped texts are joined', () => {
    fc.assert(
      fc.property(noUnderscore, noUnderscore, (a, b) => {
        const source = `Read ${markdownInline(a)}${markdownInline(b)}`
        const tree = parse(source)
        expect([...nodeTypes(tree)].filter((type) => !['root', 'paragraph', 'text'].includes(type))).toEqual([])
        // Each text's own line breaks: a CR ending one and an LF starting the other are two.
        expect(shownText(tree, source)).toBe(shown(`Read ${a.replace(LINE_BREAKS, ' ')}${b.replace(LINE_BREAKS, ' ')}`))
      }),
      { numRuns: RUNS },
    )
  })

  it('and never completes a construct with the text around it', () => {
    // Never at the start of a line: there markdownLine is the function to use.
    const before = ['Read ', 'see [ref]', 'x!', '**b** ', '`c` ', '[a](b)']
    const after = ['', ' end', '[a](b)', '(https://x)', '![i](j)', ' `c`', ' <https://z>', '**b**']
    const kinds = ['link', 'image', 'html', 'inlineCode', 'emphasis', 'strong']
    fc.assert(
      fc.property(fc.constantFrom(...before), noUnderscore, fc.constantFrom(...after), (prefix, text, suffix) => {
        fc.pre(text !== '')
        // The same surroundings around a plain word: what the text around meant.
        expect(countTypes(parse(prefix + markdownInline(text) + suffix), kinds)).toEqual(countTypes(parse(`${prefix}x${suffix}`), kinds))
      }),
      { numRuns: RUNS },
    )
  })

  // Long texts: under `npm run test:soak` only (CI runs it).
  it.runIf(soak)('returns quickly on a long text that needs nothing, and on one that needs everything', () => {
    const plain = 'src/a_b.ts '.repeat(100_000)
    expect(markdownInline(plain)).toBe(plain)
    const hostileText = '![x](<y>)`&\n'.repeat(100_000)
    expect(markdownInline(hostileText)).toHaveLength('!\\[x\\](\\<y\\>)\\`\\& '.length * 100_000)
  })
})

describe('markdownLine: nothing at the start of the line opens a block', () => {
  it.each([
    ['# heading', '\\# heading'],
    ['###### six', '\\###### six'],
    ['#hashtag', '#hashtag'],
    ['> quote', '\\> quote'],
    ['- item', '\\- item'],
    ['+ item', '\\+ item'],
    ['* item', '\\* item'],
    ['-', '\\-'],
    ['1. first', '1\\. first'],
    ['123456789) ninth', '123456789\\) ninth'],
    ['2024.01 report', '2024.01 report'],
    ['---', '\\-\\--'],
    ['___', '\\_\\_\\_'],
    ['_ _ _', '\\_ \\_ \\_'],
    ['***', '\\*\\*\\*'],
    ['===', '\\==='],
    ['~~~js', '\\~\\~\\~js'],
    ['+++', '\\+++'],
    ['  +++ toml', '\\+++ toml'],
    ['```js', '\\`\\`\\`js'],
    ['    code', 'code'],
    ['\tcode', 'code'],
    ['  - nested', '\\- nested'],
    ['[ref]: https://x', '\\[ref\\]: https://x'],
    ['<div>', '\\<div\\>'],
    ['| a | b |', '| a | b |'],
    ['a\n# b', 'a # b'],
    ['\n# b', '\\# b'],
    ['my_tool', 'my_tool'],
  ])('%j becomes %j', (text, escaped) => {
    expect(markdownLine(text)).toBe(escaped)
    expectLiteralLine(text, { strict: !text.includes('_') })
  })

  it('any hostile text is one paragraph of text showing the input', () => {
    fc.assert(
      fc.property(noUnderscore, (text) => expectLiteralLine(text, { strict: true })),
      { numRuns: RUNS },
    )
    fc.assert(
      fc.property(withUnderscore, (text) => expectLiteralLine(text, { strict: false })),
      { numRuns: RUNS },
    )
  })
})

describe('boundedMarkdownInline: the bound holds after escaping and marking', () => {
  it('holds in the worst cases: every code unit a bidi control, a tag character or a Markdown special', () => {
    for (const text of ['\u202e'.repeat(5000), '\udb40\udc41'.repeat(5000), '<'.repeat(5000), '\u202e'.repeat(4096)]) {
      for (const max of [0, 10, 100, 4096]) {
        const shown = boundedMarkdownInline(text, max)
        expect(shown.length).toBeLessThanOrEqual(max)
      }
    }
    expect(boundedMarkdownInline('\u202e'.repeat(4096), 4096)).toContain('characters left out')
  })

  it('is markdownInline itself when that fits, and never longer than the bound, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.integer({ min: 0, max: 400 }), (text, max) => {
        const shown = boundedMarkdownInline(text, max)
        expect(shown.length).toBeLessThanOrEqual(max)
        if (markdownInline(text).length <= max) expect(shown).toBe(markdownInline(text))
      }),
    )
  })
})
