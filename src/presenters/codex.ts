// Codex's tools (openai/codex, codex-rs/tools): its shells (`shell` with an
// argument array, `shell_command`, and the unified exec pair `exec_command`
// / `write_stdin`), `apply_patch`, `update_plan` (the session plan) and
// `view_image`, under codex's names and argument shapes.
import { defineTool, type ToolDefinition } from '../define-tool.js'
import { consoleFenceBlock, fenced } from '../safety/fence.js'
import { isRecord } from '../internal/record.js'
import type { PlanEntry } from '../views.js'
import { isFiniteNumber, isOptionalBoolean, isOptionalNumber, isOptionalString, isStringArray, present } from './arguments.js'
import { type BashArgs, bashTool, bashToolWith, type ShellPresenterOptions } from './bash.js'
import { trustPresenters } from '../internal/trusted-presenters.js'
import { locationOf, titlePath } from './display.js'
import { codexImageGenerationTool, codexWebSearchTool } from './codex-hosted.js'
import { mcpTools } from './mcp.js'
import { applyPatchTool } from './patch.js'
import { adaptTool } from './rename-tool.js'
import { contentResult, isErrorResult, textFirstResult } from './result-content.js'
import { todoPlanEntries } from './todo.js'

/**
 * The arguments of codex's `shell`: the command as an argument vector (run
 * with `execvp`, usually `["bash", "-lc", "<script>"]`), where it runs, and
 * for how long. Other fields (`sandbox_permissions`, `prefix_rule`, …) are
 * accepted and not shown.
 */
export interface CodexShellArgs {
  /** The argument vector; the card's title is the command line it stands for. */
  readonly command: readonly string[]
  /** Where the command runs; a relative path resolves against the session cwd. */
  readonly workdir?: string | null
  /** The time limit in milliseconds; not shown. */
  readonly timeout_ms?: number | null
  /** The older name of `timeout_ms` (codex still accepts it); not shown. */
  readonly timeout?: number | null
  /** Why the command must run outside the sandbox, as a question to the user; shown as the description. */
  readonly justification?: string | null
}

/** The arguments of codex's `shell_command`: a script for the user's default shell. */
export interface CodexShellCommandArgs {
  /** The script; the card's title. */
  readonly command: string
  /** Where it runs; a relative path resolves against the session cwd. */
  readonly workdir?: string | null
  /** The time limit in milliseconds; not shown. */
  readonly timeout_ms?: number | null
  /** Run the shell as a login shell; not shown. */
  readonly login?: boolean | null
  /** Why it must run outside the sandbox; shown as the description. */
  readonly justification?: string | null
}

/**
 * The arguments of codex's `exec_command` (unified exec): a command run in
 * a PTY or pipes, which may outlive the call as a session that
 * `write_stdin` talks to.
 */
export interface CodexExecCommandArgs {
  /** The command line; the card's title. */
  readonly cmd: string
  /** Where it runs; a relative path resolves against the session cwd. */
  readonly workdir?: string | null
  /** The shell binary; not shown. */
  readonly shell?: string | null
  /** Allocate a TTY; not shown. */
  readonly tty?: boolean | null
  /** Run the shell as a login shell; not shown. */
  readonly login?: boolean | null
  /** How long to wait for output before the call returns, in milliseconds; not shown. */
  readonly yield_time_ms?: number | null
  /** The most output tokens returned; not shown. */
  readonly max_output_tokens?: number | null
  /** Why it must run outside the sandbox; shown as the description. */
  readonly justification?: string | null
}

/** The arguments of codex's `write_stdin`: characters for a running `exec_command` session. */
export interface CodexWriteStdinArgs {
  /** The session `exec_command` returned; shown in the title. */
  readonly session_id: number | string
  /** What to write; empty or absent to only poll for output. */
  readonly chars?: string | null
  /** How long to wait for output, in milliseconds; not shown. */
  readonly yield_time_ms?: number | null
  /** The most output tokens returned; not shown. */
  readonly max_output_tokens?: number | null
}

/** One step of codex's plan. */
export interface CodexPlanItem {
  /** What the step is. */
  readonly step: string
  /** Where it stands. */
  readonly status: 'pending' | 'in_progress' | 'completed'
}

