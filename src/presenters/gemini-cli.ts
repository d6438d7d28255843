// Gemini CLI's tools (google-gemini/gemini-cli, packages/core/src/tools),
// under its names and argument shapes: the everyday presenters adapted to
// its fields, and cards of their own for what only Gemini CLI has.
//
// Gemini CLI's own ACP mapping (packages/cli/src/acp/acpSession.ts) titles
// a card with the invocation's description, takes the kind from the tool
// and the locations from the invocation. Where it is right, ours matches;
// where it is weak, ours does better:
// - it sends no rawInput: a generic card here carries the arguments;
// - `write_todos` is a tool card, not the session plan: here it is the plan;
// - `enter_plan_mode` / `exit_plan_mode` are kind `other` (Kind.Plan has no
//   ACP kind): here `switch_mode`, which says what they do;
// - the tracker tools are kinds `edit`, `read` and `search`, which editors
//   read as file operations: here `think`, as Claude Code's task list is;
// - `list_directory` is kind `search`: here `read`, as every listing is;
// - `google_web_search` is kind `search`: here `fetch`, as every web search.
import { defineTool, type ToolDefinition } from '../define-tool.js'
import { isRecord } from '../internal/record.js'
import type { PlanEntry, ToolCallView } from '../views.js'
import { exitPlanModeTool, taskTool } from './agents.js'
import {
  finite,
  isOptionalBoolean,
  isOptionalNumber,
  isOptionalString,
  isOptionalStringArray,
  isStringArray,
  present,
} from './arguments.js'
import { type BashArgs, bashTool, jobListTool, jobOutputTool } from './bash.js'
import { markdownContent, markdownResult } from './display.js'
import { editTool, readTool, writeTool } from './fs.js'
import { askUserQuestionTool, skillTool } from './interaction.js'
import { geminiMcpTools } from './mcp.js'
import { planEntryFor } from './plan-status.js'
import { promptUrls } from './prompt-urls.js'
import { adaptTool, renameTool } from './rename-tool.js'
import { contentResult, isErrorResult } from './result-content.js'
import { globTool, grepTool, lsTool } from './search.js'
import { webSearchTool } from './web.js'

// How many names a title lists before it sums up the rest.
const TITLE_ITEMS = 3

// `a, b, c, and 2 more`: the first few of a list, for a title.
function listed(items: readonly string[]): string {
  const shown = items.slice(0, TITLE_ITEMS).join(', ')
  return items.length > TITLE_ITEMS ? `${shown}, and ${items.length - TITLE_ITEMS} more` : shown
}

interface ReadFileArgs {
  readonly file_path: string
  readonly start_line?: number | null
  readonly end_line?: number | null
}

const isReadFileArgs = (value: unknown): value is ReadFileArgs =>
  isRecord(value) && typeof value.file_path === 'string' && isOptionalNumber(value.start_line) && isOptionalNumber(value.end_line)

// Gemini CLI reads lines `start_line` to `end_line`, both 1-based and inclusive.
function readRange(args: ReadFileArgs): { offset?: number; limit?: number } {
  const start = finite(args.start_line)
  const end = finite(args.end_line)
  if (end !== undefined && end >= (start ?? 1)) return { offset: start, limit: end - (start ?? 1) + 1 }
  return { offset: start }
}

const readFileTool = adaptTool({
  name: 'read_file',
  args: isReadFileArgs,
  base: readTool,
  toBase: (args) => ({ file_path: args.file_path, ...readRange(args) }),
})

interface WriteFileArgs {
  readonly file_path: string
  readonly content: string
}

const writeFileTool = renameTool(writeTool, 'write_file') as ToolDefinition<WriteFileArgs, unknown>

interface ReplaceArgs {
  readonly file_path: string
  readonly old_string: string
  readonly new_string: string
  readonly instruction?: string | null
  readonly allow_multiple?: boolean | null
}

