// Sub-agents as Zed reads them: Zed's profile announces each child with the
// open RFD's `subagent_spawned` and settles it with `subagent_state_update`
// when the spawning call ends, without the harness calling `subagent` again.
// What reaches the client is decoded with the rules of Zed's own decoder
// (test/fixtures/zed-subagents.ts); every other update is validated against
// the SDK's unstable schema, which has no arm for the RFD's two.
import schema from '@agentclientprotocol/sdk/schema/v1/schema.unstable.json' with { type: 'json' }
import { agent, client, ndJsonStream, type SessionNotification } from '@agentclientprotocol/sdk/unstable'
import { describe, expect, it, vi } from 'vitest'
import { claudeCodePresenters } from 'tool-render-intent/presenters'
import { type AcpSubagentNotification, createToolPresenter, type PresentationError, type ToolPresenter } from '../../src/acp/index.js'
import { schemaDefinitions, schemaErrors } from '../fixtures/json-schema.js'
import { zedThread } from '../fixtures/zed-subagents.js'

const { SessionNotification: notificationSchema } = schemaDefinitions(schema, ['SessionNotification'])
const unstableErrors = (notification: unknown) => schemaErrors(notificationSchema, notification)
const isRfd = (update: { sessionUpdate?: unknown }) =>
  update.sessionUpdate === 'subagent_spawned' || update.sessionUpdate === 'subagent_state_update'

const cwd = '/repo'
const task = { description: 'Find the flaky test', prompt: 'Run the suite ten times.', subagent_type: 'Explore' }
const zedHello = { clientInfo: { name: 'zed', version: '0.220.0' }, clientCapabilities: { _meta: { terminal_output: true } } }

// A Zed parent session whose Task call toolu_task spawned child-1; what onSubagent got, in order.
function zedParent() {
  const errors: PresentationError[] = []
  const later: AcpSubagentNotification[] = []
  const presenter = createToolPresenter({
    tools: claudeCodePresenters,
    cwd,
    ...zedHello,
    onError: (error) => errors.push(error),
    onSubagent: (update) => later.push(update),
  })
  presenter.call('toolu_task', 'Task', task)
  presenter.start('toolu_task')
  const spawned = presenter.subagent('toolu_task', { sessionId: 'child-1', description: 'Explore', prompt: task.prompt, cancellable: true })
  return { presenter, errors, later, spawned }
}

const asMessages = (sessionId: string, updates: readonly object[]) =>
  updates.map((update) => ({ method: 'session/update', params: { sessionId, update } }))

