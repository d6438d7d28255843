// The example agent for ACP v2 draft clients: the SDK's experimental v2
// `agent()` with v2's presenter, `tool-render-intent/acp-v2`. The scripted
// turn is the same as v1's; what differs is the prompt's lifecycle (below,
// in `session/prompt`) and that the agent, not the client, ends a cancelled
// turn's cards.
import {
  type AgentApp,
  type AgentContext,
  agent,
  type ContentBlock,
  methods,
  PROTOCOL_VERSION,
  type SessionUpdate,
} from '@agentclientprotocol/sdk/experimental/v2'
import { type AcpV2PermissionRequest, type AcpV2Update, createToolPresenter } from 'tool-render-intent/acp-v2'
import { presenters } from 'tool-render-intent/presenters'
import {
  type PermissionAnswer,
  permissionAnswer,
  playScriptedTurn,
  type ScriptedAgentOptions,
  type ScriptedSession,
  scriptedSession,
} from './turn.js'

interface Session extends ScriptedSession<AcpV2Update, AcpV2PermissionRequest> {
  /** The turn playing now, if any: a new prompt's turn waits for it. */
  playing: Promise<void>
  /** How many messages the session has, to give each a new id. */
  messages: number
}

/** The example agent for the ACP v2 draft, ready to sit behind the protocol router. */
export function scriptedAgentV2(options: ScriptedAgentOptions = {}): AgentApp {
  const sessions = new Map<string, Session>()

  // One turn, after the prompt was accepted: everything the client learns of
  // it comes as session/update notifications.
  async function playTurn(client: AgentContext, sessionId: string, session: Session, userMessageId: string, prompt: ContentBlock[]) {
    const send = (update: SessionUpdate) => client.notify(methods.client.session.update, { sessionId, update })
    // First the user message, with the id the prompt's response gave: it
    // tells the client where in the history the prompt went.
    await send({ sessionUpdate: 'user_message', messageId: userMessageId, content: prompt })
    // Then the session is `running` until the turn ends.
    await send({ sessionUpdate: 'state_update', state: 'running' })
    // The reply is one agent message: its chunks share an id of its own.
    session.messages += 1
    const replyId = `${sessionId}-message-${session.messages}`
    const { stopReason, unfinished } = await playScriptedTurn(
      session,
      {
        say: (text) => send({ sessionUpdate: 'agent_message_chunk', messageId: replyId, content: { type: 'text', text } }),
        send: (update) => send(update),
        ask: async (request) => {
          // While the user decides, the session `requires_action`; then it runs again.
          await send({ sessionUpdate: 'state_update', state: 'requires_action' })
          const answer = await ask(client, sessionId, request)
          if (answer !== 'cancelled') await send({ sessionUpdate: 'state_update', state: 'running' })
          return answer
        },
      },
      options,
    )
    // Unlike v1, the agent sends a cancelled turn's final updates itself: each
    // unfinished call ends `cancelled` (a terminal gets its exit status).
    for (const toolCallId of unfinished) for (const update of session.presenter.cancel(toolCallId)) await send(update)
    // The turn ends here, not with the prompt's response: the session is
    // `idle` again, with the stop reason v1 put in that response.
    await send(
      stopReason === 'cancelled'
        ? { sessionUpdate: 'state_update', state: 'idle', stopReason: 'cancelled' }
        : { sessionUpdate: 'state_update', state: 'idle', stopReason: 'end_turn' },
    )
  }

  return agent({ name: 'tool-render-intent-example' })
    .onRequest(methods.agent.initialize, () => ({
      // The router sends this agent only clients that asked for 2 or later; it answers 2, the version it speaks.
      protocolVersion: PROTOCOL_VERSION,
      info: { name: 'tool-render-intent-example', version: '0.0.0' },
      capabilities: { session: {} },
    }))
    .onRequest(methods.agent.session.new, ({ params }) => {
      const sessionId = `session-${sessions.size + 1}`
      // v2 needs no client capability for terminals: every v2 client shows the agent's.
      const session: Session = Object.assign(
        scriptedSession(params.cwd, (now) =>
          createToolPresenter({
            tools: presenters,
            cwd: params.cwd,
            now,
            onError: (report) => console.error('presenter error', report),
          }),
        ),
        { playing: Promise.resolve(), messages: 0 },
      )
      sessions.set(sessionId, session)
      return { sessionId }
    })
    .onNotification(methods.agent.session.cancel, ({ params }) => {
      const session = sessions.get(params.sessionId)
      if (session) session.cancelled = true
    })
    .onRequest(methods.agent.session.prompt, ({ params, client }) => {
      const { sessionId } = params
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`unknown session ${sessionId}`)
      // In v2, session/prompt lasts only until the agent accepts the prompt:
      // it answers at once with the id it gives the user message, and the
      // turn runs after the answer (a prompt sent during a turn waits for it).
      session.messages += 1
      const userMessageId = `${sessionId}-message-${session.messages}`
      session.playing = session.playing
        .then(() => playTurn(client, sessionId, session, userMessageId, params.prompt))
        .catch((error: unknown) => console.error('the turn failed', error))
      return { messageId: userMessageId }
    })
}

// Asks the client, through the SDK connection; a request that fails (a
// client that cannot ask) is a rejection.
async function ask(client: AgentContext, sessionId: string, request: AcpV2PermissionRequest): Promise<PermissionAnswer> {
  try {
    const { outcome } = await client.request(methods.client.session.requestPermission, { sessionId, ...request })
    return permissionAnswer(request, outcome)
  } catch (error) {
    console.error('session/request_permission failed; the call is declined', error)
    return 'reject'
  }
}
