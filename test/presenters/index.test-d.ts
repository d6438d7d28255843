import { describe, expectTypeOf, test } from 'vitest'
import type { ToolDefinition } from '../../src/define-tool.js'
import {
  type AppliedChangeMeta,
  type BashArgs,
  type BashResultMeta,
  type EditArgs,
  type EditReplacement,
  type ReadArgs,
  type TodoArgs,
  type WriteArgs,
  bashTool,
  computeEditMeta,
  computeWriteMeta,
  editTool,
  presenters,
  readTool,
  todoTool,
  writeTool,
} from '../../src/presenters/index.js'

describe('the presenters entry point types', () => {
  test('each tool definition carries its arguments and meta types', () => {
    expectTypeOf(readTool).toEqualTypeOf<ToolDefinition<ReadArgs>>()
    expectTypeOf(writeTool).toEqualTypeOf<ToolDefinition<WriteArgs, AppliedChangeMeta>>()
    expectTypeOf(editTool).toEqualTypeOf<ToolDefinition<EditArgs, AppliedChangeMeta>>()
    expectTypeOf(bashTool).toEqualTypeOf<ToolDefinition<BashArgs, BashResultMeta>>()
    expectTypeOf(todoTool).toEqualTypeOf<ToolDefinition<TodoArgs>>()
  })

  test('the list of presenters is read-only', () => {
    // @ts-expect-error a readonly array has no push
    presenters.push(readTool)
  })

  test("an edit tool's arguments are what computeEditMeta takes, and the metas are plain data", () => {
    expectTypeOf<EditArgs>().toExtend<EditReplacement>()
    expectTypeOf(computeEditMeta).returns.toEqualTypeOf<AppliedChangeMeta>()
    expectTypeOf(computeWriteMeta).parameter(0).toEqualTypeOf<string | null>()
  })
})