const isReplaceArgs = (value: unknown): value is ReplaceArgs =>
  isRecord(value) &&
  typeof value.file_path === 'string' &&
  typeof value.old_string === 'string' &&
  typeof value.new_string === 'string' &&
  isOptionalString(value.instruction) &&
  isOptionalBoolean(value.allow_multiple)

// `allow_multiple` replaces every occurrence, as `replace_all` does; the
// instruction (the model's reason) is in the raw input of the result.
const replaceTool = adaptTool({
  name: 'replace',
  args: isReplaceArgs,
  base: editTool,
  toBase: (args) => ({
    file_path: args.file_path,
    old_string: args.old_string,
    new_string: args.new_string,
    replace_all: present(args.allow_multiple),
  }),
})

interface ReadManyFilesArgs {
  readonly include: readonly string[]
  readonly exclude?: readonly string[] | null
  readonly recursive?: boolean | null
  readonly useDefaultExcludes?: boolean | null
}

const isReadManyFilesArgs = (value: unknown): value is ReadManyFilesArgs =>
  isRecord(value) &&
  isStringArray(value.include) &&
  isOptionalStringArray(value.exclude) &&
  isOptionalBoolean(value.recursive) &&
  isOptionalBoolean(value.useDefaultExcludes)

// The globs are patterns, not files: no locations.
const readManyFilesTool = defineTool<ReadManyFilesArgs>({
  name: 'read_many_files',
  args: isReadManyFilesArgs,
  presentCall: (args) => {
    let title = args.include.length > 0 ? `Read files ${listed(args.include)}` : 'Read files'
    if (args.exclude?.length) title += ` (excluding ${listed(args.exclude)})`
    return { card: 'generic', kind: 'read', title, rawInput: args }
  },
  presentResult: (_args, result) => contentResult(result),
})

interface RunShellCommandArgs {
  readonly command: string
  readonly description?: string | null
  readonly dir_path?: string | null
  readonly is_background?: boolean | null
  readonly delay_ms?: number | null
}

const isRunShellCommandArgs = (value: unknown): value is RunShellCommandArgs =>
  isRecord(value) &&
  typeof value.command === 'string' &&
  isOptionalString(value.description) &&
  isOptionalString(value.dir_path) &&
  isOptionalBoolean(value.is_background) &&
  isOptionalNumber(value.delay_ms)

const shellBase = (args: RunShellCommandArgs): BashArgs => ({
  command: args.command,
  description: present(args.description),
  workdir: present(args.dir_path),
  run_in_background: present(args.is_background),
})

// Arguments still streaming in: a terminal from the first sighting, unless already sent to the background.
const partialShell = (partial: unknown): unknown =>
  isRecord(partial)
    ? { command: typeof partial.command === 'string' ? partial.command : undefined, run_in_background: partial.is_background === true }
    : partial

const runShellCommandTool = adaptTool({
  name: 'run_shell_command',
  args: isRunShellCommandArgs,
  base: bashTool,
  toBase: shellBase,
  partialToBase: partialShell,
})

interface GrepSearchArgs {
  readonly pattern: string
  readonly dir_path?: string | null
  readonly include_pattern?: string | null
  readonly exclude_pattern?: string | null
  readonly names_only?: boolean | null
  readonly case_sensitive?: boolean | null
  readonly fixed_strings?: boolean | null
  readonly context?: number | null
  readonly after?: number | null
  readonly before?: number | null
  readonly no_ignore?: boolean | null
  readonly max_matches_per_file?: number | null
  readonly total_max_matches?: number | null
}

const isGrepSearchArgs = (value: unknown): value is GrepSearchArgs =>
  isRecord(value) &&
  typeof value.pattern === 'string' &&
  isOptionalString(value.dir_path) &&
  isOptionalString(value.include_pattern) &&
  isOptionalString(value.exclude_pattern) &&
  isOptionalBoolean(value.names_only) &&
  isOptionalBoolean(value.case_sensitive) &&
  isOptionalBoolean(value.fixed_strings) &&
  isOptionalNumber(value.context) &&
  isOptionalNumber(value.after) &&
  isOptionalNumber(value.before) &&
  isOptionalBoolean(value.no_ignore) &&
  isOptionalNumber(value.max_matches_per_file) &&
  isOptionalNumber(value.total_max_matches)

