// The shell tool and its background-job controls. A foreground command is a
// display-only terminal card; everything else is a generic card.
import { defineTool, type ToolDefinition } from '../define-tool.js'
import { trustPresenters } from '../internal/trusted-presenters.js'
import { consoleFenceBlock } from '../safety/fence.js'
import { isRecord } from '../internal/record.js'
import { markdownInline } from '../safety/markdown-text.js'
import type { GenericCallView, GenericResultView, PresentContext, TerminalCallView, TerminalResultView, ToolCallView } from '../views.js'
import { isFiniteNumber, isOptionalBoolean, isOptionalNumber, isOptionalString, present } from './arguments.js'
import { shellRead } from './shell-read.js'
import { contentResult, isErrorResult, resultMeta, resultStructured, resultText, textFirstResult } from './result-content.js'

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
  /** Claude Code's newer name of `description`, used when `description` is absent. */
  readonly command_description?: string | null
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
  isOptionalString(value.workdir) &&
  isOptionalString(value.command_description)

const isJobArgs = (value: unknown): value is JobArgs =>
  isRecord(value) && (typeof value.job_id === 'string' || isFiniteNumber(value.job_id))

const isJobListArgs = (value: unknown): value is JobListArgs => isRecord(value)

// The description, under either of Claude Code's spellings (`description` wins).
const descriptionOf = (args: BashArgs): string | undefined => present(args.description) ?? present(args.command_description)

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
    content: descriptionOf(args) ? [{ type: 'text', text: markdownInline(descriptionOf(args)!) }] : undefined,
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
  textFirstResult(result, (text) => (text.trimEnd() === '' ? undefined : consoleFenceBlock(text)))

// Each field of the meta is taken only when it has the right type (`null`, as Node's
// `close` gives it, is absent); the meta's exit code wins over the one the output is read for.
function terminalResult(result: unknown): TerminalResultView {
  const meta = resultMeta(result)
  const signal = isRecord(meta) && typeof meta.signal === 'string' ? meta.signal : undefined
  const failed = isErrorResult(result)
  const shell = structuredShell(resultStructured(result))
  const output = shell ? shellOutput(shell) : resultText(result)
  let exitCode = isRecord(meta) && Number.isInteger(meta.exitCode) ? (meta.exitCode as number) : undefined
  // A success without a `returnCodeInterpretation` (grep's "No matches found") exited with 0; an interrupted one has no code.
  if (exitCode === undefined && shell && !failed && shell.interrupted !== true && shell.returnCodeInterpretation === undefined) exitCode = 0
  if (exitCode === undefined && failed && shell?.interrupted !== true) exitCode = failureExitCode(output)
  return { card: 'terminal', output, exitCode, signal }
}

// Claude Code's structured BashOutput, when its stdout and stderr are the
// output: not for an image or a command sent to the background, whose
// content says more.
function structuredShell(structured: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!structured || typeof structured.stdout !== 'string' || typeof structured.stderr !== 'string') return undefined
  return structured.isImage === true || structured.backgroundTaskId !== undefined ? undefined : structured
}

// stdout, then stderr, without the hints the model-facing text carries; the
// interruption and a clip to disk said in a line of their own, as claude-agent-acp does.
function shellOutput(shell: Record<string, unknown>): string {
  const lines = [shell.stdout, shell.stderr].filter(Boolean) as string[]
  if (shell.interrupted === true) lines.push('[Command was aborted before completion]')
  if (typeof shell.persistedOutputPath === 'string') {
    const size = typeof shell.persistedOutputSize === 'number' ? ` (${shell.persistedOutputSize} bytes total)` : ''
    lines.push(`[Output truncated${size}: full output saved to ${shell.persistedOutputPath}]`)
  }
  return lines.join('\n')
}

