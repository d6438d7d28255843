// The session presenter's shell: each method is one action into the
// session's reducer (see step.ts); the events it gives go to the protocol's
// encoder, reports to `onError`, and what the client already has is left
// out of each update. The encoder's checks and its memory of the client's
// cards are the shell's; the lifecycle is the reducer's.
import type { ToolResult } from '../views.js'
import { readPartial } from '../internal/session-options.js'
import { type Reported, reported, type SessionAction, type SessionEvent, sessionState } from './actions.js'
import { ClientCards } from './client-cards.js'
import type { Encoder, EncoderSettings, EventType, LifecycleEvent, ProblemReport } from './events.js'
import type { PresenterProtocol, ToolPresenterMethods, UpdatesOf } from './tool-presenter.js'
import { type AnyToolDefinition, readSessionOptions, type SessionOptions } from './options.js'
import { step } from './step.js'
import { idText, isToolCallId } from './call-record.js'
import { isRecord } from '../internal/record.js'
import { type ElicitationAnswer, answerFrom, elicitationFor } from '../wire/elicitation.js'

/** What a session knows of its client beyond the encoder: read once, by the version's presenter. */
export interface SessionClient {
  /** The client declared form elicitation (`clientCapabilities.elicitation.form`). */
  readonly formElicitation: boolean
  /** What goes to `onPlan`: every plan by id (v1, whose stable schema has none), or only what the unstable schema adds (v2). */
  readonly onPlanTakes?: 'plans' | 'unstable' | undefined
}

// The capabilities `elicitationFor` reads, as the presenter read them at creation.
const FORM_CLIENT = { elicitation: { form: {} } }

export type {
  PermissionRequestOptions,
  PresenterAnswer,
  PresenterProtocol,
  PresenterUpdate,
  ToolPresenter,
  ToolPresenterMethods,
  UpdatesOf,
} from './tool-presenter.js'

export type {
  AnyToolDefinition,
  CallOptions,
  CancelOptions,
  DeclineOptions,
  OutputOptions,
  PresentationError,
  ProgressOptions,
  ElicitOptions,
  SessionOptions,
  SubagentOptions,
} from './options.js'

/**
 * A session: the lifecycle of every call, encoded for one protocol by the
 * encoder `encoderFor` makes from the checked settings.
 *
 * @throws TypeError at creation, naming the option: a `cwd` that is not
 * absolute, two tools with the same name, a bound that is not a positive
 * integer. Nothing after creation throws.
 */
