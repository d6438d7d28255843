// Kimi CLI's tools (MoonshotAI/kimi-cli, src/kimi_cli/tools), under its
// PascalCase names and argument shapes.
//
// Kimi CLI's own ACP mapping (src/kimi_cli/acp/session.py) titles a card
// "Name: key-arg" (the path, the command, the pattern), sets no kind and no
// locations, and puts the raw arguments in as the card's text. Ours gives
// each tool its kind, a location for every file it touches, a diff for every
// change and a terminal for a command, titles in words, and the todo list
// as the session plan.
import { defineTool, type ToolDefinition } from '../define-tool.js'
import { isRecord } from '../internal/record.js'
import { fencedBlock } from '../safety/fence.js'
import type { PlanEntry, ToolCallView } from '../views.js'
import { exitPlanModeTool, taskTool } from './agents.js'
import { finite, isFiniteNumber, isOptionalBoolean, isOptionalNumber, isOptionalString, present } from './arguments.js'
import { bashTool, jobListTool } from './bash.js'
import { taskOutputTool, taskStopTool } from './claude-code.js'
import { locationOf, markdownContent, markdownResult, shownPath } from './display.js'
import { fenceLanguage } from './fence-language.js'
import { editTool, multiEditTool, readTool, writeTool } from './fs.js'
import { askUserQuestionTool, enterPlanModeTool } from './interaction.js'
import { kimiMcpTools } from './mcp.js'
import { planEntryFor } from './plan-status.js'
import { adaptTool, renameTool } from './rename-tool.js'
import { contentResult, isErrorResult } from './result-content.js'
import { globTool, grepTool } from './search.js'
import { webFetchTool, webSearchTool } from './web.js'

interface ReadFileArgs {
  readonly path: string
  readonly line_offset?: number | null
  readonly n_lines?: number | null
}

const isReadFileArgs = (value: unknown): value is ReadFileArgs =>
  isRecord(value) && typeof value.path === 'string' && isOptionalNumber(value.line_offset) && isOptionalNumber(value.n_lines)

const readBase = readTool.presentCall!
const readResult = readTool.presentResult!

// A negative `line_offset` reads the last lines of the file: the title says
// so, and the location is the file alone (its length is not known).
const readFileCall = defineTool<ReadFileArgs>({
  name: 'ReadFile',
  args: isReadFileArgs,
  presentCall: (args, ctx) => {
    const offset = finite(args.line_offset)
    if (offset === undefined || offset >= 0) {
      const view = readBase({ file_path: args.path, offset, limit: present(args.n_lines) }, ctx)
      return view?.card === 'generic' ? { ...view, rawInput: args } : view
    }
    const shown = args.path ? shownPath(args.path, ctx) || '.' : 'File'
    return {
      card: 'generic',
      kind: 'read',
      title: `Read ${shown} (last ${-offset} lines)`,
      locations: locationOf(args.path, ctx),
      rawInput: args,
    }
  },
  presentResult: (args, result, ctx) => readResult({ file_path: args.path }, result, ctx),
})

const readMediaFileCall = defineTool<{ readonly path: string }>({
  name: 'ReadMediaFile',
  args: (value): value is { path: string } => isRecord(value) && typeof value.path === 'string',
  presentCall: (args, ctx) => ({
    card: 'generic',
    kind: 'read',
    title: args.path ? `Read media ${shownPath(args.path, ctx) || '.'}` : 'Read media',
    locations: locationOf(args.path, ctx),
    rawInput: args,
  }),
  presentResult: (_args, result) => contentResult(result),
})

interface WriteFileArgs {
  readonly path: string
  readonly content: string
  readonly mode?: 'overwrite' | 'append' | null
}

const isWriteFileArgs = (value: unknown): value is WriteFileArgs =>
  isRecord(value) &&
  typeof value.path === 'string' &&
  typeof value.content === 'string' &&
  (value.mode === undefined || value.mode === null || value.mode === 'overwrite' || value.mode === 'append')

const writeBase = writeTool.presentCall!
const writeResult = writeTool.presentResult!