// Gemini CLI's search ignores case unless `case_sensitive` is true: the title says `-i` when it does.
// The exclusions and the fixed-strings flag are in the raw input.
const grepSearchBase = (args: GrepSearchArgs) => ({
  pattern: args.pattern,
  path: present(args.dir_path),
  glob: present(args.include_pattern),
  output_mode: args.names_only === true ? 'files_with_matches' : undefined,
  '-i': args.case_sensitive !== true,
  '-C': present(args.context),
  '-A': present(args.after),
  '-B': present(args.before),
})

const grepSearchTool = adaptTool({ name: 'grep_search', args: isGrepSearchArgs, base: grepTool, toBase: grepSearchBase })

// The name `grep_search` had before (Gemini CLI still maps it onto `grep_search`).
const searchFileContentTool = adaptTool({ name: 'search_file_content', args: isGrepSearchArgs, base: grepTool, toBase: grepSearchBase })

interface GeminiGlobArgs {
  readonly pattern: string
  readonly dir_path?: string | null
  readonly case_sensitive?: boolean | null
}

const isGeminiGlobArgs = (value: unknown): value is GeminiGlobArgs =>
  isRecord(value) && typeof value.pattern === 'string' && isOptionalString(value.dir_path) && isOptionalBoolean(value.case_sensitive)

const geminiGlobTool = adaptTool({
  name: 'glob',
  args: isGeminiGlobArgs,
  base: globTool,
  toBase: (args) => ({ pattern: args.pattern, path: present(args.dir_path) }),
})

interface ListDirectoryArgs {
  readonly dir_path: string
  readonly ignore?: readonly string[] | null
}

const isListDirectoryArgs = (value: unknown): value is ListDirectoryArgs =>
  isRecord(value) && typeof value.dir_path === 'string' && isOptionalStringArray(value.ignore)

const listDirectoryTool = adaptTool({
  name: 'list_directory',
  args: isListDirectoryArgs,
  base: lsTool,
  toBase: (args) => ({ path: args.dir_path, ignore: present(args.ignore) }),
})

interface GeminiWebFetchArgs {
  readonly prompt: string
}

const isGeminiWebFetchArgs = (value: unknown): value is GeminiWebFetchArgs => isRecord(value) && typeof value.prompt === 'string'

// Gemini CLI's `web_fetch` takes the URLs inside the prompt: the title names
// the ones it finds, the prompt is the card's text.
const geminiWebFetchTool = defineTool<GeminiWebFetchArgs>({
  name: 'web_fetch',
  args: isGeminiWebFetchArgs,
  presentCall: (args) => {
    const urls = promptUrls(args.prompt)
    return {
      card: 'generic',
      kind: 'fetch',
      title: urls.length > 0 ? `Fetch ${listed(urls)}` : 'Fetch',
      content: markdownContent(args.prompt),
      rawInput: args,
    }
  },
  presentResult: (_args, result) => markdownResult(result),
})

const googleWebSearchTool = adaptTool({
  name: 'google_web_search',
  args: (value: unknown): value is { query: string } => isRecord(value) && typeof value.query === 'string',
  base: webSearchTool,
  toBase: (args) => ({ query: args.query }),
})

interface WriteTodosArgs {
  readonly todos: readonly { readonly description: string; readonly status: string }[]
}

function isWriteTodosArgs(value: unknown): value is WriteTodosArgs {
  if (!isRecord(value) || !Array.isArray(value.todos)) return false
  for (const todo of value.todos)
    if (!isRecord(todo) || typeof todo.description !== 'string' || typeof todo.status !== 'string') return false
  return true
}

const todoEntries = (args: WriteTodosArgs): PlanEntry[] => args.todos.map((todo) => planEntryFor(todo.description, todo.status))