/** The arguments of codex's `update_plan`: the whole plan, replacing the previous one. */
export interface CodexUpdatePlanArgs {
  /** Why the plan changed; not shown (a plan has no text of its own). */
  readonly explanation?: string | null
  /** The steps, in order. */
  readonly plan: readonly CodexPlanItem[]
}

/** The arguments of codex's `view_image`: a local image the model wants to see. */
export interface CodexViewImageArgs {
  /** The image file; shown relative to the session cwd when inside it. */
  readonly path: string
  /** `original` to keep the full resolution; not shown. */
  readonly detail?: string | null
}

const isShellArgs = (value: unknown): value is CodexShellArgs =>
  isRecord(value) &&
  isStringArray(value.command) &&
  isOptionalString(value.workdir) &&
  isOptionalNumber(value.timeout_ms) &&
  isOptionalNumber(value.timeout) &&
  isOptionalString(value.justification)

const isShellCommandArgs = (value: unknown): value is CodexShellCommandArgs =>
  isRecord(value) &&
  typeof value.command === 'string' &&
  isOptionalString(value.workdir) &&
  isOptionalNumber(value.timeout_ms) &&
  isOptionalBoolean(value.login) &&
  isOptionalString(value.justification)

const isExecCommandArgs = (value: unknown): value is CodexExecCommandArgs =>
  isRecord(value) &&
  typeof value.cmd === 'string' &&
  isOptionalString(value.workdir) &&
  isOptionalString(value.shell) &&
  isOptionalBoolean(value.tty) &&
  isOptionalBoolean(value.login) &&
  isOptionalNumber(value.yield_time_ms) &&
  isOptionalNumber(value.max_output_tokens) &&
  isOptionalString(value.justification)

const isWriteStdinArgs = (value: unknown): value is CodexWriteStdinArgs =>
  isRecord(value) &&
  (typeof value.session_id === 'string' || isFiniteNumber(value.session_id)) &&
  isOptionalString(value.chars) &&
  isOptionalNumber(value.yield_time_ms) &&
  isOptionalNumber(value.max_output_tokens)

const PLAN_STATUSES: readonly unknown[] = ['pending', 'in_progress', 'completed']

function isPlan(value: unknown): value is CodexPlanItem[] {
  if (!Array.isArray(value)) return false
  for (const item of value) if (!isRecord(item) || typeof item.step !== 'string' || !PLAN_STATUSES.includes(item.status)) return false
  return true
}

const isUpdatePlanArgs = (value: unknown): value is CodexUpdatePlanArgs =>
  isRecord(value) && isPlan(value.plan) && isOptionalString(value.explanation)

const isViewImageArgs = (value: unknown): value is CodexViewImageArgs =>
  isRecord(value) && typeof value.path === 'string' && isOptionalString(value.detail)

// A shell invoked to run one script: the script is the command line.
const SHELL = /(?:^|\/)(?:bash|sh|zsh|dash|ksh)$/
// Arguments that need no quotes (Python's shlex.quote keeps the same set).
const PLAIN_ARGUMENT = /^[\w@%+=:,./-]+$/

/**
 * The command line an argument vector stands for: the script of
 * `["bash", "-lc", "<script>"]` (or `sh`, `zsh`, … with `-c`), else the
 * arguments joined with spaces, each single-quoted unless it is made only
 * of letters, digits and `@%+=:,./-` (as Python's `shlex.join` does).
 *
 * @example
 * commandLine(['bash', '-lc', 'npm test']) // 'npm test'
 * commandLine(['rg', '-n', 'fn main', 'src']) // "rg -n 'fn main' src"
 */
