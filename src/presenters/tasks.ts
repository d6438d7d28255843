// Claude Code's task list tools (`TaskCreate`, `TaskUpdate`, `TaskList`,
// `TaskGet`), which replaced the `TodoWrite` snapshot with one call per
// change. Each call is a `think` card; the list as a whole is session state,
// which nextTaskList folds and taskListPlan shows as the session plan.
import { defineTool, type SessionPlan } from '../define-tool.js'
import { isRecord } from '../internal/record.js'
import type { PlanCallView, ToolResult } from '../views.js'
import { isOptionalString } from './arguments.js'
import { markdownContent, markdownResult } from './display.js'
import { isErrorResult, resultStructured, resultText } from './result-content.js'

/**
 * Claude Code's task list as the session's plan: every \`Task*\` tool names
 * it, so the session folds each finished call into one list
 * ({@link nextTaskList}) and sends {@link taskListPlan} of it when it changes.
 */
export const taskList: SessionPlan<readonly TaskListEntry[]> = {
  initial: [],
  next: (tasks, toolName, args, result) => nextTaskList(tasks, toolName, args, result),
  view: (tasks) => taskListPlan(tasks),
}

/** The arguments of Claude Code's `TaskCreate`. Other fields (`metadata`) are accepted and not shown. */
export interface TaskCreateArgs {
  /** A short title for the task; shown in the card's title. */
  readonly subject: string
  /** What needs doing; the card's text. */
  readonly description?: string | null
  /** The present-tense label shown while the task is in progress, such as `Running tests`; not shown. */
  readonly activeForm?: string | null
}

/** The arguments of Claude Code's `TaskUpdate`. Other fields (`addBlocks`, `owner`, `metadata`, …) are accepted and not shown. */
export interface TaskUpdateArgs {
  /** The task's id. */
  readonly taskId: string
  /** A new title; shown in the card's title when given. */
  readonly subject?: string | null
  /** The new status: `pending`, `in_progress`, `completed` or `deleted`; not shown in the title. */
  readonly status?: string | null
  /** A new description; the card's text. */
  readonly description?: string | null
  /** A new present-tense label; not shown. */
  readonly activeForm?: string | null
}

/** The arguments of Claude Code's `TaskGet`. */
export interface TaskGetArgs {
  /** The task's id. */
  readonly taskId: string
}

const isTaskCreateArgs = (value: unknown): value is TaskCreateArgs =>
  isRecord(value) && typeof value.subject === 'string' && isOptionalString(value.description) && isOptionalString(value.activeForm)

const isTaskUpdateArgs = (value: unknown): value is TaskUpdateArgs =>
  isRecord(value) &&
  typeof value.taskId === 'string' &&
  isOptionalString(value.subject) &&
  isOptionalString(value.status) &&
  isOptionalString(value.description) &&
  isOptionalString(value.activeForm)

const isTaskGetArgs = (value: unknown): value is TaskGetArgs => isRecord(value) && typeof value.taskId === 'string'

/**
 * Claude Code's `TaskCreate`: a generic `think` card titled
 * `Create task: <subject>` (`Create task` for an empty one), as
 * claude-agent-acp titles it, with the description as its text. The result
 * shows what the tool returned.
 *
 * @example
 * taskCreateTool.presentCall?.({ subject: 'Fix the parser', description: 'It drops the last line.' })
 * // { card: 'generic', kind: 'think', title: 'Create task: Fix the parser',
 * //   content: [{ type: 'text', text: 'It drops the last line.' }], rawInput: { … } }
 */
export const taskCreateTool = defineTool<TaskCreateArgs>({
  name: 'TaskCreate',
  sessionPlan: taskList,
  args: isTaskCreateArgs,
  presentCall: (args) => ({
    card: 'generic',
    kind: 'think',
    title: args.subject ? `Create task: ${args.subject}` : 'Create task',
    content: markdownContent(args.description),
    rawInput: args,
  }),
  presentResult: (_args, result) => markdownResult(result),
})

