// Proposed plans and plan removal on the ACP v2 draft: what its unstable
// schema adds to plans by id (a Markdown or file plan, `plan_removed`) goes
// to `onPlan`; the items plans stay in the methods' own updates. Through
// the SDK's experimental v2 unstable agent and client, every notification
// checked against schema/v2/schema.unstable.json.
import schema from '@agentclientprotocol/sdk/schema/v2/schema.unstable.json' with { type: 'json' }
import { agent, client, ndJsonStream, type UpdateSessionNotification } from '@agentclientprotocol/sdk/experimental/v2/unstable'
import { describe, expect, it } from 'vitest'
import { claudeCodePresenters } from 'tool-render-intent/presenters'
import { createToolPresenter, type ToolPresenter } from '../../src/acp-v2/index.js'
import type { AcpV2UnstablePlanUpdate } from '../../src/acp-v2/types.js'
import { schemaDefinitions, schemaErrors } from '../fixtures/json-schema.js'

const { UpdateSessionNotification: notificationSchema } = schemaDefinitions(schema, ['UpdateSessionNotification'])

type Turn = (presenter: ToolPresenter, send: (updates: readonly object[]) => Promise<void>) => Promise<void>

async function turnV2(withOnPlan: boolean, steps: Turn) {
  const wire: UpdateSessionNotification[] = []
  const received: UpdateSessionNotification[] = []
  let idle!: () => void
  const turnEnded = new Promise<void>((resolve) => (idle = resolve))
  const agentApp = agent({ name: 'agent-proposing-plans-v2' })
    .onRequest('initialize', () => ({ protocolVersion: 2, info: { name: 'a', version: '0.0.0' }, capabilities: { session: {} } }))
    .onRequest('session/new', () => ({ sessionId: 'session-1' }))
    .onRequest('session/prompt', ({ params, client: peer }) => {
      const { sessionId } = params
      void (async () => {
        const later: AcpV2UnstablePlanUpdate[] = []
        const presenter = createToolPresenter({
          tools: claudeCodePresenters,
          cwd: '/repo',
          onPlan: withOnPlan ? (update) => later.push(update) : undefined,
        })
        const send = async (updates: readonly object[]) => {
          for (const update of [...updates, ...later.splice(0)]) {
            const notification = { sessionId, update } as UpdateSessionNotification
            wire.push(structuredClone(notification))
            await peer.notify('session/update', notification)
          }
        }
        await steps(presenter, send)
        await peer.notify('session/update', { sessionId, update: { sessionUpdate: 'state_update', state: 'idle', stopReason: 'end_turn' } })
      })()
      return { messageId: 'user-1' }
    })
  const clientApp = client({ name: 'client-v2' }).onNotification('session/update', ({ params }) => {
    if ((params.update as { sessionUpdate: string; state?: string }).state === 'idle') idle()
    else received.push(params)
  })
  const toClient = new TransformStream<Uint8Array, Uint8Array>()
  const toAgent = new TransformStream<Uint8Array, Uint8Array>()
  agentApp.connect(ndJsonStream(toClient.writable, toAgent.readable))
  await clientApp.connectWith(ndJsonStream(toAgent.writable, toClient.readable), async (ctx) => {
    await ctx.request('initialize', { protocolVersion: 2, info: { name: 'c', version: '0.0.0' }, capabilities: {} })
    const { sessionId } = await ctx.request('session/new', { cwd: '/repo' })
    await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Go' }] })
    await turnEnded
  })
  expect(received).toStrictEqual(wire)
  for (const notification of wire) expect(schemaErrors(notificationSchema, notification)).toEqual([])
  return wire.map((n) => n.update as { sessionUpdate: string })
}

const plansOf = (updates: readonly { sessionUpdate: string }[]) =>
  updates.filter((u) => u.sessionUpdate === 'plan_update' || u.sessionUpdate === 'plan_removed')

const steps: Turn = async (presenter, send) => {
  await send(presenter.call('toolu_exit', 'ExitPlanMode', { plan: '1. Parse\n2. Test' }))
  await send(presenter.decline('toolu_exit'))
  await send(presenter.call('toolu_task', 'Agent', { description: 'Explore', prompt: 'Look' }))
  await send(
    presenter.call(
      'toolu_child',
      'TodoWrite',
      { todos: [{ content: 'Read', status: 'pending', activeForm: 'Reading' }] },
      { parentToolCallId: 'toolu_task' },
    ),
  )
  await send(presenter.result('toolu_task', { content: [{ type: 'text', text: 'Done' }] }))
}

describe('plans by id on v2', () => {
  it('sends a proposed plan and the removals through onPlan, valid against the unstable schema', async () => {
    const updates = await turnV2(true, steps)
    expect(plansOf(updates)).toStrictEqual([
      { sessionUpdate: 'plan_update', plan: { type: 'markdown', planId: 'proposed-plan', content: '1. Parse\n2. Test' } },
      { sessionUpdate: 'plan_removed', planId: 'proposed-plan' },
      {
        sessionUpdate: 'plan_update',
        plan: { type: 'items', planId: 'subagent:toolu_task', entries: [{ content: 'Read', priority: 'medium', status: 'pending' }] },
      },
      { sessionUpdate: 'plan_removed', planId: 'subagent:toolu_task' },
    ])
  })

  it('without onPlan keeps today’s updates: the items plans alone', async () => {
    const updates = await turnV2(false, steps)
    expect(plansOf(updates).map((u) => u.sessionUpdate)).toStrictEqual(['plan_update'])
    expect(plansOf(updates)[0]).toMatchObject({ plan: { type: 'items' } })
  })
})
