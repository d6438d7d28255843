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
import { scriptedTurn } from '../scripted-turn.js'

/** How the scripted agent behaves. */
export interface ScriptedAgentOptions {
  /** Pause between a call and its result, so a terminal visibly runs. Default 0. */
  readonly delayMs?: number
}

interface Session {
  readonly cwd: string
  readonly presenter: ToolPresenter
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The example agent, ready to `connect` to a stream. */
export function scriptedAgent(options: ScriptedAgentOptions = {}): AgentApp {
  const delayMs = options.delayMs ?? 0
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
      const presenter = createToolPresenter({
        tools: presenters,
        clientCapabilities,
        cwd: params.cwd,
        onError: (report) => console.error('presenter error', report),
      })
      sessions.set(sessionId, { cwd: params.cwd, presenter })
      return { sessionId }
    })
    .onRequest(methods.agent.session.prompt, async ({ params, client }) => {
      const session = sessions.get(params.sessionId)
      if (!session) throw new Error(`unknown session ${params.sessionId}`)
      const send = (update: SessionUpdate) =>
        client.notify(methods.client.session.update, { sessionId: params.sessionId, update })

      await send({
        sessionUpdate: 'agent_message_chunk',
        content: { type: 'text', text: 'Replaying the scripted turn of tool-render-intent: one card of each kind.' },
      })
      for (const step of scriptedTurn(session.cwd)) {
        for (const update of session.presenter.call(step.toolCallId, step.toolName, step.args)) await send(update)
        if (delayMs > 0) await sleep(delayMs)
        for (const update of session.presenter.result(step.toolCallId, step.result)) await send(update)
      }
      return { stopReason: 'end_turn' }
    })
}
