// Plans by id on ACP v1: a client that declares the unstable `plan`
// capability gets each plan as a `plan_update` by id (through `onPlan`, so a
// method's own updates stay the stable schema's), and a sub-agent's todo list
// is its own plan, never its parent's. Any other client keeps today's one
// `plan`; a sub-agent's todo list is then its call's card.
import schema from '@agentclientprotocol/sdk/schema/v1/schema.unstable.json' with { type: 'json' }
import { agent, client, ndJsonStream, type SessionNotification } from '@agentclientprotocol/sdk/unstable'
import { describe, expect, it } from 'vitest'
import { claudeCodePresenters } from 'tool-render-intent/presenters'
import { createToolPresenter, type PresentationError } from '../../src/acp/index.js'
import type { AcpPlanByIdUpdate, AcpPlanRemoved } from '../../src/acp/call.js'
import { supportsPlans } from '../../src/acp/capabilities.js'
import { schemaDefinitions, schemaErrors } from '../fixtures/json-schema.js'

const { SessionNotification: notificationSchema } = schemaDefinitions(schema, ['SessionNotification'])
const unstableErrors = (notification: unknown) => schemaErrors(notificationSchema, notification)

const cwd = '/repo'
const task = { description: 'Find the flaky test', prompt: 'Run the suite ten times.', subagent_type: 'Explore' }
const parentTodos = { todos: [{ content: 'Fix the *flaky* test', status: 'in_progress', activeForm: 'Fixing the *flaky* test' }] }
const childTodos = { todos: [{ content: 'Run the suite', status: 'pending', activeForm: 'Running' }] }

