// Questions asked through the presenter: `elicit` builds the form for a
// waiting question tool's call from what it was announced with, `answer`
// maps the client's response back to the tool's own result and settles the
// card with the answers. A real SDK agent asks a real SDK client over
// ndJsonStream; every message is checked against the SDK's ACP v1 schema.
import { agent, client, ndJsonStream, type SessionNotification } from '@agentclientprotocol/sdk'
import schema from '@agentclientprotocol/sdk/schema/v1/schema.json' with { type: 'json' }
import { describe, expect, it } from 'vitest'
import { createToolPresenter, type PresentationError } from 'tool-render-intent/acp'
import { claudeCodePresenters, presentersFor } from 'tool-render-intent/presenters'
import { schemaDefinitions, schemaErrors } from '../fixtures/json-schema.js'
import { validNotification } from './fixtures/acp-schema.js'

const defs = schemaDefinitions(schema, ['CreateElicitationRequest', 'CreateElicitationResponse', 'ElicitationFormMode'])
const form = { elicitation: { form: {} } }
const askArgs = {
  questions: [
    { question: 'Which database?', header: 'Database', options: [{ label: 'Postgres' }, { label: 'SQLite' }] },
    { question: 'Which checks?', header: 'Checks', options: [{ label: 'lint' }, { label: 'tests' }], multiSelect: true },
  ],
}

const presenterWith = (clientCapabilities: object, errors: PresentationError[] = []) =>
  createToolPresenter({ tools: claudeCodePresenters, clientCapabilities, cwd: '/repo', onError: (e) => errors.push(e) })

