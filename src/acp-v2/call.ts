// The ACP v2 updates that show a call: one small function per card, one
// switch naming them. v2 has no `tool_call`: the first `tool_call_update`
// for an id creates the card.
import { assertNever } from '../assert-never.js'
import { planEntryText } from '../lifecycle/plan-card.js'
import { resolvePath } from '../safety/paths.js'
import type { DiffCallView, GenericCallView, PlanCallView, TerminalCallView, ToolCallView } from '../views.js'
import { DEFAULT_MAX_OUTPUT_LENGTH } from '../lifecycle/limits.js'
import { commandContextEntries, descriptionText } from '../wire/command-text.js'
import { safeUpdate } from '../wire/safe-update.js'
import { diffKind } from '../internal/diff-kind.js'
import { absoluteLocations, contentEntries, hidingWarningEntries } from '../wire/tool-call-content.js'
import { shownTitle, type TitleStyle, wireTitle } from '../safety/title-text.js'
import { diffContent } from './diff.js'
import type {
  AcpV2PlanUpdate,
  AcpV2TerminalUpdate,
  AcpV2ToolCallContent,
  AcpV2ToolCallStatus,
  AcpV2ToolCallUpdate,
  AcpV2ToolKind,
  AcpV2Update,
} from './types.js'

/**
 * The id of the one plan a session's plan cards update. Each plan card
 * replaces the whole plan, as in v1.
 */
export const DEFAULT_PLAN_ID = 'plan'

/** What the v2 bridge needs to know besides the view. */
export interface BridgeOptions {
  /** The session's working directory, absolute. Relative paths in views resolve against it. */
  readonly cwd: string
  /** The status to send. A call defaults to `'pending'`; a result to the status its outcome implies. */
  readonly status?: AcpV2ToolCallStatus | undefined
  /** The tool's arguments. A generic view's own `rawInput` wins over this one. */
  readonly rawInput?: unknown
  /** The tool's programmatic name (ACP's `name`). */
  readonly name?: string | undefined
  /**
   * The most text one call sends, in UTF-16 code units: its text content
   * blocks together, and a command's output. Default
   * `DEFAULT_MAX_OUTPUT_LENGTH` (4 Mi).
   */
  readonly maxOutputLength?: number | undefined
  /** The plan a plan card updates; default {@link DEFAULT_PLAN_ID}. */
  readonly planId?: string | undefined
  /**
   * How the client shows titles that are not commands and plan entries:
   * `'markdown'` (default: Zed, which renders them as Markdown, so they are
   * escaped to show literally) or `'plain'`. A view's title is plain text,
   * escaped here, once (see `wireTitle`).
   */
  readonly titles?: TitleStyle | undefined
  /**
   * Whether a reading command's card (a terminal view with a `kind`) keeps
   * a display terminal: the session gave the call one before it knew the
   * command only reads. Default `false`: such a card has no terminal.
   */
  readonly displayTerminal?: boolean | undefined
}

/** A tool card's first updates: the terminal it shows (for a terminal card), then the card. */
export interface CallUpdates {
  /** The `terminal_update` creating the call's display terminal, for a terminal card. */
  readonly terminal?: AcpV2TerminalUpdate
  /** The `tool_call_update` creating (or patching) the card. */
  readonly card: AcpV2ToolCallUpdate
}

// The content text blocks and text bound share with v1.
const toContent = (entries: ReturnType<typeof contentEntries>) => entries as unknown as AcpV2ToolCallContent[]

/**
 * The ACP v2 updates that announce a call, from the card its presenter
 * chose. Pure: the harness sends each as the `update` of a `session/update`
 * notification, in order.
 *
 * - generic: one `tool_call_update` with the title, `kind ?? 'other'`, the
 *   content, the locations, the status (default `pending`).
 * - diff: kind `edit`, one `diff` item whose `changes` name every file
 *   (absolute paths) with a `git_patch` where the positions are known (see
 *   the README), the locations.
 * - terminal: a `terminal_update` creating the display terminal (its id is
 *   the tool call id; the command and the absolute cwd), then the card:
 *   kind `execute`, the command as title, the description (if any) as text
 *   and the terminal reference.
 * - plan: one `plan_update` (`type: 'items'`, the session's plan id), the
 *   entries' text made safe for Markdown, priority `medium` unless given.
 *
 * Every update serialises, as with the v1 bridge; every path is absolute.
 *
 * @example
 * toolCallUpdates('call_1', { card: 'terminal', title: 'npm test' }, { cwd: '/repo' })
 * // [ { sessionUpdate: 'terminal_update', terminalId: 'call_1', command: 'npm test', cwd: '/repo' },
 * //   { sessionUpdate: 'tool_call_update', toolCallId: 'call_1', title: 'npm test', kind: 'execute',
 * //     status: 'pending', content: [{ type: 'terminal', terminalId: 'call_1' }] } ]
 */
export function toolCallUpdates(toolCallId: string, view: ToolCallView, options: BridgeOptions): AcpV2Update[] {
  if (view.card === 'plan') return [safeUpdate(planUpdate(view, options.planId ?? DEFAULT_PLAN_ID, options.titles))]
  const { terminal, card } = buildToolCall(toolCallId, view, options)
  return terminal ? [safeUpdate(terminal), safeUpdate(card)] : [safeUpdate(card)]
}

/** {@link toolCallUpdates} of a tool card, before the last check: the session presenter checks them itself. */
export function buildToolCall(toolCallId: string, view: Exclude<ToolCallView, PlanCallView>, options: BridgeOptions): CallUpdates {
  switch (view.card) {
    case 'generic':
      return { card: genericCall(toolCallId, view, options) }
    case 'diff':
      return { card: diffCall(toolCallId, view, options) }
    case 'terminal':
      return terminalCall(toolCallId, view, options)
    default:
      return assertNever(view, 'toolCallUpdates')
  }
}