// A real agent and client from the SDK's unstable entry: the parent's todo
// list, then a sub-agent (on the parent session, linked by its task) with its own.
async function planTurn(clientCapabilities: object, withOnPlan = true) {
  const wire: SessionNotification[] = []
  const received: SessionNotification[] = []
  const errors: PresentationError[] = []
  const agentApp = agent({ name: 'agent-with-plans' })
    .onRequest('initialize', () => ({ protocolVersion: 1, agentCapabilities: {} }))
    .onRequest('session/new', () => ({ sessionId: 'parent' }))
    .onRequest('session/prompt', async ({ params, client: peer }) => {
      const later: (AcpPlanByIdUpdate | AcpPlanRemoved)[] = []
      const presenter = createToolPresenter({
        tools: claudeCodePresenters,
        clientCapabilities,
        cwd,
        onError: (e) => errors.push(e),
        onPlan: withOnPlan ? (update) => later.push(update) : undefined,
      })
      const send = async (updates: readonly object[]) => {
        for (const update of [...updates, ...later.splice(0)]) {
          const notification = { sessionId: params.sessionId, update } as SessionNotification
          wire.push(structuredClone(notification))
          await peer.notify('session/update', notification)
        }
      }
      await send(presenter.call('toolu_todo', 'TodoWrite', parentTodos))
      await send(presenter.result('toolu_todo', { content: [{ type: 'text', text: 'Todos updated' }] }))
      await send(presenter.call('toolu_task', 'Agent', task))
      await send(presenter.start('toolu_task'))
      const link = { parentToolCallId: 'toolu_task' }
      await send(presenter.call('toolu_child_todo', 'TodoWrite', childTodos, link))
      await send(presenter.result('toolu_child_todo', { content: [{ type: 'text', text: 'Todos updated' }] }))
      await send(presenter.result('toolu_task', { content: [{ type: 'text', text: 'a.test.ts is flaky.' }] }))
      return { stopReason: 'end_turn' }
    })
  const clientApp = client({ name: 'client-with-plans' }).onNotification('session/update', ({ params }) => {
    received.push(params)
  })
  const toClient = new TransformStream<Uint8Array, Uint8Array>()
  const toAgent = new TransformStream<Uint8Array, Uint8Array>()
  agentApp.connect(ndJsonStream(toClient.writable, toAgent.readable))
  const stopReason = await clientApp.connectWith(ndJsonStream(toAgent.writable, toClient.readable), async (ctx) => {
    await ctx.request('initialize', { protocolVersion: 1, clientCapabilities: clientCapabilities as never })
    const { sessionId } = await ctx.request('session/new', { cwd, mcpServers: [] })
    return (await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Go' }] })).stopReason
  })
  return { stopReason, wire, received, errors }
}

const plansOf = (wire: readonly SessionNotification[]) =>
  wire.filter((n) => n.update.sessionUpdate === 'plan' || n.update.sessionUpdate === 'plan_update').map((n) => n.update)

describe('the plan capability', () => {
  it('is an object the client sent; anything else is none', () => {
    expect(supportsPlans({ plan: {} } as never)).toBe(true)
    for (const capabilities of [{}, { plan: null }, { plan: true }, { plan: [] }, null, undefined])
      expect(supportsPlans(capabilities as never)).toBe(false)
  })
})

describe('a client that declares plan, through the real SDK', () => {
  it('gets each plan by id, the sub-agent’s its own, every update valid against the unstable schema', async () => {
    const { stopReason, wire, received, errors } = await planTurn({ plan: {} })
    expect(stopReason).toBe('end_turn')
    expect(errors).toEqual([])
    expect(received).toStrictEqual(wire)
    for (const notification of wire) expect(unstableErrors(notification)).toEqual([])
    expect(plansOf(wire)).toStrictEqual([
      {
        sessionUpdate: 'plan_update',
        plan: {
          type: 'items',
          planId: 'plan',
          entries: [{ content: 'Fixing the \\*flaky\\* test', priority: 'medium', status: 'in_progress' }],
        },
      },
      {
        sessionUpdate: 'plan_update',
        plan: {
          type: 'items',
          planId: 'subagent:toolu_task',
          entries: [{ content: 'Run the suite', priority: 'medium', status: 'pending' }],
        },
      },
    ])
    // Neither plan has a tool card: the client shows them in its plan view.
    const cards = wire.map((n) => (n.update as { toolCallId?: string }).toolCallId).filter((id) => id !== undefined)
    expect(new Set(cards)).toStrictEqual(new Set(['toolu_task']))
  })

  it('keeps today’s one plan when the harness gives no onPlan; the sub-agent’s list is its call’s card', async () => {
    const { wire, errors } = await planTurn({ plan: {} }, false)
    expect(errors).toEqual([])
    for (const notification of wire) expect(unstableErrors(notification)).toEqual([])
    expect(plansOf(wire).map((update) => update.sessionUpdate)).toStrictEqual(['plan'])
  })
})

describe('a client without plan, through the real SDK', () => {
  it('gets the session’s plan as today’s `plan`; the sub-agent’s todo list never replaces it, shown as its call’s card', async () => {
    const { wire, errors } = await planTurn({})
    expect(errors).toEqual([])
    for (const notification of wire) expect(unstableErrors(notification)).toEqual([])
    expect(plansOf(wire)).toStrictEqual([
      { sessionUpdate: 'plan', entries: [{ content: 'Fixing the \\*flaky\\* test', priority: 'medium', status: 'in_progress' }] },
    ])
    const card = wire.find((n) => (n.update as { toolCallId?: string }).toolCallId === 'toolu_child_todo')?.update
    expect(card).toMatchObject({
      sessionUpdate: 'tool_call',
      kind: 'think',
      content: [{ type: 'content', content: { type: 'text', text: '- [ ] Run the suite' } }],
      _meta: { claudeCode: { parentToolUseId: 'toolu_task' } },
    })
    const settled = wire.filter((n) => (n.update as { toolCallId?: string }).toolCallId === 'toolu_child_todo').at(-1)?.update
    expect(settled).toMatchObject({ sessionUpdate: 'tool_call_update', status: 'completed' })
  })
})
