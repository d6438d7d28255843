import { afterEach, describe, expect, it, vi } from 'vitest'
import { consoleFenceBlock, fenced, fencedBlock } from '../../src/safety/fence.js'
import { contentEntries } from '../../src/wire/tool-call-content.js'
import { escapeFreeBlock, isProvenEscapeFree, mayHoldEscapes, PROOF_FROM_LENGTH } from '../../src/internal/escape-free.js'

// Text long enough for its block to carry a proof.
const long = (line: string) => line.repeat(Math.ceil(PROOF_FROM_LENGTH / line.length))

// The texts `String.prototype.indexOf` was called on while `run` ran: what the bridge read.
function textsRead(run: () => void): unknown[] {
  const spy = vi.spyOn(String.prototype, 'indexOf')
  try {
    run()
    return spy.mock.contexts.map((text) => String(text))
  } finally {
    spy.mockRestore()
  }
}

afterEach(() => vi.restoreAllMocks())

describe('text that may hold an escape sequence', () => {
  it('is any text with ESC or an 8-bit CSI or OSC introducer', () => {
    expect(['a\u001b[31m', '\u009b31m', '\u009d52;c;x\u0007'].map(mayHoldEscapes)).toEqual([true, true, true])
    expect(['plain', '\u00e9\u20ac', ''].map(mayHoldEscapes)).toEqual([false, false, false])
  })
})

describe('a text block proven escape-free', () => {
  it('is one built from pieces without escapes, for its own text only', () => {
    const text = long('ok\n')
    const block = escapeFreeBlock(`\`\`\`\n${text}\n\`\`\``, text)
    expect(isProvenEscapeFree(block)).toBe(true)
    expect(isProvenEscapeFree({ text: block.text })).toBe(false)
    const replaced = { ...block, text: `${block.text}\u001b[2J` }
    expect(isProvenEscapeFree(replaced)).toBe(false)
  })

  it('is none when a piece may hold an escape', () => {
    const body = long('\u001b]52;c;x\u0007')
    expect(isProvenEscapeFree(escapeFreeBlock(`\`\`\`\n${body}\n\`\`\``, body))).toBe(false)
  })

  it('is none for short text, which costs less to read again than to prove', () => {
    expect(isProvenEscapeFree(escapeFreeBlock('```\nok\n```', 'ok'))).toBe(false)
  })

  it('is how a fence block is built: its info string counts as a piece', () => {
    const code = long('const a = 1\n')
    expect(isProvenEscapeFree(fencedBlock(code, 'ts'))).toBe(true)
    expect(fencedBlock(code, 'ts').text).toBe(fenced(code, 'ts'))
    expect(isProvenEscapeFree(fencedBlock(code, '\u009b'))).toBe(false)
    expect(isProvenEscapeFree(fencedBlock(`${code}\u001b[2J`, 'ts'))).toBe(false)
    expect(isProvenEscapeFree(consoleFenceBlock(`${code}\n\n`))).toBe(true)
  })
})

describe('text content sent to the client', () => {
  it('keeps a proven fence as it is, and still sanitises a fence with an escape inside', () => {
    const clean = fencedBlock(long('const a = 1\n'), 'ts')
    expect(contentEntries([clean], 100_000)).toEqual([{ type: 'content', content: clean }])
    const hostile = fencedBlock('a\u001b]52;c;eA==\u0007b', 'ts')
    expect(contentEntries([hostile], 1000)).toEqual([{ type: 'content', content: { type: 'text', text: '```ts\nab\n```' } }])
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

  it('reads a block whose text is not the one proven', () => {
    const proven = fencedBlock(long('fine\n'))
    const changed = { ...proven, text: `${proven.text}\u001b]52;c;eA==\u0007` }
    expect(contentEntries([changed], 100_000)).toEqual([{ type: 'content', content: { type: 'text', text: proven.text } }])
  })
})