/** The `plan_update` of a plan card: its entries, priority `medium` unless given, text shown as `titles` says (default Markdown). */
export function planUpdate(view: PlanCallView, planId: string, titles: TitleStyle = 'markdown'): AcpV2PlanUpdate {
  const entries: { content: string; priority: 'high' | 'medium' | 'low'; status: 'pending' | 'in_progress' | 'completed' }[] = []
  for (const entry of view.entries)
    entries.push({ content: planEntryText(entry.content, titles), priority: entry.priority ?? 'medium', status: entry.status })
  return { sessionUpdate: 'plan_update', plan: { type: 'items', planId, entries } }
}

const maxLength = (options: BridgeOptions) => options.maxOutputLength ?? DEFAULT_MAX_OUTPUT_LENGTH

function genericCall(toolCallId: string, view: GenericCallView, options: BridgeOptions): AcpV2ToolCallUpdate {
  const update = announce(toolCallId, view.title, view.kind ?? 'other', options)
  const rawInput = view.rawInput !== undefined ? view.rawInput : options.rawInput
  // The raw input is sent as written; what hides in it is said first.
  const warning = hidingWarningEntries(undefined, rawInput, options.cwd)
  if (view.content !== undefined) update.content = toContent([...warning, ...contentEntries(view.content, maxLength(options))])
  else if (warning.length > 0) update.content = toContent(warning)
  if (view.locations !== undefined) update.locations = absoluteLocations(view.locations, options.cwd)
  return withRaw(update, rawInput)
}

function diffCall(toolCallId: string, view: DiffCallView, options: BridgeOptions): AcpV2ToolCallUpdate {
  const update = announce(toolCallId, view.title, diffKind(view.diffs), options)
  // The texts are sent as written; what hides in them is said first.
  update.content = [
    ...toContent(hidingWarningEntries(view.diffs, undefined, options.cwd)),
    ...diffContent(view.diffs, view.locations, options.cwd, maxLength(options)),
  ]
  if (view.locations !== undefined) update.locations = absoluteLocations(view.locations, options.cwd)
  return withRaw(update, options.rawInput)
}

/**
 * The `terminal_update` that creates (or re-describes) a call's display
 * terminal: its command, with every control character, bidi control and
 * zero-width character shown as a visible marker (a client may print it
 * into the terminal emulator, and it must show all that will run), at most
 * `TITLE_LENGTH` code units as shown (cut as a title is, see `shownTitle`),
 * and its absolute cwd.
 */
export function terminalDescription(terminalId: string, view: TerminalCallView, cwd: string): AcpV2TerminalUpdate {
  return {
    sessionUpdate: 'terminal_update',
    terminalId,
    command: shownTitle(view.title, 'execute'),
    cwd: resolvePath(view.cwd ?? '', cwd),
  }
}

/** A terminal card's content: the description as text (when there is one), then the terminal. */
export function terminalContent(terminalId: string, description: string | undefined): AcpV2ToolCallContent[] {
  const content: AcpV2ToolCallContent[] = []
  if (description) content.push({ type: 'content', content: { type: 'text', text: descriptionText(description) } })
  content.push({ type: 'terminal', terminalId })
  return content
}

// The terminal is agent-owned and display-only: every v2 client gets one,
// and its id is the tool call id.
function terminalCall(toolCallId: string, view: TerminalCallView, options: BridgeOptions): CallUpdates {
  if (view.kind !== undefined) return readingCall(toolCallId, view, view.kind, options)
  const card = announce(toolCallId, view.title, 'execute', options)
  card.content = terminalContent(toolCallId, view.description)
  withRaw(card, options.rawInput)
  return { terminal: terminalDescription(toolCallId, view, options.cwd), card }
}

// A command that only reads: a read or search card titled with the command
// (made safe for Markdown, as every title of those kinds), its locations,
// and what the command is for as text; its output comes as text too,
// unless the call already has a display terminal.
function readingCall(toolCallId: string, view: TerminalCallView, kind: 'read' | 'search', options: BridgeOptions): CallUpdates {
  const card = announce(toolCallId, view.title, kind, options)
  if (options.displayTerminal === true) card.content = terminalContent(toolCallId, view.description)
  else {
    const context = commandContextEntries(view, options.cwd)
    if (context.length > 0) card.content = toContent(context as ReturnType<typeof contentEntries>)
  }
  if (view.locations !== undefined) card.locations = absoluteLocations(view.locations, options.cwd)
  withRaw(card, options.rawInput)
  return options.displayTerminal === true ? { terminal: terminalDescription(toolCallId, view, options.cwd), card } : { card }
}

// Fields are assigned in one order in every arm, so equal inputs serialise
// to equal JSON.
function announce(toolCallId: string, title: string, kind: AcpV2ToolKind, options: BridgeOptions): AcpV2ToolCallUpdate {
  const update: AcpV2ToolCallUpdate = {
    sessionUpdate: 'tool_call_update',
    toolCallId,
    title: wireTitle(title, kind, options.titles ?? 'markdown'),
    kind,
    status: options.status ?? 'pending',
  }
  if (options.name !== undefined) update.name = options.name
  return update
}

function withRaw(update: AcpV2ToolCallUpdate, rawInput: unknown): AcpV2ToolCallUpdate {
  if (rawInput !== undefined) update.rawInput = rawInput
  return update
}
