import { describe, expect, it } from 'vitest'
import { fenced } from '../../src/safety/fence.js'
import { contentEntries } from '../../src/wire/tool-call-content.js'
import { isVouchedEscapeFree, mayHoldEscapes, vouchEscapeFree } from '../../src/internal/escape-free.js'

describe('text that may hold an escape sequence', () => {
  it('is any text with ESC or an 8-bit CSI or OSC introducer', () => {
    expect(['a\u001b[31m', '\u009b31m', '\u009d52;c;x\u0007'].map(mayHoldEscapes)).toEqual([true, true, true])
    expect(['plain', '\u00e9\u20ac', ''].map(mayHoldEscapes)).toEqual([false, false, false])
  })
})

describe('a text vouched for as escape-free', () => {
  it('is the last one built from pieces without escapes, and only that text', () => {
    const text = vouchEscapeFree('```\nok\n```', 'ok')
    expect(isVouchedEscapeFree(text)).toBe(true)
    expect(isVouchedEscapeFree('```\nok\n``')).toBe(false)
    vouchEscapeFree('other', 'other')
    expect(isVouchedEscapeFree(text)).toBe(false)
  })

  it('is nothing when a piece may hold an escape', () => {
    const text = vouchEscapeFree('```\n\u001b]52;c;x\u0007\n```', '\u001b]52;c;x\u0007')
    expect(isVouchedEscapeFree(text)).toBe(false)
  })

  it('is how a fence is built: its info string counts as a piece', () => {
    expect(isVouchedEscapeFree(fenced('const a = 1', 'ts'))).toBe(true)
    expect(isVouchedEscapeFree(fenced('const a = 1', '\u009b'))).toBe(false)
    expect(isVouchedEscapeFree(fenced('\u001b[2J', 'ts'))).toBe(false)
  })
})

describe('text content sent to the client', () => {
  it('keeps a vouched fence as it is, and still sanitises a fence with an escape inside', () => {
    const clean = fenced('const a = 1', 'ts')
    expect(contentEntries([{ type: 'text', text: clean }], 1000)).toEqual([{ type: 'content', content: { type: 'text', text: clean } }])
    const hostile = fenced('a\u001b]52;c;eA==\u0007b', 'ts')
    expect(contentEntries([{ type: 'text', text: hostile }], 1000)).toEqual([
      { type: 'content', content: { type: 'text', text: '```ts\nab\n```' } },
    ])
  })
})
