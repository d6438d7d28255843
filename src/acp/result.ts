// The `tool_call_update` arms for a result: one small function per card.
import type { ToolCallStatus, ToolKind } from './sdk.js'
import { assertNever } from '../assert-never.js'
import { boundedConsoleText, boundedText } from '../safety/bounded-text.js'
import { sanitizeTerminalOutput } from '../safety/terminal-output.js'
import type { TerminalOutputKey } from './capabilities.js'
import { type CommandContext, commandContextEntries, commandText, consoleBlock, endingLine } from '../wire/command-text.js'
import type { DiffResultView, GenericResultView, TerminalResultView, ToolCallView, ToolResultView } from '../views.js'
import type { BridgeOptions } from './call.js'
import { DEFAULT_MAX_OUTPUT_LENGTH } from '../lifecycle/limits.js'
import { safeUpdate } from '../wire/safe-update.js'
import { type AcpToolCallUpdate, type CardFields, toolCallUpdateOf } from './updates.js'
import {
  absoluteLocations,
  contentEntries,
  diffEntries,
  hidingWarningEntries,
  hidingWarningText,
  textEntry,
  titleWithWarning,
} from '../wire/tool-call-content.js'
import { wireTitle } from '../safety/title-text.js'

export type { AcpToolCallUpdate } from './updates.js'

/** {@link BridgeOptions} plus what a result needs to know about its call. */
export interface ResultBridgeOptions extends BridgeOptions {
  /**
   * The card the call was shown with. A terminal result becomes a live
   * terminal only when this is `'terminal'` (and the client has terminal
   * output): Zed fails an update naming a terminal it never created.
   */
  readonly callCard: ToolCallView['card']
  /** The tool reported an error: the status becomes `failed`. */
  readonly isError?: boolean | undefined
  /**
   * The kind the call was announced with, which decides whether a new title
   * is kept to one line (every kind but `execute`). Default: `execute` after
   * a terminal call, otherwise one line.
   */
  readonly kind?: ToolKind | undefined
  /**
   * What the call's terminal card said (its description and cwd), so a
   * client without terminals keeps seeing it: an update's content replaces
   * the call's.
   */
  readonly command?: CommandContext | undefined
}

/**
 * The ordered `tool_call_update`s that show a result. Pure.
 *
 * - generic: the status, the title if set, the content if set.
 * - diff: the status, the applied diffs, the locations (each hunk's line).
 * - terminal on a terminal the client created: first
 *   `_meta.terminal_output = {terminal_id, data}`, then the status and
 *   `_meta.terminal_exit = {terminal_id, exit_code, signal}`, with no
 *   `content` (it would replace the terminal).
 * - terminal otherwise: the status and the command as text: the call's
 *   description and working directory (from `options.command`), the output
 *   without escape sequences in a `console` block no output can close, and
 *   `Exited with code N` or `Killed by SIG…` after it when the command did
 *   not end well. With exit 0, no description and output without escape
 *   sequences, this is byte for byte the one block today's agents send.
 *
 * Terminal output is sanitised for a terminal emulator (colours and cursor
 * movement kept; clipboard, hyperlink, title and mode sequences dropped) and,
 * like text content, held to `options.maxOutputLength`. Every update
 * serialises, as with {@link toolCallUpdate}.
 *
 * The status is `options.status` when given; otherwise `failed` for
 * `isError`, and for a terminal result also for a non-zero exit code or a
 * signal; else `completed`.
 *
 * @example
 * toolResultUpdates('call_1', { card: 'terminal', output: 'ok\n', exitCode: 0 },
 *   { terminalOutput: true, cwd: '/repo', callCard: 'terminal' })
 * // [ { sessionUpdate: 'tool_call_update', toolCallId: 'call_1',
 * //     _meta: { terminal_output: { terminal_id: 'call_1', data: 'ok\n' } } },
 * //   { sessionUpdate: 'tool_call_update', toolCallId: 'call_1', status: 'completed',
 * //     _meta: { terminal_exit: { terminal_id: 'call_1', exit_code: 0, signal: null } } } ]
 */
export function toolResultUpdates(toolCallId: string, view: ToolResultView, options: ResultBridgeOptions): AcpToolCallUpdate[] {
  return buildToolResult(toolCallId, view, options, (update) => safeUpdate(update))
}

/** The last check of an update a builder made: the update itself or its plain-JSON copy. */
export type CheckUpdate = <Update extends object>(update: Update) => Update

/**
 * {@link toolResultUpdates} with the last check given: the session presenter
 * checks each update itself, to report what it changes. `shownOutput`, for a
 * command shown as text whose output streamed, is that output already
 * marked and bounded (the stream did it as the output came).
 */
export function buildToolResult(
  toolCallId: string,
  view: ToolResultView,
  options: ResultBridgeOptions,
  check: CheckUpdate,
  shownOutput?: string,
): AcpToolCallUpdate[] {
  switch (view.card) {
    case 'generic':
      return [check(genericResult(toolCallId, view, options))]
    case 'diff':
      return [check(diffResult(toolCallId, view, options))]
    case 'terminal':
      return options.terminalOutput && options.callCard === 'terminal'
        ? terminalResult(toolCallId, view, options, check)
        : [consoleResult(toolCallId, view, options, check, shownOutput)]
    default:
      return assertNever(view, 'toolResultUpdates')
  }
}

