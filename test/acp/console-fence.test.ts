import fc from 'fast-check'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { describe, expect, it } from 'vitest'
import { consoleFence } from '../../src/acp/console-fence.js'

// Strings built from the pieces that break naive fences and parsers, mixed
// with arbitrary code units (lone surrogates included).
const piece = fc.oneof(
  fc.constantFrom(
    '`',
    '``',
    '```',
    '````',
    '`````',
    '~~~',
    '\n',
    '\r\n',
    '\r',
    '\0',
    '\ud800',
    '\udfff',
    '\x1b[31m',
    '\x1b[0m',
    ' ',
    '\t',
    '    ',
    'a',
    '😀',
  ),
  fc.string({ unit: 'binary', maxLength: 4 }),
)
const output = fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join(''))

// The mdast types, without depending on @types/mdast directly.
type Root = ReturnType<typeof fromMarkdown>
type Code = Extract<Root['children'][number], { type: 'code' }>

const longestBacktickRun = (text: string) => Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length))

// SGR sequences (colours, styles) as the fence drops them: a code block draws no colour.
const SGR = /\x1b\[[0-9:;]*m/g
// With an ESC in it, a lone surrogate is replaced first, as written (dropping a sequence never joins two halves).
const withoutColour = (text: string) => (text.includes('\x1b') ? text.toWellFormed().replace(SGR, '') : text)
const HAS_SGR = /\x1b\[[0-9:;]*m/

const legacy = (text: string) => `\`\`\`console\n${text.trimEnd()}\n\`\`\``

describe('consoleFence parsed by a CommonMark parser', () => {
  // CommonMark replaces U+0000 with U+FFFD when parsing (spec 2.3), so that
  // substitution is applied to the expected value; line endings (LF, CR,
  // CRLF) and everything else survive in the code value untouched. The raw
  // bytes, NUL included, are checked by the next describe.
  const parsed = (text: string) => text.replaceAll('\0', '\uFFFD')

  it('is exactly one console code block whose value is the trimmed output without its colours', () => {
    fc.assert(
      fc.property(output, (text) => {
        fc.pre(withoutColour(text).trimEnd() !== '')
        const tree: Root = fromMarkdown(consoleFence(text))
        expect(tree.children).toHaveLength(1)
        const code = tree.children[0] as Code
        expect(code.type).toBe('code')
        expect(code.lang).toBe('console')
        expect(code.meta).toBeNull()
        expect(code.value).toBe(parsed(withoutColour(text).trimEnd()))
      }),
      { numRuns: 500 },
    )
  })

  it('survives a line of three backticks that would close the legacy fence early', () => {
    const text = 'before\n```\n# not a heading\n```\nafter'
    expect(fromMarkdown(legacy(text)).children.length).toBeGreaterThan(1)
    const tree = fromMarkdown(consoleFence(text))
    expect(tree.children).toHaveLength(1)
    expect((tree.children[0] as Code).value).toBe(text)
  })

  it('is an empty console block for blank output (the bridge sends no block then)', () => {
    const tree = fromMarkdown(consoleFence(' \n\t\r\n'))
    expect(tree.children).toStrictEqual([expect.objectContaining({ type: 'code', lang: 'console', value: '' })])
  })
})

describe('consoleFence bytes', () => {
  it('is the legacy text, byte for byte, when no run of three backticks and no colour occurs', () => {
    fc.assert(
      fc.property(output, (text) => {
        fc.pre(longestBacktickRun(text) < 3 && !HAS_SGR.test(text))
        expect(consoleFence(text)).toBe(legacy(text))
      }),
      { numRuns: 300 },
    )
  })

  it('otherwise wraps the trimmed output, colours dropped, in a fence one backtick longer than the longest run', () => {
    fc.assert(
      fc.property(output, (text) => {
        const trimmed = withoutColour(text).trimEnd()
        const fence = '`'.repeat(Math.max(3, longestBacktickRun(trimmed) + 1))
        expect(consoleFence(text)).toBe(`${fence}console\n${trimmed}\n${fence}`)
      }),
      { numRuns: 300 },
    )
  })

  it('drops SGR colours and keeps every other escape and NUL as they are, for the bridge to mark', () => {
    const text = '\x1b[31mred\x1b[0m\x1b]0;title\x07\x1b[2J\0'
    expect(consoleFence(text)).toBe('```console\nred\x1b]0;title\x07\x1b[2J\0\n```')
  })

  it('keeps lone surrogates as they are, and never joins two halves by dropping a colour between them', () => {
    expect(consoleFence('a\ud800')).toBe('```console\na\ud800\n```')
    expect(consoleFence('\ud83d\x1b[0m\ude00')).toBe('```console\n\ufffd\ufffd\n```')
  })

  it('keeps a coloured build log readable', () => {
    const log = '\x1b[1m\x1b[32m✓\x1b[39m\x1b[22m src/a.test.ts \x1b[2m(3 tests)\x1b[22m\n\x1b[31m×\x1b[39m src/b.test.ts\n'
    expect(consoleFence(log)).toBe('```console\n✓ src/a.test.ts (3 tests)\n× src/b.test.ts\n```')
  })

  it('copes with a megabyte of backticks in one pass', () => {
    const text = '`'.repeat(1 << 20)
    const fence = '`'.repeat((1 << 20) + 1)
    expect(consoleFence(text)).toBe(`${fence}console\n${text}\n${fence}`)
  })
})
