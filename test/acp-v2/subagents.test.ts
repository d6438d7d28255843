// Sub-agents' child sessions on the ACP v2 draft: every v2 client takes
// `subagent_update` (no capability is needed), with the same labels and
// mirrored state as v1; the sub-agent's calls go on the child session.
import schema from '@agentclientprotocol/sdk/schema/v2/schema.unstable.json' with { type: 'json' }
import { agent, client, ndJsonStream, type UpdateSessionNotification } from '@agentclientprotocol/sdk/experimental/v2/unstable'
import { describe, expect, it } from 'vitest'
import { claudeCodePresenters } from 'tool-render-intent/presenters'
import { type AcpV2SubagentUpdate, createToolPresenter, type PresentationError } from '../../src/acp-v2/index.js'
import { schemaDefinitions, schemaErrors } from '../fixtures/json-schema.js'

const { UpdateSessionNotification: notificationSchema } = schemaDefinitions(schema, ['UpdateSessionNotification'])
const unstableErrors = (notification: unknown) => schemaErrors(notificationSchema, notification)

const cwd = '/repo'
const task = { description: 'Find the flaky test', prompt: 'Run the suite ten times.', subagent_type: 'Explore' }

function runningTask() {
  const errors: PresentationError[] = []
  const presenter = createToolPresenter({ tools: claudeCodePresenters, cwd, onError: (error) => errors.push(error) })
  presenter.call('toolu_task', 'Task', task)
  presenter.start('toolu_task')
  return { presenter, errors }
}

describe('a v2 child session', () => {
  it('is announced to every client, with the spawning card’s title and the state running', () => {
    const { presenter, errors } = runningTask()
    expect(presenter.subagents).toBe(true)
    const updates = presenter.subagent('toolu_task', { sessionId: 'child-1', description: 'Explore', cancellable: true })
    expect(updates).toStrictEqual([
      {
        sessionUpdate: 'subagent_update',
        sessionId: 'child-1',
        title: 'Find the flaky test',
        description: 'Explore',
        capabilities: { cancel: {} },
        state: { state: 'running' },
      },
    ])
    expect(unstableErrors({ sessionId: 'parent', update: updates[0] })).toEqual([])
    expect(errors).toEqual([])
  })

  it('mirrors its call: requires_action while paused, idle with cancelled once cancelled', () => {
    const { presenter, errors } = runningTask()
    presenter.subagent('toolu_task', { sessionId: 'child-1' })
    presenter.pause('toolu_task')
    expect(presenter.subagent('toolu_task', { sessionId: 'child-1' })[0].state).toStrictEqual({ state: 'requires_action' })
    presenter.cancel('toolu_task')
    const [update] = presenter.subagent('toolu_task', { sessionId: 'child-1' })
    expect(update).toStrictEqual({
      sessionUpdate: 'subagent_update',
      sessionId: 'child-1',
      state: { state: 'idle', stopReason: 'cancelled' },
    })
    expect(unstableErrors({ sessionId: 'parent', update })).toEqual([])
    expect(errors).toEqual([])
  })
})

describe('a v2 child session with onSubagent', () => {
  it('follows its call without another subagent call: requires_action, running, then idle with end_turn', () => {
    const errors: PresentationError[] = []
    const later: AcpV2SubagentUpdate[] = []
    const presenter = createToolPresenter({
      tools: claudeCodePresenters,
      cwd,
      onError: (error) => errors.push(error),
      onSubagent: (update) => later.push(update),
    })
    presenter.call('toolu_task', 'Task', task)
    presenter.subagent('toolu_task', { sessionId: 'child-1' })
    presenter.start('toolu_task') // running already: nothing new
    presenter.pause('toolu_task')
    presenter.progress('toolu_task', { elapsedMs: 1000 })
    const own = presenter.result('toolu_task', { content: [{ type: 'text', text: 'Found it.' }] })
    expect(own.map((u) => u.sessionUpdate)).not.toContain('subagent_update')
    expect(later).toStrictEqual([
      { sessionUpdate: 'subagent_update', sessionId: 'child-1', state: { state: 'requires_action' } },
      { sessionUpdate: 'subagent_update', sessionId: 'child-1', state: { state: 'running' } },
      { sessionUpdate: 'subagent_update', sessionId: 'child-1', state: { state: 'idle', stopReason: 'end_turn' } },
    ])
    for (const update of later) expect(unstableErrors({ sessionId: 'parent', update })).toEqual([])
    expect(presenter.subagent('toolu_task', { sessionId: 'child-1' })).toStrictEqual([])
    expect(errors).toEqual([])
  })

  it('is settled cancelled by cancel, decline or forget', () => {
    for (const end of ['cancel', 'decline', 'forget'] as const) {
      const later: AcpV2SubagentUpdate[] = []
      const presenter = createToolPresenter({ tools: claudeCodePresenters, cwd, onSubagent: (update) => later.push(update) })
      presenter.call('toolu_task', 'Task', task)
      presenter.subagent('toolu_task', { sessionId: 'child-1' })
      presenter[end]('toolu_task')
      expect(later).toStrictEqual([
        { sessionUpdate: 'subagent_update', sessionId: 'child-1', state: { state: 'idle', stopReason: 'cancelled' } },
      ])
    }
  })
})