describe('presenter.elicit', () => {
  it('asks a waiting AskUserQuestion call as a form naming the call', () => {
    const presenter = presenterWith(form)
    presenter.call('call_ask', 'AskUserQuestion', askArgs)
    const asked = presenter.elicit('call_ask', { sessionId: 'session-1' })
    expect(asked).toMatchObject({
      ok: true,
      request: { mode: 'form', sessionId: 'session-1', toolCallId: 'call_ask', message: 'Answer 2 questions' },
    })
    if (asked.ok)
      expect(Object.keys((asked.request as { requestedSchema: { properties: object } }).requestedSchema.properties)).toEqual([
        'q1',
        'q1_other',
        'q2',
        'q2_other',
      ])
  })

  it('refuses a client without form elicitation, naming the capability, and throws nothing', () => {
    const presenter = presenterWith({ fs: { readTextFile: true } })
    presenter.call('call_ask', 'AskUserQuestion', askArgs)
    expect(presenter.elicit('call_ask', { sessionId: 'session-1' })).toEqual({
      ok: false,
      error: 'elicitation: the client does not declare form elicitation (clientCapabilities.elicitation.form)',
    })
  })

  it('refuses a call that is not waiting, one that is not a question, and a missing session', () => {
    const presenter = presenterWith(form)
    expect(presenter.elicit('call_none', { sessionId: 's' })).toEqual({
      ok: false,
      error: 'elicitation: no call with the id "call_none" is waiting',
    })
    presenter.call('call_read', 'Read', { file_path: '/repo/a.ts' })
    expect(presenter.elicit('call_read', { sessionId: 's' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('not a question tool'),
    })
    presenter.call('call_ask', 'AskUserQuestion', askArgs)
    expect(presenter.elicit('call_ask', {} as never)).toMatchObject({ ok: false, error: expect.stringContaining('sessionId') })
    expect(presenter.elicit('call_ask', null as never)).toMatchObject({ ok: false })
    presenter.result('call_ask', { content: [{ type: 'text', text: 'done' }] })
    expect(presenter.elicit('call_ask', { sessionId: 's' })).toMatchObject({ ok: false, error: expect.stringContaining('is waiting') })
  })

  it('reads hostile capabilities and options as none, without throwing', () => {
    const hostile = {
      get elicitation(): never {
        throw new Error('boom')
      },
    }
    const presenter = presenterWith(hostile)
    presenter.call('call_ask', 'AskUserQuestion', askArgs)
    expect(presenter.elicit('call_ask', { sessionId: 's' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('elicitation.form'),
    })
    const asking = presenterWith(form)
    asking.call('call_ask', 'AskUserQuestion', askArgs)
    const options = {
      get sessionId(): never {
        throw new Error('no session')
      },
    }
    expect(asking.elicit('call_ask', options)).toEqual({ ok: false, error: 'elicitation: no session' })
  })
})

describe('presenter.answer', () => {
  it("gives AskUserQuestion's own result and the update that shows the answers on its card", () => {
    const presenter = presenterWith(form)
    presenter.call('call_ask', 'AskUserQuestion', askArgs)
    const answer = presenter.answer('call_ask', { action: 'accept', content: { q1: '1', q2: ['0', '1'] } })
    expect(answer).toMatchObject({
      outcome: 'answered',
      answers: [['SQLite'], ['lint', 'tests']],
      result: { structured: { answers: { 'Which database?': 'SQLite', 'Which checks?': 'lint, tests' } } },
    })
    expect(answer.updates).toEqual([
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call_ask',
        status: 'completed',
        content: [{ type: 'content', content: { type: 'text', text: 'Database: SQLite\n\nChecks: lint, tests' } }],
      },
    ])
    // The call is over: a second answer is not taken.
    expect(presenter.answer('call_ask', { action: 'accept', content: { q1: '0', q2: ['0'] } })).toMatchObject({
      outcome: 'invalid',
      field: 'toolCallId',
      updates: [],
    })
  })

  it.each([
    ['gemini-cli', 'ask_user', { answers: { '0': 'SQLite' } }],
    ['opencode', 'question', { answers: [['SQLite']] }],
    ['qwen-code', 'ask_user_question', { answers: { 'Which database?': 'SQLite' } }],
  ] as const)('shows the answers on the card of %s’s %s, with its own result shape', (family, toolName, structured) => {
    const presenter = createToolPresenter({ tools: presentersFor(family)!, clientCapabilities: form, cwd: '/repo' })
    const args = { questions: [askArgs.questions[0]] }
    presenter.call('call_q', toolName, args)
    expect(presenter.elicit('call_q', { sessionId: 's' })).toMatchObject({ ok: true, request: { message: 'Which database?' } })
    const answer = presenter.answer('call_q', { action: 'accept', content: { q1: '1' } })
    expect(answer).toMatchObject({ outcome: 'answered', result: { structured } })
    expect(answer.updates.at(-1)).toMatchObject({
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: 'Database: SQLite' } }],
    })
  })

  it('settles a declined question failed, saying so, with an error result for the model', () => {
    const presenter = presenterWith(form)
    presenter.call('call_ask', 'AskUserQuestion', askArgs)
    const answer = presenter.answer('call_ask', { action: 'decline' })
    expect(answer).toMatchObject({ outcome: 'declined', result: { isError: true } })
    expect(answer.updates.at(-1)).toMatchObject({
      status: 'failed',
      content: [{ type: 'content', content: { type: 'text', text: 'Declined' } }],
    })
  })

  it('keeps a partial answer, names the field, sends nothing and leaves the call waiting', () => {
    const errors: PresentationError[] = []
    const presenter = presenterWith(form, errors)
    presenter.call('call_ask', 'AskUserQuestion', askArgs)
    const response = { action: 'accept', content: { q2: ['1'] } }
    expect(presenter.answer('call_ask', response)).toEqual({
      outcome: 'invalid',
      error: 'elicitation: q1: no answer',
      field: 'q1',
      answers: [undefined, ['tests']],
      response,
      updates: [],
    })
    // Asked again, the answer is taken.
    expect(presenter.answer('call_ask', { action: 'accept', content: { q1: '0', q2: ['1'] } })).toMatchObject({ outcome: 'answered' })
    expect(errors).toEqual([])
  })

  it('reads a response whose getter throws as invalid, naming the response', () => {
    const presenter = presenterWith(form)
    presenter.call('call_ask', 'AskUserQuestion', askArgs)
    const response = {
      get action(): never {
        throw new Error('gone')
      },
    }
    expect(presenter.answer('call_ask', response)).toMatchObject({
      outcome: 'invalid',
      field: 'response',
      error: 'elicitation: the response could not be read: gone',
      updates: [],
    })
  })
})

