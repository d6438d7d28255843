// Qwen Code's tools (QwenLM/qwen-code, packages/core/src/tools/tool-names.ts
// and builtin-tool-definitions.ts), under its names and argument shapes.
//
// Qwen Code forked Gemini CLI and then took Claude Code's shapes for most
// tools (`file_path`, `old_string`, `replace_all`, `subagent_type`), so the
// everyday presenters read them nearly as they are. Its ACP mapping no
// longer sends todos as a plan: the task tools (`task_create`,
// `task_update`) show the list in their own display. Here that list is the
// session's plan, folded from the calls and their results
// (`qwenTaskList`), and the older `todo_write` is the plan too.
//
// Its ACP mapping (packages/cli/src/acp-integration/session/emitters/
// ToolCallEmitter.ts) gives each tool the kind of its core `Kind`. Ours
// matches it, save where a kind says less than ours:
// - `list_directory` is `search`: here `read`, as every listing is;
// - `web_search` is `search`: here `fetch`, as every web search;
// - `lsp` is `read`: here `search`, as opencode's language-server lookups;
// - `agent` is `other`: here `think`, as every sub-agent call;
// - `skill` is `read`, `ask_user_question` and `save_memory` are `think`:
//   here `other`, as every other family's skill, question and memory cards;
// - the later background tasks' `task_stop` (`task_id`) is `other`: here
//   `execute`, as stopping any background job.
import { defineTool, type SessionPlan, type ToolDefinition } from '../define-tool.js'
import { isRecord } from '../internal/record.js'
import type { PlanCallView, PlanEntry, ToolCallView, ToolResult } from '../views.js'
import { exitPlanModeTool, taskTool } from './agents.js'
import { finite, isFiniteNumber, isOptionalBoolean, isOptionalNumber, isOptionalString, present } from './arguments.js'
import { type BashArgs, bashTool, jobKillTool, jobOutputTool } from './bash.js'
import { locationOf, markdownContent, markdownResult, shownPath } from './display.js'
import { editTool, readTool, writeTool } from './fs.js'
import { askUserQuestionTool, skillTool } from './interaction.js'
import { geminiMcpTools, mcpTools } from './mcp.js'
import { notebookEditTool } from './notebook.js'
import { planEntryFor } from './plan-status.js'
import { adaptTool, renameTool } from './rename-tool.js'
import { contentResult, isErrorResult, resultText } from './result-content.js'
import { globTool, grepTool, lsTool } from './search.js'
import { webFetchTool, webSearchTool } from './web.js'

interface QwenReadFileArgs {
  readonly file_path: string
  readonly offset?: number | null
  readonly limit?: number | null
  readonly pages?: string | null
}

// Qwen Code's `offset` is the 0-based line to start from: line `offset + 1`.
const readFileCall = adaptTool({
  name: 'read_file',
  args: (value: unknown): value is QwenReadFileArgs =>
    isRecord(value) &&
    typeof value.file_path === 'string' &&
    isOptionalNumber(value.offset) &&
    isOptionalNumber(value.limit) &&
    isOptionalString(value.pages),
  base: readTool,
  toBase: (args) => {
    const offset = finite(args.offset)
    return { file_path: args.file_path, offset: offset === undefined ? undefined : offset + 1, limit: present(args.limit) }
  },
})

interface QwenShellArgs {
  readonly command: string
  readonly description?: string | null
  readonly directory?: string | null
  readonly is_background?: boolean | null
  readonly timeout?: number | null
}

const shellCall = adaptTool({
  name: 'run_shell_command',
  args: (value: unknown): value is QwenShellArgs =>
    isRecord(value) &&
    typeof value.command === 'string' &&
    isOptionalString(value.description) &&
    isOptionalString(value.directory) &&
    isOptionalBoolean(value.is_background) &&
    isOptionalNumber(value.timeout),
  base: bashTool,
  toBase: (args): BashArgs => ({
    command: args.command,
    description: present(args.description),
    workdir: present(args.directory),
    run_in_background: present(args.is_background),
    timeout: present(args.timeout),
  }),
  partialToBase: (partial) =>
    isRecord(partial)
      ? { command: typeof partial.command === 'string' ? partial.command : undefined, run_in_background: partial.is_background === true }
      : partial,
})

