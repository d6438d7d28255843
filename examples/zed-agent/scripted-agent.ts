// An ACP agent that answers every prompt by replaying the scripted turn
// through createToolPresenter, with the client's real capabilities. Before
// the calls the script marks, it asks the user with a real
// `session/request_permission` request and runs the call only if allowed.
import {
  type AgentApp,
  type AgentContext,
  agent,
  type ClientCapabilities,
  methods,
  PROTOCOL_VERSION,
  type RequestPermissionOutcome,
  type SessionUpdate,
} from '@agentclientprotocol/sdk'
import { createToolPresenter, type PermissionRequest, type ToolPresenter } from 'tool-render-intent/acp'
import { presenters } from 'tool-render-intent/presenters'
import { declinedResult, play, type ScriptedStep, scriptedTurn } from '../scripted-turn.js'

/** How the scripted agent behaves. */
export interface ScriptedAgentOptions {
  /**
   * Lets `ms` of scripted time pass for real, so a person watching the
   * editor sees a terminal fill. Default: no waiting. Either way the
   * presenter's clock is the scripted one, so the updates are the same.
   */
  readonly pause?: (ms: number) => Promise<void>
}

interface Session {
  readonly cwd: string
  readonly presenter: ToolPresenter
  /** The scripted time, in milliseconds: the presenter's clock. */
  clock: number
  turns: number
  /** Set by `session/cancel`: the running turn stops at its next action. */
  cancelled: boolean
  /** The tools the user chose "Always allow" for: not asked about again in this session. */
  readonly alwaysAllowed: Set<string>
}

/** What the user answered to a permission prompt. */
export type PermissionAnswer = 'allow_once' | 'allow_always' | 'reject' | 'cancelled'

/**
 * The answer an outcome gives, by the kind of the option chosen (an id the
 * request did not offer counts as a rejection: nothing runs unasked).
 */
export function permissionAnswer(request: PermissionRequest, outcome: RequestPermissionOutcome): PermissionAnswer {
  if (outcome.outcome === 'cancelled') return 'cancelled'
  const chosen = request.options.find((option) => option.optionId === outcome.optionId)
  if (chosen?.kind === 'allow_once' || chosen?.kind === 'allow_always') return chosen.kind
  return 'reject'
}

// Asks the client, through the SDK connection; a request that fails (a
// client that cannot ask) is a rejection.
async function ask(client: AgentContext, sessionId: string, request: PermissionRequest): Promise<PermissionAnswer> {
  try {
    const { outcome } = await client.request(methods.client.session.requestPermission, { sessionId, ...request })
    return permissionAnswer(request, outcome)
  } catch (error) {
    console.error('session/request_permission failed; the call is declined', error)
    return 'reject'
  }
}

/** The line of the reply that introduces a step: `**7/16** a live command, …`. */
export const stepCaption = (index: number, count: number, step: ScriptedStep) => `\n\n**${index + 1}/${count}** ${step.caption}`

/** The example agent, ready to `connect` to a stream. */
export function scriptedAgent(options: ScriptedAgentOptions = {}): AgentApp {
  const pause = options.pause
  let clientCapabilities: ClientCapabilities | undefined
  const sessions = new Map<string, Session>()
  let sessionCount = 0

  return agent({ name: 'tool-render-intent-example' })
    .onRequest(methods.agent.initialize, ({ params }) => {
      clientCapabilities = params.clientCapabilities
      return {
        protocolVersion: PROTOCOL_VERSION,
        agentCapabilities: { loadSession: false },
        agentInfo: { name: 'tool-render-intent-example', version: '0.0.0' },
        authMethods: [],
      }
    })
    .onRequest(methods.agent.session.new, ({ params }) => {
      sessionCount += 1
      const sessionId = `session-${sessionCount}`
      const session: Session = {
        cwd: params.cwd,
        presenter: createToolPresenter({
          tools: presenters,
          clientCapabilities,
          cwd: params.cwd,
          now: () => session.clock,
          onError: (report) => console.error('presenter error', report),
        }),
        clock: 0,
        turns: 0,
        cancelled: false,
        alwaysAllowed: new Set(),
      }
      sessions.set(sessionId, session)
      return { sessionId }
    })
    .onNotification(methods.agent.session.cancel, ({ params }) => {
      const session = sessions.get(params.sessionId)
      if (session) session.cancelled = true
    })
    .onRequest(methods.agent.session.prompt, async ({ params, client }) => {
      const session = sessions.get(params.sessionId)
      if (!session) throw new Error(`unknown session ${params.sessionId}`)
      const send = (update: SessionUpdate) => client.notify(methods.client.session.update, { sessionId: params.sessionId, update })

      session.turns += 1
      session.cancelled = false
      // A second prompt in the same thread gets fresh tool call ids: the
      // client would otherwise update the first turn's cards.
      const turn = scriptedTurn(session.cwd, session.turns === 1 ? '' : `_turn${session.turns}`)
      await send({
        sessionUpdate: 'agent_message_chunk',
        content: {
          type: 'text',
          text:
            'Replaying the scripted turn of tool-render-intent: one card of each kind, two permission prompts, a plan, ' +
            'a search, a fetch, a patch, a sub-agent, a command that streams its output and one that is cancelled.',
        },
      })
      // The calls announced and not ended yet, to forget on a cancel.
      const unfinished = new Set<string>()
      // The tool each call is for, for "Always allow".
      const toolNames = new Map<string, string>()
      const played = async () => {
        for (const [index, step] of turn.entries()) {
          // What the step shows, as a line of the reply before its card.
          await send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: stepCaption(index, turn.length, step) } })
          for (const action of step.actions) {
            if (session.cancelled) return false
            if (action.type === 'wait') {
              session.clock += action.ms
              if (pause) await pause(action.ms)
              continue
            }
            if (action.type === 'permission') {
              const toolName = toolNames.get(action.toolCallId) ?? ''
              if (session.alwaysAllowed.has(toolName)) continue
              const answer = await ask(client, params.sessionId, session.presenter.permission(action.toolCallId))
              // A client that cancels the turn answers its pending prompt `cancelled`.
              if (answer === 'cancelled') session.cancelled = true
              if (session.cancelled) return false
              if (answer === 'allow_always') session.alwaysAllowed.add(toolName)
              if (answer !== 'reject') continue
              // Declined: the call ends as an error saying so, and the rest of its step does not happen.
              unfinished.delete(action.toolCallId)
              for (const update of session.presenter.result(action.toolCallId, declinedResult())) await send(update)
              break
            }
            if (action.type === 'call') {
              unfinished.add(action.toolCallId)
              toolNames.set(action.toolCallId, action.toolName)
            }
            if (action.type === 'result' || action.type === 'cancel') unfinished.delete(action.toolCallId)
            for (const update of play(session.presenter, action)) await send(update)
          }
        }
        return !session.cancelled
      }
      if (await played()) return { stopReason: 'end_turn' }
      // The client marks the turn's unfinished cards itself.
      for (const toolCallId of unfinished) session.presenter.forget(toolCallId)
      return { stopReason: 'cancelled' }
    })
}