/**
 * Claude Code's `TaskUpdate`: a generic `think` card titled
 * `Update task: <subject>` when the update renames the task, else
 * `Update task`, as claude-agent-acp titles it; a new description is its
 * text, and the raw input shows the rest (the status among it).
 *
 * @example
 * taskUpdateTool.presentCall?.({ taskId: '3', status: 'completed' })
 * // { card: 'generic', kind: 'think', title: 'Update task', rawInput: { taskId: '3', status: 'completed' } }
 */
export const taskUpdateTool = defineTool<TaskUpdateArgs>({
  name: 'TaskUpdate',
  sessionPlan: taskList,
  args: isTaskUpdateArgs,
  presentCall: (args) => ({
    card: 'generic',
    kind: 'think',
    title: args.subject ? `Update task: ${args.subject}` : 'Update task',
    content: markdownContent(args.description),
    rawInput: args,
  }),
  presentResult: (_args, result) => markdownResult(result),
})

/**
 * Claude Code's `TaskList`: a generic `think` card titled `List tasks`. The
 * result shows the list as the tool returned it.
 *
 * @example
 * taskListTool.presentCall?.({})
 * // { card: 'generic', kind: 'think', title: 'List tasks' }
 */
export const taskListTool = defineTool<Readonly<Record<string, unknown>>>({
  name: 'TaskList',
  sessionPlan: taskList,
  args: isRecord,
  presentCall: () => ({ card: 'generic', kind: 'think', title: 'List tasks' }),
  presentResult: (_args, result) => markdownResult(result),
})

/**
 * Claude Code's `TaskGet`: a generic `think` card titled `Get task`, as
 * claude-agent-acp titles it. The result shows the task.
 *
 * @example
 * taskGetTool.presentCall?.({ taskId: '3' })
 * // { card: 'generic', kind: 'think', title: 'Get task', rawInput: { taskId: '3' } }
 */
export const taskGetTool = defineTool<TaskGetArgs>({
  name: 'TaskGet',
  sessionPlan: taskList,
  args: isTaskGetArgs,
  presentCall: (args) => ({ card: 'generic', kind: 'think', title: 'Get task', rawInput: args }),
  presentResult: (_args, result) => markdownResult(result),
})

/** One task of Claude Code's task list, as a session keeps it between `Task*` calls. */
export interface TaskListEntry {
  /** The task's id, such as `3`. */
  readonly id: string
  /** Its title. */
  readonly subject: string
  /** Where it stands. */
  readonly status: 'pending' | 'in_progress' | 'completed'
  /** The present-tense label shown while it is in progress. */
  readonly activeForm?: string | undefined
}

const STATUSES: ReadonlySet<string> = new Set(['pending', 'in_progress', 'completed'])
const isStatus = (value: unknown): value is TaskListEntry['status'] => typeof value === 'string' && STATUSES.has(value)

const CREATED = /^Task #(\S+) created successfully: (.+)$/
const LISTED = /^#(\S+) \[(pending|in_progress|completed)\] (.+)$/

// A subject without the ` [blocked by #a, #b]` a listed line may end with.
function unblocked(subject: string): string {
  const start = subject.lastIndexOf(' [blocked by #')
  return start > 0 && subject.endsWith(']') && subject.indexOf(']', start) === subject.length - 1 ? subject.slice(0, start) : subject
}

// The id and subject TaskCreate's result gives: the structured `{ task: { id, subject } }`, else its text.
function createdTask(result: unknown): { id: string; subject?: string } | undefined {
  const task = resultStructured(result)?.task
  if (isRecord(task) && typeof task.id === 'string')
    return { id: task.id, subject: typeof task.subject === 'string' ? task.subject : undefined }
  const match = CREATED.exec(resultText(result).trim())
  return match ? { id: match[1], subject: match[2] } : undefined
}

// The tasks TaskList's result gives: the structured `{ tasks }`, else its `#id [status] subject` lines.
function listedTasks(result: unknown): { id: string; subject: string; status: TaskListEntry['status'] }[] | undefined {
  const tasks = resultStructured(result)?.tasks
  if (Array.isArray(tasks)) {
    const listed = []
    for (const task of tasks) {
      if (!isRecord(task) || typeof task.id !== 'string' || typeof task.subject !== 'string' || !isStatus(task.status)) return undefined
      listed.push({ id: task.id, subject: task.subject, status: task.status })
    }
    return listed
  }
  const text = resultText(result).trim()
  if (text === 'No tasks found') return []
  const listed = []
  for (const line of text.split('\n')) {
    const match = LISTED.exec(line)
    if (!match) return undefined
    listed.push({ id: match[1], subject: unblocked(match[3]), status: match[2] as TaskListEntry['status'] })
  }
  return listed.length > 0 ? listed : undefined
}

