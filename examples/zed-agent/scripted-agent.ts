// An ACP agent that answers every prompt by replaying the scripted turn
// through createToolPresenter, with the client's real capabilities.
import {
  type AgentApp,
  agent,
  type ClientCapabilities,
  methods,
  PROTOCOL_VERSION,
  type SessionUpdate,
} from '@agentclientprotocol/sdk'
import { createToolPresenter, type ToolPresenter } from 'tool-render-intent/acp'
import { presenters } from 'tool-render-intent/presenters'
import { play, type ScriptedStep, scriptedTurn } from '../scripted-turn.js'

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
}

/** The line of the reply that introduces a step: `**5/12** a live command: …`. */
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
      const send = (update: SessionUpdate) =>
        client.notify(methods.client.session.update, { sessionId: params.sessionId, update })

      session.turns += 1
      session.cancelled = false
      // A second prompt in the same thread gets fresh tool call ids: the
      // client would otherwise update the first turn's cards.
      const turn = scriptedTurn(session.cwd, session.turns === 1 ? '' : `_turn${session.turns}`)
      await send({
        sessionUpdate: 'agent_message_chunk',
        content: { type: 'text', text: 'Replaying the scripted turn of tool-render-intent: one card of each kind, a command that streams its output and one that is cancelled.' },
      })
      // The calls announced and not ended yet, to forget on a cancel.
      const unfinished = new Set<string>()
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
            if (action.type === 'call') unfinished.add(action.toolCallId)
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
