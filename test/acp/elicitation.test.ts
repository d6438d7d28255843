// Question tools asked as ACP elicitation forms: the request a question
// tool's call becomes, the tool's own result the answer maps back to, and
// a real SDK agent asking a real SDK client over ndJsonStream, every
// message checked against the SDK's ACP v1 JSON Schema.
import { agent, client, ndJsonStream, type SessionNotification } from '@agentclientprotocol/sdk'
import schema from '@agentclientprotocol/sdk/schema/v1/schema.json' with { type: 'json' }
import { describe, expect, it } from 'vitest'
import { answerFrom, createToolPresenter, elicitationFor } from 'tool-render-intent/acp'
import { supportsFormElicitation } from '../../src/wire/elicitation.js'
import { claudeCodePresenters } from 'tool-render-intent/presenters'
import { schemaDefinitions, schemaErrors } from '../fixtures/json-schema.js'
import { validNotification } from './fixtures/acp-schema.js'

const defs = schemaDefinitions(schema, [
  'CreateElicitationRequest',
  'CreateElicitationResponse',
  'ElicitationFormMode',
  'StringPropertySchema',
  'MultiSelectPropertySchema',
  'BooleanPropertySchema',
])

// The union accepts any "custom or future" mode, so the form mode and each field's own schema are checked too.
function requestErrors(request: unknown): string[] {
  const errors = [...schemaErrors(defs.CreateElicitationRequest, request), ...schemaErrors(defs.ElicitationFormMode, request)]
  const properties = (request as { requestedSchema: { properties: Record<string, { type: string }> } }).requestedSchema.properties
  for (const property of Object.values(properties)) {
    const own = { string: defs.StringPropertySchema, array: defs.MultiSelectPropertySchema, boolean: defs.BooleanPropertySchema }[
      property.type
    ]
    errors.push(...(own ? schemaErrors(own, property) : [`unexpected field type ${property.type}`]))
  }
  return errors
}

const form = { elicitation: { form: {} } }
const scope = { sessionId: 'session-1', toolCallId: 'call_ask' }
const askArgs = {
  questions: [
    {
      question: 'Which database?',
      header: 'Database',
      options: [{ label: 'Postgres', description: 'The usual' }, { label: 'SQLite' }],
      multiSelect: false,
    },
    {
      question: 'Which checks?',
      header: 'Checks',
      options: [{ label: 'lint' }, { label: 'types' }, { label: 'tests' }],
      multiSelect: true,
    },
  ],
}

describe('supportsFormElicitation', () => {
  it('is true only for a client that declares elicitation.form', () => {
    expect(supportsFormElicitation(form)).toBe(true)
    expect(supportsFormElicitation({ elicitation: { url: {} } })).toBe(false)
    expect(supportsFormElicitation({ elicitation: { form: null } } as never)).toBe(false)
    expect(supportsFormElicitation({})).toBe(false)
    expect(supportsFormElicitation(undefined)).toBe(false)
  })
})

