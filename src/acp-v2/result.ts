// The ACP v2 updates that show a result: one small function per card.
import { assertNever } from '../assert-never.js'
import { boundedConsoleText, boundedText } from '../safety/bounded-text.js'
import { sanitizeTerminalOutput } from '../safety/terminal-output.js'
import type { DiffResultView, GenericResultView, TerminalResultView, ToolCallView, ToolResultView } from '../views.js'
import { DEFAULT_MAX_OUTPUT_LENGTH } from '../lifecycle/limits.js'
import { type CommandContext, commandTextEntries, consoleBlock, endingLine } from '../wire/command-text.js'
import { safeUpdate } from '../wire/safe-update.js'
import { absoluteLocations, contentEntries, hidingWarningEntries } from '../wire/tool-call-content.js'
import { wireTitle } from '../safety/title-text.js'
import { utf8ToBase64 } from './base64.js'
import type { BridgeOptions } from './call.js'
import { diffContent } from './diff.js'
import type {
  AcpV2TerminalOutputChunk,
  AcpV2TerminalUpdate,
  AcpV2ToolCallContent,
  AcpV2ToolCallStatus,
  AcpV2ToolCallUpdate,
  AcpV2ToolKind,
  AcpV2Update,
} from './types.js'

/** {@link BridgeOptions} plus what a result needs to know about its call. */
export interface ResultBridgeOptions extends BridgeOptions {
  /**
   * The card the call was shown with. A terminal result goes to the call's
   * display terminal only when this is `'terminal'`; otherwise the output is
   * shown as text in a `console` block.
   */
  readonly callCard: ToolCallView['card']
  /**
   * Whether the call has a display terminal; default `true` after a
   * terminal call. `false` for a command that only reads (a terminal view
   * with a `kind`): its output is shown as text, as for `callCard` not
   * `'terminal'`.
   */
  readonly displayTerminal?: boolean | undefined
  /** The tool reported an error: the status becomes `failed`. */
  readonly isError?: boolean | undefined
  /**
   * The kind the call was announced with, which decides whether a new title
   * is kept to one line (every kind but `execute`). Default: `execute` after
   * a terminal call, otherwise one line.
   */
  readonly kind?: AcpV2ToolKind | undefined
  /** What the call's terminal card said (its description and cwd), for a command shown as text. */
  readonly command?: CommandContext | undefined
}

/**
 * The ordered ACP v2 updates that show a result. Pure.
 *
 * - generic: a `tool_call_update` with the status, the title if set, the
 *   content if set.
 * - diff: the status, one `diff` item (`changes`, and a `git_patch` built
 *   from the applied hunks), the locations.
 * - terminal, after a terminal call: a `terminal_output_chunk` with the
 *   output (sanitised for a terminal emulator, bounded, base64 of its
 *   UTF-8), a `terminal_update` with the `exitStatus`, then the card's
 *   status (and title, if set).
 * - terminal otherwise: the status and the command as text, as in v1: the
 *   description, the working directory when not the session's, the output
 *   without escape sequences in a `console` block no output can close, and
 *   how a failed command ended.
 *
 * The status is `options.status` when given; otherwise `failed` for
 * `isError`, and for a terminal result also for a non-zero exit code or a
 * signal; else `completed`. Every update serialises.
 *
 * @example
 * toolResultUpdates('call_1', { card: 'terminal', output: 'ok\n', exitCode: 0 }, { cwd: '/repo', callCard: 'terminal' })
 * // [ { sessionUpdate: 'terminal_output_chunk', terminalId: 'call_1', data: 'b2sK' },
 * //   { sessionUpdate: 'terminal_update', terminalId: 'call_1', exitStatus: { exitCode: 0 } },
 * //   { sessionUpdate: 'tool_call_update', toolCallId: 'call_1', status: 'completed' } ]
 */
export function toolResultUpdates(toolCallId: string, view: ToolResultView, options: ResultBridgeOptions): AcpV2Update[] {
  return buildToolResult(toolCallId, view, options).map((update) => safeUpdate(update))
}

/** {@link toolResultUpdates} before the last check: the session presenter checks them itself. */
export function buildToolResult(toolCallId: string, view: ToolResultView, options: ResultBridgeOptions): AcpV2Update[] {
  switch (view.card) {
    case 'generic':
      return [genericResult(toolCallId, view, options)]
    case 'diff':
      return [diffResult(toolCallId, view, options)]
    case 'terminal': {
      if (options.callCard !== 'terminal' || options.displayTerminal === false) return [consoleResult(toolCallId, view, options)]
      const data = boundedText(sanitizeTerminalOutput(view.output ?? ''), maxOutputLength(options))
      return terminalEnd(toolCallId, data, view, options)
    }
    default:
      return assertNever(view, 'toolResultUpdates')
  }
}