interface QwenGrepArgs {
  readonly pattern: string
  readonly glob?: string | null
  readonly path?: string | null
  readonly limit?: number | null
}

const isQwenGrepArgs = (value: unknown): value is QwenGrepArgs =>
  isRecord(value) &&
  typeof value.pattern === 'string' &&
  isOptionalString(value.glob) &&
  isOptionalString(value.path) &&
  isOptionalNumber(value.limit)

// Qwen Code's search ignores case (its tool description says so): the title says `-i`.
const qwenGrepBase = (args: QwenGrepArgs) => ({
  pattern: args.pattern,
  glob: present(args.glob),
  path: present(args.path),
  head_limit: present(args.limit),
  '-i': true,
})

const grepSearchCall = adaptTool({ name: 'grep_search', args: isQwenGrepArgs, base: grepTool, toBase: qwenGrepBase })
const searchFileContentCall = adaptTool({ name: 'search_file_content', args: isQwenGrepArgs, base: grepTool, toBase: qwenGrepBase })

interface QwenReplaceArgs {
  readonly file_path: string
  readonly old_string: string
  readonly new_string: string
  readonly expected_replacements?: number | null
}

// Qwen Code's older `replace` (Gemini CLI's shape): more than one expected replacement replaces every occurrence.
const replaceCall = adaptTool({
  name: 'replace',
  args: (value: unknown): value is QwenReplaceArgs =>
    isRecord(value) &&
    typeof value.file_path === 'string' &&
    typeof value.old_string === 'string' &&
    typeof value.new_string === 'string' &&
    isOptionalNumber(value.expected_replacements),
  base: editTool,
  toBase: (args) => ({
    file_path: args.file_path,
    old_string: args.old_string,
    new_string: args.new_string,
    replace_all: (finite(args.expected_replacements) ?? 1) > 1,
  }),
})

/** One task of Qwen Code's task list, as a session keeps it between `task_*` calls. */
export interface QwenTask {
  /** The task's id, as Qwen Code gave it. */
  readonly id: string
  /** Its title. */
  readonly title: string
  /** Its status in Qwen Code's words: `pending`, `in_progress`, `completed`, `blocked` or `cancelled`. */
  readonly status: string
  /** Its priority in Qwen Code's words: `low`, `medium`, `high` or `critical`. */
  readonly priority?: string | undefined
}

interface TaskCreateArgs {
  readonly title: string
  readonly description?: string | null
  readonly parentTaskId?: string | null
  readonly priority?: string | null
}

interface TaskUpdateArgs {
  readonly taskId: string
  readonly status?: string | null
  readonly title?: string | null
  readonly description?: string | null
  readonly priority?: string | null
}

const isTaskCreateArgs = (value: unknown): value is TaskCreateArgs =>
  isRecord(value) &&
  typeof value.title === 'string' &&
  isOptionalString(value.description) &&
  isOptionalString(value.parentTaskId) &&
  isOptionalString(value.priority)

const isTaskUpdateArgs = (value: unknown): value is TaskUpdateArgs =>
  isRecord(value) &&
  typeof value.taskId === 'string' &&
  isOptionalString(value.status) &&
  isOptionalString(value.title) &&
  isOptionalString(value.description) &&
  isOptionalString(value.priority)

const CREATED = 'New task created: '

