// The `tool_call` arms: one small function per card, one switch naming them.
import type { PlanRemoved, PlanUpdate, SessionUpdate, ToolCallStatus } from './sdk.js'
import { assertNever } from '../assert-never.js'
import { DEFAULT_MAX_OUTPUT_LENGTH } from '../lifecycle/limits.js'
import { planEntryText } from '../lifecycle/plan-card.js'
import type { DiffCallView, GenericCallView, PlanCallView, TerminalCallView, ToolCallView } from '../views.js'
import { safeUpdate } from '../wire/safe-update.js'
import { type AcpToolCall, toolCallOf } from './updates.js'
import type { TerminalOutputKey } from './capabilities.js'
import { commandContextEntries } from '../wire/command-text.js'
import { diffKind } from '../internal/diff-kind.js'
import {
  absoluteLocations,
  contentEntries,
  diffEntries,
  hidingWarningEntries,
  hidingWarningText,
  titleWithWarning,
} from '../wire/tool-call-content.js'
import { shownTitle, type TitleStyle, wireTitle } from '../safety/title-text.js'
import { resolvePath } from '../safety/paths.js'

export type { AcpToolCall } from './updates.js'

/** The `plan` arm of ACP's `SessionUpdate`: the session's whole plan, replacing the last one. */
export type AcpPlanUpdate = Extract<SessionUpdate, { sessionUpdate: 'plan' }>

/**
 * The `plan_update` arm of `SessionUpdate` in ACP v1's unstable schema
 * (`@agentclientprotocol/sdk/unstable`): one plan, by id, replaced whole.
 * Sent to a client that declares `clientCapabilities.plan`.
 */
export type AcpPlanByIdUpdate = PlanUpdate & { sessionUpdate: 'plan_update' }

/**
 * The `plan_removed` arm of `SessionUpdate` in ACP v1's unstable schema: the
 * plan `planId` is over (a sub-agent's, once its spawning call ended; a
 * proposed plan that was declined). Sent to a client that declares
 * `clientCapabilities.plan`, through `onPlan`.
 */
export type AcpPlanRemoved = PlanRemoved & { sessionUpdate: 'plan_removed' }

/** What the bridge needs to know besides the view. */
export interface BridgeOptions {
  /**
   * Whether the client shows display-only terminals; snapshot
   * {@link supportsTerminalOutput} once per session.
   */
  readonly terminalOutput: boolean
  /**
   * The `_meta` key the client takes pieces of terminal output under; see
   * {@link terminalOutputKey}. Default `'terminal_output'`.
   */
  readonly terminalOutputKey?: TerminalOutputKey | undefined
  /** The session's working directory, absolute. Relative paths in views resolve against it. */
  readonly cwd: string
  /**
   * The status to send. A call defaults to `'pending'` (what claude-agent-acp
   * sends); a result defaults to the status its outcome implies.
   */
  readonly status?: ToolCallStatus | undefined
  /** The tool's arguments. A generic view's own `rawInput` wins over this one. */
  readonly rawInput?: unknown
  /** What the tool returned, shown by Zed only when a card has no other content. */
  readonly rawOutput?: unknown
  /** The tool's programmatic name (ACP's `name`). */
  readonly name?: string | undefined
  /**
   * Where the warning goes that a card's diffs or raw input hold characters
   * that hide (they are sent exactly as written): `'content'` (default), a
   * text block before the rest; `'title'`, after the title, for a client
   * that shows no text content (`ClientProfile.content` `'diff-and-terminal'`).
   */
  readonly hidingWarning?: 'content' | 'title' | undefined
  /**
   * The most text one call sends, in UTF-16 code units: its text content
   * blocks together, and a command's output. Past it the text keeps its head
   * and its tail around a marker saying how much was left out. Default
   * `DEFAULT_MAX_OUTPUT_LENGTH` (4 MiB).
   */
  readonly maxOutputLength?: number | undefined
  /**
   * How the client shows titles that are not commands and plan entries:
   * `'markdown'` (default: Zed, which renders them as Markdown, so they are
   * escaped to show literally) or `'plain'`. A view's title is plain text,
   * escaped here, once (see `wireTitle`).
   */
  readonly titles?: TitleStyle | undefined
}

