// The session's reducer: `step(state, action)` gives the next state and
// the events that action makes, for the encoders and for `onError`. One
// switch names every action; each concept's steps live in their module
// (presenting, output, permission, plan, sub-agents). No I/O: the only
// outside code a step runs is the tools' presenters and the clock the
// harness gave.
import { isRecord } from '../internal/record.js'
import { readField, readSignal, readString } from '../internal/session-options.js'
import { isTrustedPresenter } from '../internal/trusted-presenters.js'
import { endedPlans } from './plan-document.js'
import { type JsonLimits, UPDATE_LIMITS } from '../safety/json-safe.js'
import { assertNever } from '../assert-never.js'
import type { ToolResult, ToolResultView } from '../views.js'
import {
  endCall,
  type PromptAsked,
  putCall,
  reported,
  type SessionAction,
  type SessionEvent,
  type SessionState,
  type StepResult,
  waiting,
} from './actions.js'
import { type CallRecord, isAnnounced, isRunning } from './call-record.js'
import type { CallFinished, CallShown, CallState } from './events.js'
import type { AnyToolDefinition } from './options.js'
import { ending, stepOutput } from './output.js'
import { stepPermission, unpromptable } from './permission.js'
import { nextSessionPlan, planResult } from './plan.js'
import { asPlainJson, rawContent, resultViewOf, stepCall, unshowable } from './presenting.js'
import { followChild, stepSubagent } from './subagents.js'
import { TerminalStream, TextStream } from './output-stream.js'

type Out = SessionEvent[]

// A result is read, never sent as it is: what its presenter makes of it is
// bounded (maxOutputLength) and checked on its way out. So no string in it
// is cut here: a cut here would make a command's output differ from what
// was streamed, and its marker count the cut, not the output.
const RESULT_LIMITS: JsonLimits = { ...UPDATE_LIMITS, maxStringLength: Number.POSITIVE_INFINITY, maxTotalLength: Number.POSITIVE_INFINITY }

/** One action into the session: the state after it, and its events in order. Never throws. */
export function step(state: SessionState, action: SessionAction): StepResult {
  const out: Out = []
  switch (action.type) {
    case 'call':
    case 'partial-call':
      stepCall(state, action.toolCallId, action.toolName, action.args, action.options, action.type === 'partial-call', out)
      break
    case 'start':
      start(state, action.toolCallId, out)
      break
    case 'output':
      stepOutput(state, action.toolCallId, action.chunk, action.options, out)
      break
    case 'progress':
      progress(state, action.toolCallId, action.options, out)
      break
    case 'pause':
      pause(state, action.toolCallId, out)
      break
    case 'result':
      result(state, action.toolCallId, action.result, action.tool, out, action.view)
      break
    case 'cancel':
      stop(state, action.toolCallId, 'cancel', action.options, out)
      break
    case 'decline':
      stop(state, action.toolCallId, 'decline', action.options, out)
      break
    case 'forget':
      forget(state, action.toolCallId, out)
      break
    case 'permission':
      stepPermission(state, action.toolCallId, action.request, out)
      break
    case 'subagent':
      stepSubagent(state, action.toolCallId, action.options, out)
      break
    case 'unencodable':
      unencodable(state, action.event, action.error, out)
      break
    default:
      assertNever(action, 'the session step')
  }
  return { state, events: out }
}

function start(state: SessionState, toolCallId: string, out: Out): void {
  const call = waiting(state, toolCallId, 'start', out)
  // A plan has no card on the client to start.
  if (!call || !isAnnounced(call)) return
  const next: CallRecord = { ...call, status: 'running' }
  putCall(state, next)
  out.push({ type: 'started', call: next })
  followChild(next, out)
}

function progress(state: SessionState, toolCallId: string, options: unknown, out: Out): void {
  const call = waiting(state, toolCallId, 'progress', out)
  if (!call || !isAnnounced(call)) return
  try {
    const elapsed = readField(options, 'elapsedMs')
    const message = readString(options, 'message')
    const elapsedMs = typeof elapsed === 'number' && Number.isFinite(elapsed) && elapsed >= 0 ? elapsed : undefined
    // The first heartbeat also says the call runs.
    const next: CallRecord = { ...call, status: 'running' }
    putCall(state, next)
    out.push({ type: 'progress', call: next, starts: !isRunning(call), elapsedMs, message: message === '' ? undefined : message })
    followChild(next, out)
  } catch (error) {
    out.push(reported(toolCallId, call.toolName, 'result', error))
  }
}

function pause(state: SessionState, toolCallId: string, out: Out): void {
  const call = waiting(state, toolCallId, 'pause', out)
  if (!call || !isAnnounced(call)) return
  // `start` (or output, or a heartbeat) resumes it.
  const next: CallRecord = { ...call, status: 'paused' }
  putCall(state, next)
  out.push({ type: 'paused', call: next })
  followChild(next, out)
}

