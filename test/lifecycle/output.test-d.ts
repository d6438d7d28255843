import { describe, expectTypeOf, test } from 'vitest'
import type { ToolPresenter } from 'tool-render-intent/acp'
import type { ToolPresenter as V2ToolPresenter } from 'tool-render-intent/acp-v2'

describe('output', () => {
  test('takes text or bytes (a Buffer is a Uint8Array), with an optional source', () => {
    expectTypeOf<ToolPresenter['output']>().parameter(1).toEqualTypeOf<string | Uint8Array>()
    expectTypeOf<V2ToolPresenter['output']>().parameter(1).toEqualTypeOf<string | Uint8Array>()
    expectTypeOf<Parameters<ToolPresenter['output']>[2]>().toEqualTypeOf<
      { readonly source?: 'stdout' | 'stderr' | undefined } | undefined
    >()
  })

  test('rejects anything else at compile time', () => {
    const presenter = {} as ToolPresenter
    // @ts-expect-error a number is not output
    presenter.output('a', 42)
    // @ts-expect-error an array of numbers is not bytes
    presenter.output('a', [104, 105])
  })
})