function genericResult(toolCallId: string, view: GenericResultView, options: ResultBridgeOptions): AcpToolCallUpdate {
  return settle(toolCallId, view.title, options.status ?? outcome(options), options, {
    content: view.content === undefined ? undefined : contentEntries(view.content, maxOutputLength(options)),
  })
}

function diffResult(toolCallId: string, view: DiffResultView, options: ResultBridgeOptions): AcpToolCallUpdate {
  // A client that shows no text gets the warning in the title, when the result has one (else the call's title said it).
  const inTitle = options.hidingWarning === 'title' && view.title !== undefined
  const title = inTitle ? titleWithWarning(view.title!, hidingWarningText(view.diffs, undefined, options.cwd)) : view.title
  return settle(toolCallId, title, options.status ?? outcome(options), options, {
    content: [...(inTitle ? [] : hidingWarningEntries(view.diffs, undefined, options.cwd)), ...diffEntries(view.diffs, options.cwd)],
    locations: view.locations === undefined ? undefined : absoluteLocations(view.locations, options.cwd),
  })
}

// Output first, then the exit: the order Zed, claude-agent-acp and codex-acp use.
function terminalResult(
  toolCallId: string,
  view: TerminalResultView,
  options: ResultBridgeOptions,
  check: CheckUpdate,
): AcpToolCallUpdate[] {
  const data = boundedText(sanitizeTerminalOutput(view.output ?? ''), maxOutputLength(options))
  return [check(terminalOutputUpdate(toolCallId, data, options.terminalOutputKey)), check(terminalExitUpdate(toolCallId, view, options))]
}

/** One piece of a display terminal's output, under the client's key: `data` is the sanitiser's output. */
export function terminalOutputUpdate(toolCallId: string, data: string, key: TerminalOutputKey = 'terminal_output'): AcpToolCallUpdate {
  return toolCallUpdateOf(toolCallId, { _meta: { [key]: { terminal_id: toolCallId, data } } })
}

/** The final update of a display terminal: the status and `terminal_exit`, no content (it would replace the terminal). */
export function terminalExitUpdate(
  toolCallId: string,
  view: Pick<TerminalResultView, 'title' | 'exitCode' | 'signal'>,
  options: ResultBridgeOptions,
): AcpToolCallUpdate {
  return settle(toolCallId, view.title, options.status ?? terminalOutcome(view, options), options, {
    _meta: { terminal_exit: { terminal_id: toolCallId, exit_code: exitCode(view.exitCode), signal: view.signal || null } },
  })
}

// No terminal to write to: the command and its output as text.
function consoleResult(
  toolCallId: string,
  view: TerminalResultView,
  options: ResultBridgeOptions,
  check: CheckUpdate,
  shownOutput = boundedConsoleText(view.output ?? '', maxOutputLength(options)),
): AcpToolCallUpdate {
  const block = consoleBlock(shownOutput)
  const ending = endingLine(Number.isInteger(view.exitCode) ? view.exitCode : undefined, view.signal)
  const content = commandContextEntries(options.command, options.cwd)
  const last = commandText(block, ending)
  if (last) content.push(textEntry(last))
  // No content at all keeps the call's own content on the card.
  const update = settle(toolCallId, view.title, options.status ?? terminalOutcome(view, options), options, {
    content: content.length > 0 ? content : undefined,
  })
  return check(update)
}

const maxOutputLength = (options: ResultBridgeOptions) => options.maxOutputLength ?? DEFAULT_MAX_OUTPUT_LENGTH

const outcome = (options: ResultBridgeOptions): ToolCallStatus => (options.isError ? 'failed' : 'completed')

// Zed shows the red mark only for `failed`, so a failing command must say so.
const terminalOutcome = (view: Pick<TerminalResultView, 'exitCode' | 'signal'>, options: ResultBridgeOptions): ToolCallStatus =>
  options.isError || view.signal || (view.exitCode !== undefined && view.exitCode !== 0) ? 'failed' : 'completed'

// Zed reads `exit_code` as an unsigned 32-bit integer; anything else is unknown.
const exitCode = (code: number | undefined): number | null =>
  code !== undefined && Number.isInteger(code) && code >= 0 && code <= 0xffffffff ? code : null

// A result's update: the status, a new title (one line unless execute), the
// tool's name, what the arm adds, and the raw input and output.
function settle(
  toolCallId: string,
  title: string | undefined,
  status: ToolCallStatus,
  options: ResultBridgeOptions,
  fields: Pick<CardFields, 'content' | 'locations' | '_meta'>,
): AcpToolCallUpdate {
  return toolCallUpdateOf(toolCallId, {
    status,
    title:
      title === undefined
        ? undefined
        : wireTitle(title, options.kind ?? (options.callCard === 'terminal' ? 'execute' : undefined), options.titles ?? 'markdown'),
    name: options.name,
    content: fields.content,
    locations: fields.locations,
    rawInput: options.rawInput,
    rawOutput: options.rawOutput,
    _meta: fields._meta,
  })
}
