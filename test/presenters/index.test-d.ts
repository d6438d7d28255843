import { describe, expectTypeOf, test } from 'vitest'
import type { ToolCallView, ToolDefinition } from 'tool-render-intent'
import type { ArgsOf } from '../../src/define-tool.js'
import {
  applyPatchTool,
  claudeCodePresenters,
  codexPresenters,
  computeMultiEditMeta,
  grepTool,
  mcpTools,
  multiEditTool,
  notebookEditTool,
  renameTool,
  type AppliedChangeMeta,
  type BashResultMeta,
  type EditReplacement,
  bashTool,
  computeEditMeta,
  computeWriteMeta,
  editTool,
  presenters,
  readTool,
  todoTool,
  writeTool,
} from 'tool-render-intent/presenters'
import type { MultiEditArgs, EditArgs } from '../../src/presenters/fs.js'
import type { BashArgs } from '../../src/presenters/bash.js'
import { type CodexShellArgs, shellTool } from '../../src/presenters/codex.js'
import type { ReadArgs, WriteArgs } from '../../src/presenters/fs.js'
import { type SkillArgs, skillTool } from '../../src/presenters/interaction.js'
import type { NotebookEditArgs } from '../../src/presenters/notebook.js'
import { type PatchParseResult, parseAgentPatch } from '../../src/presenters/patch-parser.js'
import type { ApplyPatchArgs } from '../../src/presenters/patch.js'
import type { GrepArgs } from '../../src/presenters/search.js'
import type { TodoArgs } from '../../src/presenters/todo.js'

describe('the presenters entry point types', () => {
  test('each tool definition carries its arguments and meta types', () => {
    expectTypeOf(readTool).toEqualTypeOf<ToolDefinition<ReadArgs>>()
    expectTypeOf(writeTool).toEqualTypeOf<ToolDefinition<WriteArgs, AppliedChangeMeta>>()
    expectTypeOf(editTool).toEqualTypeOf<ToolDefinition<EditArgs, AppliedChangeMeta>>()
    expectTypeOf(bashTool).toEqualTypeOf<ToolDefinition<BashArgs, BashResultMeta>>()
    expectTypeOf(todoTool).toEqualTypeOf<ToolDefinition<TodoArgs>>()
  })

  test("ArgsOf names a tool's arguments, for the tools whose argument types are internal", () => {
    expectTypeOf<ArgsOf<typeof grepTool>>().toEqualTypeOf<GrepArgs>()
    expectTypeOf<ArgsOf<typeof shellTool>>().toEqualTypeOf<CodexShellArgs>()
    expectTypeOf<ArgsOf<typeof editTool>>().toEqualTypeOf<EditArgs>()
    expectTypeOf<ArgsOf<(typeof codexPresenters)[number]>>().toEqualTypeOf<any>()
    expectTypeOf<ArgsOf<string>>().toEqualTypeOf<never>()
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
