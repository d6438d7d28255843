// Proposed plans and plan removal on ACP v1, for a client that declares the
// unstable `plan` capability: ExitPlanMode's Markdown and Gemini CLI's plan
// file are plans by id beside the call's card, a declined proposal is
// removed, and a sub-agent's plans are removed once its spawning call ends.
// Any other client gets the cards alone, as before. A real SDK agent and
// client (the unstable entry) over ndJsonStream; every notification checked
// against the unstable schema.
import schema from '@agentclientprotocol/sdk/schema/v1/schema.unstable.json' with { type: 'json' }
import { agent, client, ndJsonStream, type SessionNotification } from '@agentclientprotocol/sdk/unstable'
import { describe, expect, it } from 'vitest'
import { defineTool } from 'tool-render-intent'
import type { PlanDocument } from '../../src/define-tool.js'
import { claudeCodePresenters, presentersFor } from 'tool-render-intent/presenters'
import { createToolPresenter, type PresentationError, type ToolPresenter } from '../../src/acp/index.js'
import type { AcpPlanByIdUpdate, AcpPlanRemoved } from '../../src/acp/call.js'
import { schemaDefinitions, schemaErrors } from '../fixtures/json-schema.js'

const { SessionNotification: notificationSchema } = schemaDefinitions(schema, ['SessionNotification'])
const cwd = '/repo'
const plan = '## Plan\n\n1. Add the [parser](https://x.test)\n2. Test it'

type Turn = (presenter: ToolPresenter, send: (updates: readonly object[]) => Promise<void>) => Promise<void>

async function turn(clientCapabilities: object, steps: Turn, tools = claudeCodePresenters) {
  const wire: SessionNotification[] = []
  const errors: PresentationError[] = []
  const agentApp = agent({ name: 'agent-proposing-plans' })
    .onRequest('initialize', () => ({ protocolVersion: 1, agentCapabilities: {} }))
    .onRequest('session/new', () => ({ sessionId: 'session-1' }))
    .onRequest('session/prompt', async ({ params, client: peer }) => {
      const later: (AcpPlanByIdUpdate | AcpPlanRemoved)[] = []
      const presenter = createToolPresenter({
        tools,
        clientCapabilities,
        cwd,
        onError: (e) => errors.push(e),
        onPlan: (update) => later.push(update),
      })
      const send = async (updates: readonly object[]) => {
        for (const update of [...updates, ...later.splice(0)]) {
          const notification = { sessionId: params.sessionId, update } as SessionNotification
          wire.push(structuredClone(notification))
          await peer.notify('session/update', notification)
        }
      }
      await steps(presenter, send)
      return { stopReason: 'end_turn' }
    })
  const received: SessionNotification[] = []
  const clientApp = client({ name: 'client-keeping-plans' }).onNotification('session/update', ({ params }) => {
    received.push(params)
  })
  const toClient = new TransformStream<Uint8Array, Uint8Array>()
  const toAgent = new TransformStream<Uint8Array, Uint8Array>()
  agentApp.connect(ndJsonStream(toClient.writable, toAgent.readable))
  await clientApp.connectWith(ndJsonStream(toAgent.writable, toClient.readable), async (ctx) => {
    await ctx.request('initialize', { protocolVersion: 1, clientCapabilities: clientCapabilities as never })
    const { sessionId } = await ctx.request('session/new', { cwd, mcpServers: [] })
    await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Go' }] })
  })
  expect(received).toStrictEqual(wire)
  for (const notification of wire) expect(schemaErrors(notificationSchema, notification)).toEqual([])
  return { updates: wire.map((n) => n.update as { sessionUpdate: string; toolCallId?: string }), errors }
}

const plansOf = (updates: readonly { sessionUpdate: string }[]) =>
  updates.filter((u) => u.sessionUpdate === 'plan_update' || u.sessionUpdate === 'plan_removed' || u.sessionUpdate === 'plan')

describe("ExitPlanMode's plan, for a client that declares plan", () => {
  it('is a Markdown plan beside the Approve Plan card, escaped as the card’s text', async () => {
    const { updates, errors } = await turn({ plan: {} }, async (presenter, send) => {
      await send(presenter.call('toolu_exit', 'ExitPlanMode', { plan }))
      await send(presenter.result('toolu_exit', { content: [{ type: 'text', text: 'User approved the plan' }] }))
    })
    expect(errors).toEqual([])
    expect(updates[0]).toMatchObject({ sessionUpdate: 'tool_call', toolCallId: 'toolu_exit', title: 'Approve Plan' })
    expect(plansOf(updates)).toStrictEqual([
      {
        sessionUpdate: 'plan_update',
        plan: { type: 'markdown', planId: 'proposed-plan', content: '## Plan\n\n1. Add the \\[parser](https://x.test)\n2. Test it' },
      },
    ])
  })

  it('is removed when the user declines it, and when its call fails', async () => {
    const { updates } = await turn({ plan: {} }, async (presenter, send) => {
      await send(presenter.call('toolu_1', 'ExitPlanMode', { plan: 'First' }))
      await send(presenter.decline('toolu_1', { reason: 'Keep planning' }))
      await send(presenter.call('toolu_2', 'ExitPlanMode', { plan: 'Second' }))
      await send(presenter.result('toolu_2', { content: [{ type: 'text', text: 'No' }], isError: true }))
    })
    expect(plansOf(updates).map((u) => u.sessionUpdate)).toStrictEqual(['plan_update', 'plan_removed', 'plan_update', 'plan_removed'])
    expect(plansOf(updates)[1]).toStrictEqual({ sessionUpdate: 'plan_removed', planId: 'proposed-plan' })
  })

  it('is replaced by a later proposal, which an earlier call’s failure does not remove', async () => {
    const { updates } = await turn({ plan: {} }, async (presenter, send) => {
      await send(presenter.call('toolu_1', 'ExitPlanMode', { plan: 'First' }))
      await send(presenter.call('toolu_2', 'ExitPlanMode', { plan: 'Second' }))
      await send(presenter.cancel('toolu_1'))
    })
    expect(plansOf(updates).map((u) => u.sessionUpdate)).toStrictEqual(['plan_update', 'plan_update'])
  })

  it('is the card alone for a client without plan: nothing else is sent', async () => {
    const { updates } = await turn({}, async (presenter, send) => {
      await send(presenter.call('toolu_exit', 'ExitPlanMode', { plan }))
      await send(presenter.decline('toolu_exit'))
    })
    expect(plansOf(updates)).toStrictEqual([])
    expect(updates.map((u) => u.sessionUpdate)).toStrictEqual(['tool_call', 'tool_call_update'])
  })

  it('waits for the complete arguments: a partial call proposes nothing', async () => {
    const { updates } = await turn({ plan: {} }, async (presenter, send) => {
      await send(presenter.call('toolu_exit', 'ExitPlanMode', { plan: '1. Add' }, { partial: true }))
    })
    expect(plansOf(updates)).toStrictEqual([])
  })
})