export function createSession<P extends PresenterProtocol>(
  options: SessionOptions,
  encoderFor: (settings: EncoderSettings) => Encoder<P['updates'], P['prompt']>,
  client: SessionClient = { formElicitation: false },
): ToolPresenterMethods<P> {
  type Prompt = P['prompt']
  const { onError } = options
  const onSubagent = options.onSubagent as ((update: object) => void) | undefined
  const onPlan = options.onPlan as ((update: object) => void) | undefined
  const itemsToOnPlan = client.onPlanTakes !== 'unstable'
  const read = readSessionOptions(options)
  const encoder = encoderFor({ cwd: read.cwd, maxOutputLength: read.maxOutputLength, titles: read.titles })
  const state = sessionState({
    ...read,
    displayTerminals: encoder.displayTerminals,
    lateTerminals: encoder.lateTerminals,
    plansById: encoder.plansById,
  })
  // What the client has of each card: updates carry only what changed.
  const cards = new ClientCards()

  function tell({ toolCallId, toolName, phase, error }: Reported): void {
    try {
      onError?.({ toolCallId, toolName, phase, error })
    } catch {
      // A failing error handler must not take the session down with it.
    }
  }

  // The event's updates, each checked by the encoder on its way out (what a
  // check changes is reported), less what the client has already.
  function encode(event: LifecycleEvent, phase: 'call' | 'result', partial: boolean): object[] {
    const { toolCallId, toolName } = event.call
    // The table's arm for this event (TypeScript cannot pair a union's member with its arm by itself).
    const arm = encoder.encoders[event.type] as (event: LifecycleEvent, onProblems: ProblemReport) => object[]
    const updates = arm(event, (problems) =>
      tell(reported(toolCallId, toolName, phase, new TypeError(`the update did not serialise: ${problems.join('; ')}`))),
    )
    return encoder.stamp(cards.changes(updates, partial), event.call)
  }

  // A step's events as updates, in order. An event the encoder cannot build
  // is stepped again as `unencodable`, once: what stands in for it.
  function deliver(
    events: readonly SessionEvent[],
    phase: 'call' | 'result',
    partial: boolean,
    updates: object[],
    retry: boolean,
  ): object[] {
    let children: object[] | undefined
    let plans: object[] | undefined
    for (const event of events) {
      if (event.type === 'report') tell(event)
      else if (event.type === 'subagent' && event.followed) {
        // A child's state that its call's own step moved: the separate channel, or nothing (see `onSubagent`).
        if (onSubagent === undefined) continue
        try {
          children ??= []
          for (const update of encode(event, phase, partial)) children.push(update)
        } catch (error) {
          tell(reported(event.call.toolCallId, event.call.toolName, phase, error))
        }
      } else if (event.type !== 'prompt' && event.type !== 'refused') {
        // A proposed plan and a plan's removal exist only by id: `onPlan`'s, or nothing.
        if ((event.type === 'plan-document' || event.type === 'plan-removed') && onPlan === undefined) continue
        try {
          // Plans by id go to their own channel where the harness gave one (see `onPlan`).
          const byId = event.type === 'plan-document' || event.type === 'plan-removed' || (event.type === 'plan' && itemsToOnPlan)
          if (byId && onPlan !== undefined) plans ??= []
          const into = byId && plans !== undefined ? plans : updates
          for (const update of encode(event, phase, partial)) into.push(update)
        } catch (error) {
          if (retry && (event.type === 'shown' || event.type === 'finished'))
            deliver(step(state, { type: 'unencodable', event, error }).events, phase, partial, updates, false)
          else tell(reported(event.call.toolCallId, event.call.toolName, phase, error))
        }
      }
    }
    if (plans !== undefined) for (const update of plans) tellHandler(onPlan, update)
    if (children !== undefined) for (const update of children) tellHandler(onSubagent, update)
    return updates
  }

  function tellHandler(handler: ((update: object) => void) | undefined, update: object): void {
    try {
      handler?.(update)
    } catch {
      // A failing handler must not take the session down with it.
    }
  }

  // An action's updates: those of the events its step gives, which are the
  // events `K` alone (test/lifecycle/step.test.ts specifies each action's).
  const run = <K extends EventType>(action: SessionAction, phase: 'call' | 'result', partial = false): UpdatesOf<P, K>[] =>
    deliver(step(state, action).events, phase, partial, [], true) as UpdatesOf<P, K>[]

  // A call that is over: what the client has of its card is the client's now.
  function ended<Update>(toolCallId: string, updates: Update[]): Update[] {
    if (state.calls.get(toolCallId) === null) cards.forget(toolCallId)
    return updates
  }

  // The prompt of a permission step: the encoder's, or what stands in for it.
  function promptOf(events: readonly SessionEvent[]): Prompt {
    let prompt: Prompt | undefined
    for (const event of events) {
      if (event.type === 'report') tell(event)
      else if (event.type === 'refused') prompt = encoder.refusedPrompt(event.toolCallId, event.idLabel, event.title, event.choices)
      else if (event.type === 'prompt') {
        const { call } = event.prompt
        try {
          prompt = encoder.prompt(event.prompt, (problems) =>
            tell(reported(call.toolCallId, call.toolName, 'call', new TypeError(`the update did not serialise: ${problems.join('; ')}`))),
          )
          if (event.known) cards.applied(call.toolCallId, encoder.appliedByPrompt(prompt))
        } catch (error) {
          prompt = promptOf(step(state, { type: 'unencodable', event, error }).events)
        }
      }
    }
    return prompt as Prompt
  }

  // A call still waiting, by an id a caller gave; `undefined` for any other.
  const waitingCall = (toolCallId: unknown) => (isToolCallId(toolCallId) ? (state.calls.get(toolCallId) ?? undefined) : undefined)
  const notWaiting = (toolCallId: unknown) => `elicitation: no call with the id "${idText(toolCallId)}" is waiting`
  const capabilities = client.formElicitation ? FORM_CLIENT : undefined

  return {
    elicit: (toolCallId, elicitOptions) => {
      try {
        const call = waitingCall(toolCallId)
        if (!call) return { ok: false, error: notWaiting(toolCallId) }
        const sessionId = isRecord(elicitOptions) ? elicitOptions.sessionId : undefined
        return elicitationFor(call.toolName, call.input, { sessionId: sessionId as string, toolCallId }, capabilities)
      } catch (error) {
        return { ok: false, error: `elicitation: ${error instanceof Error ? error.message : String(error)}` }
      }
    },
    answer: (toolCallId, response) => {
      const call = waitingCall(toolCallId)
      let answer: ElicitationAnswer
      try {
        answer = call
          ? answerFrom(call.toolName, call.input, response)
          : { outcome: 'invalid', error: notWaiting(toolCallId), field: 'toolCallId', answers: [], response }
      } catch (error) {
        const problem = error instanceof Error ? error.message : String(error)
        answer = {
          outcome: 'invalid',
          error: `elicitation: the response could not be read: ${problem}`,
          field: 'response',
          answers: [],
          response,
        }
      }
      if (answer.outcome === 'invalid') return { ...answer, updates: [] }
      const action: SessionAction = { type: 'result', toolCallId, result: answer.result, tool: undefined, view: answer.view }
      return { ...answer, updates: ended(toolCallId, run<'finished' | 'plan-failed' | 'plan'>(action, 'result')) }
    },
    call: (toolCallId, toolName, args, callOptions) => {
      const partial = readPartial(callOptions)
      const action: SessionAction = { type: partial ? 'partial-call' : 'call', toolCallId, toolName, args, options: callOptions }
      return run<'shown' | 'plan'>(action, 'call', partial)
    },
    start: (toolCallId) => run<'started'>({ type: 'start', toolCallId }, 'call'),
    output: (toolCallId, chunk, outputOptions) =>
      run<'output' | 'snapshot'>({ type: 'output', toolCallId, chunk, options: outputOptions }, 'result'),
    result: (toolCallId: string, result: ToolResult, tool?: AnyToolDefinition) =>
      ended(toolCallId, run<'finished' | 'plan-failed' | 'plan'>({ type: 'result', toolCallId, result, tool }, 'result')),
    cancel: (toolCallId, cancelOptions) =>
      ended(toolCallId, run<'cancelled'>({ type: 'cancel', toolCallId, options: cancelOptions }, 'result')),
    decline: (toolCallId, declineOptions) =>
      ended(toolCallId, run<'declined'>({ type: 'decline', toolCallId, options: declineOptions }, 'result')),
    progress: (toolCallId, progressOptions) => run<'progress'>({ type: 'progress', toolCallId, options: progressOptions }, 'result'),
    pause: (toolCallId) => run<'paused'>({ type: 'pause', toolCallId }, 'result'),
    subagent: (toolCallId, subagentOptions) => run<'subagent'>({ type: 'subagent', toolCallId, options: subagentOptions }, 'call'),
    permission: (toolCallId, request) => promptOf(step(state, { type: 'permission', toolCallId, request }).events),
    forget: (toolCallId) => {
      const known = state.calls.get(toolCallId) != null
      // Nothing for the call's card; its child's settling goes to `onSubagent`.
      deliver(step(state, { type: 'forget', toolCallId }).events, 'result', false, [], false)
      cards.forget(toolCallId)
      return known
    },
  }
}