// A real SDK agent asks through the presenter; a real SDK client answers the form.
async function askThroughPresenter(clientCapabilities: object, reply: object) {
  const requests: unknown[] = []
  const responses: unknown[] = []
  const outcomes: unknown[] = []
  const received: SessionNotification[] = []
  let capabilities: unknown
  const agentApp = agent({ name: 'presenter-asking-agent' })
    .onRequest('initialize', ({ params }) => {
      capabilities = params.clientCapabilities
      return { protocolVersion: 1, agentCapabilities: {} }
    })
    .onRequest('session/new', () => ({ sessionId: 'session-1' }))
    .onRequest('session/prompt', async ({ params, client: peer }) => {
      const presenter = createToolPresenter({ tools: claudeCodePresenters, clientCapabilities: capabilities as never, cwd: '/repo' })
      const send = async (updates: readonly object[]) => {
        for (const update of updates) await peer.notify('session/update', { sessionId: params.sessionId, update: update as never })
      }
      await send(presenter.call('call_ask', 'AskUserQuestion', askArgs))
      const asked = presenter.elicit('call_ask', { sessionId: params.sessionId })
      outcomes.push(asked)
      if (!asked.ok) return { stopReason: 'end_turn' }
      requests.push(asked.request)
      const response = await peer.request('elicitation/create', asked.request)
      responses.push(response)
      const answer = presenter.answer('call_ask', response)
      outcomes.push(answer)
      await send(answer.updates)
      return { stopReason: 'end_turn' }
    })
  const clientApp = client({ name: 'form-client' })
    .onNotification('session/update', ({ params }) => {
      received.push(params)
    })
    .onRequest('elicitation/create', () => reply as never)
  const toClient = new TransformStream<Uint8Array, Uint8Array>()
  const toAgent = new TransformStream<Uint8Array, Uint8Array>()
  agentApp.connect(ndJsonStream(toClient.writable, toAgent.readable))
  await clientApp.connectWith(ndJsonStream(toAgent.writable, toClient.readable), async (ctx) => {
    await ctx.request('initialize', { protocolVersion: 1, clientCapabilities: clientCapabilities as never })
    const { sessionId } = await ctx.request('session/new', { cwd: '/repo', mcpServers: [] })
    await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Go' }] })
  })
  return { requests, responses, outcomes, received }
}

describe('a question asked through the presenter over the ACP v1 SDK', () => {
  it('is a valid form; the answer settles the card, every message valid', async () => {
    const { requests, responses, outcomes, received } = await askThroughPresenter(form, {
      action: 'accept',
      content: { q1_other: 'MySQL', q2: ['1'] },
    })
    expect(requests).toHaveLength(1)
    for (const request of requests) {
      expect(schemaErrors(defs.CreateElicitationRequest, request)).toEqual([])
      expect(schemaErrors(defs.ElicitationFormMode, request)).toEqual([])
    }
    for (const response of responses) expect(schemaErrors(defs.CreateElicitationResponse, response)).toEqual([])
    expect(outcomes[1]).toMatchObject({ outcome: 'answered', answers: [['MySQL'], ['tests']] })
    expect(received.at(-1)?.update).toMatchObject({
      toolCallId: 'call_ask',
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: 'Database: MySQL\n\nChecks: tests' } }],
    })
    for (const notification of received) expect(validNotification(notification), JSON.stringify(validNotification.errors)).toBe(true)
  })

  it('is refused for a client without elicitation: no request is sent, the card stays a question', async () => {
    const { requests, outcomes, received } = await askThroughPresenter({ fs: { readTextFile: true } }, { action: 'cancel' })
    expect(requests).toEqual([])
    expect(outcomes).toEqual([{ ok: false, error: expect.stringContaining('clientCapabilities.elicitation.form') }])
    expect(received.map((n) => n.update.sessionUpdate)).toEqual(['tool_call'])
  })

  it('keeps a bad answer for the agent, sending nothing for the card', async () => {
    const { outcomes, received } = await askThroughPresenter(form, { action: 'accept', content: { q1: '5', q2: ['0'] } })
    expect(outcomes[1]).toMatchObject({ outcome: 'invalid', field: 'q1', updates: [], answers: [undefined, ['lint']] })
    expect(received.map((n) => n.update.sessionUpdate)).toEqual(['tool_call'])
  })
})