// The task `task_create`'s result names: `New task created: {…json…}` in its text.
function createdTask(result: ToolResult): QwenTask | undefined {
  const text = resultText(result)
  const start = text.indexOf(CREATED)
  if (start === -1) return undefined
  const open = start + CREATED.length
  const close = text.indexOf('\n}', open)
  if (text[open] !== '{' || close === -1) return undefined
  let task: unknown
  try {
    task = JSON.parse(text.slice(open, close + 2))
  } catch {
    return undefined
  }
  if (!isRecord(task) || typeof task.id !== 'string' || typeof task.title !== 'string') return undefined
  return {
    id: task.id,
    title: task.title,
    status: typeof task.status === 'string' ? task.status : 'pending',
    priority: typeof task.priority === 'string' ? task.priority : undefined,
  }
}

/**
 * Qwen Code's task list after one call, to show as the session plan:
 * `task_create` adds the task its result names, `task_update` changes the
 * status, title or priority of the task it names, the task list's
 * `task_stop` (`taskId`) cancels the task and the subtasks its result
 * lists; a failed call, another
 * tool or a result it cannot read leaves the list as it was. Pure: a new
 * list, never a throw, whatever JSON the arguments and result hold.
 *
 * @example
 * let tasks: readonly QwenTask[] = []
 * tasks = nextQwenTaskList(tasks, 'task_create', { title: 'Ship' }, { content: [{ type: 'text', text: 'New task created: {\n  "id": "1",\n  "title": "Ship"\n}' }] })
 * tasks = nextQwenTaskList(tasks, 'task_update', { taskId: '1', status: 'blocked' }, { content: [] })
 * // [{ id: '1', title: 'Ship', status: 'blocked', priority: undefined }]
 */
export function nextQwenTaskList(tasks: readonly QwenTask[], toolName: string, args: unknown, result: ToolResult): readonly QwenTask[] {
  if (isErrorResult(result)) return tasks
  if (toolName === 'task_create' && isTaskCreateArgs(args)) {
    const created = createdTask(result)
    return created ? [...tasks.filter((task) => task.id !== created.id), created] : tasks
  }
  if (toolName === 'task_update' && isTaskUpdateArgs(args)) {
    const index = tasks.findIndex((task) => task.id === args.taskId)
    if (index === -1) return tasks
    const task = tasks[index]
    const updated: QwenTask = {
      id: task.id,
      title: args.title || task.title,
      status: args.status || task.status,
      priority: args.priority || task.priority,
    }
    return tasks.map((other, at) => (at === index ? updated : other))
  }
  if (toolName === 'task_stop' && isListTaskStopArgs(args)) {
    // The task and its subtasks, as the result lists them (`Cancelled 2 task(s): t1, t2`), else the task alone.
    const ids = new Set([args.taskId, ...cancelledIds(result)])
    if (!tasks.some((task) => ids.has(task.id))) return tasks
    return tasks.map((task) => (ids.has(task.id) ? { ...task, status: 'cancelled' } : task))
  }
  return tasks
}

const CANCELLED = /Cancelled \d+ task\(s\): ([^\n]*)/

// The ids a task-list `task_stop`'s result names as cancelled.
function cancelledIds(result: ToolResult): string[] {
  const match = CANCELLED.exec(resultText(result))
  return match ? match[1].split(', ').filter(Boolean) : []
}

/**
 * Qwen Code's task list as the session plan, a plan card titled `Update
 * tasks`: one entry per task in order, its status and priority mapped with
 * {@link planEntryFor} (`blocked` is pending, `cancelled` completed, each
 * with its word kept; `critical` is high).
 */
export const qwenTaskListPlan = (tasks: readonly QwenTask[]): PlanCallView => ({
  card: 'plan',
  title: 'Update tasks',
  entries: tasks.map((task) => planEntryFor(task.title, task.status, task.priority)),
})

/**
 * Qwen Code's task list as the session's plan: every `task_*` tool names
 * it, so the session folds each finished call into one list
 * (`qwenTaskList.next`) and sends the plan card `qwenTaskList.view` gives
 * for it: one entry per task, titled `Update tasks`.
 */