describe('Zed’s profile', () => {
  it('announces the child with subagent_spawned, in the fields and casing Zed decodes', () => {
    const { presenter, spawned, errors } = zedParent()
    expect(presenter.subagents).toBe(true)
    expect(spawned).toStrictEqual([
      {
        sessionUpdate: 'subagent_spawned',
        subagentSessionId: 'child-1',
        name: 'Explore',
        task: 'Find the flaky test',
        prompt: 'Run the suite ten times.',
        capabilities: { cancel: true },
      },
    ])
    const { children, malformed } = zedThread(asMessages('parent', spawned))
    expect(malformed).toEqual([])
    expect(children.get('child-1')).toMatchObject({ name: 'Explore', task: 'Find the flaky test', canCancel: true, state: 'running' })
    expect(errors).toEqual([])
  })

  it('denies cancel unless the harness says the child can be cancelled, as Zed reads an absent one', () => {
    const presenter = createToolPresenter({ tools: claudeCodePresenters, cwd, ...zedHello })
    presenter.call('toolu_task', 'Task', task)
    expect(presenter.subagent('toolu_task', { sessionId: 'child-1' })).toMatchObject([{ capabilities: { cancel: false } }])
  })

  it('names the child by the card’s title when the harness gives no description, and leaves out a prompt it was not given', () => {
    const presenter = createToolPresenter({ tools: claudeCodePresenters, cwd, ...zedHello })
    presenter.call('toolu_task', 'Task', task)
    const [spawned] = presenter.subagent('toolu_task', { sessionId: 'child-1' })
    expect(spawned).toStrictEqual({
      sessionUpdate: 'subagent_spawned',
      subagentSessionId: 'child-1',
      name: 'Find the flaky test',
      task: 'Find the flaky test',
      capabilities: { cancel: false },
    })
  })

  it('escapes a prompt for Zed’s Markdown: it keeps its lines, and a link or an image is shown, never followed', () => {
    const presenter = createToolPresenter({ tools: claudeCodePresenters, cwd, ...zedHello })
    presenter.call('toolu_task', 'Task', task)
    const [spawned] = presenter.subagent('toolu_task', {
      sessionId: 'child-1',
      prompt: 'Read ![x](https://host/t.png)\nthen [go](http://x)',
    })
    expect((spawned as { prompt: string }).prompt).toBe('Read !\\[x](https://host/t.png)\nthen \\[go](http://x)')
  })

  it('announces the child once: a later subagent sends nothing while the work runs', () => {
    const { presenter } = zedParent()
    expect(presenter.subagent('toolu_task', { sessionId: 'child-1', description: 'Other' })).toStrictEqual([])
    presenter.pause('toolu_task')
    expect(presenter.subagent('toolu_task', { sessionId: 'child-1' })).toStrictEqual([])
  })

  const settled = (end: (presenter: ToolPresenter) => unknown) => {
    const { presenter, later, errors } = zedParent()
    end(presenter)
    expect(errors).toEqual([])
    return later
  }

  it('settles the child completed when the spawning call has its result, with no second subagent call', () => {
    const later = settled((p) => p.result('toolu_task', { content: [{ type: 'text', text: 'Found it.' }] }))
    expect(later).toStrictEqual([{ sessionUpdate: 'subagent_state_update', subagentSessionId: 'child-1', state: 'completed' }])
  })

  it('settles it failed after an error result, cancelled after cancel, decline or forget', () => {
    const state = (later: readonly AcpSubagentNotification[]) => later.map((u) => (u as { state?: string }).state)
    expect(state(settled((p) => p.result('toolu_task', { content: [], isError: true })))).toStrictEqual(['failed'])
    expect(state(settled((p) => p.cancel('toolu_task')))).toStrictEqual(['cancelled'])
    expect(state(settled((p) => p.decline('toolu_task')))).toStrictEqual(['cancelled'])
    expect(state(settled((p) => p.forget('toolu_task')))).toStrictEqual(['cancelled'])
  })

  it('keeps the settling out of the call’s own updates, and does not send it twice', () => {
    const { presenter, later } = zedParent()
    const updates = presenter.result('toolu_task', { content: [{ type: 'text', text: 'Found it.' }] })
    expect(updates.map((u) => u.sessionUpdate)).toStrictEqual(['tool_call_update'])
    expect(later).toHaveLength(1)
    expect(presenter.subagent('toolu_task', { sessionId: 'child-1' })).toStrictEqual([])
  })

  it('without onSubagent, sends the settling when the harness calls subagent again (as before)', () => {
    const presenter = createToolPresenter({ tools: claudeCodePresenters, cwd, ...zedHello })
    presenter.call('toolu_task', 'Task', task)
    presenter.subagent('toolu_task', { sessionId: 'child-1' })
    presenter.result('toolu_task', { content: [] })
    expect(presenter.subagent('toolu_task', { sessionId: 'child-1' })).toStrictEqual([
      { sessionUpdate: 'subagent_state_update', subagentSessionId: 'child-1', state: 'completed' },
    ])
  })

  it('is JetBrains AIR’s shape too, and a client that declares subagents gets subagent_update instead', () => {
    const air = createToolPresenter({ tools: claudeCodePresenters, cwd, clientInfo: { name: 'JetBrains AIR' } })
    air.call('toolu_task', 'Task', task)
    expect(air.subagent('toolu_task', { sessionId: 'c' })[0].sessionUpdate).toBe('subagent_spawned')
    const unstable: object = { subagents: {} }
    const declared = createToolPresenter({ tools: claudeCodePresenters, cwd, clientInfo: { name: 'zed' }, clientCapabilities: unstable })
    declared.call('toolu_task', 'Task', task)
    expect(declared.subagent('toolu_task', { sessionId: 'c' })[0].sessionUpdate).toBe('subagent_update')
  })

  it('sends no child updates for a profile that decodes none', () => {
    const later: unknown[] = []
    const presenter = createToolPresenter({ tools: claudeCodePresenters, cwd, profile: 'acpx', onSubagent: (u) => later.push(u) })
    presenter.call('toolu_task', 'Task', task)
    expect(presenter.subagents).toBe(false)
    expect(presenter.subagent('toolu_task', { sessionId: 'c' })).toStrictEqual([])
    presenter.result('toolu_task', { content: [] })
    expect(later).toStrictEqual([])
  })
})

