// Questions asked through the v2 presenter, as in v1: `elicit` builds the
// form for a waiting question tool's call, `answer` maps the response back
// to the tool's own result and settles the card. Through the SDK's
// experimental v2 agent and client, every message checked against
// schema/v2/schema.json.
import schema from '@agentclientprotocol/sdk/schema/v2/schema.json' with { type: 'json' }
import { agent, client, ndJsonStream } from '@agentclientprotocol/sdk/experimental/v2'
import { describe, expect, it } from 'vitest'
import { createToolPresenter } from 'tool-render-intent/acp-v2'
import { claudeCodePresenters, presentersFor } from 'tool-render-intent/presenters'
import { schemaDefinitions, schemaErrors } from '../fixtures/json-schema.js'
import { checkV2Update } from './fixtures/acp-v2-schema.js'

const defs = schemaDefinitions(schema, ['CreateElicitationRequest', 'CreateElicitationResponse', 'ElicitationFormMode'])
const form = { elicitation: { form: {} } }
const askArgs = {
  questions: [
    { question: 'Which database?', header: 'Database', options: [{ label: 'Postgres' }, { label: 'SQLite' }] },
    { question: 'Which checks?', header: 'Checks', options: [{ label: 'lint' }, { label: 'tests' }], multiSelect: true },
  ],
}

describe('the v2 presenter’s elicit and answer', () => {
  it('refuses a client without form elicitation, naming the capability', () => {
    const presenter = createToolPresenter({ tools: claudeCodePresenters, clientCapabilities: {}, cwd: '/repo' })
    presenter.call('call_ask', 'AskUserQuestion', askArgs)
    expect(presenter.elicit('call_ask', { sessionId: 's' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('clientCapabilities.elicitation.form'),
    })
  })

  it("settles Gemini's ask_user card with the answers, as a v2 tool_call_update", () => {
    const presenter = createToolPresenter({ tools: presentersFor('gemini-cli')!, clientCapabilities: form, cwd: '/repo' })
    presenter.call('call_q', 'ask_user', { questions: [{ question: 'Ship it?', header: 'Ship', type: 'yesno' }] })
    expect(presenter.elicit('call_q', { sessionId: 's' })).toMatchObject({ ok: true })
    const answer = presenter.answer('call_q', { action: 'accept', content: { q1: true } })
    expect(answer).toMatchObject({ outcome: 'answered', result: { structured: { answers: { '0': 'Yes' } } } })
    expect(answer.updates).toEqual([
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call_q',
        status: 'completed',
        content: [{ type: 'content', content: { type: 'text', text: 'Ship: Yes' } }],
      },
    ])
    for (const update of answer.updates) expect(checkV2Update(update, 's')).toEqual([])
  })

  it('keeps a partial answer, naming the field, and sends nothing', () => {
    const presenter = createToolPresenter({ tools: claudeCodePresenters, clientCapabilities: form, cwd: '/repo' })
    presenter.call('call_ask', 'AskUserQuestion', askArgs)
    expect(presenter.answer('call_ask', { action: 'accept', content: { q1: '0' } })).toMatchObject({
      outcome: 'invalid',
      field: 'q2',
      answers: [['Postgres'], undefined],
      updates: [],
    })
  })
})

async function askThroughPresenterV2(capabilities: object, reply: object) {
  const requests: unknown[] = []
  const responses: unknown[] = []
  const updates: unknown[] = []
  const outcomes: unknown[] = []
  let declared: unknown
  let idle!: () => void
  const turnEnded = new Promise<void>((resolve) => (idle = resolve))
  const agentApp = agent({ name: 'presenter-asking-agent-v2' })
    .onRequest('initialize', ({ params }) => {
      declared = params.capabilities
      return { protocolVersion: 2, info: { name: 'presenter-asking-agent-v2', version: '0.0.0' }, capabilities: { session: {} } }
    })
    .onRequest('session/new', () => ({ sessionId: 'session-1' }))
    .onRequest('session/prompt', ({ params, client: peer }) => {
      const { sessionId } = params
      void (async () => {
        const presenter = createToolPresenter({ tools: claudeCodePresenters, clientCapabilities: declared, cwd: '/repo' })
        const send = async (list: readonly object[]) => {
          for (const update of list) await peer.notify('session/update', { sessionId, update: update as never })
        }
        await send(presenter.call('call_ask', 'AskUserQuestion', askArgs))
        const asked = presenter.elicit('call_ask', { sessionId })
        outcomes.push(asked)
        if (asked.ok) {
          requests.push(asked.request)
          const response = await peer.request('elicitation/create', asked.request as never)
          responses.push(response)
          const answer = presenter.answer('call_ask', response)
          outcomes.push(answer)
          await send(answer.updates)
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
    .onRequest('elicitation/create', () => reply as never)
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

describe('a question asked through the v2 presenter over the SDK', () => {
  it('is a form valid against the v2 schema; the answer settles the card', async () => {
    const { requests, responses, updates, outcomes } = await askThroughPresenterV2(form, {
      action: 'accept',
      content: { q1: '0', q2: ['0', '1'] },
    })
    expect(requests).toHaveLength(1)
    for (const request of requests) {
      expect(schemaErrors(defs.CreateElicitationRequest, request)).toEqual([])
      expect(schemaErrors(defs.ElicitationFormMode, request)).toEqual([])
    }
    for (const response of responses) expect(schemaErrors(defs.CreateElicitationResponse, response)).toEqual([])
    expect(outcomes[1]).toMatchObject({ outcome: 'answered', answers: [['Postgres'], ['lint', 'tests']] })
    expect(updates.at(-1)).toMatchObject({
      toolCallId: 'call_ask',
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: 'Database: Postgres\n\nChecks: lint, tests' } }],
    })
    for (const update of updates) expect(checkV2Update(update)).toEqual([])
  })

  it('is refused for a client without form elicitation: no request is sent', async () => {
    const { requests, outcomes } = await askThroughPresenterV2({}, { action: 'cancel' })
    expect(requests).toEqual([])
    expect(outcomes).toEqual([{ ok: false, error: expect.stringContaining('clientCapabilities.elicitation.form') }])
  })
})