export const qwenTaskList: SessionPlan<readonly QwenTask[]> = {
  initial: [],
  next: nextQwenTaskList,
  view: qwenTaskListPlan,
}

const thinkCard = (title: string, args: unknown, text?: string | null): ToolCallView => ({
  card: 'generic',
  kind: 'think',
  title,
  content: markdownContent(text),
  rawInput: args,
})

const taskCreateCall = defineTool<TaskCreateArgs>({
  name: 'task_create',
  sessionPlan: qwenTaskList,
  args: isTaskCreateArgs,
  presentCall: (args) => thinkCard(args.title ? `Create task: ${args.title}` : 'Create task', args, args.description),
  presentResult: (_args, result) => markdownResult(result),
})

function updateTitle(args: TaskUpdateArgs): string {
  let title = args.taskId ? `Update task ${args.taskId}` : 'Update task'
  if (args.title) title += `: ${args.title}`
  if (args.status) title += ` (${args.status})`
  return title
}

const taskUpdateCall = defineTool<TaskUpdateArgs>({
  name: 'task_update',
  sessionPlan: qwenTaskList,
  args: isTaskUpdateArgs,
  presentCall: (args) => thinkCard(updateTitle(args), args, args.description),
  presentResult: (_args, result) => markdownResult(result),
})

const taskGetCall = defineTool<{ readonly taskId: string }>({
  name: 'task_get',
  sessionPlan: qwenTaskList,
  args: (value): value is { taskId: string } => isRecord(value) && typeof value.taskId === 'string',
  presentCall: (args) => thinkCard(args.taskId ? `Get task ${args.taskId}` : 'Get task', args),
  presentResult: (_args, result) => markdownResult(result),
})

const taskListCall = defineTool<Readonly<Record<string, unknown>>>({
  name: 'task_list',
  sessionPlan: qwenTaskList,
  args: isRecord,
  presentCall: (args) => thinkCard(typeof args.status === 'string' && args.status ? `List tasks (${args.status})` : 'List tasks', args),
  presentResult: (_args, result) => markdownResult(result),
})

// Qwen Code has had two pairs of `task_stop` / `task_output` tools, told
// apart by how they spell the id. The task list's (`taskId`, Kind.Think):
// `task_stop` cancels a task and its subtasks (`reason` why), `task_output`
// records a task's findings (`output`). The later background tasks'
// (`task_id`, Kind.Other): `task_stop` stops a background agent or shell.

interface ListTaskStopArgs {
  readonly taskId: string
  readonly reason?: string | null
}

interface ListTaskOutputArgs {
  readonly taskId: string
  readonly output?: string | null
}

// The task list's spelling: `taskId`, and no background id beside it.
const isListTaskArgs = (value: unknown): value is Readonly<Record<string, unknown>> & { taskId: string } =>
  isRecord(value) && typeof value.taskId === 'string' && value.task_id === undefined && value.id === undefined

const isListTaskStopArgs = (value: unknown): value is ListTaskStopArgs => isListTaskArgs(value) && isOptionalString(value.reason)

const isListTaskOutputArgs = (value: unknown): value is ListTaskOutputArgs => isListTaskArgs(value) && isOptionalString(value.output)

// The background task a `task_stop` or `task_output` names: `task_id` (or `id`).
function backgroundTaskId(value: unknown): string | number | undefined {
  if (!isRecord(value)) return undefined
  for (const key of ['task_id', 'id']) {
    const id = value[key]
    if (typeof id === 'string' || isFiniteNumber(id)) return id
  }
  return undefined
}

const hasBackgroundTaskId = (value: unknown): value is Readonly<Record<string, unknown>> => backgroundTaskId(value) !== undefined

const backgroundStop = adaptTool({
  name: 'task_stop',
  args: hasBackgroundTaskId,
  base: jobKillTool,
  toBase: (args) => ({ job_id: backgroundTaskId(args) as string | number }),
})

