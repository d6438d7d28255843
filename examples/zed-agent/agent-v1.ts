// The example agent for ACP v1 clients (Zed today, acpx): the SDK's v1
// `agent()` with v1's presenter, `tool-render-intent/acp`. A turn is one
// `session/prompt` request: its response, with the stop reason, ends it.
import {
  type AgentApp,
  type AgentContext,
  agent,
  type ClientCapabilities,
  methods,
  PROTOCOL_VERSION,
  type SessionUpdate,
} from '@agentclientprotocol/sdk'
import { createToolPresenter, type PermissionRequest } from 'tool-render-intent/acp'
import { presenters } from 'tool-render-intent/presenters'
import {
  type PermissionAnswer,
  permissionAnswer,
  playScriptedTurn,
  type ScriptedAgentOptions,
  type ScriptedSession,
  scriptedSession,
} from './turn.js'

type Session = ScriptedSession<SessionUpdate, PermissionRequest>

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

/** The example agent for ACP v1, ready to `connect` to a stream or to sit behind the protocol router. */
export function scriptedAgentV1(options: ScriptedAgentOptions = {}): AgentApp {
  let clientCapabilities: ClientCapabilities | undefined
  const sessions = new Map<string, Session>()

  return agent({ name: 'tool-render-intent-example' })
    .onRequest(methods.agent.initialize, ({ params }) => {
      // v1's presenter reads them: display terminals are a `_meta` capability.
      clientCapabilities = params.clientCapabilities
      return {
        protocolVersion: PROTOCOL_VERSION,
        agentCapabilities: { loadSession: false },
        agentInfo: { name: 'tool-render-intent-example', version: '0.0.0' },
        authMethods: [],
      }
    })
    .onRequest(methods.agent.session.new, ({ params }) => {
      const sessionId = `session-${sessions.size + 1}`
      const session = scriptedSession(params.cwd, (now) =>
        createToolPresenter({
          tools: presenters,
          clientCapabilities,
          cwd: params.cwd,
          now,
          onError: (report) => console.error('presenter error', report),
        }),
      )
      sessions.set(sessionId, session)
      return { sessionId }
    })
    .onNotification(methods.agent.session.cancel, ({ params }) => {
      const session = sessions.get(params.sessionId)
      if (session) session.cancelled = true
    })
    .onRequest(methods.agent.session.prompt, async ({ params, client }) => {
      const { sessionId } = params
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`unknown session ${sessionId}`)
      const send = (update: SessionUpdate) => client.notify(methods.client.session.update, { sessionId, update })
      const { stopReason, unfinished } = await playScriptedTurn(
        session,
        {
          say: (text) => send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } }),
          send,
          ask: (request) => ask(client, sessionId, request),
        },
        options,
      )
      // A v1 client marks a cancelled turn's unfinished cards itself: the presenter only forgets them.
      for (const toolCallId of unfinished) session.presenter.forget(toolCallId)
      return { stopReason }
    })
}