describe('a v2 sub-agent’s turn through the real SDK', () => {
  it('announces the child on the parent before any update of the child session, every update valid', async () => {
    const wire: UpdateSessionNotification[] = []
    const received: UpdateSessionNotification[] = []
    const errors: PresentationError[] = []
    let idle!: () => void
    const turnEnded = new Promise<void>((resolve) => (idle = resolve))
    const agentApp = agent({ name: 'agent-with-subagents-v2' })
      .onRequest('initialize', () => ({
        protocolVersion: 2,
        info: { name: 'agent-with-subagents-v2', version: '0.0.0' },
        capabilities: { session: {} },
      }))
      .onRequest('session/new', () => ({ sessionId: 'parent' }))
      .onRequest('session/prompt', ({ params, client: peer }) => {
        const make = () => createToolPresenter({ tools: claudeCodePresenters, cwd, onError: (e) => errors.push(e) })
        const send = async (sessionId: string, updates: readonly object[]) => {
          for (const update of updates) {
            const notification = { sessionId, update } as UpdateSessionNotification
            wire.push(structuredClone(notification))
            await peer.notify('session/update', notification)
          }
        }
        void (async () => {
          const parent = make()
          const child = make()
          const link = { parentToolCallId: 'toolu_task' }
          await send(params.sessionId, parent.call('toolu_task', 'Agent', task))
          await send(params.sessionId, parent.start('toolu_task'))
          await send(params.sessionId, parent.subagent('toolu_task', { sessionId: 'child-1', description: task.subagent_type }))
          await send('child-1', child.call('toolu_bash', 'Bash', { command: 'npm test -- a.test.ts' }, link))
          await send('child-1', child.start('toolu_bash'))
          await send('child-1', child.output('toolu_bash', 'FAIL a.test.ts\n'))
          await send('child-1', child.result('toolu_bash', { content: [{ type: 'text', text: 'FAIL a.test.ts' }], meta: { exitCode: 1 } }))
          await send(params.sessionId, parent.result('toolu_task', { content: [{ type: 'text', text: 'a.test.ts is flaky.' }] }))
          await send(params.sessionId, parent.subagent('toolu_task', { sessionId: 'child-1' }))
          await peer.notify('session/update', {
            sessionId: params.sessionId,
            update: { sessionUpdate: 'state_update', state: 'idle', stopReason: 'end_turn' },
          })
        })()
        return { messageId: 'user-1' }
      })
    const clientApp = client({ name: 'client-v2' }).onNotification('session/update', ({ params }) => {
      if (params.update.sessionUpdate === 'state_update') idle()
      else received.push(params)
    })
    const toClient = new TransformStream<Uint8Array, Uint8Array>()
    const toAgent = new TransformStream<Uint8Array, Uint8Array>()
    agentApp.connect(ndJsonStream(toClient.writable, toAgent.readable))
    await clientApp.connectWith(ndJsonStream(toAgent.writable, toClient.readable), async (ctx) => {
      await ctx.request('initialize', { protocolVersion: 2, info: { name: 'client-v2', version: '0.0.0' }, capabilities: {} })
      const { sessionId } = await ctx.request('session/new', { cwd })
      await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Go' }] })
      await turnEnded
    })

    expect(errors).toEqual([])
    expect(received).toStrictEqual(wire)
    for (const notification of wire) expect(unstableErrors(notification)).toEqual([])
    const announced = wire.findIndex((n) => n.update.sessionUpdate === 'subagent_update')
    expect(wire[announced].sessionId).toBe('parent')
    expect(wire.findIndex((n) => n.sessionId === 'child-1')).toBeGreaterThan(announced)
    for (const { update } of wire.filter((n) => n.sessionId === 'child-1' && n.update.sessionUpdate === 'tool_call_update'))
      expect((update._meta as { claudeCode?: unknown } | undefined)?.claudeCode).toStrictEqual({ parentToolUseId: 'toolu_task' })
    const states = wire.filter((n) => n.update.sessionUpdate === 'subagent_update').map((n) => (n.update as { state?: unknown }).state)
    expect(states).toStrictEqual([{ state: 'running' }, { state: 'idle', stopReason: 'end_turn' }])
  })
})
