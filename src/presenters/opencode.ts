// opencode's tools (anomalyco/opencode, packages/opencode/src/tool), under
// its names and camelCase argument shapes: the everyday presenters adapted.
//
// opencode's own ACP mapping (packages/opencode/src/acp/tool.ts) gives
// kinds by name (bash `execute`, edit / write / apply_patch `edit`, grep /
// glob `search`, read `read`, webfetch `fetch`, task `think`, the rest
// `other`), locations from `filePath` or `path`, a diff from `oldString` /
// `newString` (or `content`), and the tool's own title. Ours matches those
// kinds and locations; it does better where the mapping is weak:
// - `apply_patch` has no diff (its input has no `oldString`): here one diff
//   per file of the patch, parsed from `patchText`;
// - `write` shows `content` against an old text of `""`: here a new-file
//   diff at call time and the applied change at result time;
// - `websearch`, `list`, `lsp`, `todowrite`, `question`, `skill` and the
//   plan tools are kind `other`: here `fetch`, `read`, `search`, the
//   session plan, `other` and `switch_mode`, which say what they do;
// - code mode's `execute` is `other`: here `execute`, as it runs a script.
// MCP tools are named `<server>_<tool>`, no prefix (src/mcp/index.ts): the
// family claims any other name with an inner `_`, as `<server> - <tool>`.
import { defineTool, type ToolDefinition } from '../define-tool.js'
import { isRecord } from '../internal/record.js'
import { fencedBlock } from '../safety/fence.js'
import type { PlanEntry } from '../views.js'
import { exitPlanModeTool, taskTool } from './agents.js'
import { finite, isOptionalBoolean, isOptionalNumber, isOptionalString, isOptionalStringArray, present } from './arguments.js'
import { bashTool } from './bash.js'
import { locationOf, markdownResult, shownPath } from './display.js'
import { editTool, multiEditTool, readTool, writeTool } from './fs.js'
import { askUserQuestionTool, skillTool } from './interaction.js'
import { opencodeMcpTools } from './mcp.js'
import { applyPatchTool } from './patch.js'
import { planEntryFor } from './plan-status.js'
import { adaptTool, renameTool } from './rename-tool.js'
import { contentResult, isErrorResult } from './result-content.js'
import { globTool, grepTool, lsTool } from './search.js'
import { webFetchTool, webSearchTool } from './web.js'

interface OpencodeReadArgs {
  readonly filePath: string
  readonly offset?: number | null
  readonly limit?: number | null
}

// opencode reads from line `offset`, 1-based (as `read`'s own offset).
const readCall = adaptTool({
  name: 'read',
  args: (value: unknown): value is OpencodeReadArgs =>
    isRecord(value) && typeof value.filePath === 'string' && isOptionalNumber(value.offset) && isOptionalNumber(value.limit),
  base: readTool,
  toBase: (args) => ({ file_path: args.filePath, offset: present(args.offset), limit: present(args.limit) }),
})

interface OpencodeWriteArgs {
  readonly filePath: string
  readonly content: string
}

const writeCall = adaptTool({
  name: 'write',
  args: (value: unknown): value is OpencodeWriteArgs =>
    isRecord(value) && typeof value.filePath === 'string' && typeof value.content === 'string',
  base: writeTool,
  toBase: (args) => ({ file_path: args.filePath, content: args.content }),
})

interface OpencodeEditArgs {
  readonly filePath: string
  readonly oldString: string
  readonly newString: string
  readonly replaceAll?: boolean | null
}

const isOpencodeEdit = (value: unknown): value is Omit<OpencodeEditArgs, 'filePath'> =>
  isRecord(value) && typeof value.oldString === 'string' && typeof value.newString === 'string' && isOptionalBoolean(value.replaceAll)

const editCall = adaptTool({
  name: 'edit',
  args: (value: unknown): value is OpencodeEditArgs =>
    isOpencodeEdit(value) && typeof (value as Record<string, unknown>).filePath === 'string',
  base: editTool,
  toBase: (args) => ({
    file_path: args.filePath,
    old_string: args.oldString,
    new_string: args.newString,
    replace_all: present(args.replaceAll),
  }),
})

