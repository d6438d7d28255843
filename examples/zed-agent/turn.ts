// The scripted turn as the example agent plays it to one client, whatever
// protocol version the connection speaks: the captions, the calls, the
// permission prompts (with "Always allow") and a cancel. Each version's agent
// (agent-v1.ts, agent-v2.ts) gives it its own presenter and three ways to
// reach its client; everything else is the same code.
import { DECLINE_REASON, play, type ScriptedStep, scriptedTurn, type TurnPresenter } from '../scripted-turn.js'

/** How the scripted agent behaves. */
export interface ScriptedAgentOptions {
  /**
   * Lets `ms` of scripted time pass for real, so a person watching the
   * editor sees a terminal fill. Default: no waiting. Either way the
   * presenter's clock is the scripted one, so the updates are the same.
   */
  readonly pause?: ((ms: number) => Promise<void>) | undefined
}

/** One session of the example agent, with the presenter of its protocol version. */
export interface ScriptedSession<Update, Permission> {
  readonly cwd: string
  readonly presenter: TurnPresenter<Update, Permission>
  /** The scripted time, in milliseconds: the presenter's clock. */
  clock: number
  turns: number
  /** Set by `session/cancel`: the running turn stops at its next action. */
  cancelled: boolean
  /** The tools the user chose "Always allow" for: not asked about again in this session. */
  readonly alwaysAllowed: Set<string>
}

/** A new session in `cwd`, its presenter made by `presenterFor` (which reads the session's clock). */
export function scriptedSession<Update, Permission>(
  cwd: string,
  presenterFor: (now: () => number) => TurnPresenter<Update, Permission>,
): ScriptedSession<Update, Permission> {
  const session: ScriptedSession<Update, Permission> = {
    cwd,
    presenter: presenterFor(() => session.clock),
    clock: 0,
    turns: 0,
    cancelled: false,
    alwaysAllowed: new Set(),
  }
  return session
}

/** What the user answered to a permission prompt. */
export type PermissionAnswer = 'allow_once' | 'allow_always' | 'reject' | 'cancelled'

/** A permission option as both protocol versions have it. */
interface OfferedOption {
  readonly optionId: string
  readonly kind: string
}

/**
 * The answer an outcome gives, by the kind of the option chosen: an id the
 * request did not offer, or an outcome this agent does not know (v2 lets a
 * client send `_`-prefixed ones), counts as a rejection: nothing runs unasked.
 */
export function permissionAnswer(
  request: { readonly options: readonly OfferedOption[] },
  outcome: { readonly outcome: string; readonly optionId?: unknown },
): PermissionAnswer {
  if (outcome.outcome === 'cancelled') return 'cancelled'
  const chosen = outcome.outcome === 'selected' ? request.options.find((option) => option.optionId === outcome.optionId) : undefined
  if (chosen?.kind === 'allow_once' || chosen?.kind === 'allow_always') return chosen.kind
  return 'reject'
}

/** The line of the reply that introduces a step: `**7/16** a live command, …`. */
export const stepCaption = (index: number, count: number, step: ScriptedStep) => `\n\n**${index + 1}/${count}** ${step.caption}`

/** The opening line of every reply. */
export const replyOpening =
  'Replaying the scripted turn of tool-render-intent: one card of each kind, two permission prompts, a plan, ' +
  'a search, a fetch, a patch, a sub-agent, a command that streams its output and one that is cancelled.'

/** How a turn reaches the client, in its protocol version's messages. */
export interface TurnChannel<Update, Permission> {
  /** Sends a piece of the agent's reply. */
  say(text: string): Promise<void>
  /** Sends one update the presenter returned. */
  send(update: Update): Promise<void>
  /** Asks the user with `session/request_permission`; a request that fails is a rejection. */
  ask(request: Permission): Promise<PermissionAnswer>
}

/** How a turn ended, and the calls it announced and did not end (only when cancelled). */
export interface TurnOutcome {
  readonly stopReason: 'end_turn' | 'cancelled'
  readonly unfinished: readonly string[]
}

/** Plays the scripted turn in `session` to the client behind `channel`. */
export async function playScriptedTurn<Update, Permission extends { readonly options: readonly OfferedOption[] }>(
  session: ScriptedSession<Update, Permission>,
  channel: TurnChannel<Update, Permission>,
  options: ScriptedAgentOptions = {},
): Promise<TurnOutcome> {
  session.turns += 1
  session.cancelled = false
  // A second prompt in the same thread gets fresh tool call ids: the
  // client would otherwise update the first turn's cards.
  const turn = scriptedTurn(session.cwd, session.turns === 1 ? '' : `_turn${session.turns}`)
  await channel.say(replyOpening)
  // The calls announced and not ended yet, to end on a cancel.
  const unfinished = new Set<string>()
  // The tool each call is for, for "Always allow".
  const toolNames = new Map<string, string>()
  const played = async () => {
    for (const [index, step] of turn.entries()) {
      // What the step shows, as a line of the reply before its card.
      await channel.say(stepCaption(index, turn.length, step))
      for (const action of step.actions) {
        if (session.cancelled) return false
        if (action.type === 'wait') {
          session.clock += action.ms
          if (options.pause) await options.pause(action.ms)
          continue
        }
        if (action.type === 'permission') {
          const toolName = toolNames.get(action.toolCallId) ?? ''
          if (session.alwaysAllowed.has(toolName)) continue
          const answer = await channel.ask(session.presenter.permission(action.toolCallId))
          // A client that cancels the turn answers its pending prompt `cancelled`.
          if (answer === 'cancelled') session.cancelled = true
          if (session.cancelled) return false
          if (answer === 'allow_always') session.alwaysAllowed.add(toolName)
          if (answer !== 'reject') continue
          // Declined: the card says the call did not run, and why; the rest of its step does not happen.
          unfinished.delete(action.toolCallId)
          for (const update of session.presenter.decline(action.toolCallId, { reason: DECLINE_REASON })) await channel.send(update)
          break
        }
        if (action.type === 'call') {
          unfinished.add(action.toolCallId)
          toolNames.set(action.toolCallId, action.toolName)
        }
        if (action.type === 'result' || action.type === 'cancel') unfinished.delete(action.toolCallId)
        for (const update of play(session.presenter, action)) await channel.send(update)
      }
    }
    return !session.cancelled
  }
  if (await played()) return { stopReason: 'end_turn', unfinished: [] }
  return { stopReason: 'cancelled', unfinished: [...unfinished] }
}