describe('elicitationFor', () => {
  it("asks AskUserQuestion's questions as a form: a single-select, a multi-select, and a written answer beside each", () => {
    const asked = elicitationFor('AskUserQuestion', askArgs, scope, form)
    expect(asked).toEqual({
      ok: true,
      request: {
        mode: 'form',
        message: 'Answer 2 questions',
        sessionId: 'session-1',
        toolCallId: 'call_ask',
        requestedSchema: {
          type: 'object',
          properties: {
            q1: {
              type: 'string',
              title: 'Database',
              description: 'Which database?',
              oneOf: [
                { const: '0', title: 'Postgres', description: 'The usual' },
                { const: '1', title: 'SQLite' },
              ],
            },
            q1_other: { type: 'string', title: 'Database: another answer', description: 'Instead of picking an option' },
            q2: {
              type: 'array',
              title: 'Checks',
              description: 'Which checks?',
              items: {
                anyOf: [
                  { const: '0', title: 'lint' },
                  { const: '1', title: 'types' },
                  { const: '2', title: 'tests' },
                ],
              },
            },
            q2_other: { type: 'string', title: 'Checks: another answer', description: 'Instead of picking an option' },
          },
          required: [],
        },
      },
    })
    if (asked.ok) expect(requestErrors(asked.request)).toEqual([])
  })

  it("asks Gemini's text and yes-or-no questions as required fields, one question as the message", () => {
    const asked = elicitationFor('ask_user', { questions: [{ question: 'Name?', header: 'Name', type: 'text' }] }, { sessionId: 's' }, form)
    expect(asked).toMatchObject({
      ok: true,
      request: { message: 'Name?', requestedSchema: { properties: { q1: { type: 'string', title: 'Name' } }, required: ['q1'] } },
    })
    const yesno = elicitationFor('ask_user', { questions: [{ question: 'Go on?', type: 'yesno' }] }, { sessionId: 's' }, form)
    expect(yesno).toMatchObject({
      ok: true,
      request: { requestedSchema: { properties: { q1: { type: 'boolean', title: 'Question 1' } }, required: ['q1'] } },
    })
    for (const request of [asked, yesno]) if (request.ok) expect(requestErrors(request.request)).toEqual([])
  })

  it("reads opencode's multiple and Qwen's multiSelect", () => {
    const opencode = elicitationFor('question', { questions: [{ question: 'Q', options: [{ label: 'a' }], multiple: true }] }, scope, form)
    expect(opencode).toMatchObject({ ok: true, request: { requestedSchema: { properties: { q1: { type: 'array' } } } } })
    const qwen = elicitationFor(
      'ask_user_question',
      { questions: [{ question: 'Q', options: [{ label: 'a' }], multiSelect: true }] },
      scope,
      form,
    )
    expect(qwen).toMatchObject({ ok: true, request: { requestedSchema: { properties: { q1: { type: 'array' } } } } })
  })

  it('refuses a client without form elicitation, clearly, and sends nothing', () => {
    expect(elicitationFor('AskUserQuestion', askArgs, scope, { elicitation: { url: {} } })).toEqual({
      ok: false,
      error: 'elicitation: the client does not declare form elicitation (clientCapabilities.elicitation.form)',
    })
  })

  it('refuses a tool that is not a question tool, and arguments that are not questions, naming the field', () => {
    expect(elicitationFor('Bash', { command: 'ls' }, scope, form)).toMatchObject({
      ok: false,
      error: expect.stringContaining('"Bash" is not a question tool'),
    })
    expect(elicitationFor('AskUserQuestion', { questions: [{ question: 'Q', options: [{ label: 3 }] }] }, scope, form)).toEqual({
      ok: false,
      error: 'elicitation: AskUserQuestion questions[0].options[0].label: expected a string',
    })
    expect(elicitationFor('AskUserQuestion', { questions: [] }, scope, form)).toMatchObject({ ok: false })
    expect(elicitationFor('AskUserQuestion', askArgs, { sessionId: '' }, form)).toMatchObject({ ok: false })
  })

  it('marks invisible characters in what the model wrote: the form shows all of it', () => {
    const asked = elicitationFor(
      'AskUserQuestion',
      { questions: [{ question: 'Pick\u202e one', options: [{ label: 'a\u0007' }] }] },
      scope,
      form,
    )
    expect(JSON.stringify(asked)).not.toMatch(/[\u202e\u0007]/)
  })
})