// Gemini CLI sends `write_todos` as a tool card; the todo list is the session's plan.
const writeTodosTool = defineTool<WriteTodosArgs>({
  name: 'write_todos',
  args: isWriteTodosArgs,
  presentCall: (args) => ({ card: 'plan', title: 'Update todo list', entries: todoEntries(args) }),
  presentResult: (_args, result) => (isErrorResult(result) ? contentResult(result) : { card: 'generic' }),
})

const getInternalDocsTool = defineTool<{ readonly path?: string | null }>({
  name: 'get_internal_docs',
  args: (value): value is { path?: string | null } => isRecord(value) && isOptionalString(value.path),
  presentCall: (args) => ({
    card: 'generic',
    kind: 'read',
    title: args.path ? `Read Gemini CLI docs ${args.path}` : 'List Gemini CLI docs',
    rawInput: args,
  }),
  presentResult: (_args, result) => markdownResult(result),
})

const activateSkillTool = adaptTool({
  name: 'activate_skill',
  args: (value: unknown): value is { name: string } => isRecord(value) && typeof value.name === 'string',
  base: skillTool,
  toBase: (args) => ({ skill: args.name }),
})

const enterPlanModeTool = defineTool<{ readonly reason?: string | null }>({
  name: 'enter_plan_mode',
  args: (value): value is { reason?: string | null } => isRecord(value) && isOptionalString(value.reason),
  presentCall: (args) => ({ card: 'generic', kind: 'switch_mode', title: 'Enter plan mode', content: markdownContent(args.reason) }),
  presentResult: (_args, result) => markdownResult(result),
})

// The plan is a file Gemini CLI wrote in its plans folder; the card names it.
const exitPlanModeGeminiTool = defineTool<{ readonly plan_filename: string }>({
  name: 'exit_plan_mode',
  promptTitle: exitPlanModeTool.promptTitle,
  args: (value): value is { plan_filename: string } => isRecord(value) && typeof value.plan_filename === 'string',
  presentCall: (args) => ({
    card: 'generic',
    kind: 'switch_mode',
    title: args.plan_filename ? `Approve plan ${args.plan_filename}` : 'Approve plan',
    rawInput: args,
  }),
  // The plan file, for a client that keeps plans by id; a bare name (Gemini CLI's plans folder is its own) proposes none.
  presentPlan: (args) => (args.plan_filename ? { format: 'file', path: args.plan_filename } : undefined),
  presentResult: (_args, result) =>
    isErrorResult(result) ? contentResult(result) : { ...markdownResult(result), title: 'Exited plan mode' },
})

const askUserTool = renameTool(askUserQuestionTool, 'ask_user')

interface TrackerTaskArgs {
  readonly id?: string | null
  readonly title?: string | null
  readonly description?: string | null
  readonly status?: string | null
}

const isTrackerTaskArgs = (value: unknown): value is TrackerTaskArgs =>
  isRecord(value) &&
  isOptionalString(value.id) &&
  isOptionalString(value.title) &&
  isOptionalString(value.description) &&
  isOptionalString(value.status)

const thinkCard = (title: string, args: unknown, text?: string | null): ToolCallView => ({
  card: 'generic',
  kind: 'think',
  title,
  content: markdownContent(text),
  rawInput: args,
})

const trackerCreateTaskTool = defineTool<TrackerTaskArgs>({
  name: 'tracker_create_task',
  args: isTrackerTaskArgs,
  presentCall: (args) => thinkCard(args.title ? `Create task: ${args.title}` : 'Create task', args, args.description),
  presentResult: (_args, result) => markdownResult(result),
})

// A status Gemini CLI's tracker has and ACP's plan has not (`blocked`, `closed`) shows as written.
function trackerUpdateTitle(args: TrackerTaskArgs): string {
  let title = args.id ? `Update task ${args.id}` : 'Update task'
  if (args.title) title += `: ${args.title}`
  if (args.status) title += ` (${args.status})`
  return title
}

