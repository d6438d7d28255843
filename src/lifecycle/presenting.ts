// Presenting and trust: a call's arguments read as plain JSON, its tool's
// presenters run (the library's own are trusted, any other's view is
// checked), and the call step that shows the card, or the generic fallback
// when a presenter fails or the encoder cannot build the view.
import { wantsDisplayTerminal } from './display-terminal.js'
import { normalizeContentBlock } from '../content-blocks.js'
import { parseToolCallView, parseToolResultView } from '../guards.js'
import { isRecord } from '../internal/record.js'
import { findTool } from '../internal/tool-lookup.js'
import { isTrustedPresenter } from '../internal/trusted-presenters.js'
import { isJsonSafe, isJsonShape, type JsonLimits, jsonSafeCopy, UPDATE_LIMITS } from '../safety/json-safe.js'
import type { ContentBlock, GenericCallView, ToolCallView, ToolResult, ToolResultView } from '../views.js'
import { putCall, rememberPlan, reported, type SessionEvent, type SessionState } from './actions.js'
import { proposedPlan } from './plan-document.js'
import { type CallRecord, callRecord, idProblem, idText, isId, isToolCallId } from './call-record.js'
import type { AnyToolDefinition } from './options.js'
import { SESSION_PLAN_ID, subagentPlanId } from './events.js'
import { planCard } from './plan-card.js'
import { parentOf } from './subagents.js'

type Out = SessionEvent[]

/** An unknown tool's card: its name, made safe for a Markdown title. */
export const fallbackView = (toolName: string): GenericCallView => ({ card: 'generic', title: toolName, kind: 'other' })

/**
 * A value as its JSON round trip would give it; a copy is reported. With
 * `shapeOnly`, strings are not scanned for lone surrogates (see
 * isJsonShape): for a result only the library's own presenters read, as
 * every string they put in an update is scanned on its way out.
 */
export function asPlainJson(
  value: unknown,
  what: string,
  call: { readonly toolCallId: string; readonly toolName: string },
  phase: 'call' | 'result',
  out: Out,
  shapeOnly = false,
  limits: JsonLimits = UPDATE_LIMITS,
): unknown {
  if (shapeOnly ? isJsonShape(value, limits) : isJsonSafe(value, limits)) return value
  const copy = jsonSafeCopy(value, what, limits)
  if (copy.problems.length > 0)
    out.push(reported(call.toolCallId, call.toolName, phase, new TypeError(`${what} is not plain JSON: ${copy.problems.join('; ')}`)))
  return copy.value
}

/** A call view, with whether one of the library's own presenters made it. */
export interface PresentedCall {
  readonly view: ToolCallView
  readonly trusted: boolean
}

/** The tool's view of `args` (its partial presenter's while they stream in), or undefined, reported unless partial. */
export function callViewOf(
  state: SessionState,
  toolCallId: string,
  toolName: string,
  tool: AnyToolDefinition | undefined,
  args: unknown,
  partial: boolean,
  out: Out,
): PresentedCall | undefined {
  const { context } = state.settings
  try {
    if (!tool) throw new Error(`no tool named "${toolName}" has a presenter`)
    // Each presenter function is read once: the one that made the view is the one trusted or not.
    const presentFull = tool.presentCall
    if (!presentFull) throw new Error(`the tool "${toolName}" has no presentCall`)
    let present: unknown = presentFull
    let view = typeof presentFull === 'function' ? presentFull.call(tool, args, context) : tool.presentCall(args, context)
    if (view === undefined && partial) {
      const presentPartial = tool.presentPartialCall
      present = presentPartial
      view = typeof presentPartial === 'function' ? presentPartial.call(tool, args, context) : tool.presentPartialCall?.(args, context)
    }
    if (view === undefined) {
      if (partial) return undefined
      throw new Error(`the "${toolName}" presenter returned no view: the arguments did not match`)
    }
    // The library's own presenters give valid views (their property tests prove it); any other is checked.
    const trusted = isTrustedPresenter(present)
    return { view: trusted ? view : parseToolCallView(view), trusted }
  } catch (error) {
    out.push(reported(toolCallId, toolName, 'call', error))
    return undefined
  }
}

/** The result presenter's view, checked unless trusted; undefined (a throw reported) when there is none. */
export function resultViewOf(
  state: SessionState,
  call: CallRecord,
  result: ToolResult,
  present: AnyToolDefinition['presentResult'],
  trusted: boolean,
  out: Out,
): ToolResultView | undefined {
  if (!present) return undefined
  try {
    const view = present(call.input, result, state.settings.context)
    return view === undefined || trusted ? view : parseToolResultView(view)
  } catch (error) {
    out.push(reported(call.toolCallId, call.toolName, 'result', error))
    return undefined
  }
}

/**
 * `result.content` as the vocabulary can carry it (one bad block would fail
 * the whole update): a block with fields no block has loses them, an
 * unknown block becomes a text block naming it; each change is reported.
 */
export function rawContent(call: { readonly toolCallId: string; readonly toolName: string }, result: unknown, out: Out): ContentBlock[] {
  const content = isRecord(result) && Array.isArray(result.content) ? (result.content as unknown[]) : []
  const blocks: ContentBlock[] = []
  for (let index = 0; index < content.length; index++) {
    const { block, problems } = normalizeContentBlock(content[index])
    for (const problem of problems)
      out.push(reported(call.toolCallId, call.toolName, 'result', new TypeError(`content[${index}]: ${problem}`)))
    blocks.push(block)
  }
  return blocks
}

