// The session presenter's shell: each method is one action into the
// session's reducer (see step.ts); the events it gives go to the protocol's
// encoder, reports to `onError`, and what the client already has is left
// out of each update. The encoder's checks and its memory of the client's
// cards are the shell's; the lifecycle is the reducer's.
import type { ToolResult } from '../views.js'
import { readPartial } from '../internal/session-options.js'
import { type Reported, reported, type SessionAction, type SessionEvent, sessionState } from './actions.js'
import { ClientCards } from './client-cards.js'
import type { Encoder, EncoderSettings, LifecycleEvent } from './events.js'
import {
  type AnyToolDefinition,
  type CallOptions,
  type CancelOptions,
  type DeclineOptions,
  type OutputOptions,
  type ProgressOptions,
  readSessionOptions,
  type SessionOptions,
  type SubagentOptions,
} from './options.js'
import { step } from './step.js'

export type {
  AnyToolDefinition,
  CallOptions,
  CancelOptions,
  DeclineOptions,
  OutputOptions,
  PresentationError,
  ProgressOptions,
  SessionOptions,
  SubagentOptions,
} from './options.js'

/** The methods every protocol's session presenter has, over that protocol's updates and prompt. */
export interface Session<Update, Prompt> {
  call(toolCallId: string, toolName: string, args: unknown, options?: CallOptions): Update[]
  start(toolCallId: string): Update[]
  output(toolCallId: string, chunk: string | Uint8Array, options?: OutputOptions): Update[]
  result(toolCallId: string, result: ToolResult, tool?: AnyToolDefinition): Update[]
  cancel(toolCallId: string, options?: CancelOptions): Update[]
  decline(toolCallId: string, options?: DeclineOptions): Update[]
  progress(toolCallId: string, options?: ProgressOptions): Update[]
  pause(toolCallId: string): Update[]
  subagent(toolCallId: string, options: SubagentOptions): Update[]
  permission(toolCallId: string, options?: unknown): Prompt
  forget(toolCallId: string): boolean
}

/**
 * A session: the lifecycle of every call, encoded for one protocol by the
 * encoder `encoderFor` makes from the checked settings.
 *
 * @throws TypeError at creation, naming the option: a `cwd` that is not
 * absolute, two tools with the same name, a bound that is not a positive
 * integer. Nothing after creation throws.
 */
export function createSession<Update, Prompt>(
  options: SessionOptions,
  encoderFor: (settings: EncoderSettings) => Encoder<Update, Prompt>,
): Session<Update, Prompt> {
  const { onError } = options
  const read = readSessionOptions(options)
  const encoder = encoderFor({ cwd: read.cwd, maxOutputLength: read.maxOutputLength, titles: read.titles })
  const state = sessionState({ ...read, displayTerminals: encoder.displayTerminals, lateTerminals: encoder.lateTerminals })
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
  function encode(event: LifecycleEvent, phase: 'call' | 'result', partial: boolean): Update[] {
    const { toolCallId, toolName } = event.call
    const updates = encoder.encode(event, (problems) =>
      tell(reported(toolCallId, toolName, phase, new TypeError(`the update did not serialise: ${problems.join('; ')}`))),
    )
    return encoder.stamp(cards.changes(updates as object[], partial) as Update[], event.call)
  }

  // A step's events as updates, in order. An event the encoder cannot build
  // is stepped again as `unencodable`, once: what stands in for it.
  function deliver(
    events: readonly SessionEvent[],
    phase: 'call' | 'result',
    partial: boolean,
    updates: Update[],
    retry: boolean,
  ): Update[] {
    for (const event of events) {
      if (event.type === 'report') tell(event)
      else if (event.type !== 'prompt' && event.type !== 'refused') {
        try {
          for (const update of encode(event, phase, partial)) updates.push(update)
        } catch (error) {
          if (retry && (event.type === 'shown' || event.type === 'finished'))
            deliver(step(state, { type: 'unencodable', event, error }).events, phase, partial, updates, false)
          else tell(reported(event.call.toolCallId, event.call.toolName, phase, error))
        }
      }
    }
    return updates
  }

  const run = (action: SessionAction, phase: 'call' | 'result', partial = false): Update[] =>
    deliver(step(state, action).events, phase, partial, [], true)

  // A call that is over: what the client has of its card is the client's now.
  function ended(toolCallId: string, updates: Update[]): Update[] {
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

  return {
    call: (toolCallId, toolName, args, callOptions) => {
      const partial = readPartial(callOptions)
      return run({ type: partial ? 'partial-call' : 'call', toolCallId, toolName, args, options: callOptions }, 'call', partial)
    },
    start: (toolCallId) => run({ type: 'start', toolCallId }, 'call'),
    output: (toolCallId, chunk, outputOptions) => run({ type: 'output', toolCallId, chunk, options: outputOptions }, 'result'),
    result: (toolCallId, result: ToolResult, tool?: AnyToolDefinition) =>
      ended(toolCallId, run({ type: 'result', toolCallId, result, tool }, 'result')),
    cancel: (toolCallId, cancelOptions) => ended(toolCallId, run({ type: 'cancel', toolCallId, options: cancelOptions }, 'result')),
    decline: (toolCallId, declineOptions) => ended(toolCallId, run({ type: 'decline', toolCallId, options: declineOptions }, 'result')),
    progress: (toolCallId, progressOptions) => run({ type: 'progress', toolCallId, options: progressOptions }, 'result'),
    pause: (toolCallId) => run({ type: 'pause', toolCallId }, 'result'),
    subagent: (toolCallId, subagentOptions) => run({ type: 'subagent', toolCallId, options: subagentOptions }, 'call'),
    permission: (toolCallId, request) => promptOf(step(state, { type: 'permission', toolCallId, request }).events),
    forget: (toolCallId) => {
      const known = state.calls.get(toolCallId) != null
      step(state, { type: 'forget', toolCallId })
      cards.forget(toolCallId)
      return known
    },
  }
}
