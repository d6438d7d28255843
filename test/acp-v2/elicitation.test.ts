// A question tool's call asked as a form through the SDK's experimental v2
// agent and client (the v2 draft has the same elicitation as v1): the
// request and the response validate against schema/v2/schema.json, the
// answer maps back to the tool's own result, and the card shows it.
import schema from '@agentclientprotocol/sdk/schema/v2/schema.json' with { type: 'json' }
import { agent, client, ndJsonStream } from '@agentclientprotocol/sdk/experimental/v2'
import { describe, expect, it } from 'vitest'
import { answerFrom, createToolPresenter, elicitationFor } from 'tool-render-intent/acp-v2'
import { claudeCodePresenters } from 'tool-render-intent/presenters'
import { schemaDefinitions, schemaErrors } from '../fixtures/json-schema.js'
import { checkV2Update } from './fixtures/acp-v2-schema.js'

const defs = schemaDefinitions(schema, [
  'CreateElicitationRequest',
  'CreateElicitationResponse',
  'ElicitationFormMode',
  'StringPropertySchema',
  'MultiSelectPropertySchema',
])
const askArgs = {
  questions: [
    { question: 'Which database?', header: 'Database', options: [{ label: 'Postgres' }, { label: 'SQLite' }] },
    { question: 'Which checks?', header: 'Checks', options: [{ label: 'lint' }, { label: 'tests' }], multiSelect: true },
  ],
}

async function askThroughSdkV2(capabilities: object, answer: object) {
  const requests: unknown[] = []
  const responses: unknown[] = []
  const updates: unknown[] = []
  const outcomes: unknown[] = []
  let declared: unknown
  let idle!: () => void
  const turnEnded = new Promise<void>((resolve) => (idle = resolve))
  const agentApp = agent({ name: 'asking-agent-v2' })
    .onRequest('initialize', ({ params }) => {
      declared = params.capabilities
      return { protocolVersion: 2, info: { name: 'asking-agent-v2', version: '0.0.0' }, capabilities: { session: {} } }
    })
    .onRequest('session/new', () => ({ sessionId: 'session-1' }))
    .onRequest('session/prompt', ({ params, client: peer }) => {
      const { sessionId } = params
      void (async () => {
        const presenter = createToolPresenter({ tools: claudeCodePresenters, cwd: '/repo' })
        const send = async (list: readonly object[]) => {
          for (const update of list) await peer.notify('session/update', { sessionId, update: update as never })
        }
        await send(presenter.call('call_ask', 'AskUserQuestion', askArgs))
        const asked = elicitationFor('AskUserQuestion', askArgs, { sessionId, toolCallId: 'call_ask' }, declared as never)
        outcomes.push(asked)
        if (asked.ok) {
          requests.push(asked.request)
          const response = await peer.request('elicitation/create', asked.request as never)
          responses.push(response)
          const answered = answerFrom('AskUserQuestion', askArgs, response)
          outcomes.push(answered)
          if (answered.outcome !== 'invalid') await send(presenter.result('call_ask', answered.result))
        }
        await peer.notify('session/update', { sessionId, update: { sessionUpdate: 'state_update', state: 'idle', stopReason: 'end_turn' } })
      })()
      return { messageId: 'user-1' }
    })
  const clientApp = client({ name: 'form-client-v2' })
    .onNotification('session/update', ({ params }) => {
      const update = params.update as { sessionUpdate: string; state?: string }
      if (update.sessionUpdate === 'state_update') {
        if (update.state === 'idle') idle()
      } else updates.push(params.update)
    })
    .onRequest('elicitation/create', () => answer as never)
  const toClient = new TransformStream<Uint8Array, Uint8Array>()
  const toAgent = new TransformStream<Uint8Array, Uint8Array>()
  agentApp.connect(ndJsonStream(toClient.writable, toAgent.readable))
  await clientApp.connectWith(ndJsonStream(toAgent.writable, toClient.readable), async (ctx) => {
    await ctx.request('initialize', {
      protocolVersion: 2,
      info: { name: 'form-client-v2', version: '0.0.0' },
      capabilities: capabilities as never,
    })
    const { sessionId } = await ctx.request('session/new', { cwd: '/repo' })
    await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Go' }] })
    await turnEnded
  })
  return { requests, responses, updates, outcomes }
}

describe('a question asked through the ACP v2 SDK', () => {
  it('is a form valid against the v2 schema; the card shows the answer', async () => {
    const { requests, responses, updates, outcomes } = await askThroughSdkV2(
      { elicitation: { form: {} } },
      { action: 'accept', content: { q1_other: 'MySQL', q2: ['1'] } },
    )
    expect(requests).toHaveLength(1)
    for (const request of requests) {
      expect(schemaErrors(defs.CreateElicitationRequest, request)).toEqual([])
      expect(schemaErrors(defs.ElicitationFormMode, request)).toEqual([])
      const { q1, q2 } = (request as { requestedSchema: { properties: Record<string, unknown> } }).requestedSchema.properties
      expect(schemaErrors(defs.StringPropertySchema, q1)).toEqual([])
      expect(schemaErrors(defs.MultiSelectPropertySchema, q2)).toEqual([])
    }
    for (const response of responses) expect(schemaErrors(defs.CreateElicitationResponse, response)).toEqual([])
    expect(outcomes[1]).toMatchObject({
      outcome: 'answered',
      result: { structured: { answers: { 'Which database?': 'MySQL', 'Which checks?': 'tests' } } },
    })
    expect(updates.at(-1)).toMatchObject({
      toolCallId: 'call_ask',
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: 'Database: MySQL\n\nChecks: tests' } }],
    })
    for (const update of updates) expect(checkV2Update(update)).toEqual([])
  })

  it('is refused for a client without form elicitation', async () => {
    const { requests, outcomes } = await askThroughSdkV2({}, { action: 'cancel' })
    expect(requests).toEqual([])
    expect(outcomes[0]).toMatchObject({ ok: false, error: expect.stringContaining('clientCapabilities.elicitation.form') })
  })
})