interface OpencodeMultiEditArgs {
  readonly filePath: string
  readonly edits: readonly Omit<OpencodeEditArgs, 'filePath'>[]
}

function isOpencodeMultiEditArgs(value: unknown): value is OpencodeMultiEditArgs {
  if (!isRecord(value) || typeof value.filePath !== 'string' || !Array.isArray(value.edits)) return false
  for (const edit of value.edits) if (!isOpencodeEdit(edit)) return false
  return true
}

// opencode's older `multiedit`: several edits of one file, in order.
const multiEditCall = adaptTool({
  name: 'multiedit',
  args: isOpencodeMultiEditArgs,
  base: multiEditTool,
  toBase: (args) => ({
    file_path: args.filePath,
    edits: args.edits.map((edit) => ({ old_string: edit.oldString, new_string: edit.newString, replace_all: present(edit.replaceAll) })),
  }),
})

const isPatchTextArgs = (value: unknown): value is { patchText: string } => isRecord(value) && typeof value.patchText === 'string'

// opencode sends the patch as `patchText` (codex's `*** Begin Patch` envelope).
const applyPatchCall = adaptTool({
  name: 'apply_patch',
  args: isPatchTextArgs,
  base: applyPatchTool,
  toBase: (args) => ({ patch: args.patchText }),
})

// The same tool under opencode's older name.
const patchCall = adaptTool({ name: 'patch', args: isPatchTextArgs, base: applyPatchTool, toBase: (args) => ({ patch: args.patchText }) })

interface OpencodeGrepArgs {
  readonly pattern: string
  readonly path?: string | null
  readonly include?: string | null
}

const grepCall = adaptTool({
  name: 'grep',
  args: (value: unknown): value is OpencodeGrepArgs =>
    isRecord(value) && typeof value.pattern === 'string' && isOptionalString(value.path) && isOptionalString(value.include),
  base: grepTool,
  toBase: (args) => ({ pattern: args.pattern, path: present(args.path), glob: present(args.include) }),
})

interface OpencodeListArgs {
  readonly path?: string | null
  readonly ignore?: readonly string[] | null
}

// opencode's older `list`: the path defaults to the cwd.
const listCall = adaptTool({
  name: 'list',
  args: (value: unknown): value is OpencodeListArgs =>
    isRecord(value) && isOptionalString(value.path) && isOptionalStringArray(value.ignore),
  base: lsTool,
  toBase: (args) => ({ path: args.path ?? '', ignore: present(args.ignore) }),
})

interface OpencodeWebFetchArgs {
  readonly url: string
  readonly format?: string | null
  readonly timeout?: number | null
}

const webFetchCall = adaptTool({
  name: 'webfetch',
  args: (value: unknown): value is OpencodeWebFetchArgs =>
    isRecord(value) && typeof value.url === 'string' && isOptionalString(value.format) && isOptionalNumber(value.timeout),
  base: webFetchTool,
  toBase: (args) => ({ url: args.url }),
})

const webSearchCall = adaptTool({
  name: 'websearch',
  args: (value: unknown): value is { query: string } => isRecord(value) && typeof value.query === 'string',
  base: webSearchTool,
  toBase: (args) => ({ query: args.query }),
})

const codeSearchCall = defineTool<{ readonly query: string }>({
  name: 'codesearch',
  args: (value): value is { query: string } => isRecord(value) && typeof value.query === 'string',
  presentCall: (args) => ({
    card: 'generic',
    kind: 'fetch',
    title: args.query ? `Search code "${args.query}"` : 'Search code',
    rawInput: args,
  }),
  presentResult: (_args, result) => markdownResult(result),
})

interface OpencodeTodo {
  readonly content: string
  readonly status: string
  readonly priority?: string | null
}

function isTodoWriteArgs(value: unknown): value is { todos: readonly OpencodeTodo[] } {
  if (!isRecord(value) || !Array.isArray(value.todos)) return false
  for (const todo of value.todos) {
    if (!isRecord(todo) || typeof todo.content !== 'string' || typeof todo.status !== 'string' || !isOptionalString(todo.priority))
      return false
  }
  return true
}

