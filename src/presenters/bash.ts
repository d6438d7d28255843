// The shell tool and its background-job controls. A foreground command is a
// display-only terminal card; everything else is a generic card.
import { defineTool } from '../define-tool.js'
import type { GenericCallView, TerminalResultView } from '../views.js'
import { isOptionalBoolean, isOptionalNumber, isOptionalString, isRecord } from './arguments.js'
import { contentResult, resultMeta, resultText } from './result-content.js'

/** The `bash` tool's arguments. `workdir` is where the command runs; `timeout` is in the tool's own unit. */
export interface BashArgs {
  /** The command line the model sends; also the card's title (`Terminal` when empty). */
  readonly command: string
  /** What the command is for, in the model's words; shown beside the command. */
  readonly description?: string
  /** Run as a background job: a generic `execute` card instead of a terminal. */
  readonly run_in_background?: boolean
  /** In the tool's own unit (usually milliseconds); not shown. */
  readonly timeout?: number
  /** Where the command runs; a relative path resolves against the session cwd. */
  readonly workdir?: string
}

/**
 * The presentation meta of a foreground `bash` result: how the command
 * ended, carried as data (never parsed back out of the output text).
 * A harness stores it beside the result.
 *
 * @example
 * const meta: BashResultMeta = { exitCode: 1 }
 * const killed: BashResultMeta = { signal: 'SIGKILL' }
 */
export interface BashResultMeta {
  /** The command's exit code; ignored unless it is an integer. */
  readonly exitCode?: number
  /** The signal that ended the command, e.g. `'SIGKILL'`; ignored unless it is a string. */
  readonly signal?: string
}

/** The arguments of `job_output` and `job_kill`: the id the background run was given. */
export interface JobArgs {
  /** The background job's id, as the harness gave it; shown in the card's title. */
  readonly job_id: string | number
}

/** The arguments of `job_list`: none; any object is accepted. */
export type JobListArgs = Readonly<Record<string, unknown>>

const isBashArgs = (value: unknown): value is BashArgs =>
  isRecord(value) &&
  typeof value.command === 'string' &&
  isOptionalString(value.description) &&
  isOptionalBoolean(value.run_in_background) &&
  isOptionalNumber(value.timeout) &&
  isOptionalString(value.workdir)

const isJobArgs = (value: unknown): value is JobArgs =>
  isRecord(value) && (typeof value.job_id === 'string' || typeof value.job_id === 'number')

const isJobListArgs = (value: unknown): value is JobListArgs => isRecord(value)

// claude-agent-acp's title: the command, or `Terminal` when it is empty.
const commandTitle = (command: string) => command || 'Terminal'

function backgroundCall(args: BashArgs): GenericCallView {
  return {
    card: 'generic',
    kind: 'execute',
    title: commandTitle(args.command),
    content: args.description ? [{ type: 'text', text: args.description }] : undefined,
    rawInput: args,
  }
}

// Each field of the meta is taken only when it has the right type.
function terminalResult(result: unknown): TerminalResultView {
  const meta = resultMeta(result)
  const exitCode = isRecord(meta) && Number.isInteger(meta.exitCode) ? (meta.exitCode as number) : undefined
  const signal = isRecord(meta) && typeof meta.signal === 'string' ? meta.signal : undefined
  return { card: 'terminal', output: resultText(result), exitCode, signal }
}

/**
 * `bash`: in the foreground, a terminal card titled with the command (the
 * description and `workdir` ride along), and a terminal result whose
 * `output` is the result's text blocks joined with nothing between them and
 * whose `exitCode` / `signal` come from `result.meta` ({@link BashResultMeta}).
 * An error result is still a terminal result; the consumer marks it failed.
 * With `run_in_background`, a generic `execute` card with the description
 * as text, and a generic result with the content.
 *
 * @example
 * bashTool.presentCall?.({ command: 'npm test', description: 'Run tests', workdir: 'pkg' })
 * // { card: 'terminal', title: 'npm test', description: 'Run tests', cwd: 'pkg' }
 * bashTool.presentResult?.({ command: 'false' }, { content: [{ type: 'text', text: '' }], meta: { exitCode: 1 } })
 * // { card: 'terminal', output: '', exitCode: 1, signal: undefined }
 */
export const bashTool = defineTool<BashArgs, BashResultMeta>({
  name: 'bash',
  args: isBashArgs,
  presentCall: (args) =>
    args.run_in_background
      ? backgroundCall(args)
      : { card: 'terminal', title: commandTitle(args.command), description: args.description, cwd: args.workdir },
  presentResult: (args, result) => (args.run_in_background ? contentResult(result) : terminalResult(result)),
})

/**
 * `job_output`: a generic `read` card `Read output from background job <id>`;
 * the result shows the content.
 */
export const jobOutputTool = defineTool<JobArgs>({
  name: 'job_output',
  args: isJobArgs,
  presentCall: (args) => ({
    card: 'generic',
    kind: 'read',
    title: `Read output from background job ${args.job_id}`,
    rawInput: args,
  }),
  presentResult: (_args, result) => contentResult(result),
})

/**
 * `job_kill`: a generic `execute` card `Kill background job <id>`; the
 * result shows the content.
 */
export const jobKillTool = defineTool<JobArgs>({
  name: 'job_kill',
  args: isJobArgs,
  presentCall: (args) => ({
    card: 'generic',
    kind: 'execute',
    title: `Kill background job ${args.job_id}`,
    rawInput: args,
  }),
  presentResult: (_args, result) => contentResult(result),
})

/**
 * `job_list`: a generic `read` card `List background jobs`; the result shows
 * the content.
 */
export const jobListTool = defineTool<JobListArgs>({
  name: 'job_list',
  args: isJobListArgs,
  presentCall: () => ({ card: 'generic', kind: 'read', title: 'List background jobs' }),
  presentResult: (_args, result) => contentResult(result),
})