const backgroundOutput = adaptTool({
  name: 'task_output',
  args: hasBackgroundTaskId,
  base: jobOutputTool,
  toBase: (args) => ({ job_id: backgroundTaskId(args) as string | number }),
})

const taskStopCall = defineTool<Readonly<Record<string, unknown>>>({
  name: 'task_stop',
  sessionPlan: qwenTaskList,
  args: (value): value is Readonly<Record<string, unknown>> => isListTaskStopArgs(value) || hasBackgroundTaskId(value),
  presentCall: (args, ctx) =>
    isListTaskStopArgs(args)
      ? thinkCard(args.taskId ? `Cancel task ${args.taskId}` : 'Cancel task', args, args.reason)
      : backgroundStop.presentCall?.(args, ctx),
  presentResult: (args, result, ctx) =>
    isListTaskStopArgs(args) ? markdownResult(result) : backgroundStop.presentResult?.(args, result, ctx),
})

const taskOutputCall = defineTool<Readonly<Record<string, unknown>>>({
  name: 'task_output',
  args: (value): value is Readonly<Record<string, unknown>> => isListTaskOutputArgs(value) || hasBackgroundTaskId(value),
  presentCall: (args, ctx) =>
    isListTaskOutputArgs(args)
      ? thinkCard(args.taskId ? `Record output for task ${args.taskId}` : 'Record task output', args, args.output)
      : backgroundOutput.presentCall?.(args, ctx),
  presentResult: (args, result, ctx) =>
    isListTaskOutputArgs(args) ? markdownResult(result) : backgroundOutput.presentResult?.(args, result, ctx),
})

interface QwenTodo {
  readonly content: string
  readonly status: string
}

function isTodoWriteArgs(value: unknown): value is { todos: readonly QwenTodo[] } {
  if (!isRecord(value) || !Array.isArray(value.todos)) return false
  for (const todo of value.todos) if (!isRecord(todo) || typeof todo.content !== 'string' || typeof todo.status !== 'string') return false
  return true
}

const todoEntries = (todos: readonly QwenTodo[]): PlanEntry[] => todos.map((todo) => planEntryFor(todo.content, todo.status))

const todoWriteCall = defineTool<{ readonly todos: readonly QwenTodo[] }>({
  name: 'todo_write',
  args: isTodoWriteArgs,
  presentCall: (args) => ({ card: 'plan', title: 'Update todo list', entries: todoEntries(args.todos) }),
  presentResult: (_args, result) => (isErrorResult(result) ? contentResult(result) : { card: 'generic' }),
})

const saveMemoryCall = defineTool<{ readonly fact: string }>({
  name: 'save_memory',
  args: (value): value is { fact: string } => isRecord(value) && typeof value.fact === 'string',
  presentCall: (args) => ({ card: 'generic', kind: 'other', title: 'Save memory', content: markdownContent(args.fact), rawInput: args }),
  presentResult: (_args, result) => markdownResult(result),
})

const skillCall = adaptTool({
  name: 'skill',
  args: (value: unknown): value is { skill?: string | null; name?: string | null } =>
    isRecord(value) && (typeof value.skill === 'string' || typeof value.name === 'string'),
  base: skillTool,
  toBase: (args) => ({ skill: (typeof args.skill === 'string' ? args.skill : args.name) as string }),
})

interface ZoomImageArgs {
  readonly file_path: string
  readonly x1?: number | null
  readonly y1?: number | null
  readonly x2?: number | null
  readonly y2?: number | null
}

// A corner of the region, in the image's coordinates normalised to 0 - 1000.
const corner = (x: number | undefined, y: number | undefined) => (x === undefined || y === undefined ? undefined : `${x},${y}`)