/**
 * The `tool_call` update that announces a call, from the card its presenter
 * chose. Pure: the harness sends the result as the `update` of a
 * `session/update` notification.
 *
 * - generic: the title, `kind ?? 'other'`, the content blocks, the locations.
 * - diff: kind `edit`, one ACP diff per file, the locations.
 * - terminal, client with terminal output: kind `execute`, the command as the
 *   title, a terminal whose id is the tool call id, and
 *   `_meta.terminal_info = {terminal_id, cwd}`.
 * - terminal, client without: kind `execute`, the command as the title, the
 *   description (if any) as a text block, and `Working directory: …` when
 *   the command runs elsewhere than the session cwd.
 * - terminal with a `kind` (a command that only reads): that kind and the
 *   view's locations, the command as the title made safe for Markdown; a
 *   display terminal only when the session gave the call one.
 * - plan: no tool card at all, as the well-known agents do: one `plan`
 *   update whose entries are the view's (priority `medium` unless given,
 *   each entry's text made safe for Markdown), which the client shows in
 *   its plan view, replacing the last plan.
 *
 * Every path it emits is absolute, resolved lexically against `options.cwd`.
 * The update always serialises: a value that is not plain JSON (a cycle, a
 * BigInt, a throwing getter, a lone surrogate, past the bounds) is copied
 * with a visible marker in its place. A title of any kind but `execute` is
 * kept to one line.
 *
 * @example
 * toolCallUpdate('call_1', { card: 'terminal', title: 'npm test' }, { terminalOutput: true, cwd: '/repo' })
 * // { sessionUpdate: 'tool_call', toolCallId: 'call_1', title: 'npm test', kind: 'execute', status: 'pending',
 * //   content: [{ type: 'terminal', terminalId: 'call_1' }],
 * //   _meta: { terminal_info: { terminal_id: 'call_1', cwd: '/repo' } } }
 */
export function toolCallUpdate(toolCallId: string, view: PlanCallView, options: BridgeOptions): AcpPlanUpdate
export function toolCallUpdate(toolCallId: string, view: Exclude<ToolCallView, PlanCallView>, options: BridgeOptions): AcpToolCall
export function toolCallUpdate(toolCallId: string, view: ToolCallView, options: BridgeOptions): AcpToolCall | AcpPlanUpdate
export function toolCallUpdate(toolCallId: string, view: ToolCallView, options: BridgeOptions): AcpToolCall | AcpPlanUpdate {
  return safeUpdate(view.card === 'plan' ? planUpdate(view, options.titles) : buildToolCall(toolCallId, view, options))
}

/**
 * {@link toolCallUpdate} of a tool card, before the last check: the session
 * presenter checks it itself, to report what it changes. A plan is not a
 * tool card: {@link planUpdate}.
 */
export function buildToolCall(toolCallId: string, view: Exclude<ToolCallView, PlanCallView>, options: BridgeOptions): AcpToolCall {
  switch (view.card) {
    case 'generic':
      return genericCall(toolCallId, view, options)
    case 'diff':
      return diffCall(toolCallId, view, options)
    case 'terminal':
      return options.terminalOutput ? terminalCall(toolCallId, view, options) : commandCall(toolCallId, view, options)
    default:
      return assertNever(view, 'toolCallUpdate')
  }
}

/** The `plan` update of a plan card: its entries, priority `medium` unless given, text shown as `titles` says (default Markdown). */
export function planUpdate(view: PlanCallView, titles: TitleStyle = 'markdown'): AcpPlanUpdate {
  const entries: AcpPlanUpdate['entries'] = []
  for (const entry of view.entries) {
    entries.push({ content: planEntryText(entry.content, titles), priority: entry.priority ?? 'medium', status: entry.status })
  }
  return { sessionUpdate: 'plan', entries }
}

/**
 * The `plan_update` of a plan card for a client that keeps plans by id: the
 * plan `planId`'s entries (`type: 'items'`), as {@link planUpdate} gives them.
 *
 * @example
 * planByIdUpdate({ card: 'plan', entries: [{ content: 'Ship', status: 'pending' }] }, 'plan')
 * // { sessionUpdate: 'plan_update', plan: { type: 'items', planId: 'plan', entries: [{ content: 'Ship', priority: 'medium', status: 'pending' }] } }
 */
