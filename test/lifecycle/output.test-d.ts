import { describe, expectTypeOf, test } from 'vitest'
import type { ToolPresenter } from 'tool-render-intent/acp'
import type { ToolPresenter as V2ToolPresenter } from 'tool-render-intent/acp-v2'
import { bashTool } from 'tool-render-intent/presenters'

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

describe('result, naming the tool', () => {
  test("checks the meta against the tool's own meta type", () => {
    const presenter = {} as ToolPresenter
    const v2 = {} as V2ToolPresenter
    presenter.result('a', { content: [], meta: { exitCode: 1, signal: null } }, bashTool)
    v2.result('a', { content: [], meta: { exitCode: null } }, bashTool)
    // @ts-expect-error a misspelt field is not bash's meta
    presenter.result('a', { content: [], meta: { exit_code: 1 } }, bashTool)
    // @ts-expect-error the same on v2
    v2.result('a', { content: [], meta: { exit_code: 1 } }, bashTool)
    // Without the tool, any meta compiles (the session reports unknown fields at run time).
    presenter.result('a', { content: [], meta: { exit_code: 1 } })
  })
})
