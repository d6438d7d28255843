import { describe, expectTypeOf, test } from 'vitest'
import type { ToolCallView, ToolDefinition } from 'tool-render-intent'
import {
  type ApplyPatchArgs,
  applyPatchTool,
  claudeCodePresenters,
  codexPresenters,
  type CodexShellArgs,
  computeMultiEditMeta,
  type GrepArgs,
  grepTool,
  mcpTools,
  type MultiEditArgs,
  type SkillArgs,
  skillTool,
  multiEditTool,
  type NotebookEditArgs,
  notebookEditTool,
  type PatchParseResult,
  parseAgentPatch,
  renameTool,
  shellTool,
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
} from 'tool-render-intent/presenters'

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

  test('the new tools carry their arguments and meta types, and renameTool keeps them', () => {
    expectTypeOf(multiEditTool).toEqualTypeOf<ToolDefinition<MultiEditArgs, AppliedChangeMeta>>()
    expectTypeOf(notebookEditTool).toEqualTypeOf<ToolDefinition<NotebookEditArgs, AppliedChangeMeta>>()
    expectTypeOf(grepTool).toEqualTypeOf<ToolDefinition<GrepArgs>>()
    expectTypeOf(applyPatchTool).toEqualTypeOf<ToolDefinition<ApplyPatchArgs>>()
    expectTypeOf(shellTool).toEqualTypeOf<ToolDefinition<CodexShellArgs, BashResultMeta>>()
    expectTypeOf(renameTool(editTool, 'Edit')).toEqualTypeOf<ToolDefinition<EditArgs, AppliedChangeMeta>>()
    expectTypeOf(computeMultiEditMeta).returns.toEqualTypeOf<AppliedChangeMeta>()
    expectTypeOf(parseAgentPatch).returns.toEqualTypeOf<PatchParseResult>()
  })

  test('a family of tools is a tool definition, and the definition it gives for a name renders the same closed views', () => {
    expectTypeOf(mcpTools).toEqualTypeOf<ToolDefinition>()
    expectTypeOf(mcpTools.forName).toEqualTypeOf<((name: string) => ToolDefinition<unknown, unknown> | undefined) | undefined>()
    const member = mcpTools.forName?.('mcp__github__create_issue')
    expectTypeOf(member?.presentCall).returns.toEqualTypeOf<ToolCallView | undefined>()
    expectTypeOf(skillTool).toEqualTypeOf<ToolDefinition<SkillArgs>>()
    const set: readonly ToolDefinition<any, any>[] = [mcpTools, skillTool]
    expectTypeOf(set).toExtend<readonly ToolDefinition<any, any>[]>()
  })

  test('a family member cannot return a view of another card', () => {
    const family: ToolDefinition = {
      name: 'docs__*',
      // @ts-expect-error `output` is a terminal result's field, absent from a generic call
      forName: (name) => ({ name, presentCall: () => ({ card: 'generic', title: name, output: '' }) }),
    }
    expectTypeOf(family).toEqualTypeOf<ToolDefinition>()
  })

  test('the name sets are read-only lists', () => {
    // @ts-expect-error a readonly array has no push
    claudeCodePresenters.push(readTool)
    // @ts-expect-error a readonly array has no push
    codexPresenters.push(readTool)
  })
})
