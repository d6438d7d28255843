// The session as data: its state, the closed union of actions a harness's
// method calls become, and what a step gives back (lifecycle events for the
// encoders, reports for `onError`, prompts). Types and two small builders.
import type { ToolResult, ToolResultView } from '../views.js'
import { type CallRecord, idProblem, idText, isId, isToolCallId } from './call-record.js'
import type { CallFinished, CallShown, LifecycleEvent, PermissionChoice, PromptEvent } from './events.js'
import type { AnyToolDefinition, PresentationError, SessionSettings } from './options.js'

/**
 * Everything a session knows. `step` updates it in place and returns it,
 * as vercel/ai's `processUIMessageStream` does with its message: a session
 * is one state read by one reducer.
 */
export interface SessionState {
  readonly settings: SessionSettings
  /**
   * Every id the session has seen: its live call, or null once the call is
   * over (finished, cancelled, declined or forgotten), as an id is never
   * reused. One table: one lookup a call.
   */
  readonly calls: Map<string, CallRecord | null>
  /** The calls that spawned a child session, kept after they are over (their child reports how its work ended). */
  readonly spawners: Map<string, CallRecord>
  /**
   * The plans the session keeps across calls (a task list), by the object
   * that names them, then by plan id: a sub-agent's task list is its own.
   */
  readonly plans: Map<object, Map<string, unknown>>
  /** The plans by id sent to the client, each with the call that owns it (a sub-agent's spawning call, a proposal's own call), to remove when that call ends. */
  readonly shownPlans: Map<string, ShownPlan>
}

/** A plan by id the client has, and what ends it. */
export interface ShownPlan {
  /** The call that last sent it. */
  readonly toolCallId: string
  /** The call whose sub-agent keeps it: the plan is removed when that call ends. */
  readonly spawner: string | undefined
  /** A proposed plan (a document): removed when its call is declined, cancelled or fails. */
  readonly proposal: boolean
}

/** A fresh session's state. */
export const sessionState = (settings: SessionSettings): SessionState => ({
  settings,
  calls: new Map(),
  spawners: new Map(),
  plans: new Map(),
  shownPlans: new Map(),
})

/**
 * What a harness asks of a session, one arm per method. Every field is the
 * harness's value as it came (`unknown` where it may be anything): the step
 * checks it.
 */
export type SessionAction =
  | { readonly type: 'call'; readonly toolCallId: string; readonly toolName: string; readonly args: unknown; readonly options: unknown }
  | {
      readonly type: 'partial-call'
      readonly toolCallId: string
      readonly toolName: string
      readonly args: unknown
      readonly options: unknown
    }
  | { readonly type: 'start'; readonly toolCallId: string }
  | { readonly type: 'output'; readonly toolCallId: string; readonly chunk: unknown; readonly options: unknown }
  | { readonly type: 'progress'; readonly toolCallId: string; readonly options: unknown }
  | { readonly type: 'pause'; readonly toolCallId: string }
  | {
      readonly type: 'result'
      readonly toolCallId: string
      readonly result: ToolResult
      readonly tool: AnyToolDefinition | undefined
      /** The card the session built itself (an elicitation's answers), shown instead of the tool's result presenter's. */
      readonly view?: ToolResultView | undefined
    }
  | { readonly type: 'cancel'; readonly toolCallId: string; readonly options: unknown }
  | { readonly type: 'decline'; readonly toolCallId: string; readonly options: unknown }
  | { readonly type: 'forget'; readonly toolCallId: string }
  | { readonly type: 'permission'; readonly toolCallId: string; readonly request: unknown }
  | { readonly type: 'subagent'; readonly toolCallId: string; readonly options: unknown }
  /** The encoder could not build an event's update (or a prompt): the step gives what stands in for it. */
  | { readonly type: 'unencodable'; readonly event: CallShown | CallFinished | PromptAsked; readonly error: unknown }

/** Something to tell `onError`. */
export interface Reported extends PresentationError {
  readonly type: 'report'
}

/** A permission prompt to build: the call as the card shows it. */
export interface PromptAsked {
  readonly type: 'prompt'
  readonly prompt: PromptEvent
  /** The client has the call's card: what the prompt applies to it is remembered. */
  readonly known: boolean
  /** The view is the fallback card, put in when the encoder could not build the first. */
  readonly fallback: boolean
}

/** A prompt that cannot be approved: its title says why, its only choices reject. */
export interface PromptRefused {
  readonly type: 'refused'
  /** Undefined when the harness's id was not a tool call id the session takes. */
  readonly toolCallId: string | undefined
  readonly idLabel: string
  readonly title: string
  readonly choices: readonly PermissionChoice[]
}

/** What a step gives: events for the encoder, reports, and (for `permission`) one prompt. */
export type SessionEvent = LifecycleEvent | Reported | PromptAsked | PromptRefused

/** The state after a step, and what it gave, in order. */
export interface StepResult {
  readonly state: SessionState
  readonly events: readonly SessionEvent[]
}

/** A report of `error` for `onError`. */
export const reported = (toolCallId: string, toolName: string, phase: 'call' | 'result', error: unknown): Reported => ({
  type: 'report',
  toolCallId,
  toolName,
  phase,
  error,
})

/** Puts the call's new record in the state (and in the spawners, when it spawned a child). */
export function putCall(state: SessionState, call: CallRecord): void {
  state.calls.set(call.toolCallId, call)
  if (state.spawners.has(call.toolCallId)) state.spawners.set(call.toolCallId, call)
}

/** The call is over: it is not waiting any more, and its id is not used again; a spawner keeps its last record. */
export function endCall(state: SessionState, call: CallRecord): void {
  state.calls.set(call.toolCallId, null)
  if (state.spawners.has(call.toolCallId)) state.spawners.set(call.toolCallId, call)
}

/** Remembers a plan by id sent for `call`, when something will end it (a sub-agent's, a proposal); the session's own plan stays. */
export function rememberPlan(state: SessionState, planId: string, call: CallRecord, proposal: boolean): void {
  const spawner = call.parentToolCallId
  if (spawner === undefined && !proposal) return
  state.shownPlans.set(planId, { toolCallId: call.toolCallId, spawner, proposal })
}

/** The call waiting under `toolCallId`, or a report that there is none. */
export function waiting(state: SessionState, toolCallId: string, method: string, out: SessionEvent[]): CallRecord | undefined {
  const call = isToolCallId(toolCallId) ? state.calls.get(toolCallId) : undefined
  if (!call)
    out.push(
      reported(
        idText(toolCallId),
        '',
        'result',
        new Error(
          isId(toolCallId) && !isToolCallId(toolCallId)
            ? `${method}: ${idProblem(toolCallId)}`
            : `${method}: no call with the id "${idText(toolCallId)}" is waiting`,
        ),
      ),
    )
  return call ?? undefined
}