// An append keeps the file's text: not a new-file diff, but the text added, fenced, at the file.
function appendCall(args: WriteFileArgs, ctx: Parameters<typeof writeBase>[1]): ToolCallView {
  const shown = args.path ? shownPath(args.path, ctx) || '.' : ''
  return {
    card: 'generic',
    kind: 'edit',
    title: shown ? `Append to ${shown}` : 'Append',
    content: args.content ? [fencedBlock(args.content, fenceLanguage(args.path))] : undefined,
    locations: locationOf(args.path, ctx),
    rawInput: args,
  }
}

const writeFileCall = defineTool<WriteFileArgs>({
  name: 'WriteFile',
  metaKeys: writeTool.metaKeys,
  args: isWriteFileArgs,
  presentCall: (args, ctx) =>
    args.mode === 'append' ? appendCall(args, ctx) : writeBase({ file_path: args.path, content: args.content }, ctx),
  presentResult: (args, result, ctx) =>
    args.mode === 'append' ? contentResult(result) : writeResult({ file_path: args.path, content: args.content }, result as never, ctx),
})

interface KimiEdit {
  readonly old: string
  readonly new: string
  readonly replace_all?: boolean | null
}

interface StrReplaceFileArgs {
  readonly path: string
  readonly edit: KimiEdit | readonly KimiEdit[]
}

const isKimiEdit = (value: unknown): value is KimiEdit =>
  isRecord(value) && typeof value.old === 'string' && typeof value.new === 'string' && isOptionalBoolean(value.replace_all)

function isStrReplaceFileArgs(value: unknown): value is StrReplaceFileArgs {
  if (!isRecord(value) || typeof value.path !== 'string') return false
  if (!Array.isArray(value.edit)) return isKimiEdit(value.edit)
  for (const edit of value.edit) if (!isKimiEdit(edit)) return false
  return true
}

const asEdit = (edit: KimiEdit) => ({ old_string: edit.old, new_string: edit.new, replace_all: present(edit.replace_all) })

// One edit is `edit`'s card; a list of them is `multi_edit`'s, one diff each, in order.
const strReplaceFileCall = defineTool<StrReplaceFileArgs>({
  name: 'StrReplaceFile',
  metaKeys: editTool.metaKeys,
  args: isStrReplaceFileArgs,
  presentCall: (args, ctx) => {
    const view = Array.isArray(args.edit)
      ? multiEditTool.presentCall!({ file_path: args.path, edits: args.edit.map(asEdit) }, ctx)
      : editTool.presentCall!({ file_path: args.path, ...asEdit(args.edit as KimiEdit) }, ctx)
    return view?.card === 'generic' && view.rawInput !== undefined ? { ...view, rawInput: args } : view
  },
  presentResult: (args, result, ctx) =>
    Array.isArray(args.edit)
      ? multiEditTool.presentResult!({ file_path: args.path, edits: args.edit.map(asEdit) }, result as never, ctx)
      : editTool.presentResult!({ file_path: args.path, ...asEdit(args.edit as KimiEdit) }, result as never, ctx),
})

interface KimiGrepArgs {
  readonly pattern: string
  readonly path?: string | null
  readonly glob?: string | null
  readonly output_mode?: string | null
  readonly before_context?: number | null
  readonly after_context?: number | null
  readonly context?: number | null
  readonly line_number?: boolean | null
  readonly ignore_case?: boolean | null
  readonly type?: string | null
  readonly head_limit?: number | null
  readonly offset?: number | null
  readonly multiline?: boolean | null
  readonly include_ignored?: boolean | null
}

const isKimiGrepArgs = (value: unknown): value is KimiGrepArgs =>
  isRecord(value) &&
  typeof value.pattern === 'string' &&
  isOptionalString(value.path) &&
  isOptionalString(value.glob) &&
  isOptionalString(value.output_mode) &&
  isOptionalNumber(value.before_context) &&
  isOptionalNumber(value.after_context) &&
  isOptionalNumber(value.context) &&
  isOptionalBoolean(value.line_number) &&
  isOptionalBoolean(value.ignore_case) &&
  isOptionalString(value.type) &&
  isOptionalNumber(value.head_limit) &&
  isOptionalNumber(value.offset) &&
  isOptionalBoolean(value.multiline) &&
  isOptionalBoolean(value.include_ignored)