describe('answerFrom', () => {
  it("maps the answers back to AskUserQuestion's own result, and the card shows them", () => {
    const answer = answerFrom('AskUserQuestion', askArgs, { action: 'accept', content: { q1: '0', q2: ['2', '0'], q2_other: 'bench' } })
    expect(answer).toEqual({
      outcome: 'answered',
      answers: [['Postgres'], ['lint', 'tests', 'bench']],
      result: {
        content: [
          {
            type: 'text',
            text: 'User has answered your questions: "Which database?"="Postgres", "Which checks?"="lint, tests, bench". You can now continue with the user\'s answers in mind.',
          },
        ],
        structured: { questions: askArgs.questions, answers: { 'Which database?': 'Postgres', 'Which checks?': 'lint, tests, bench' } },
      },
      view: { card: 'generic', content: [{ type: 'text', text: 'Database: Postgres\n\nChecks: lint, tests, bench' }] },
    })
  })

  it("gives Gemini's answers by index and opencode's as one array per question", () => {
    const gemini = answerFrom(
      'ask_user',
      {
        questions: [
          { question: 'Name?', type: 'text' },
          { question: 'Go?', type: 'yesno' },
        ],
      },
      {
        action: 'accept',
        content: { q1: 'Ada', q2: false },
      },
    )
    expect(gemini).toMatchObject({
      outcome: 'answered',
      result: { structured: { answers: { 0: 'Ada', 1: 'No' } }, content: [{ text: '{"answers":{"0":"Ada","1":"No"}}' }] },
    })
    const opencode = answerFrom(
      'question',
      { questions: [{ question: 'Q', options: [{ label: 'a' }, { label: 'b' }], multiple: true }] },
      {
        action: 'accept',
        content: { q1: ['1', '0'] },
      },
    )
    expect(opencode).toMatchObject({ outcome: 'answered', result: { structured: { answers: [['a', 'b']] } } })
  })

  it('takes an answer written instead of a pick', () => {
    expect(answerFrom('AskUserQuestion', askArgs, { action: 'accept', content: { q1_other: 'MySQL', q2: ['1'] } })).toMatchObject({
      outcome: 'answered',
      answers: [['MySQL'], ['types']],
    })
  })

  it('gives a decline or a cancel as an error result the card shows', () => {
    expect(answerFrom('AskUserQuestion', askArgs, { action: 'decline' })).toEqual({
      outcome: 'declined',
      result: { content: [{ type: 'text', text: 'The user declined to answer the questions.' }], isError: true },
      view: { card: 'generic', content: [{ type: 'text', text: 'Declined' }] },
    })
    expect(answerFrom('AskUserQuestion', askArgs, { action: 'cancel' })).toMatchObject({ outcome: 'cancelled', result: { isError: true } })
  })

  it('names the field of a partial answer, and keeps what could be read and the response', () => {
    const response = { action: 'accept', content: { q1: '1' } }
    expect(answerFrom('AskUserQuestion', askArgs, response)).toEqual({
      outcome: 'invalid',
      error: 'elicitation: q2: no answer',
      field: 'q2',
      answers: [['SQLite'], undefined],
      response,
    })
  })

  it.each([
    [
      'a value that is no option',
      { action: 'accept', content: { q1: '7', q2: ['0'] } },
      'q1',
      'q1: expected an option value "0" to "1", got "7"',
    ],
    [
      'a multi-select that is not an array',
      { action: 'accept', content: { q1: '0', q2: '1' } },
      'q2',
      'q2: expected an array of option values, got "1"',
    ],
    [
      'a written answer that is not text',
      { action: 'accept', content: { q1_other: 3, q2: ['0'] } },
      'q1_other',
      'q1_other: expected a string, got 3',
    ],
    ['a field the form lacks', { action: 'accept', content: { q1: '0', q2: ['0'], q9: 'x' } }, 'q9', 'q9: not a field of the form'],
    ['content that is not an object', { action: 'accept', content: 'yes' }, 'content', 'content: expected an object, got "yes"'],
    ['an unknown action', { action: 'maybe' }, 'action', 'action: expected "accept", "decline" or "cancel", got "maybe"'],
    ['no response at all', null, 'action', 'action: expected "accept", "decline" or "cancel", got undefined'],
  ])('refuses %s, naming the field', (_name, response, field, error) => {
    expect(answerFrom('AskUserQuestion', askArgs, response)).toMatchObject({
      outcome: 'invalid',
      field,
      error: `elicitation: ${error}`,
      response,
    })
  })
})

