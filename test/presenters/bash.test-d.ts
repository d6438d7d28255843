// BashResultMeta takes what Node's `close` event gives, as it is, whatever
// the consumer's exactOptionalPropertyTypes: `number | null` and
// `NodeJS.Signals | null`, each of them also left out or `undefined`.
import { describe, expectTypeOf, test } from 'vitest'
import type { ToolResult } from 'tool-render-intent'
import { type BashResultMeta, bashTool } from 'tool-render-intent/presenters'

describe('BashResultMeta', () => {
  test("takes Node's close(code, signal) values as they are", () => {
    expectTypeOf<{ exitCode: number | null; signal: NodeJS.Signals | null }>().toExtend<BashResultMeta>()
    // Written out, so the check holds with exactOptionalPropertyTypes on or off.
    expectTypeOf<BashResultMeta['exitCode']>().toEqualTypeOf<number | null | undefined>()
    expectTypeOf<BashResultMeta['signal']>().toEqualTypeOf<string | null | undefined>()
  })

  test("is what bash's result presenter reads", () => {
    expectTypeOf(bashTool.presentResult).parameter(1).toEqualTypeOf<ToolResult<BashResultMeta>>()
  })

  test('still rejects an exit code or a signal of another type', () => {
    expectTypeOf<{ exitCode: string }>().not.toExtend<BashResultMeta>()
    expectTypeOf<{ signal: number }>().not.toExtend<BashResultMeta>()
  })
})
