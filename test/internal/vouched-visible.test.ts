import { describe, expect, it } from 'vitest'
import { fenced } from '../../src/safety/fence.js'
import { contentEntries } from '../../src/wire/tool-call-content.js'
import { isVouchedVisible, vouchVisible } from '../../src/internal/vouched-visible.js'

describe('a text vouched for as holding nothing to mark', () => {
  it('is the last one built from pieces with nothing to mark, and only that text', () => {
    const text = vouchVisible('```\nok\n```', 'ok')
    expect(isVouchedVisible(text)).toBe(true)
    expect(isVouchedVisible('```\nok\n``')).toBe(false)
    vouchVisible('other', 'other')
    expect(isVouchedVisible(text)).toBe(false)
  })

  it.each([
    ['an escape', '\u001b]52;c;x\u0007'],
    ['an 8-bit CSI', '\u009b2J'],
    ['a bidi override', 'a\u202eb'],
    ['a zero-width space', 'a\u200bb'],
    ['a lone CR', 'a\rb'],
  ])('is nothing when a piece holds %s', (_, body) => {
    expect(isVouchedVisible(vouchVisible(`\`\`\`\n${body}\n\`\`\``, body))).toBe(false)
  })

  it('is how a fence is built: its info string counts as a piece', () => {
    expect(isVouchedVisible(fenced('const a = 1', 'ts'))).toBe(true)
    expect(isVouchedVisible(fenced('const a = 1', '\u009b'))).toBe(false)
    expect(isVouchedVisible(fenced('\u001b[2J', 'ts'))).toBe(false)
  })
})

describe('text content sent to the client', () => {
  it('keeps a vouched fence as it is, and marks what a fence holds that would hide text', () => {
    const clean = fenced('const a = 1', 'ts')
    expect(contentEntries([{ type: 'text', text: clean }], 1000)).toEqual([{ type: 'content', content: { type: 'text', text: clean } }])
    const hostile = fenced('a\u001b]52;c;eA==\u0007b\u202ec', 'ts')
    expect(contentEntries([{ type: 'text', text: hostile }], 1000)).toEqual([
      { type: 'content', content: { type: 'text', text: '```ts\na␛]52;c;eA==␇b<U+202E>c\n```' } },
    ])
  })
})