// Kimi CLI's Grep is ripgrep with its flags spelled out: the grep line of Claude Code's `Grep`.
const grepCall = adaptTool({
  name: 'Grep',
  args: isKimiGrepArgs,
  base: grepTool,
  toBase: (args) => ({
    pattern: args.pattern,
    path: present(args.path),
    glob: present(args.glob),
    type: present(args.type),
    output_mode: present(args.output_mode),
    '-A': present(args.after_context),
    '-B': present(args.before_context),
    '-C': present(args.context),
    '-n': present(args.line_number),
    '-i': present(args.ignore_case),
    head_limit: present(args.head_limit),
    offset: present(args.offset),
    multiline: present(args.multiline),
  }),
})

const globCall = adaptTool({
  name: 'Glob',
  args: (value: unknown): value is { pattern: string; directory?: string | null; include_dirs?: boolean | null } =>
    isRecord(value) && typeof value.pattern === 'string' && isOptionalString(value.directory) && isOptionalBoolean(value.include_dirs),
  base: globTool,
  toBase: (args) => ({ pattern: args.pattern, path: present(args.directory) }),
})

interface KimiTodo {
  readonly title: string
  readonly status: string
}

function isSetTodoListArgs(value: unknown): value is { todos?: readonly KimiTodo[] | null } {
  if (!isRecord(value)) return false
  if (value.todos === undefined || value.todos === null) return true
  if (!Array.isArray(value.todos)) return false
  for (const todo of value.todos) if (!isRecord(todo) || typeof todo.title !== 'string' || typeof todo.status !== 'string') return false
  return true
}

// Kimi CLI's `done` is ACP's `completed`.
const todoEntries = (todos: readonly KimiTodo[]): PlanEntry[] => todos.map((todo) => planEntryFor(todo.title, todo.status))

// The list is the session's plan. Without `todos` the call only reads the
// list back: no plan, which would empty the one the editor shows.
const setTodoListCall = defineTool<{ readonly todos?: readonly KimiTodo[] | null }>({
  name: 'SetTodoList',
  args: isSetTodoListArgs,
  presentCall: (args) =>
    args.todos
      ? { card: 'plan', title: 'Update todo list', entries: todoEntries(args.todos) }
      : { card: 'generic', kind: 'think', title: 'Read todo list', rawInput: args },
  presentResult: (_args, result) => (isErrorResult(result) ? contentResult(result) : { card: 'generic' }),
})

const fetchUrlCall = adaptTool({
  name: 'FetchURL',
  args: (value: unknown): value is { url: string } => isRecord(value) && typeof value.url === 'string',
  base: webFetchTool,
  toBase: (args) => ({ url: args.url }),
})

const searchWebCall = adaptTool({
  name: 'SearchWeb',
  args: (value: unknown): value is { query: string; limit?: number | null; include_content?: boolean | null } =>
    isRecord(value) && typeof value.query === 'string' && isOptionalNumber(value.limit) && isOptionalBoolean(value.include_content),
  base: webSearchTool,
  toBase: (args) => ({ query: args.query }),
})

const taskListCall = adaptTool({
  name: 'TaskList',
  args: (value: unknown): value is { active_only?: boolean | null; limit?: number | null } =>
    isRecord(value) && isOptionalBoolean(value.active_only) && isOptionalNumber(value.limit),
  base: jobListTool,
  toBase: () => ({}),
})

const sendDMailCall = defineTool<{ readonly message: string; readonly checkpoint_id: number }>({
  name: 'SendDMail',
  args: (value): value is { message: string; checkpoint_id: number } =>
    isRecord(value) && typeof value.message === 'string' && isFiniteNumber(value.checkpoint_id),
  presentCall: (args) => ({
    card: 'generic',
    kind: 'other',
    title: `Send D-Mail to checkpoint ${args.checkpoint_id}`,
    content: markdownContent(args.message),
    rawInput: args,
  }),
  presentResult: (_args, result) => markdownResult(result),
})