// A magnified region of an image: a read of the file, the region in its title.
const zoomImageCall = defineTool<ZoomImageArgs>({
  name: 'zoom_image',
  args: (value): value is ZoomImageArgs =>
    isRecord(value) &&
    typeof value.file_path === 'string' &&
    isOptionalNumber(value.x1) &&
    isOptionalNumber(value.y1) &&
    isOptionalNumber(value.x2) &&
    isOptionalNumber(value.y2),
  presentCall: (args, ctx) => {
    const from = corner(finite(args.x1), finite(args.y1))
    const to = corner(finite(args.x2), finite(args.y2))
    const region = from && to ? ` (${from} - ${to})` : ''
    return {
      card: 'generic',
      kind: 'read',
      title: `Zoom into ${args.file_path ? shownPath(args.file_path, ctx) || '.' : 'image'}${region}`,
      locations: locationOf(args.file_path, ctx),
      rawInput: args,
    }
  },
  presentResult: (_args, result) => contentResult(result),
})

// The language-server lookups: the operation and where it looks, under either path spelling.
const lspCall = defineTool<Readonly<Record<string, unknown>>>({
  name: 'lsp',
  args: isRecord,
  presentCall: (args, ctx) => {
    const path = typeof args.file_path === 'string' ? args.file_path : typeof args.filePath === 'string' ? args.filePath : undefined
    const operation = typeof args.operation === 'string' ? args.operation : undefined
    return {
      card: 'generic',
      kind: 'search',
      title: ['LSP', operation, path ? shownPath(path, ctx) || '.' : undefined].filter(Boolean).join(' '),
      locations: locationOf(path, ctx),
      rawInput: args,
    }
  },
  presentResult: (_args, result) => contentResult(result),
})

/**
 * Every presenter under Qwen Code's tool names and argument shapes, as
 * QwenLM/qwen-code's `ToolNames` lists them: `read_file` (a 0-based
 * `offset`), `edit`, `write_file`, `run_shell_command` (`directory` its
 * cwd, `is_background` a background job), `grep_search`, `glob`,
 * `list_directory`, `web_fetch`, `web_search`, `agent` (a sub-agent), the
 * task list's `task_create`, `task_update`, `task_get` and `task_list` (the
 * session plan, the tasks folded into one list), the background tasks' `task_stop`
 * and `task_output`, `save_memory`, `skill`, `exit_plan_mode`, `lsp` and
 * `ask_user_question`, `zoom_image` (a read of the image, the region in
 * the title) and `notebook_edit` (Claude Code's `NotebookEdit` shape); the
 * older names `search_file_content`, `replace`,
 * `task` and `todo_write` (the plan too); and every MCP tool in either
 * spelling ({@link mcpTools}, {@link geminiMcpTools}). Titles of the cards
 * of its own are plain text.
 *
 * @example
 * import { qwenCodePresenters } from 'tool-render-intent/presenters'
 *
 * const byName = new Map(qwenCodePresenters.map((tool) => [tool.name, tool]))
 * byName.get('read_file')?.presentCall?.({ file_path: '/repo/a.ts', offset: 0, limit: 10 }, { cwd: '/repo' })
 * // { card: 'generic', kind: 'read', title: 'Read a.ts (1 - 10)', locations: [{ path: '/repo/a.ts', line: 1 }], … }
 */
export const qwenCodePresenters: readonly ToolDefinition<any, any>[] = [
  readFileCall,
  editTool,
  renameTool(writeTool, 'write_file'),
  shellCall,
  grepSearchCall,
  globTool,
  renameTool(lsTool, 'list_directory'),
  webFetchTool,
  webSearchTool,
  renameTool(taskTool, 'agent'),
  taskCreateCall,
  taskUpdateCall,
  taskGetCall,
  taskListCall,
  taskStopCall,
  taskOutputCall,
  saveMemoryCall,
  skillCall,
  exitPlanModeTool,
  lspCall,
  renameTool(askUserQuestionTool, 'ask_user_question'),
  zoomImageCall,
  renameTool(notebookEditTool, 'notebook_edit'),
  searchFileContentCall,
  replaceCall,
  taskTool,
  todoWriteCall,
  mcpTools,
  geminiMcpTools,
]