export function commandLine(argv: readonly string[]): string {
  if (argv.length === 3 && SHELL.test(argv[0]) && (argv[1] === '-lc' || argv[1] === '-c')) return argv[2]
  return argv.map((arg) => (PLAIN_ARGUMENT.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`)).join(' ')
}

// Arguments still streaming in: what has arrived of the command, for bash's
// partial presenter (a terminal from the first sighting).
const partialCommand = (partial: unknown, key: string, line: (value: unknown) => string | undefined): unknown =>
  isRecord(partial) ? { command: line(partial[key]) } : partial

/**
 * Codex's `shell`: `bash`'s terminal card, titled with the command line
 * (the script of `bash -lc`, else the arguments,
 * each quoted as `shlex.join` quotes it), `workdir` as its cwd and `justification` as its description;
 * the result is `bash`'s terminal result (output from the text, exit status
 * from `result.meta`, see `BashResultMeta`). Arguments still streaming in
 * give a terminal card from the first sighting.
 *
 * @example
 * shellTool.presentCall?.({ command: ['bash', '-lc', 'cargo test'], workdir: '/repo' })
 * // { card: 'terminal', title: 'cargo test', cwd: '/repo' }
 */
export const shellTool = codexShell(bashTool)

function codexShell(base: typeof bashTool) {
  return adaptTool({
    name: 'shell',
    args: isShellArgs,
    base,
    toBase: (args): BashArgs => ({
      command: commandLine(args.command),
      workdir: present(args.workdir),
      timeout: present(args.timeout_ms ?? args.timeout),
      description: present(args.justification),
    }),
    partialToBase: (partial) => partialCommand(partial, 'command', (value) => (isStringArray(value) ? commandLine(value) : undefined)),
  })
}

/**
 * Codex's `shell_command`: `bash`'s terminal card titled with the script,
 * and its terminal result.
 *
 * @example
 * shellCommandTool.presentCall?.({ command: 'ls -la', workdir: 'src' })
 * // { card: 'terminal', title: 'ls -la', cwd: 'src' }
 */
export const shellCommandTool = codexShellCommand(bashTool)

function codexShellCommand(base: typeof bashTool) {
  return adaptTool({
    name: 'shell_command',
    args: isShellCommandArgs,
    base,
    toBase: (args): BashArgs => ({
      command: args.command,
      workdir: present(args.workdir),
      timeout: present(args.timeout_ms),
      description: present(args.justification),
    }),
    partialToBase: (partial) => partialCommand(partial, 'command', (value) => (typeof value === 'string' ? value : undefined)),
  })
}

/**
 * Codex's `exec_command`: `bash`'s terminal card titled with `cmd`, and its
 * terminal result. A command still running when the call returns (codex
 * then gives a session id) has no exit status in the meta: a terminal
 * result without one.
 *
 * @example
 * execCommandTool.presentCall?.({ cmd: 'npm run dev', workdir: '/repo', yield_time_ms: 1000 })
 * // { card: 'terminal', title: 'npm run dev', cwd: '/repo' }
 */
export const execCommandTool = codexExecCommand(bashTool)

function codexExecCommand(base: typeof bashTool) {
  return adaptTool({
    name: 'exec_command',
    args: isExecCommandArgs,
    base,
    toBase: (args): BashArgs => ({ command: args.cmd, workdir: present(args.workdir), description: present(args.justification) }),
    partialToBase: (partial) => partialCommand(partial, 'cmd', (value) => (typeof value === 'string' ? value : undefined)),
  })
}

/**
 * Codex's `write_stdin`: a generic `execute` card titled `Write to session
 * <id>` (`Poll session <id>` when there is nothing to write; plain text, as
 * every `execute` title) whose text is what is written, as a JSON string
 * in a fence (so control characters such as Ctrl-C show as `\u0003`). The
 * result shows the output in a `console` fence; other blocks after it.
 *
 * @example
 * writeStdinTool.presentCall?.({ session_id: 3, chars: 'y\n' })
 * // { card: 'generic', kind: 'execute', title: 'Write to session 3',
 * //   content: [{ type: 'text', text: '```\n"y\\n"\n```' }], rawInput: { … } }
 */
export const writeStdinTool = defineTool<CodexWriteStdinArgs>({
  name: 'write_stdin',
  args: isWriteStdinArgs,
  presentCall: (args) => ({
    card: 'generic',
    kind: 'execute',
    title: `${args.chars ? 'Write to' : 'Poll'} session ${args.session_id}`,
    content: args.chars ? [{ type: 'text', text: fenced(JSON.stringify(args.chars)) }] : undefined,
    rawInput: args,
  }),
  presentResult: (_args, result) => textFirstResult(result, (text) => (text.trimEnd() === '' ? undefined : consoleFenceBlock(text))),
})

// Codex's steps as todo items, so the plan entries are made one way.
const planEntries = (plan: readonly CodexPlanItem[]): PlanEntry[] =>
  todoPlanEntries(plan.map(({ step, status }) => ({ content: step, status })))

/**
 * Codex's `update_plan`: the session's plan, a plan card titled `Update
 * plan` with one entry per step, made as the todo list's entries are
 * (`todoPlanEntries`: `content` the step, `status` as given, priority
 * `medium`, as codex gives none). Editors show it in their plan view; the
 * explanation is not shown, as a plan has no text of its own. The result
 * has no content of its own; an error result shows the error.
 *
 * @example
 * updatePlanTool.presentCall?.({ plan: [{ step: 'Write the parser', status: 'in_progress' }] })
 * // { card: 'plan', title: 'Update plan', entries: [{ content: 'Write the parser', status: 'in_progress', priority: 'medium' }] }
 */
export const updatePlanTool = defineTool<CodexUpdatePlanArgs>({
  name: 'update_plan',
  args: isUpdatePlanArgs,
  presentCall: (args) => ({ card: 'plan', title: 'Update plan', entries: planEntries(args.plan) }),
  presentResult: (_args, result) => (isErrorResult(result) ? contentResult(result) : { card: 'generic' }),
})

/**
 * Codex's `view_image`: a generic `read` card titled `View image <path>`
 * (relative to the session cwd, normalised and escaped as every title
 * path) with a location for the file. The result shows what the tool
 * returned, the image included.
 *
 * @example
 * viewImageTool.presentCall?.({ path: '/repo/shot.png' }, { cwd: '/repo' })
 * // { card: 'generic', kind: 'read', title: 'View image shot.png', locations: [{ path: '/repo/shot.png' }], rawInput: { … } }
 */
export const viewImageTool = defineTool<CodexViewImageArgs>({
  name: 'view_image',
  args: isViewImageArgs,
  presentCall: (args, ctx) => ({
    card: 'generic',
    kind: 'read',
    title: args.path ? `View image ${titlePath(args.path, ctx) || '.'}` : 'View image',
    locations: locationOf(args.path, ctx),
    rawInput: args,
  }),
  presentResult: (_args, result) => contentResult(result),
})

/**
 * Every presenter under codex's tool names and argument shapes, as codex
 * defines its tools today (codex-rs/tools): `shell`, `shell_command`,
 * `exec_command`, `write_stdin`, `apply_patch` (the patch as the freeform
 * input, or as `{ input }` for the JSON tool), `update_plan` and
 * `view_image`; the hosted `web_search` and `image_generation`; and every
 * MCP tool (`mcp__<server>__<tool>`, one family: {@link mcpTools}).
 *
 * @example
 * import { codexPresenters } from 'tool-render-intent/presenters'
 *
 * const byName = new Map(codexPresenters.map((tool) => [tool.name, tool]))
 * byName.get('shell')?.presentCall?.({ command: ['bash', '-lc', 'ls'] })
 * // { card: 'terminal', title: 'ls' }
 */
export const codexPresenters: readonly ToolDefinition<any, any>[] = codexFamily(shellTool, shellCommandTool, execCommandTool)

/**
 * {@link codexPresenters} with options: with `shellReads`, a `shell`,
 * `shell_command` or `exec_command` call that only reads, searches or
 * lists files is a read or search card with its locations (see
 * `bashToolWith`), as codex-acp shows such commands. Most harnesses need
 * only {@link codexPresenters}: its shell tools follow the session, which
 * shows shell reads for a client whose profile has read cards (Zed); this
 * fixes the setting whatever the session says.
 *
 * @example
 * const tools = codexPresentersWith({ shellReads: true })
 * tools.find((tool) => tool.name === 'shell')?.presentCall?.({ command: ['bash', '-lc', 'rg -n todo src'] }, { cwd: '/repo' })
 * // { card: 'terminal', title: 'rg -n todo src', kind: 'search', locations: [{ path: 'src' }], … }
 */
export function codexPresentersWith(options: ShellPresenterOptions): readonly ToolDefinition<any, any>[] {
  const base = bashToolWith(options)
  const tools = codexFamily(codexShell(base), codexShellCommand(base), codexExecCommand(base))
  trustPresenters(tools)
  return tools
}

function codexFamily(shell: ToolDefinition<any, any>, shellCommand: ToolDefinition<any, any>, execCommand: ToolDefinition<any, any>) {
  return [
    shell,
    shellCommand,
    execCommand,
    writeStdinTool,
    applyPatchTool,
    updatePlanTool,
    viewImageTool,
    codexWebSearchTool,
    codexImageGenerationTool,
    mcpTools,
  ]
}