// Claude Code starts the text of a command that exited with a failing code
// with `Exit code N`; other failures (a denial, a command that never
// started) name none.
function failureExitCode(text: string): number | undefined {
  if (!text.startsWith('Exit code ')) return undefined
  let end = 10
  while (end < text.length && end < 20 && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++
  if (end === 10 || (end < text.length && text[end] !== '\n')) return undefined
  const code = Number(text.slice(10, end))
  return Number.isSafeInteger(code) ? code : undefined
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
 * When the result carries Claude Code's structured BashOutput
 * (`result.structured`), the output is its stdout then stderr (without the
 * hints meant for the model), an interrupted command ends with
 * `[Command was aborted before completion]` and has no exit code, and a
 * success without meta exited with 0. A failed command without meta takes
 * the code its text starts with (`Exit code N`). An error result is still
 * a terminal result; the consumer marks it failed. `command_description`,
 * Claude Code's newer spelling, stands for an absent `description`.
 * With `run_in_background`, a generic `execute` card with the description
 * as a text block (escaped with `markdownInline`: no link, image or HTML,
 * line breaks as spaces), and a generic result with the output in a
 * `console` fence, as the bridge shows a foreground command to a client
 * without terminals. `null` in an optional field counts as absent.
 * Arguments still streaming in (`presentPartialCall`) give a terminal card
 * from the first sighting, so a client can create its terminal. When the
 * session shows shell reads (`PresentContext.shellReads`, on for a client
 * whose profile shows read cards), a command that only reads, searches or
 * lists files is a read or search card with its locations (see
 * {@link bashToolWith}).
 *
 * @example
 * bashTool.presentCall?.({ command: 'npm test', description: 'Run tests', workdir: 'pkg' })
 * // { card: 'terminal', title: 'npm test', description: 'Run tests', cwd: 'pkg' }
 * bashTool.presentResult?.({ command: 'false' }, { content: [{ type: 'text', text: '' }], meta: { exitCode: 1 } })
 * // { card: 'terminal', output: '', exitCode: 1, signal: undefined }
 */
export const bashTool: ToolDefinition<BashArgs, BashResultMeta> = bashToolWith({})

// A shell that is not POSIX (PowerShell): the same cards, but never a shell
// read, whatever the session says (`shellRead` knows POSIX words only).
export const nonPosixShellTool: ToolDefinition<BashArgs, BashResultMeta> = bashToolWith({ shellReads: false })

/**
 * How the shell presenters show a command. Each option defaults to
 * today's card, so a harness that passes nothing sees no change.
 */
export interface ShellPresenterOptions {
  /**
   * Show a foreground command that only reads, searches or lists files, and
   * does nothing else, as a read or search card with its locations (
   * `cat`, `head`, `tail`, `sed -n`, `nl`, `rg`,
   * `grep`, `ls`, `find` with options it knows), as codex-acp shows them:
   * a terminal view with `kind` and `locations`, whose output streams as
   * text on the card. Anything else stays a terminal. Absent, the
   * session decides (`PresentContext.shellReads`: its `shellReads` option
   * or the client's profile); `true` or `false` fixes it for this tool.
   */
  readonly shellReads?: boolean | undefined
}

// A foreground command's card: a terminal, or with `shellReads` (the tool's,
// else the session's) a reading command's read or search card (still a
// terminal view, so it streams).
function foregroundCall(args: BashArgs, ctx: PresentContext, shellReads: boolean | undefined): TerminalCallView {
  const title = commandTitle(args.command)
  const description = descriptionOf(args)
  const cwd = present(args.workdir)
  const read = (shellReads ?? ctx.shellReads === true) ? shellRead(args.command, cwd, ctx) : undefined
  if (!read) return { card: 'terminal', title, description, cwd }
  return { card: 'terminal', title, description, cwd, kind: read.kind, locations: read.locations }
}

/**
 * {@link bashTool} with options: with `shellReads: true`, a foreground
 * command that only reads (`cat a.ts`, `sed -n 1,40p a.ts`, `rg foo src`,
 * `ls src`) is a read or search card with its locations whatever the
 * session says; with `false` every command stays a terminal. Its output
 * still streams, its result is the same terminal result. Most harnesses
 * need neither: `bashTool` follows the session, which turns shell reads on
 * for a client whose profile shows read cards (Zed).
 *
 * @example
 * bashToolWith({ shellReads: true }).presentCall?.({ command: 'cat a.ts' }, { cwd: '/repo' })
 * // { card: 'terminal', title: 'cat a.ts', kind: 'read', locations: [{ path: 'a.ts' }], … }
 */
export function bashToolWith(options: ShellPresenterOptions): ToolDefinition<BashArgs, BashResultMeta> {
  const shellReads = typeof options.shellReads === 'boolean' ? options.shellReads : undefined
  const tool = defineTool<BashArgs, BashResultMeta>({
    name: 'bash',
    metaKeys: ['exitCode', 'signal'],
    args: isBashArgs,
    presentCall: (args, ctx) => (args.run_in_background ? backgroundCall(args) : foregroundCall(args, ctx, shellReads)),
    presentPartialCall: partialBashCall,
    presentResult: (args, result) => (args.run_in_background ? commandOutputResult(result) : terminalResult(result)),
  })
  // Its views are the vocabulary's: the presenters' property tests prove it for both settings.
  trustPresenters([tool])
  return tool
}

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
    title: `Read output from background job ${String(args.job_id)}`,
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