// Kimi CLI titles it "Think: <thought>"; a thought is paragraphs, the card's text.
const thinkCall = defineTool<{ readonly thought: string }>({
  name: 'Think',
  args: (value): value is { thought: string } => isRecord(value) && typeof value.thought === 'string',
  presentCall: (args) => ({ card: 'generic', kind: 'think', title: 'Think', content: markdownContent(args.thought), rawInput: args }),
  presentResult: (_args, result) => markdownResult(result),
})

interface PlanOption {
  readonly label: string
  readonly description?: string | null
}

function isExitPlanModeArgs(value: unknown): value is { options?: readonly PlanOption[] | null } {
  if (!isRecord(value)) return false
  if (value.options === undefined || value.options === null) return true
  if (!Array.isArray(value.options)) return false
  for (const option of value.options)
    if (!isRecord(option) || typeof option.label !== 'string' || !isOptionalString(option.description)) return false
  return true
}

// Kimi CLI's plan is a file it wrote; the call offers the approaches to choose from, one text block each.
const exitPlanModeCall = defineTool<{ readonly options?: readonly PlanOption[] | null }>({
  name: 'ExitPlanMode',
  promptTitle: exitPlanModeTool.promptTitle,
  args: isExitPlanModeArgs,
  presentCall: (args) => ({
    card: 'generic',
    kind: 'switch_mode',
    title: 'Approve plan',
    content: args.options?.length
      ? args.options.map((option) => ({
          type: 'text' as const,
          text: option.description ? `${option.label}: ${option.description}` : option.label,
        }))
      : undefined,
    rawInput: args,
  }),
  presentResult: (_args, result) => markdownResult(result),
})

/**
 * Every presenter under Kimi CLI's tool names and argument shapes, as
 * MoonshotAI/kimi-cli defines its tools: `ReadFile` (`line_offset`, a
 * negative one for the last lines; `n_lines`), `ReadMediaFile`,
 * `WriteFile` (`mode: "append"` shows the text added), `StrReplaceFile`
 * (one `edit` or a list of them), `Shell`, `Grep`, `Glob`, `SetTodoList`
 * (the session plan: `done` is completed), `FetchURL`, `SearchWeb`,
 * `Agent` (a sub-agent), `AskUserQuestion`, the background tasks'
 * `TaskList`, `TaskOutput` and `TaskStop`, `SendDMail`, `Think`,
 * `EnterPlanMode` and `ExitPlanMode`; and every MCP tool, which Kimi CLI
 * names by the tool's own name alone ({@link kimiMcpTools}: any name that
 * does not start with a capital, as Kimi CLI's own tools do). Titles of the
 * cards of its own are plain text.
 *
 * @example
 * import { kimiCliPresenters } from 'tool-render-intent/presenters'
 *
 * const byName = new Map(kimiCliPresenters.map((tool) => [tool.name, tool]))
 * byName.get('SetTodoList')?.presentCall?.({ todos: [{ title: 'Ship', status: 'done' }] })
 * // { card: 'plan', title: 'Update todo list', entries: [{ content: 'Ship', status: 'completed', priority: 'medium' }] }
 */
export const kimiCliPresenters: readonly ToolDefinition<any, any>[] = [
  readFileCall,
  readMediaFileCall,
  writeFileCall,
  strReplaceFileCall,
  renameTool(bashTool, 'Shell'),
  grepCall,
  globCall,
  setTodoListCall,
  fetchUrlCall,
  searchWebCall,
  renameTool(taskTool, 'Agent'),
  askUserQuestionTool,
  taskListCall,
  taskOutputTool,
  taskStopTool,
  sendDMailCall,
  thinkCall,
  enterPlanModeTool,
  exitPlanModeCall,
  kimiMcpTools,
]
