import { describe, expect, it } from 'vitest'
import { assertNever } from 'tool-render-intent'

describe('assertNever at run time', () => {
  it('throws an error naming where and the card', () => {
    expect(() => assertNever({ card: 'table' } as never, 'toolCallUpdate')).toThrow(new Error('toolCallUpdate: unhandled card "table"'))
  })

  it('says switch when no place is given', () => {
    expect(() => assertNever({ card: 'chart' } as never)).toThrow('switch: unhandled card "chart"')
  })

  it('copes with values that have no card', () => {
    expect(() => assertNever(null as never, 'render')).toThrow('render: unhandled card undefined')
    expect(() => assertNever('diff' as never, 'render')).toThrow('render: unhandled card undefined')
  })
})
