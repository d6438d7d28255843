// Claude Code's tools, under Claude Code's names and argument shapes: the
// everyday presenters renamed, and the background-job controls adapted to
// Claude Code's id fields.
import type { ToolDefinition } from '../define-tool.js'
import { isRecord } from '../internal/record.js'
import { listAgentsTool, monitorTool, sendMessageTool } from './agent-control.js'
import { exitPlanModeTool, taskTool } from './agents.js'
import { isOptionalBoolean, isOptionalNumber, isOptionalString } from './arguments.js'
import { bashTool, bashToolWith, jobKillTool, jobOutputTool, nonPosixShellTool, type ShellPresenterOptions } from './bash.js'
import { trustPresenters } from '../internal/trusted-presenters.js'
import { editTool, multiEditTool, readTool, writeTool } from './fs.js'
import { askUserQuestionTool, enterPlanModeTool, reportFindingsTool, skillTool } from './interaction.js'
import { mcpTools } from './mcp.js'
import { notebookEditTool } from './notebook.js'
import { adaptTool, renameTool } from './rename-tool.js'
import { globTool, grepTool, lsTool } from './search.js'
import { taskCreateTool, taskGetTool, taskListTool, taskUpdateTool } from './tasks.js'
import { todoTool } from './todo.js'
import { webFetchTool, webSearchTool } from './web.js'

/** The arguments of Claude Code's `BashOutput`: the background shell to read from. */
export interface BashOutputArgs {
  /** The background shell's id; shown in the title. */
  readonly bash_id: string
  /** A regular expression the lines shown must match; not shown. */
  readonly filter?: string | null
}

/** The arguments of Claude Code's `KillShell` (once `KillBash`): the background shell to end. */
export interface KillShellArgs {
  /** The background shell's id; shown in the title. */
  readonly shell_id: string
}

/** The arguments of Claude Code's `TaskOutput`, which replaced `BashOutput`: the background task to read from. */
export interface TaskOutputArgs {
  /** The background task's id; shown in the title. */
  readonly task_id: string
  /** Wait for the task to end; not shown. */
  readonly block?: boolean | null
  /** How long to wait, in milliseconds; not shown. */
  readonly timeout?: number | null
}

/** The arguments of Claude Code's `TaskStop`, which replaced `KillShell`: `task_id`, or the older `shell_id`. */
export interface TaskStopArgs {
  /** The background task's id; shown in the title. */
  readonly task_id?: string | null
  /** The same, under its older name; used when `task_id` is absent. */
  readonly shell_id?: string | null
}

const isBashOutputArgs = (value: unknown): value is BashOutputArgs =>
  isRecord(value) && typeof value.bash_id === 'string' && isOptionalString(value.filter)

const isKillShellArgs = (value: unknown): value is KillShellArgs => isRecord(value) && typeof value.shell_id === 'string'

const isTaskOutputArgs = (value: unknown): value is TaskOutputArgs =>
  isRecord(value) && typeof value.task_id === 'string' && isOptionalBoolean(value.block) && isOptionalNumber(value.timeout)

const isTaskStopArgs = (value: unknown): value is TaskStopArgs =>
  isRecord(value) &&
  isOptionalString(value.task_id) &&
  isOptionalString(value.shell_id) &&
  (typeof value.task_id === 'string' || typeof value.shell_id === 'string')

/**
 * Claude Code's `BashOutput`: `job_output`'s card (`Read output from
 * background job <bash_id>`, kind `read`) and result (the output in a
 * `console` fence).
 *
 * @example
 * bashOutputTool.presentCall?.({ bash_id: 'bash_1' })
 * // { card: 'generic', kind: 'read', title: 'Read output from background job bash_1', rawInput: { bash_id: 'bash_1' } }
 */
export const bashOutputTool = adaptTool({
  name: 'BashOutput',
  args: isBashOutputArgs,
  base: jobOutputTool,
  toBase: (args) => ({ job_id: args.bash_id }),
})

/**
 * Claude Code's `KillShell`: `job_kill`'s card (`Kill background job
 * <shell_id>`, kind `execute`) and result.
 *
 * @example
 * killShellTool.presentCall?.({ shell_id: 'bash_1' })
 * // { card: 'generic', kind: 'execute', title: 'Kill background job bash_1', rawInput: { shell_id: 'bash_1' } }
 */
export const killShellTool = adaptTool({
  name: 'KillShell',
  args: isKillShellArgs,
  base: jobKillTool,
  toBase: (args) => ({ job_id: args.shell_id }),
})

/**
 * Claude Code's `KillBash`, `KillShell`'s older name (still in session logs):
 * the same card and result.
 *
 * @example
 * killBashTool.presentCall?.({ shell_id: 'bash_1' })
 * // { card: 'generic', kind: 'execute', title: 'Kill background job bash_1', rawInput: { shell_id: 'bash_1' } }
 */
export const killBashTool = adaptTool({
  name: 'KillBash',
  args: isKillShellArgs,
  base: jobKillTool,
  toBase: (args) => ({ job_id: args.shell_id }),
})