/**
 * The end of a display terminal: the output not sent yet (if any), the
 * terminal's exit status, then the card's status and new title.
 */
export function terminalEnd(
  toolCallId: string,
  data: string,
  view: Pick<TerminalResultView, 'title' | 'exitCode' | 'signal'>,
  options: ResultBridgeOptions,
): AcpV2Update[] {
  const updates: AcpV2Update[] = []
  if (data !== '') updates.push(terminalOutputChunk(toolCallId, data))
  updates.push(terminalExit(toolCallId, view.exitCode, view.signal))
  updates.push(settle(toolCallId, view.title, options.status ?? terminalOutcome(view, options), options))
  return updates
}

/** One piece of a display terminal's output: the base64 of the UTF-8 of `text`. */
export function terminalOutputChunk(terminalId: string, text: string): AcpV2TerminalOutputChunk {
  return { sessionUpdate: 'terminal_output_chunk', terminalId, data: utf8ToBase64(text) }
}

/**
 * The `terminal_update` that marks a terminal exited: `exitStatus` with the
 * exit code (any safe integer: v2 allows negative codes) and the signal,
 * each left out when unknown (an empty `exitStatus` still means exited).
 */
export function terminalExit(terminalId: string, exitCode: number | undefined, signal: string | undefined): AcpV2TerminalUpdate {
  const exitStatus: { exitCode?: number; signal?: string } = {}
  if (typeof exitCode === 'number' && Number.isSafeInteger(exitCode)) exitStatus.exitCode = exitCode
  if (typeof signal === 'string' && signal !== '') exitStatus.signal = signal
  return { sessionUpdate: 'terminal_update', terminalId, exitStatus }
}

function genericResult(toolCallId: string, view: GenericResultView, options: ResultBridgeOptions): AcpV2ToolCallUpdate {
  const update = settle(toolCallId, view.title, options.status ?? outcome(options), options)
  if (view.content !== undefined)
    update.content = contentEntries(view.content, maxOutputLength(options)) as unknown as AcpV2ToolCallContent[]
  return update
}

function diffResult(toolCallId: string, view: DiffResultView, options: ResultBridgeOptions): AcpV2ToolCallUpdate {
  const update = settle(toolCallId, view.title, options.status ?? outcome(options), options)
  // The texts are sent as written; what hides in them is said first.
  update.content = [
    ...(hidingWarningEntries(view.diffs, undefined, options.cwd) as unknown as AcpV2ToolCallContent[]),
    ...diffContent(view.diffs, view.locations, options.cwd, maxOutputLength(options)),
  ]
  if (view.locations !== undefined) update.locations = absoluteLocations(view.locations, options.cwd)
  return update
}

// No terminal was shown for the call: the command and its output as text.
function consoleResult(toolCallId: string, view: TerminalResultView, options: ResultBridgeOptions): AcpV2ToolCallUpdate {
  const update = settle(toolCallId, view.title, options.status ?? terminalOutcome(view, options), options)
  const block = consoleBlock(boundedConsoleText(view.output ?? '', maxOutputLength(options)))
  const content = commandTextEntries(
    options.command,
    options.cwd,
    block,
    endingLine(Number.isInteger(view.exitCode) ? view.exitCode : undefined, view.signal),
  )
  // No content at all keeps the call's own content on the card.
  if (content.length > 0) update.content = content as unknown as AcpV2ToolCallContent[]
  return update
}

const maxOutputLength = (options: ResultBridgeOptions) => options.maxOutputLength ?? DEFAULT_MAX_OUTPUT_LENGTH

const outcome = (options: ResultBridgeOptions): AcpV2ToolCallStatus => (options.isError ? 'failed' : 'completed')

const terminalOutcome = (view: Pick<TerminalResultView, 'exitCode' | 'signal'>, options: ResultBridgeOptions): AcpV2ToolCallStatus =>
  options.isError || view.signal || (view.exitCode !== undefined && view.exitCode !== 0) ? 'failed' : 'completed'

/** A card's final `tool_call_update`: the status, and the new title when there is one. */
export function settle(
  toolCallId: string,
  title: string | undefined,
  status: AcpV2ToolCallStatus,
  options: Pick<ResultBridgeOptions, 'kind' | 'callCard' | 'name' | 'titles'>,
): AcpV2ToolCallUpdate {
  const update: AcpV2ToolCallUpdate = { sessionUpdate: 'tool_call_update', toolCallId, status }
  if (title !== undefined)
    update.title = wireTitle(title, options.kind ?? (options.callCard === 'terminal' ? 'execute' : undefined), options.titles ?? 'markdown')
  if (options.name !== undefined) update.name = options.name
  return update
}