function result(
  state: SessionState,
  toolCallId: string,
  outcomeIn: ToolResult,
  tool: AnyToolDefinition | undefined,
  out: Out,
  own?: ToolResultView,
): void {
  const call = waiting(state, toolCallId, 'result', out)
  if (!call) return
  const { toolName } = call
  try {
    // The tool the harness says returned this (for its meta's type) must be the call's.
    const named = readField(tool, 'name')
    if (tool !== undefined && named !== toolName) {
      const problem = `result: the call "${toolCallId}" is a "${toolName}" call, not a "${String(named)}" call`
      out.push(reported(toolCallId, toolName, 'result', new TypeError(problem)))
    }
    // The result presenter, read once: the one whose trust decides the checks is the one called.
    const present = call.tool?.presentResult
    const trusted = isTrustedPresenter(present)
    const announced = isAnnounced(call)
    const outcome = asPlainJson(outcomeIn, 'result', call, 'result', out, announced && trusted, RESULT_LIMITS)
    const isError = isRecord(outcome) && outcome.isError === true
    const over: CallRecord = { ...call, status: isError ? 'failed' : 'done' }
    endCall(state, over)
    checkMeta(over, outcome, out)
    if (!announced) {
      planResult(over, outcome, isError, out)
      return
    }
    const view = own ?? resultViewOf(state, over, outcome as ToolResult, present, trusted, out)
    if (view && !(view.card === 'generic' && view.content === undefined)) {
      const terminal = view.card === 'terminal' && over.view.card === 'terminal'
      const stream = terminal ? over.stream : undefined
      const output = view.card === 'terminal' ? (view.output ?? '') : ''
      const rest = over.terminal && stream instanceof TerminalStream ? stream.finish(output) : undefined
      // A command shown as text: its stream has the output marked and bounded so far.
      const shownOutput = !over.terminal && stream instanceof TextStream ? stream.finish(output) : undefined
      out.push({ type: 'finished', call: over, view, isError, rest, shownOutput, closesTerminal: false, fallback: false, outcome })
    } else finishedWithRawContent(over, view, isError, outcome, out)
    nextSessionPlan(state, over, outcome, out)
    followChild(over, out)
    endedPlans(state, over, isError, out)
  } catch (error) {
    out.push(reported(toolCallId, toolName, 'result', error))
  }
}

// Nothing lost: the raw result content stands in for a missing view (or one the encoder could not build).
function finishedWithRawContent(call: CallState, view: ToolResultView | undefined, isError: boolean, outcome: unknown, out: Out) {
  const content = rawContent(call, outcome, out)
  const title = view?.card === 'generic' ? view.title : undefined
  const fallback: ToolResultView = title === undefined ? { card: 'generic', content } : { card: 'generic', title, content }
  const closesTerminal = call.terminal && call.view.card === 'terminal'
  out.push({
    type: 'finished',
    call,
    view: fallback,
    isError,
    rest: undefined,
    shownOutput: undefined,
    closesTerminal,
    fallback: true,
    outcome,
  })
}

// A meta field the tool's result presenter does not read is reported: a
// misspelt one would go unnoticed, and the card would say something else.
function checkMeta(call: CallRecord, outcome: unknown, out: Out): void {
  const keys = call.tool?.metaKeys
  const meta = isRecord(outcome) ? outcome.meta : undefined
  if (!Array.isArray(keys) || !isRecord(meta)) return
  const unknown = Object.keys(meta).filter((key) => !keys.includes(key))
  if (unknown.length > 0) {
    const problem = `result: meta.${unknown.join(', meta.')} is not read by "${call.toolName}" (it reads ${keys.join(', ') || 'no meta'})`
    out.push(reported(call.toolCallId, call.toolName, 'result', new TypeError(problem)))
  }
}

// Cancel and decline: the call will not finish (cancel) or never ran
// (decline). Either way it is over, and a plan (no card) sends nothing.
function stop(state: SessionState, toolCallId: string, method: 'cancel' | 'decline', options: unknown, out: Out): void {
  const call = waiting(state, toolCallId, method, out)
  if (!call) return
  const over: CallRecord = { ...call, status: 'cancelled' }
  endCall(state, over)
  try {
    if (!isAnnounced(call)) return
    if (method === 'cancel') {
      const held = call.view.card === 'terminal' ? ending(state, over) : ''
      out.push({ type: 'cancelled', call: over, signal: readSignal(options), held })
    } else {
      const reason = readString(options, 'reason')
      out.push({ type: 'declined', call: over, reason: reason === '' ? undefined : reason })
    }
    followChild(over, out)
    endedPlans(state, over, true, out)
  } catch (error) {
    out.push(reported(toolCallId, call.toolName, 'result', error))
  }
}

function forget(state: SessionState, toolCallId: string, out: Out): void {
  const call = state.calls.get(toolCallId)
  if (!call) return
  // Its child's work ended with it (`subagent` can still say so).
  const over: CallRecord = { ...call, status: 'cancelled' }
  endCall(state, over)
  followChild(over, out)
  endedPlans(state, over, true, out)
}

// What stands in for an event the encoder could not build: the fallback
// card, the raw result content, the fallback prompt (then a refusal).
function unencodable(state: SessionState, event: CallShown | CallFinished | PromptAsked, error: unknown, out: Out): void {
  if (event.type === 'prompt') {
    unpromptable(event, error, out)
    return
  }
  const { toolCallId, toolName } = event.call
  out.push(reported(toolCallId, toolName, event.type === 'shown' ? 'call' : 'result', error))
  if (event.type === 'shown') {
    unshowable(state, toolCallId, event.first, out)
    return
  }
  if (!event.fallback) finishedWithRawContent(event.call, event.view, event.isError, event.outcome, out)
}