/**
 * Claude Code's task list after one `Task*` call, as claude-agent-acp 0.101.0
 * keeps it to send as the session plan: `TaskCreate` adds the task its
 * result names (`pending`), `TaskUpdate` changes or (status `deleted`)
 * removes one, `TaskList` replaces the list with the one it returned
 * (keeping each task's `activeForm`), and anything else, a failed call or a
 * result it cannot read leaves the list as it was. Pure: it returns a new
 * list and never throws, whatever JSON the arguments and result hold.
 *
 * A presenter sees one call, so the list is the session's to keep: fold
 * each finished `Task*` call into it and send {@link taskListPlan} of the
 * new list.
 *
 * @example
 * let tasks: readonly TaskListEntry[] = []
 * tasks = nextTaskList(tasks, 'TaskCreate', { subject: 'Ship', activeForm: 'Shipping' }, { content: [{ type: 'text', text: 'Task #1 created successfully: Ship' }] })
 * tasks = nextTaskList(tasks, 'TaskUpdate', { taskId: '1', status: 'in_progress' }, { content: [] })
 * taskListPlan(tasks) // { card: 'plan', title: 'Update tasks', entries: [{ content: 'Shipping', status: 'in_progress', priority: 'medium' }] }
 */
export function nextTaskList(
  tasks: readonly TaskListEntry[],
  toolName: string,
  args: unknown,
  result: ToolResult,
): readonly TaskListEntry[] {
  if (isErrorResult(result)) return tasks
  if (toolName === 'TaskCreate' && isTaskCreateArgs(args)) {
    const created = createdTask(result)
    if (!created) return tasks
    const entry: TaskListEntry = {
      id: created.id,
      subject: created.subject ?? args.subject,
      status: 'pending',
      activeForm: args.activeForm || undefined,
    }
    return [...tasks.filter((task) => task.id !== created.id), entry]
  }
  if (toolName === 'TaskUpdate' && isTaskUpdateArgs(args)) {
    if (args.status === 'deleted') return tasks.filter((task) => task.id !== args.taskId)
    const index = tasks.findIndex((task) => task.id === args.taskId)
    const existing = index === -1 ? undefined : tasks[index]
    const subject = args.subject || existing?.subject
    if (!subject) return tasks
    const entry: TaskListEntry = {
      id: args.taskId,
      subject,
      status: isStatus(args.status) ? args.status : (existing?.status ?? 'pending'),
      activeForm: args.activeForm || existing?.activeForm,
    }
    return index === -1 ? [...tasks, entry] : tasks.map((task, at) => (at === index ? entry : task))
  }
  if (toolName === 'TaskList') {
    const listed = listedTasks(result)
    if (!listed) return tasks
    return listed.map((task) => ({ ...task, activeForm: tasks.find((known) => known.id === task.id)?.activeForm }))
  }
  return tasks
}

/**
 * The task list as the session's plan, a plan card titled `Update tasks`:
 * one entry per task in order, its `activeForm` while in progress (else its
 * subject), its status, priority `medium`, as claude-agent-acp 0.101.0
 * sends it.
 *
 * @example
 * taskListPlan([{ id: '1', subject: 'Ship', status: 'pending' }])
 * // { card: 'plan', title: 'Update tasks', entries: [{ content: 'Ship', status: 'pending', priority: 'medium' }] }
 */
export function taskListPlan(tasks: readonly TaskListEntry[]): PlanCallView {
  return {
    card: 'plan',
    title: 'Update tasks',
    entries: tasks.map((task) => ({
      content: task.status === 'in_progress' && task.activeForm ? task.activeForm : task.subject,
      status: task.status,
      priority: 'medium',
    })),
  }
}
