import { afterEach, describe, expect, it, vi } from 'vitest'
import { isProvenVisible, PROOF_FROM_LENGTH, visibleBlock } from '../../src/internal/vouched-visible.js'
import { consoleFenceBlock, fenced, fencedBlock } from '../../src/safety/fence.js'
import { contentEntries } from '../../src/wire/tool-call-content.js'

// Text long enough for its block to carry a proof.
const long = (line: string) => line.repeat(Math.ceil(PROOF_FROM_LENGTH / line.length))

// The texts the bridge read while `run` ran: searched with `indexOf` or `search`, or tested with a regular expression.
function textsRead(run: () => void): unknown[] {
  const indexOf = vi.spyOn(String.prototype, 'indexOf')
  const search = vi.spyOn(String.prototype, 'search')
  const test = vi.spyOn(RegExp.prototype, 'test')
  try {
    run()
    return [
      ...indexOf.mock.contexts.map((text) => String(text)),
      ...search.mock.contexts.map((text) => String(text)),
      ...test.mock.calls.map(([text]) => text),
    ]
  } finally {
    indexOf.mockRestore()
    search.mockRestore()
    test.mockRestore()
  }
}

afterEach(() => vi.restoreAllMocks())

describe('a text block proven to hold nothing to mark', () => {
  it('is one built from pieces with nothing to mark, for its own text only', () => {
    const text = long('ok\n')
    const block = visibleBlock(`\`\`\`\n${text}\n\`\`\``, text)
    expect(isProvenVisible(block)).toBe(true)
    expect(isProvenVisible({ text: block.text })).toBe(false)
    expect(isProvenVisible({ ...block, text: `${block.text}\u001b[2J` })).toBe(false)
  })

  it.each([
    ['an escape', '\u001b]52;c;x\u0007'],
    ['an 8-bit CSI', '\u009b2J'],
    ['a bidi override', 'a\u202eb'],
    ['a zero-width space', 'a\u200bb'],
    ['a lone CR', 'a\rb'],
  ])('is none when a piece holds %s', (_, piece) => {
    const body = long(piece)
    expect(isProvenVisible(visibleBlock(`\`\`\`\n${body}\n\`\`\``, body))).toBe(false)
  })

  it('is none for short text, which costs less to read again than to prove', () => {
    expect(isProvenVisible(visibleBlock('```\nok\n```', 'ok'))).toBe(false)
  })

  it('is how a fence block is built: its info string counts as a piece', () => {
    const code = long('const a = 1\n')
    expect(isProvenVisible(fencedBlock(code, 'ts'))).toBe(true)
    expect(fencedBlock(code, 'ts').text).toBe(fenced(code, 'ts'))
    expect(isProvenVisible(fencedBlock(code, '\u009b'))).toBe(false)
    expect(isProvenVisible(fencedBlock(`${code}\u202e`, 'ts'))).toBe(false)
    expect(isProvenVisible(consoleFenceBlock(`${code}\n\n`))).toBe(true)
  })
})

describe('text content sent to the client', () => {
  it('keeps a proven fence as it is, and marks what a fence holds that would hide text', () => {
    const clean = fencedBlock(long('const a = 1\n'), 'ts')
    expect(contentEntries([clean], 100_000)).toEqual([{ type: 'content', content: clean }])
    const hostile = fencedBlock('a\u001b]52;c;eA==\u0007b\u202ec', 'ts')
    expect(contentEntries([hostile], 1000)).toEqual([
      { type: 'content', content: { type: 'text', text: '```ts\na␛]52;c;eA==␇b<U+202E>c\n```' } },
    ])
  })

  it('is not read again for any proven fence, however many were built before the check', () => {
    // Two fences built, then both checked: a proof kept in one module slot covered only the last.
    const first = fencedBlock(long('first\n'), 'ts')
    const second = fencedBlock(long('second\n'), 'ts')
    const read = textsRead(() => contentEntries([first, second], 100_000))
    expect(read).not.toContain(first.text)
    expect(read).not.toContain(second.text)
    // The same text without its proof is read.
    expect(textsRead(() => contentEntries([{ type: 'text', text: first.text }], 100_000))).toContain(first.text)
  })

  it('reads and marks a block whose text is not the one proven', () => {
    const proven = fencedBlock(long('fine\n'))
    const changed = { ...proven, text: `${proven.text}\u001b]52;c;eA==\u0007` }
    expect(contentEntries([changed], 100_000)).toEqual([{ type: 'content', content: { type: 'text', text: `${proven.text}␛]52;c;eA==␇` } }])
  })
})