const trackerUpdateTaskTool = defineTool<TrackerTaskArgs>({
  name: 'tracker_update_task',
  args: isTrackerTaskArgs,
  presentCall: (args) => thinkCard(trackerUpdateTitle(args), args, args.description),
  presentResult: (_args, result) => markdownResult(result),
})

const trackerGetTaskTool = defineTool<TrackerTaskArgs>({
  name: 'tracker_get_task',
  args: isTrackerTaskArgs,
  presentCall: (args) => thinkCard(args.id ? `Get task ${args.id}` : 'Get task', args),
  presentResult: (_args, result) => markdownResult(result),
})

const trackerListTasksTool = defineTool<TrackerTaskArgs>({
  name: 'tracker_list_tasks',
  args: isTrackerTaskArgs,
  presentCall: (args) => thinkCard(args.status ? `List tasks (${args.status})` : 'List tasks', args),
  presentResult: (_args, result) => markdownResult(result),
})

const trackerAddDependencyTool = defineTool<{ readonly taskId: string; readonly dependencyId: string }>({
  name: 'tracker_add_dependency',
  args: (value): value is { taskId: string; dependencyId: string } =>
    isRecord(value) && typeof value.taskId === 'string' && typeof value.dependencyId === 'string',
  presentCall: (args) => thinkCard(`Task ${args.taskId} waits for task ${args.dependencyId}`, args),
  presentResult: (_args, result) => markdownResult(result),
})

const trackerVisualizeTool = defineTool<Readonly<Record<string, unknown>>>({
  name: 'tracker_visualize',
  args: isRecord,
  presentCall: () => ({ card: 'generic', kind: 'think', title: 'Show the task graph' }),
  presentResult: (_args, result) => contentResult(result),
})

interface UpdateTopicArgs {
  readonly title?: string | null
  readonly summary?: string | null
  readonly strategic_intent?: string | null
}

const updateTopicTool = defineTool<UpdateTopicArgs>({
  name: 'update_topic',
  args: (value): value is UpdateTopicArgs =>
    isRecord(value) && isOptionalString(value.title) && isOptionalString(value.summary) && isOptionalString(value.strategic_intent),
  presentCall: (args) => ({
    card: 'generic',
    kind: 'think',
    title: args.title ? `Topic: ${args.title}` : 'Update topic',
    content: markdownContent([args.strategic_intent, args.summary].filter(Boolean).join('\n\n')),
    rawInput: args,
  }),
  presentResult: (_args, result) => markdownResult(result),
})

// A sub-agent's last call: its findings, under the output name its definition gives (`result` unless renamed).
const completeTaskTool = defineTool<Readonly<Record<string, unknown>>>({
  name: 'complete_task',
  args: isRecord,
  presentCall: (args) => ({
    card: 'generic',
    kind: 'think',
    title: 'Complete task',
    content: markdownContent(typeof args.result === 'string' ? args.result : undefined),
    rawInput: args,
  }),
  presentResult: (_args, result) => markdownResult(result),
})

interface InvokeAgentArgs {
  readonly agent_name: string
  readonly prompt?: string | null
}

const invokeAgentTool = adaptTool({
  name: 'invoke_agent',
  args: (value: unknown): value is InvokeAgentArgs =>
    isRecord(value) && typeof value.agent_name === 'string' && isOptionalString(value.prompt),
  base: taskTool,
  toBase: (args) => ({ description: args.agent_name, prompt: present(args.prompt), subagent_type: args.agent_name }),
})

const readMcpResourceTool = defineTool<{ readonly uri: string }>({
  name: 'read_mcp_resource',
  args: (value): value is { uri: string } => isRecord(value) && typeof value.uri === 'string',
  presentCall: (args) => ({
    card: 'generic',
    kind: 'read',
    title: args.uri ? `Read MCP resource ${args.uri}` : 'Read MCP resource',
    rawInput: args,
  }),
  presentResult: (_args, result) => contentResult(result),
})