// A real agent and client from the SDK's unstable entry, Zed's hello: the
// bytes on the wire are read as Zed reads them, before typed dispatch.
async function zedTurn() {
  const wire: SessionNotification[] = []
  const errors: PresentationError[] = []
  const agentApp = agent({ name: 'agent-for-zed' })
    .onRequest('initialize', () => ({ protocolVersion: 1, agentCapabilities: {} }))
    .onRequest('session/new', () => ({ sessionId: 'parent' }))
    .onRequest('session/prompt', async ({ params, client: peer }) => {
      const later: AcpSubagentNotification[] = []
      const make = () =>
        createToolPresenter({
          tools: claudeCodePresenters,
          cwd,
          ...zedHello,
          onError: (e) => errors.push(e),
          onSubagent: (update) => later.push(update),
        })
      const parent = make()
      const send = async (sessionId: string, updates: readonly object[]) => {
        for (const update of [...updates, ...later.splice(0)]) {
          const notification = { sessionId, update } as SessionNotification
          wire.push(structuredClone(notification))
          await peer.notify('session/update', notification)
        }
      }
      await send(params.sessionId, parent.call('toolu_task', 'Agent', task))
      await send(params.sessionId, parent.start('toolu_task'))
      await send(params.sessionId, parent.subagent('toolu_task', { sessionId: 'child-1', description: 'Explore', prompt: task.prompt }))
      const child = make()
      const link = { parentToolCallId: 'toolu_task' }
      await send('child-1', child.call('toolu_grep', 'Grep', { pattern: 'flaky', path: 'test' }, link))
      await send('child-1', child.result('toolu_grep', { content: [{ type: 'text', text: 'test/a.test.ts' }] }))
      await send(params.sessionId, parent.result('toolu_task', { content: [{ type: 'text', text: 'a.test.ts is flaky.' }] }))
      return { stopReason: 'end_turn' }
    })
  const clientApp = client({ name: 'zed' }).onNotification('session/update', () => {})
  const toClient = new TransformStream<Uint8Array, Uint8Array>()
  const toAgent = new TransformStream<Uint8Array, Uint8Array>()
  // What Zed's reader sees: every line the agent wrote, as JSON.
  const [forClient, forZed] = toClient.readable.tee()
  const lines = (async () => {
    let text = ''
    const decoder = new TextDecoder()
    for await (const chunk of forZed) text += decoder.decode(chunk, { stream: true })
    return text
  })()
  agentApp.connect(ndJsonStream(toClient.writable, toAgent.readable))
  const stopReason = await clientApp.connectWith(ndJsonStream(toAgent.writable, forClient), async (ctx) => {
    await ctx.request('initialize', {
      protocolVersion: 1,
      clientCapabilities: zedHello.clientCapabilities,
      clientInfo: zedHello.clientInfo,
    })
    const { sessionId } = await ctx.request('session/new', { cwd, mcpServers: [] })
    return (await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Go' }] })).stopReason
  })
  await toClient.writable.close().catch(() => {})
  const messages = (await lines)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { method?: string; params?: unknown })
    .filter((message): message is { method: string; params: unknown } => typeof message.method === 'string')
  return { stopReason, wire, messages, errors }
}

describe('a sub-agent’s turn for Zed through the real SDK', () => {
  it('shows the child on the parent, ties its calls to the Task call, and settles it when the call ends', async () => {
    // The SDK's typed client rejects the RFD's two updates, as Zed's typed handler would: Zed decodes them first.
    // (It logs "Invalid params" for each; kept quiet here.)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { stopReason, wire, messages, errors } = await zedTurn()
    expect(stopReason).toBe('end_turn')
    expect(errors).toEqual([])
    const { children, malformed } = zedThread(messages)
    expect(malformed).toEqual([])
    expect([...children.entries()]).toStrictEqual([
      [
        'child-1',
        {
          name: 'Explore',
          task: 'Find the flaky test',
          prompt: 'Run the suite ten times.',
          canCancel: false,
          state: 'completed',
          parentToolCallId: 'toolu_task',
        },
      ],
    ])
    const kinds = wire.map((n) => `${n.sessionId} ${n.update.sessionUpdate}`)
    expect(kinds.indexOf('parent subagent_spawned')).toBeLessThan(kinds.indexOf('child-1 tool_call'))
    expect(kinds.at(-1)).toBe('parent subagent_state_update')
    // Every update but the RFD's two is valid under the SDK's unstable schema, which has no arm for those.
    for (const notification of wire) {
      if (isRfd(notification.update)) expect(unstableErrors(notification)).not.toEqual([])
      else expect(unstableErrors(notification)).toEqual([])
    }
    logged.mockRestore()
  })
})