const todoEntries = (todos: readonly OpencodeTodo[]): PlanEntry[] =>
  todos.map((todo) => planEntryFor(todo.content, todo.status, todo.priority))

// The todo list is the session's plan; `cancelled` is completed, its word kept.
const todoWriteCall = defineTool<{ readonly todos: readonly OpencodeTodo[] }>({
  name: 'todowrite',
  args: isTodoWriteArgs,
  presentCall: (args) => ({ card: 'plan', title: 'Update todo list', entries: todoEntries(args.todos) }),
  presentResult: (_args, result) => (isErrorResult(result) ? contentResult(result) : { card: 'generic' }),
})

const todoReadCall = defineTool<Readonly<Record<string, unknown>>>({
  name: 'todoread',
  args: isRecord,
  presentCall: () => ({ card: 'generic', kind: 'think', title: 'Read todo list' }),
  presentResult: (_args, result) => contentResult(result),
})

const skillCall = adaptTool({
  name: 'skill',
  args: (value: unknown): value is { name: string } => isRecord(value) && typeof value.name === 'string',
  base: skillTool,
  toBase: (args) => ({ skill: args.name }),
})

interface OpencodeLspArgs {
  readonly operation?: string | null
  readonly filePath?: string | null
  readonly line?: number | null
  readonly character?: number | null
  /** What `workspaceSymbol` looks for (later versions). */
  readonly query?: string | null
}

// ACP lines are 1-based integers of 32 bits; any other line names the file alone.
const lspLine = (line: number | undefined) =>
  line !== undefined && Number.isInteger(line) && line >= 1 && line <= 4_294_967_295 ? line : undefined

const lspCall = defineTool<OpencodeLspArgs>({
  name: 'lsp',
  args: (value): value is OpencodeLspArgs =>
    isRecord(value) &&
    isOptionalString(value.operation) &&
    isOptionalString(value.filePath) &&
    isOptionalNumber(value.line) &&
    isOptionalNumber(value.character) &&
    isOptionalString(value.query),
  presentCall: (args, ctx) => {
    const line = lspLine(finite(args.line))
    const where = args.filePath ? `${shownPath(args.filePath, ctx) || '.'}${line ? `:${line}` : ''}` : ''
    const location = locationOf(args.filePath, ctx)
    return {
      card: 'generic',
      kind: 'search',
      title: ['LSP', args.operation, where, args.query ? `"${args.query}"` : ''].filter(Boolean).join(' '),
      locations: location && line ? [{ path: location[0].path, line }] : location,
      rawInput: args,
    }
  },
  presentResult: (_args, result) => contentResult(result),
})

const questionCall = renameTool(askUserQuestionTool, 'question')

const planEnterCall = defineTool<Readonly<Record<string, unknown>>>({
  name: 'plan_enter',
  args: isRecord,
  presentCall: () => ({ card: 'generic', kind: 'switch_mode', title: 'Enter plan mode' }),
  presentResult: (_args, result) => markdownResult(result),
})

// opencode asks whether to leave the plan agent for the build agent.
const planExitCall = defineTool<Readonly<Record<string, unknown>>>({
  name: 'plan_exit',
  promptTitle: exitPlanModeTool.promptTitle,
  args: isRecord,
  presentCall: () => ({ card: 'generic', kind: 'switch_mode', title: 'Approve plan' }),
  presentResult: (_args, result) => markdownResult(result),
})

interface BatchArgs {
  readonly tool_calls: readonly { readonly tool: string }[]
}

function isBatchArgs(value: unknown): value is BatchArgs {
  if (!isRecord(value) || !Array.isArray(value.tool_calls)) return false
  for (const call of value.tool_calls) if (!isRecord(call) || typeof call.tool !== 'string') return false
  return true
}

