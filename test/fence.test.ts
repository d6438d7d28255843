import { describe, expect, it } from 'vitest'
import { backtickFence, fenced } from '../src/fence.js'

describe('the fence length', () => {
  it.each([
    ['', '```'],
    ['no ticks', '```'],
    ['`a` and ``b``', '```'],
    ['```', '````'],
    ['x\n````\ny', '`````'],
    ['``` and ``````', '```````'],
    ['ends with ```', '````'],
  ])('for %j it is %s', (text, fence) => {
    expect(backtickFence(text)).toBe(fence)
  })
})

describe('fenced blocks', () => {
  it('wraps text with an info string', () => {
    expect(fenced('let a = 1', 'ts')).toBe('```ts\nlet a = 1\n```')
  })

  it('uses a longer fence than any run inside', () => {
    expect(fenced('```\ncode\n```', 'md')).toBe('````md\n```\ncode\n```\n````')
  })
})