// A real SDK agent asks the question a Claude Code call holds; a real SDK
// client answers the form. The question card shows the answer.
async function askThroughSdk(clientCapabilities: object, answer: (params: unknown) => object) {
  const requests: unknown[] = []
  const responses: unknown[] = []
  const received: SessionNotification[] = []
  const outcomes: unknown[] = []
  let capabilities: unknown
  const agentApp = agent({ name: 'asking-agent' })
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
      const asked = elicitationFor(
        'AskUserQuestion',
        askArgs,
        { sessionId: params.sessionId, toolCallId: 'call_ask' },
        capabilities as never,
      )
      outcomes.push(asked)
      if (!asked.ok) return { stopReason: 'end_turn' }
      requests.push(asked.request)
      const response = await peer.request('elicitation/create', asked.request)
      responses.push(response)
      const answered = answerFrom('AskUserQuestion', askArgs, response)
      outcomes.push(answered)
      if (answered.outcome !== 'invalid') await send(presenter.result('call_ask', answered.result))
      return { stopReason: 'end_turn' }
    })
  const clientApp = client({ name: 'form-client' })
    .onNotification('session/update', ({ params }) => {
      received.push(params)
    })
    .onRequest('elicitation/create', ({ params }) => answer(params) as never)
  const toClient = new TransformStream<Uint8Array, Uint8Array>()
  const toAgent = new TransformStream<Uint8Array, Uint8Array>()
  agentApp.connect(ndJsonStream(toClient.writable, toAgent.readable))
  await clientApp.connectWith(ndJsonStream(toAgent.writable, toClient.readable), async (ctx) => {
    await ctx.request('initialize', { protocolVersion: 1, clientCapabilities: clientCapabilities as never })
    const { sessionId } = await ctx.request('session/new', { cwd: '/repo', mcpServers: [] })
    await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Go' }] })
  })
  return { requests, responses, received, outcomes }
}

describe('a question asked through the ACP v1 SDK', () => {
  it('is a form the client answers; the result is the tool’s own, the card shows the answer', async () => {
    const { requests, responses, received, outcomes } = await askThroughSdk(form, () => ({
      action: 'accept',
      content: { q1: '1', q2: ['0', '1'] },
    }))
    expect(requests).toHaveLength(1)
    for (const request of requests) expect(requestErrors(request)).toEqual([])
    for (const response of responses) expect(schemaErrors(defs.CreateElicitationResponse, response)).toEqual([])
    expect(outcomes[1]).toMatchObject({ outcome: 'answered', answers: [['SQLite'], ['lint', 'types']] })
    const last = received.at(-1)?.update
    expect(last).toMatchObject({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'call_ask',
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: 'Database: SQLite\n\nChecks: lint, types' } }],
    })
    for (const notification of received) expect(validNotification(notification), JSON.stringify(validNotification.errors)).toBe(true)
  })

  it('is refused for a client without the capability: no request is sent', async () => {
    const { requests, outcomes } = await askThroughSdk({}, () => ({ action: 'cancel' }))
    expect(requests).toEqual([])
    expect(outcomes[0]).toMatchObject({ ok: false })
  })

  it('keeps a partial answer for the agent to handle, and leaves the card as it was', async () => {
    const { received, outcomes } = await askThroughSdk(form, () => ({ action: 'accept', content: { q2: ['2'] } }))
    expect(outcomes[1]).toMatchObject({ outcome: 'invalid', field: 'q1', answers: [undefined, ['tests']] })
    expect(received.some((notification) => 'status' in notification.update && notification.update.status === 'completed')).toBe(false)
  })
})
