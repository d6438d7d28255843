// Claude Code's task list tools (`TaskCreate`, `TaskUpdate`, `TaskList`,
// `TaskGet`), which replaced the `TodoWrite` snapshot with one call per
// change. Each call is a `think` card; the list as a whole is session state.
import { defineTool } from '../define-tool.js'
import { isRecord } from '../internal/record.js'
import { markdownInline } from '../markdown-text.js'
import { isOptionalString } from './arguments.js'
import { markdownContent, markdownResult } from './display.js'

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
  args: isTaskCreateArgs,
  presentCall: (args) => ({
    card: 'generic',
    kind: 'think',
    title: args.subject ? `Create task: ${markdownInline(args.subject)}` : 'Create task',
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
  args: isTaskUpdateArgs,
  presentCall: (args) => ({
    card: 'generic',
    kind: 'think',
    title: args.subject ? `Update task: ${markdownInline(args.subject)}` : 'Update task',
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
  args: isTaskGetArgs,
  presentCall: (args) => ({ card: 'generic', kind: 'think', title: 'Get task', rawInput: args }),
  presentResult: (_args, result) => markdownResult(result),
})