describe("Gemini CLI's exit_plan_mode, for a client that declares plan", () => {
  it('is a file plan for an absolute path, its URI percent-encoded; a bare name proposes none', async () => {
    const { updates, errors } = await turn(
      { plan: {} },
      async (presenter, send) => {
        await send(presenter.call('call_1', 'exit_plan_mode', { plan_filename: '/home/me/.gemini/plans/add #1.md' }))
        await send(presenter.call('call_2', 'exit_plan_mode', { plan_filename: 'feature-x.md' }))
      },
      presentersFor('gemini-cli')!,
    )
    expect(errors).toEqual([])
    expect(plansOf(updates)).toStrictEqual([
      {
        sessionUpdate: 'plan_update',
        plan: { type: 'file', planId: 'proposed-plan', uri: 'file:///home/me/.gemini/plans/add%20%231.md' },
      },
    ])
  })
})

describe("a sub-agent's plans, for a client that declares plan", () => {
  it('are removed once its spawning call ends; the session’s plan stays', async () => {
    const { updates } = await turn({ plan: {} }, async (presenter, send) => {
      await send(presenter.call('toolu_todo', 'TodoWrite', { todos: [{ content: 'Ship', status: 'pending', activeForm: 'Shipping' }] }))
      await send(presenter.call('toolu_task', 'Agent', { description: 'Explore', prompt: 'Look around' }))
      const link = { parentToolCallId: 'toolu_task' }
      await send(
        presenter.call('toolu_child', 'TodoWrite', { todos: [{ content: 'Read', status: 'pending', activeForm: 'Reading' }] }, link),
      )
      await send(presenter.call('toolu_child_exit', 'ExitPlanMode', { plan: 'Child plan' }, link))
      await send(presenter.result('toolu_task', { content: [{ type: 'text', text: 'Done' }] }))
    })
    expect(
      plansOf(updates).map((u) => [
        u.sessionUpdate,
        (u as { planId?: string }).planId ?? (u as unknown as { plan: { planId: string } }).plan.planId,
      ]),
    ).toStrictEqual([
      ['plan_update', 'plan'],
      ['plan_update', 'subagent:toolu_task'],
      ['plan_update', 'subagent:toolu_task/proposed-plan'],
      ['plan_removed', 'subagent:toolu_task'],
      ['plan_removed', 'subagent:toolu_task/proposed-plan'],
    ])
  })
})

describe('presentPlan', () => {
  const proposing = (document: unknown) =>
    defineTool<Record<string, unknown>>({
      name: 'propose',
      args: (value): value is Record<string, unknown> => typeof value === 'object' && value !== null,
      presentCall: () => ({ card: 'generic', title: 'Propose' }),
      presentPlan: () => document as PlanDocument,
    })

  it('reports a document of no known format and one that throws, and the card is shown as ever', async () => {
    for (const document of [{ format: 'pdf' }, 'plan', { format: 'markdown', markdown: 3 }]) {
      const { updates, errors } = await turn(
        { plan: {} },
        async (presenter, send) => {
          await send(presenter.call('c1', 'propose', {}))
        },
        [proposing(document)],
      )
      expect(updates.map((u) => u.sessionUpdate)).toStrictEqual(['tool_call'])
      expect(errors).toMatchObject([{ toolCallId: 'c1', phase: 'call', error: { message: expect.stringContaining('presentPlan') } }])
    }
  })

  it('marks what would hide in the Markdown and bounds it', async () => {
    const { updates } = await turn(
      { plan: {} },
      async (presenter, send) => {
        await send(presenter.call('c1', 'propose', {}))
      },
      [proposing({ format: 'markdown', markdown: `a\u202eb\n${'x'.repeat(300_000)}` })],
    )
    const content = (plansOf(updates)[0] as unknown as { plan: { content: string } }).plan.content
    expect(content.startsWith('a<U+202E>b\n')).toBe(true)
    expect(content.length).toBeLessThanOrEqual(256 * 1024 + 16)
    expect(content).toContain('characters left out')
  })
})
