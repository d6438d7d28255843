import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { consoleFence as bridgeConsoleFence } from '../../src/acp/console-fence.js'
import { backtickFence, consoleFence, fenced } from '../../src/safety/fence.js'

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

describe('the console fence', () => {
  it('holds the output without its trailing white space, as the agents show it today', () => {
    expect(consoleFence('$ ls\nREADME.md\n')).toBe('```console\n$ ls\nREADME.md\n```')
  })

  it('outlasts any backtick run in the output', () => {
    expect(consoleFence('```js\nx\n```')).toBe('````console\n```js\nx\n```\n````')
  })

  it('is the one function the ACP bridge uses too', () => {
    expect(bridgeConsoleFence).toBe(consoleFence)
  })
})

describe('the fence search', () => {
  // The rule as first written: every backtick run measured.
  function everyRun(text: string): string {
    let longest = 0
    for (let at = text.indexOf('`'); at !== -1; ) {
      let end = at + 1
      while (text.charCodeAt(end) === 96) end++
      if (end - at > longest) longest = end - at
      at = text.indexOf('`', end)
    }
    return longest < 3 ? '```' : '`'.repeat(longest + 1)
  }

  it('looks only for runs of three or more, and finds the same fence', () => {
    const text = fc.string({ unit: fc.constantFrom('`', '`', '`', 'a', '\n', ' ', '🎉') })
    fc.assert(
      fc.property(text, (value) => {
        expect(backtickFence(value)).toBe(everyRun(value))
      }),
      { numRuns: 5000 },
    )
  })
})