/** The call or partial call step: the call's first card, or a new sighting of it. */
export function stepCall(
  state: SessionState,
  toolCallId: string,
  toolName: string,
  args: unknown,
  options: unknown,
  partial: boolean,
  out: Out,
): void {
  if (!isToolCallId(toolCallId) || typeof toolName !== 'string') {
    const problem =
      isId(toolCallId) && typeof toolName === 'string'
        ? `call: ${idProblem(toolCallId)}`
        : 'call: the tool call id and the tool name must be non-empty strings'
    out.push(reported(idText(toolCallId), idText(toolName), 'call', new TypeError(problem)))
    return
  }
  const { settings } = state
  try {
    const known = state.calls.get(toolCallId)
    if (known === null) throw new Error(`call: the call "${toolCallId}" is over; a tool call id is never reused`)
    if (known && known.toolName !== toolName)
      throw new Error(`call: the call "${toolCallId}" is a "${known.toolName}" call; it cannot become a "${toolName}" call`)
    let at = 0
    if (partial && known) {
      // Partial sightings coalesce: the next one carries these arguments too.
      at = settings.now()
      if (at - known.lastPartial < settings.partialInterval) return
    }
    const input = asPlainJson(args, 'rawInput', { toolCallId, toolName }, 'call', out)
    const tool = known ? known.tool : findTool(settings.tools, toolName)
    const presented = callViewOf(state, toolCallId, toolName, tool, input, partial, out)
    const view = presented?.view
    if (known) {
      // Partial arguments the presenter cannot show yet leave the card as it is.
      if (!view && partial) return
      if (partial && view?.card === 'plan' && view.entries.length < known.planEntries) return
      const sighting = view ?? fallbackView(toolName)
      const record: CallRecord = { ...known, input, lastPartial: partial ? at : known.lastPartial }
      shown(state, record, partial ? completeLocations(sighting, input) : sighting, out)
      if (!partial) proposes(state, toolCallId, out)
      return
    }
    // Partial arguments a presenter cannot show yet: wait for a sighting it
    // can, so the first announcement already has the card the call will keep.
    if (!view && partial && tool?.presentCall) return
    const first = view ?? fallbackView(toolName)
    // The first sighting fixes whether there is a display terminal.
    const record = callRecord({
      toolCallId,
      toolName,
      tool,
      input,
      view: first,
      terminal: settings.displayTerminals && wantsDisplayTerminal(first),
      parentToolCallId: parentOf(options, toolCallId, toolName, out),
      lastPartial: partial ? settings.now() : Number.NEGATIVE_INFINITY,
    })
    shown(state, record, partial ? completeLocations(first, input) : first, out)
    if (!partial) proposes(state, toolCallId, out)
  } catch (error) {
    out.push(reported(toolCallId, toolName, 'call', error))
  }
}

// The plan a call shown as a card proposes, for a client that keeps plans by id.
function proposes(state: SessionState, toolCallId: string, out: Out): void {
  const call = state.calls.get(toolCallId)
  if (call && call.view.card !== 'plan') proposedPlan(state, call, out)
}

// A sighting of the call: its plan, or its card. A sub-agent's plan is its
// own plan where the client keeps plans by id; else it is the call's card
// (the client's one plan is its parent's, and a sub-agent never replaces it).
function shown(state: SessionState, call: CallRecord, sighting: ToolCallView, out: Out): void {
  const parent = call.parentToolCallId
  const ownCard = sighting.card === 'plan' && parent !== undefined && !state.settings.plansById
  const view: ToolCallView = ownCard && sighting.card === 'plan' ? planCard(sighting) : sighting
  if (view.card === 'plan') {
    const planned: CallRecord = { ...call, view, planEntries: view.entries.length }
    putCall(state, planned)
    const planId = parent === undefined ? SESSION_PLAN_ID : subagentPlanId(parent)
    rememberPlan(state, planId, planned, false)
    out.push({ type: 'plan', call: planned, view, planId })
    return
  }
  const first = call.status === 'plan-only'
  const keepsTerminal = call.terminal && view.card === 'terminal' && call.view.card === 'terminal'
  const terminal = call.terminal || (wantsDisplayTerminal(view) && state.settings.lateTerminals)
  const next: CallRecord = { ...call, view, terminal, status: first ? 'shown' : call.status }
  putCall(state, next)
  out.push({ type: 'shown', call: next, view, first, keepsTerminal })
}

/** The encoder could not build a card: the generic fallback stands in, and the call keeps it. */
export function unshowable(state: SessionState, toolCallId: string, first: boolean, out: Out): void {
  const call = state.calls.get(toolCallId)
  if (!call) return
  const view = fallbackView(call.toolName)
  const next: CallRecord = { ...call, view }
  putCall(state, next)
  out.push({ type: 'shown', call: next, view, first, keepsTerminal: false })
}

// A partial sighting's view without the locations whose path may still be
// streaming in: one that ends with the arguments' last string value (no
// later key has arrived to show it is complete). An editor that follows the
// agent would open every half-path.
function completeLocations(view: ToolCallView, args: unknown): ToolCallView {
  if ((view.card !== 'generic' && view.card !== 'diff') || view.locations === undefined) return view
  const last = lastString(args)
  if (last === undefined) return view
  const locations = view.locations.filter((location) => !location.path.endsWith(last))
  if (locations.length === view.locations.length) return view
  const { locations: _dropped, ...rest } = view
  return (locations.length > 0 ? { ...rest, locations } : rest) as ToolCallView
}

// The value of an object's last key, when it is a non-empty string: what a partial-JSON parser may still be growing.
function lastString(args: unknown): string | undefined {
  if (!isRecord(args)) return undefined
  let last: unknown
  for (const key in args) last = args[key]
  return typeof last === 'string' && last !== '' ? last : undefined
}