/**
 * Claude Code's `TaskOutput`: `job_output`'s card and result for the task `task_id`.
 *
 * @example
 * taskOutputTool.presentCall?.({ task_id: 'b7', block: true, timeout: 30000 })
 * // { card: 'generic', kind: 'read', title: 'Read output from background job b7', rawInput: { … } }
 */
export const taskOutputTool = adaptTool({
  name: 'TaskOutput',
  args: isTaskOutputArgs,
  base: jobOutputTool,
  toBase: (args) => ({ job_id: args.task_id }),
})

/**
 * Claude Code's `TaskStop`: `job_kill`'s card and result for `task_id` (or `shell_id`).
 *
 * @example
 * taskStopTool.presentCall?.({ task_id: 'b7' })
 * // { card: 'generic', kind: 'execute', title: 'Kill background job b7', rawInput: { task_id: 'b7' } }
 */
export const taskStopTool = adaptTool({
  name: 'TaskStop',
  args: isTaskStopArgs,
  base: jobKillTool,
  toBase: (args) => ({ job_id: (typeof args.task_id === 'string' ? args.task_id : args.shell_id) as string }),
})

/**
 * Every presenter under Claude Code's tool names and argument shapes:
 * `Read`, `Write`, `Edit`, `MultiEdit`, `Bash` and `PowerShell`,
 * `BashOutput`, `KillShell` (and its older name `KillBash`), `Glob`, `Grep`,
 * `LS`, `WebFetch`, `WebSearch`, `TodoWrite` (the todo list as the session
 * plan), `Task` and `Agent` (the same sub-agent tool), `NotebookEdit`,
 * `ExitPlanMode` and `EnterPlanMode`, the newer `TaskOutput` and `TaskStop`,
 * the task list's `TaskCreate`, `TaskUpdate`, `TaskList` and `TaskGet`,
 * `AskUserQuestion`, `Skill`, `ReportFindings`, `SendMessage`, `ListAgents`
 * and `Monitor`, and every MCP tool (`mcp__<server>__<tool>`, one family:
 * {@link mcpTools}). For every tool claude-agent-acp 0.101.0 maps, the
 * cards match what it shows in Zed field for field, except the deliberate differences
 * the parity table lists (Markdown-safe titles and text, paths shown
 * relative to the cwd, line 1 at least, fences no output can close,
 * `TodoWrite` as the session plan).
 *
 * @example
 * import { claudeCodePresenters } from 'tool-render-intent/presenters'
 *
 * const byName = new Map(claudeCodePresenters.map((tool) => [tool.name, tool]))
 * byName.get('Grep')?.presentCall?.({ pattern: 'TODO', '-i': true }, { cwd: '/repo' })
 * // { card: 'generic', kind: 'search', title: 'grep -i "TODO"', rawInput: { … } }
 */
export const claudeCodePresenters: readonly ToolDefinition<any, any>[] = claudeCodeFamily(bashTool)

/**
 * {@link claudeCodePresenters} with options: with `shellReads`, a `Bash`
 * call that only reads, searches or lists files is a read or search card
 * with its locations (see `bashToolWith`). `PowerShell` keeps its terminal:
 * the reader knows POSIX shell words only. Most harnesses need only
 * {@link claudeCodePresenters}: its `Bash` follows the session, which shows
 * shell reads for a client whose profile has read cards (Zed); this fixes
 * the setting whatever the session says.
 *
 * @example
 * const tools = claudeCodePresentersWith({ shellReads: true })
 * tools.find((tool) => tool.name === 'Bash')?.presentCall?.({ command: 'ls src' }, { cwd: '/repo' })
 * // { card: 'terminal', title: 'ls src', kind: 'search', locations: [{ path: 'src' }], … }
 */
export function claudeCodePresentersWith(options: ShellPresenterOptions): readonly ToolDefinition<any, any>[] {
  const tools = claudeCodeFamily(bashToolWith(options))
  trustPresenters(tools)
  return tools
}

function claudeCodeFamily(bash: ToolDefinition<any, any>): ToolDefinition<any, any>[] {
  return [
    renameTool(readTool, 'Read'),
    renameTool(writeTool, 'Write'),
    renameTool(editTool, 'Edit'),
    renameTool(multiEditTool, 'MultiEdit'),
    renameTool(bash, 'Bash'),
    renameTool(nonPosixShellTool, 'PowerShell'),
    bashOutputTool,
    killShellTool,
    killBashTool,
    taskOutputTool,
    taskStopTool,
    renameTool(globTool, 'Glob'),
    renameTool(grepTool, 'Grep'),
    renameTool(lsTool, 'LS'),
    renameTool(webFetchTool, 'WebFetch'),
    renameTool(webSearchTool, 'WebSearch'),
    renameTool(todoTool, 'TodoWrite'),
    renameTool(taskTool, 'Task'),
    renameTool(taskTool, 'Agent'),
    renameTool(notebookEditTool, 'NotebookEdit'),
    renameTool(exitPlanModeTool, 'ExitPlanMode'),
    enterPlanModeTool,
    taskCreateTool,
    taskUpdateTool,
    taskListTool,
    taskGetTool,
    askUserQuestionTool,
    skillTool,
    reportFindingsTool,
    sendMessageTool,
    listAgentsTool,
    monitorTool,
    mcpTools,
  ]
}