const listMcpResourcesTool = defineTool<{ readonly serverName?: string | null }>({
  name: 'list_mcp_resources',
  args: (value): value is { serverName?: string | null } => isRecord(value) && isOptionalString(value.serverName),
  presentCall: (args) => ({
    card: 'generic',
    kind: 'search',
    title: args.serverName ? `List MCP resources of ${args.serverName}` : 'List MCP resources',
    rawInput: args,
  }),
  presentResult: (_args, result) => contentResult(result),
})

interface ReadBackgroundOutputArgs {
  readonly pid: number | string
  readonly lines?: number | null
  readonly delay_ms?: number | null
}

const readBackgroundOutputTool = adaptTool({
  name: 'read_background_output',
  args: (value: unknown): value is ReadBackgroundOutputArgs =>
    isRecord(value) &&
    ((typeof value.pid === 'number' && Number.isFinite(value.pid)) || typeof value.pid === 'string') &&
    isOptionalNumber(value.lines) &&
    isOptionalNumber(value.delay_ms),
  base: jobOutputTool,
  toBase: (args) => ({ job_id: args.pid }),
})

const listBackgroundProcessesTool = renameTool(jobListTool, 'list_background_processes')

/**
 * Every presenter under Gemini CLI's tool names and argument shapes, as
 * google-gemini/gemini-cli defines its tools (`ALL_BUILTIN_TOOL_NAMES`):
 * `read_file` (`start_line` / `end_line`), `write_file`, `replace` (an
 * edit; `allow_multiple` replaces every occurrence), `read_many_files`,
 * `run_shell_command` (a terminal card; `is_background` a background job,
 * `dir_path` its cwd), `grep_search` and its older name
 * `search_file_content`, `glob`, `list_directory`, `web_fetch` (titled
 * with the URLs its prompt names), `google_web_search`, `write_todos` (the
 * session plan: `blocked` is pending and `cancelled` completed, each with
 * its word kept), `get_internal_docs`, `activate_skill`, `ask_user`,
 * `enter_plan_mode`, `exit_plan_mode`, the task tracker's
 * `tracker_create_task`, `tracker_update_task`, `tracker_get_task`,
 * `tracker_list_tasks`, `tracker_add_dependency` and `tracker_visualize`,
 * `update_topic`, `complete_task`, `invoke_agent` (a sub-agent), the MCP
 * resource tools `read_mcp_resource` and `list_mcp_resources`, the
 * background shell's `read_background_output` and
 * `list_background_processes`, and every MCP tool in Gemini CLI's spelling
 * (`mcp_<server>_<tool>`: {@link geminiMcpTools}). Titles are plain text.
 *
 * @example
 * import { geminiCliPresenters } from 'tool-render-intent/presenters'
 *
 * const byName = new Map(geminiCliPresenters.map((tool) => [tool.name, tool]))
 * byName.get('run_shell_command')?.presentCall?.({ command: 'npm test', dir_path: 'pkg' })
 * // { card: 'terminal', title: 'npm test', cwd: 'pkg' }
 */
export const geminiCliPresenters: readonly ToolDefinition<any, any>[] = [
  readFileTool,
  writeFileTool,
  replaceTool,
  readManyFilesTool,
  runShellCommandTool,
  grepSearchTool,
  searchFileContentTool,
  geminiGlobTool,
  listDirectoryTool,
  geminiWebFetchTool,
  googleWebSearchTool,
  writeTodosTool,
  getInternalDocsTool,
  activateSkillTool,
  askUserTool,
  enterPlanModeTool,
  exitPlanModeGeminiTool,
  trackerCreateTaskTool,
  trackerUpdateTaskTool,
  trackerGetTaskTool,
  trackerListTasksTool,
  trackerAddDependencyTool,
  trackerVisualizeTool,
  updateTopicTool,
  completeTaskTool,
  invokeAgentTool,
  readMcpResourceTool,
  listMcpResourcesTool,
  readBackgroundOutputTool,
  listBackgroundProcessesTool,
  geminiMcpTools,
]