export function planByIdUpdate(view: PlanCallView, planId: string, titles: TitleStyle = 'markdown'): AcpPlanByIdUpdate {
  return { sessionUpdate: 'plan_update', plan: { type: 'items', planId, entries: planUpdate(view, titles).entries } }
}

function genericCall(toolCallId: string, view: GenericCallView, options: BridgeOptions): AcpToolCall {
  const kind = view.kind ?? 'other'
  const rawInput = view.rawInput !== undefined ? view.rawInput : options.rawInput
  // The raw input is sent as written; what hides in it is said first.
  const inTitle = options.hidingWarning === 'title'
  const warning = inTitle ? [] : hidingWarningEntries(undefined, rawInput, options.cwd)
  const title = inTitle ? titleWithWarning(view.title, hidingWarningText(undefined, rawInput, options.cwd)) : view.title
  const content =
    view.content === undefined ? undefined : contentEntries(view.content, options.maxOutputLength ?? DEFAULT_MAX_OUTPUT_LENGTH)
  return toolCallOf(toolCallId, wireTitle(title, kind, options.titles ?? 'markdown'), kind, options.status ?? 'pending', {
    name: options.name,
    content: warning.length === 0 ? content : [...warning, ...(content ?? [])],
    locations: view.locations === undefined ? undefined : absoluteLocations(view.locations, options.cwd),
    rawInput,
    rawOutput: options.rawOutput,
  })
}

function diffCall(toolCallId: string, view: DiffCallView, options: BridgeOptions): AcpToolCall {
  const kind = diffKind(view.diffs)
  const inTitle = options.hidingWarning === 'title'
  const title = inTitle ? titleWithWarning(view.title, hidingWarningText(view.diffs, undefined, options.cwd)) : view.title
  return toolCallOf(toolCallId, wireTitle(title, kind, options.titles ?? 'markdown'), kind, options.status ?? 'pending', {
    name: options.name,
    // The texts are sent as written; what hides in them is said first (or in the title).
    content: [...(inTitle ? [] : hidingWarningEntries(view.diffs, undefined, options.cwd)), ...diffEntries(view.diffs, options.cwd)],
    locations: view.locations === undefined ? undefined : absoluteLocations(view.locations, options.cwd),
    rawInput: options.rawInput,
    rawOutput: options.rawOutput,
  })
}

// The display-only terminal: Zed creates it from `terminal_info`, which it
// reads on a `tool_call` only, never on an update.
function terminalCall(toolCallId: string, view: TerminalCallView, options: BridgeOptions): AcpToolCall {
  const kind = view.kind ?? 'execute'
  return toolCallOf(toolCallId, commandTitle(view, options), kind, options.status ?? 'pending', {
    name: options.name,
    content: [{ type: 'terminal', terminalId: toolCallId }],
    locations: commandLocations(view, options.cwd),
    rawInput: options.rawInput,
    rawOutput: options.rawOutput,
    _meta: { terminal_info: { terminal_id: toolCallId, cwd: resolvePath(view.cwd ?? '', options.cwd) } },
  })
}

// No terminal to show (or a command that only reads): the command is the
// title; the description, and the working directory when it is not the
// session's, are text blocks.
function commandCall(toolCallId: string, view: TerminalCallView, options: BridgeOptions): AcpToolCall {
  const content = commandContextEntries(view, options.cwd)
  return toolCallOf(toolCallId, commandTitle(view, options), view.kind ?? 'execute', options.status ?? 'pending', {
    name: options.name,
    content: content.length > 0 ? content : undefined,
    locations: commandLocations(view, options.cwd),
    rawInput: options.rawInput,
    rawOutput: options.rawOutput,
  })
}

// A command's title: plain text on an `execute` card; on a reading
// command's `read` or `search` card, escaped as the client's title style
// asks (Zed renders those as Markdown), on one line.
const commandTitle = (view: TerminalCallView, options: BridgeOptions) =>
  view.kind === undefined ? shownTitle(view.title, 'execute') : wireTitle(view.title, view.kind, options.titles ?? 'markdown')

const commandLocations = (view: TerminalCallView, cwd: string) =>
  view.kind === undefined || view.locations === undefined ? undefined : absoluteLocations(view.locations, cwd)