// What runs is each inner call: the card names them, the raw input holds their arguments.
const batchCall = defineTool<BatchArgs>({
  name: 'batch',
  args: isBatchArgs,
  presentCall: (args) => {
    const count = args.tool_calls.length
    const names = args.tool_calls.map((call) => call.tool).join(', ')
    return {
      card: 'generic',
      kind: 'other',
      title: count === 0 ? 'Run no tools' : `Run ${count} tool${count === 1 ? '' : 's'}: ${names}`,
      rawInput: args,
    }
  },
  presentResult: (_args, result) => contentResult(result),
})

// Reloads opencode's configuration and plugins; the session stops and resumes after it.
const reloadConfigCall = defineTool<Readonly<Record<string, unknown>>>({
  name: 'reload_config',
  args: isRecord,
  presentCall: () => ({ card: 'generic', kind: 'other', title: 'Reload configuration' }),
  presentResult: (_args, result) => markdownResult(result),
})

// Code mode: a script that calls the MCP servers' tools, run in a confined interpreter.
const executeCall = defineTool<{ readonly code: string }>({
  name: 'execute',
  args: (value): value is { code: string } => isRecord(value) && typeof value.code === 'string',
  presentCall: (args) => ({
    card: 'generic',
    kind: 'execute',
    title: 'Run a script with MCP tools',
    content: args.code ? [fencedBlock(args.code, 'typescript')] : undefined,
    rawInput: args,
  }),
  presentResult: (_args, result) => contentResult(result),
})

// opencode turns a call it cannot parse into `invalid`, naming the tool and the error.
const invalidCall = defineTool<{ readonly tool?: string | null; readonly error?: string | null }>({
  name: 'invalid',
  args: (value): value is { tool?: string | null; error?: string | null } =>
    isRecord(value) && isOptionalString(value.tool) && isOptionalString(value.error),
  presentCall: (args) => ({
    card: 'generic',
    kind: 'other',
    title: args.tool ? `Invalid call to ${args.tool}` : 'Invalid tool call',
    content: args.error ? [{ type: 'text', text: args.error }] : undefined,
    rawInput: args,
  }),
  presentResult: (_args, result) => contentResult(result),
})

/**
 * Every presenter under opencode's tool names and camelCase argument
 * shapes, as anomalyco/opencode (sst/opencode) defines its tools: `bash`
 * (a terminal card; `workdir` its cwd), `read` (`filePath`, a 1-based
 * `offset`, `limit`), `write`, `edit` (`oldString` → `newString`,
 * `replaceAll`), `apply_patch` (the patch as `patchText`: one diff per file)
 * and its older name `patch`, `grep` (`include` the file glob), `glob`,
 * `webfetch`, `websearch`, `codesearch`, `todowrite` (the session plan:
 * `cancelled` is completed, its word kept; the priority as given),
 * `todoread`, `task` (a sub-agent), `skill`, `question`, `lsp`,
 * `plan_enter`, `plan_exit`, `batch`, `invalid`, `reload_config`, code
 * mode's `execute` (a script calling MCP tools), the older `list`
 * and `multiedit`, and every MCP tool in opencode's spelling,
 * `<server>_<tool>` ({@link opencodeMcpTools}). Titles are plain text.
 *
 * @example
 * import { opencodePresenters } from 'tool-render-intent/presenters'
 *
 * const byName = new Map(opencodePresenters.map((tool) => [tool.name, tool]))
 * byName.get('edit')?.presentCall?.({ filePath: '/repo/a.ts', oldString: 'a', newString: 'b' }, { cwd: '/repo' })
 * // { card: 'diff', title: 'Edit a.ts', diffs: [{ path: '/repo/a.ts', oldText: 'a', newText: 'b' }], … }
 */
export const opencodePresenters: readonly ToolDefinition<any, any>[] = [
  bashTool,
  readCall,
  writeCall,
  editCall,
  applyPatchCall,
  patchCall,
  grepCall,
  globTool,
  webFetchCall,
  webSearchCall,
  codeSearchCall,
  todoWriteCall,
  todoReadCall,
  taskTool,
  skillCall,
  questionCall,
  lspCall,
  planEnterCall,
  planExitCall,
  batchCall,
  invalidCall,
  reloadConfigCall,
  executeCall,
  listCall,
  multiEditCall,
  opencodeMcpTools,
]
