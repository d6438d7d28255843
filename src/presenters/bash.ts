// The shell tool and its background-job controls. A foreground command is a
// display-only terminal card; everything else is a generic card.
import { defineTool } from '../define-tool.js'
import { consoleFence } from '../fence.js'
import { isRecord } from '../internal/record.js'
import { markdownInline } from '../markdown-text.js'
import type { GenericCallView, GenericResultView, TerminalResultView, ToolCallView } from '../views.js'
import { isFiniteNumber, isOptionalBoolean, isOptionalNumber, isOptionalString, present } from './arguments.js'
import { contentResult, resultMeta, resultText, textFirstResult } from './result-content.js'

/**
 * The `bash` tool's arguments. `workdir` is where the command runs; `timeout`
 * is in the tool's own unit. `null` in an optional field counts as absent
 * (models with strict tool schemas send `null` for every field they leave out).
 */
export interface BashArgs {
  /** The command line the model sends; also the card's title (`Terminal` when empty). */
  readonly command: string
  /** What the command is for, in the model's words; shown beside the command. */
  readonly description?: string | null
  /** Run as a background job: a generic `execute` card instead of a terminal. */
  readonly run_in_background?: boolean | null
  /** In the tool's own unit (usually milliseconds); not shown. */
  readonly timeout?: number | null
  /** Where the command runs; a relative path resolves against the session cwd. */
  readonly workdir?: string | null
}

/**
 * The presentation meta of a foreground `bash` result: how the command
 * ended, carried as data (never parsed back out of the output text).
 * A harness stores it beside the result. Node's `close` values fit as they
 * are, `null` meaning absent, under `exactOptionalPropertyTypes` too.
 *
 * @example
 * const meta: BashResultMeta = { exitCode: 1 }
 * const killed: BashResultMeta = { signal: 'SIGKILL' }
 * child.on('close', (code, signal) => presenter.result(id, { content, meta: { exitCode: code, signal } }))
 */
export interface BashResultMeta {
  /** The command's exit code; `null` or a value that is not an integer counts as absent. */
  readonly exitCode?: number | null | undefined
  /** The signal that ended the command, e.g. `'SIGKILL'`; `null` or a value that is not a string counts as absent. */
  readonly signal?: string | null | undefined
}

/** The arguments of `job_output` and `job_kill`: the id the background run was given. */
export interface JobArgs {
  /**
   * The background job's id, as the harness gave it; shown in the card's
   * title. A number must be finite (JSON cannot carry NaN or ±Infinity).
   */
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
  isRecord(value) && (typeof value.job_id === 'string' || isFiniteNumber(value.job_id))

const isJobListArgs = (value: unknown): value is JobListArgs => isRecord(value)

// claude-agent-acp's title: the command, or `Terminal` when it is empty.
const commandTitle = (command: string) => command || 'Terminal'

// The title stays as sent: an `execute` title is plain text to editors (an
// escape would show as a backslash). The description is a Markdown text
// block, so it is escaped, and its line breaks become spaces: a paragraph
// shows a single line break as a space anyway, and a kept one would let a
// later line start a heading, a list or a quote.
function backgroundCall(args: BashArgs): GenericCallView {
  return {
    card: 'generic',
    kind: 'execute',
    title: commandTitle(args.command),
    content: args.description ? [{ type: 'text', text: markdownInline(args.description) }] : undefined,
    rawInput: args,
  }
}

/**
 * A command's output as Markdown: the text blocks joined in one `console`
 * fence no output can close (the bridge's fallback for a foreground
 * command), first; the other blocks (images, links) after it, in order.
 * Blank output gets no fence.
 */
const commandOutputResult = (result: unknown): GenericResultView =>
  textFirstResult(result, (text) => (text.trimEnd() === '' ? undefined : consoleFence(text)))

// Each field of the meta is taken only when it has the right type: `null`, as Node's `close` gives it, is absent.
function terminalResult(result: unknown): TerminalResultView {
  const meta = resultMeta(result)
  const exitCode = isRecord(meta) && Number.isInteger(meta.exitCode) ? (meta.exitCode as number) : undefined
  const signal = isRecord(meta) && typeof meta.signal === 'string' ? meta.signal : undefined
  return { card: 'terminal', output: resultText(result), exitCode, signal }
}

// Arguments still streaming in: a terminal from the first sighting (clients
// create one only when the call is announced), unless the model has already
// asked for a background run. Reads the partial arguments defensively.
function partialBashCall(partial: unknown): ToolCallView | undefined {
  if (!isRecord(partial)) return { card: 'terminal', title: 'Terminal' }
  if (partial.run_in_background === true)
    return { card: 'generic', kind: 'execute', title: typeof partial.command === 'string' ? commandTitle(partial.command) : 'Terminal' }
  return { card: 'terminal', title: typeof partial.command === 'string' ? commandTitle(partial.command) : 'Terminal' }
}

/**
 * `bash`: in the foreground, a terminal card titled with the command (the
 * description and `workdir` ride along), and a terminal result whose
 * `output` is the result's text blocks joined with nothing between them and
 * whose `exitCode` / `signal` come from `result.meta` ({@link BashResultMeta}).
 * An error result is still a terminal result; the consumer marks it failed.
 * With `run_in_background`, a generic `execute` card with the description
 * as a text block (escaped with `markdownInline`: no link, image or HTML,
 * line breaks as spaces), and a generic result with the output in a
 * `console` fence, as the bridge shows a foreground command to a client
 * without terminals. `null` in an optional field counts as absent.
 * Arguments still streaming in (`presentPartialCall`) give a terminal card
 * from the first sighting, so a client can create its terminal.
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
      : { card: 'terminal', title: commandTitle(args.command), description: present(args.description), cwd: present(args.workdir) },
  presentPartialCall: partialBashCall,
  presentResult: (args, result) => (args.run_in_background ? commandOutputResult(result) : terminalResult(result)),
})

/**
 * `job_output`: a generic `read` card `Read output from background job <id>`
 * (the id escaped with `markdownInline`: a `read` title renders as Markdown);
 * the result shows the output in a `console` fence, other blocks after it.
 */
export const jobOutputTool = defineTool<JobArgs>({
  name: 'job_output',
  args: isJobArgs,
  presentCall: (args) => ({
    card: 'generic',
    kind: 'read',
    title: `Read output from background job ${markdownInline(String(args.job_id))}`,
    rawInput: args,
  }),
  presentResult: (_args, result) => commandOutputResult(result),
})

/**
 * `job_kill`: a generic `execute` card `Kill background job <id>` (plain
 * text, as every `execute` title); the result shows the output in a
 * `console` fence, other blocks after it.
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
  presentResult: (_args, result) => commandOutputResult(result),
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
