// Sub-agents' child sessions on ACP v1: a client that declares the unstable
// `subagents` capability gets each sub-agent announced on its parent session
// with `subagent_update` (the spawning call's title, the state mirrored from
// that call), and the sub-agent's calls on a session of their own; any other
// client keeps today's link, `_meta.claudeCode.parentToolUseId`, alone.
import schema from '@agentclientprotocol/sdk/schema/v1/schema.unstable.json' with { type: 'json' }
import { agent, client, ndJsonStream, type SessionNotification } from '@agentclientprotocol/sdk/unstable'
import { describe, expect, it } from 'vitest'
import { claudeCodePresenters } from 'tool-render-intent/presenters'
import { createToolPresenter, type PresentationError, type ToolPresenter } from '../../src/acp/index.js'
import type { AcpSubagentUpdate } from '../../src/acp/presenter.js'
import { schemaDefinitions, schemaErrors } from '../fixtures/json-schema.js'
import { hostileValues, revoked } from '../fixtures/hostile-values.js'
import { renderZed } from '../fixtures/zed-markdown.js'

const { SessionNotification: notificationSchema } = schemaDefinitions(schema, ['SessionNotification'])
const unstableErrors = (notification: unknown) => schemaErrors(notificationSchema, notification)

const cwd = '/repo'
const task = { description: 'Find the flaky test', prompt: 'Run the suite ten times.', subagent_type: 'Explore' }

// This file's clients declare `subagents`: every child update is a `subagent_update`.
type V1Presenter = Omit<ToolPresenter, 'subagent'> & {
  subagent(toolCallId: string, options: Parameters<ToolPresenter['subagent']>[1]): AcpSubagentUpdate[]
}

function presenterFor(
  clientCapabilities: object,
  options: { titles?: 'plain' } = {},
): { presenter: V1Presenter; errors: PresentationError[] } {
  const errors: PresentationError[] = []
  const presenter = createToolPresenter({
    tools: claudeCodePresenters,
    clientCapabilities,
    cwd,
    titles: options.titles,
    onError: (error) => errors.push(error),
  })
  return { presenter: presenter as V1Presenter, errors }
}

// A parent session whose Task call `toolu_task` is announced and running.
function runningTask(clientCapabilities: object = { subagents: {} }, options: { titles?: 'plain' } = {}) {
  const made = presenterFor(clientCapabilities, options)
  made.presenter.call('toolu_task', 'Task', task)
  made.presenter.start('toolu_task')
  return made
}

describe('a client that declares subagents', () => {
  it('is told so by the presenter', () => {
    expect(presenterFor({ subagents: {} }).presenter.subagents).toBe(true)
    expect(presenterFor({}).presenter.subagents).toBe(false)
  })

  it('gets the child session announced with the spawning card’s title, the description and the state running', () => {
    const { presenter, errors } = runningTask()
    const updates = presenter.subagent('toolu_task', { sessionId: 'child-1', description: 'Explore', cwd: '/repo/worktree/../pkg' })
    expect(updates).toStrictEqual([
      {
        sessionUpdate: 'subagent_update',
        sessionId: 'child-1',
        title: 'Find the flaky test',
        description: 'Explore',
        cwd: '/repo/pkg',
        capabilities: {},
        state: { state: 'running' },
      },
    ])
    expect(unstableErrors({ sessionId: 'parent', update: updates[0] })).toEqual([])
    expect(errors).toEqual([])
  })

  it('grants cancel only when the harness says the child can be cancelled', () => {
    const { presenter } = runningTask()
    expect(presenter.subagent('toolu_task', { sessionId: 'child-1', cancellable: true })[0].capabilities).toStrictEqual({ cancel: {} })
    expect(presenter.subagent('toolu_task', { sessionId: 'child-1', cancellable: false })).toStrictEqual([
      { sessionUpdate: 'subagent_update', sessionId: 'child-1', capabilities: {} },
    ])
  })
})

describe('a child session’s state', () => {
  const states = (act: (presenter: V1Presenter) => unknown) => {
    const { presenter, errors } = runningTask()
    presenter.subagent('toolu_task', { sessionId: 'child-1' })
    act(presenter)
    const updates = presenter.subagent('toolu_task', { sessionId: 'child-1' })
    expect(errors).toEqual([])
    for (const update of updates) expect(unstableErrors({ sessionId: 'parent', update })).toEqual([])
    return updates
  }

  it('is idle with end_turn once the spawning call has its result', () => {
    expect(states((p) => p.result('toolu_task', { content: [{ type: 'text', text: 'Found it.' }] }))).toStrictEqual([
      { sessionUpdate: 'subagent_update', sessionId: 'child-1', state: { state: 'idle', stopReason: 'end_turn' } },
    ])
  })

  it('is idle with error after an error result', () => {
    expect(states((p) => p.result('toolu_task', { content: [], isError: true }))[0].state).toStrictEqual({
      state: 'idle',
      stopReason: 'error',
    })
  })

  it('is idle with cancelled after cancel, decline or forget (a cancelled turn)', () => {
    expect(states((p) => p.cancel('toolu_task'))[0].state).toStrictEqual({ state: 'idle', stopReason: 'cancelled' })
    expect(states((p) => p.decline('toolu_task'))[0].state).toStrictEqual({ state: 'idle', stopReason: 'cancelled' })
    expect(states((p) => p.forget('toolu_task'))[0].state).toStrictEqual({ state: 'idle', stopReason: 'cancelled' })
  })

  it('requires action while the call is paused, and runs again after a heartbeat', () => {
    expect(states((p) => p.pause('toolu_task'))[0].state).toStrictEqual({ state: 'requires_action' })
    expect(
      states((p) => {
        p.pause('toolu_task')
        p.subagent('toolu_task', { sessionId: 'child-1' })
        p.progress('toolu_task', { elapsedMs: 5000 })
      })[0].state,
    ).toStrictEqual({ state: 'running' })
  })

  it('is not sent again while it has not changed', () => {
    expect(states((p) => p.start('toolu_task'))).toStrictEqual([])
  })
})

describe('a later subagent update', () => {
  it('carries only what changed: the title of the card presented again, a new description, a new cwd', () => {
    const { presenter } = runningTask()
    presenter.subagent('toolu_task', { sessionId: 'child-1', description: 'Explore' })
    presenter.call('toolu_task', 'Task', { ...task, description: 'Find the two flaky tests' })
    expect(presenter.subagent('toolu_task', { sessionId: 'child-1', cwd: '/elsewhere' })).toStrictEqual([
      { sessionUpdate: 'subagent_update', sessionId: 'child-1', title: 'Find the two flaky tests', cwd: '/elsewhere' },
    ])
  })
})

describe('a child session’s labels', () => {
  it('show what the model wrote literally under Zed’s Markdown: visible markers, one line', () => {
    const { presenter } = presenterFor({ subagents: {} })
    presenter.call('t', 'Task', { description: '# Fix __init__.py\u202e\n~sub~ <b>', prompt: 'p' })
    const [update] = presenter.subagent('t', { sessionId: 'c', description: '*role*\u200b ![x](http://e/x.png)' })
    const title = renderZed(update.title as string)
    const description = renderZed(update.description as string)
    expect([title.text, title.markup]).toStrictEqual(['# Fix __init__.py<U+202E> ~sub~ <b>', []])
    expect([description.text, description.markup]).toStrictEqual(['*role*<U+200B> ![x](http://e/x.png)', ['linkify']])
  })

  it('are at most 1,024 code units, with a marker saying how much was left out', () => {
    const { presenter } = presenterFor({ subagents: {} })
    presenter.call('t', 'Task', { description: 'a'.repeat(5000), prompt: 'p' })
    const [update] = presenter.subagent('t', { sessionId: 'c', description: 'b'.repeat(5000) })
    for (const label of [update.title, update.description] as string[]) {
      expect(label.length).toBeLessThanOrEqual(1024)
      expect(label).toMatch(/ … \d+ characters left out … /)
      expect(label).not.toMatch(/\n/)
    }
  })

  it('lose their Markdown escapes for a client that shows titles as plain text', () => {
    const { presenter } = runningTask({ subagents: {} }, { titles: 'plain' })
    presenter.call('toolu_task', 'Task', { description: 'Fix __init__.py', prompt: 'p' })
    const [update] = presenter.subagent('toolu_task', { sessionId: 'c', description: '*role*' })
    expect([update.title, update.description]).toStrictEqual(['Fix __init__.py', '*role*'])
  })

  it('escape a command spawning a sub-agent, which a card title would show as it is', () => {
    const { presenter } = presenterFor({ subagents: {} })
    presenter.call('b', 'Bash', { command: 'run-agent --task *all*' })
    expect(presenter.subagent('b', { sessionId: 'c' })[0].title).toBe('run-agent \\--task \\*all\\*')
  })
})

describe('what is reported and sends nothing', () => {
  it.each([
    ['a call never announced', (p: ToolPresenter) => p.subagent('nope', { sessionId: 'c' })],
    ['a session id that is not a non-empty string', (p: ToolPresenter) => p.subagent('toolu_task', { sessionId: '' })],
    ['a lone surrogate in the session id', (p: ToolPresenter) => p.subagent('toolu_task', { sessionId: 'c\ud800' })],
    ['options that are not an object', (p: ToolPresenter) => p.subagent('toolu_task', null as never)],
    [
      'a second child for the same call',
      (p: ToolPresenter) => {
        p.subagent('toolu_task', { sessionId: 'c' })
        return p.subagent('toolu_task', { sessionId: 'd' })
      },
    ],
  ])('%s', (_name, act) => {
    const { presenter, errors } = runningTask()
    expect(act(presenter)).toStrictEqual([])
    expect(errors).toHaveLength(1)
  })

  it('a call shown only as a plan, which has no card to spawn from', () => {
    const { presenter, errors } = presenterFor({ subagents: {} })
    presenter.call('todo', 'TodoWrite', { todos: [{ content: 'a', status: 'pending', activeForm: 'A' }] })
    expect(presenter.subagent('todo', { sessionId: 'c' })).toStrictEqual([])
    expect(errors).toHaveLength(1)
  })

  it('a cwd that is not absolute is reported and left out', () => {
    const { presenter, errors } = runningTask()
    expect(presenter.subagent('toolu_task', { sessionId: 'c', cwd: 'pkg' })[0]).not.toHaveProperty('cwd')
    expect(errors.map((error) => String(error.error))).toEqual(['TypeError: subagent: options.cwd must be an absolute path'])
  })
})

describe('hostile subagent options', () => {
  it('never throw, and whatever they send serialises and is valid', () => {
    const values = [...hostileValues, revoked]
    for (const make of values) {
      for (const options of [make(), { sessionId: make() }, { sessionId: 'c', description: make(), cwd: make(), cancellable: make() }]) {
        const { presenter } = runningTask()
        const updates = presenter.subagent('toolu_task', options as never)
        for (const update of updates) {
          expect(() => JSON.stringify(update)).not.toThrow()
          expect(unstableErrors({ sessionId: 'parent', update })).toEqual([])
        }
      }
    }
  })
})

describe('a client that does not declare subagents', () => {
  it('gets no subagent update; the sub-agent’s calls still name their task', () => {
    const { presenter, errors } = runningTask({ _meta: { terminal_output: true } })
    expect(presenter.subagent('toolu_task', { sessionId: 'child-1' })).toStrictEqual([])
    const [read] = presenter.call('toolu_read', 'Read', { file_path: '/repo/a.ts' }, { parentToolCallId: 'toolu_task' })
    expect(read._meta).toStrictEqual({ claudeCode: { parentToolUseId: 'toolu_task' } })
    expect(errors).toEqual([])
  })
})

// A real agent and client from the SDK's unstable entry: the parent session
// announces the child, the child's own presenter sends the sub-agent's calls
// on the child session, and the parent reports the child idle at the end.
async function subagentTurn(clientCapabilities: object, follow = false) {
  const wire: SessionNotification[] = []
  const received: SessionNotification[] = []
  const errors: PresentationError[] = []
  const agentApp = agent({ name: 'agent-with-subagents' })
    .onRequest('initialize', () => ({ protocolVersion: 1, agentCapabilities: {} }))
    .onRequest('session/new', () => ({ sessionId: 'parent' }))
    .onRequest('session/prompt', async ({ params, client: peer }) => {
      const later: object[] = []
      const onSubagent = follow ? (update: object) => later.push(update) : undefined
      const make = () =>
        createToolPresenter({ tools: claudeCodePresenters, clientCapabilities, cwd, onError: (e) => errors.push(e), onSubagent })
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
      const child = parent.subagents ? make() : parent
      const childSession = parent.subagents ? 'child-1' : params.sessionId
      await send(params.sessionId, parent.subagent('toolu_task', { sessionId: 'child-1', description: task.subagent_type }))
      const link = { parentToolCallId: 'toolu_task' }
      await send(childSession, child.call('toolu_grep', 'Grep', { pattern: 'flaky', path: 'test' }, link))
      await send(childSession, child.result('toolu_grep', { content: [{ type: 'text', text: 'test/a.test.ts' }] }))
      await send(childSession, child.call('toolu_bash', 'Bash', { command: 'npm test -- a.test.ts' }, link))
      await send(childSession, child.start('toolu_bash'))
      await send(childSession, child.output('toolu_bash', 'FAIL a.test.ts\n'))
      await send(childSession, child.result('toolu_bash', { content: [{ type: 'text', text: 'FAIL a.test.ts' }], meta: { exitCode: 1 } }))
      await send(params.sessionId, parent.result('toolu_task', { content: [{ type: 'text', text: 'a.test.ts is flaky.' }] }))
      if (!follow) await send(params.sessionId, parent.subagent('toolu_task', { sessionId: 'child-1' }))
      return { stopReason: 'end_turn' }
    })
  const clientApp = client({ name: 'client-with-subagents' }).onNotification('session/update', ({ params }) => {
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

describe('a sub-agent’s turn through the real SDK', () => {
  it('announces the child on the parent before any update of the child session, every update valid', async () => {
    const { stopReason, wire, received, errors } = await subagentTurn({ subagents: {}, _meta: { terminal_output: true } })
    expect(stopReason).toBe('end_turn')
    expect(errors).toEqual([])
    expect(received).toStrictEqual(wire)
    for (const notification of wire) expect(unstableErrors(notification)).toEqual([])
    const sessions = wire.map((n) => n.sessionId)
    const announced = wire.findIndex((n) => n.update.sessionUpdate === 'subagent_update')
    expect(announced).toBeGreaterThan(-1)
    expect(wire[announced].sessionId).toBe('parent')
    expect(sessions.indexOf('child-1')).toBeGreaterThan(announced)
    // The sub-agent's calls go on its own session, each still naming its task.
    const childCalls = wire.filter((n) => n.sessionId === 'child-1')
    expect(new Set(childCalls.map((n) => (n.update as { toolCallId?: string }).toolCallId))).toStrictEqual(
      new Set(['toolu_grep', 'toolu_bash']),
    )
    for (const { update } of childCalls) expect(update._meta?.claudeCode).toStrictEqual({ parentToolUseId: 'toolu_task' })
    const childStates = wire.filter((n) => n.update.sessionUpdate === 'subagent_update').map((n) => (n.update as AcpSubagentUpdate).state)
    expect(childStates).toStrictEqual([{ state: 'running' }, { state: 'idle', stopReason: 'end_turn' }])
  })

  it('settles the child by the spawning call’s result alone with onSubagent, every update valid', async () => {
    const { wire, received, errors } = await subagentTurn({ subagents: {} }, true)
    expect(errors).toEqual([])
    expect(received).toStrictEqual(wire)
    for (const notification of wire) expect(unstableErrors(notification)).toEqual([])
    const childStates = wire.filter((n) => n.update.sessionUpdate === 'subagent_update').map((n) => (n.update as AcpSubagentUpdate).state)
    expect(childStates).toStrictEqual([{ state: 'running' }, { state: 'idle', stopReason: 'end_turn' }])
    expect(wire.at(-1)?.update.sessionUpdate).toBe('subagent_update')
  })

  it('keeps every call on the parent session, linked by _meta alone, for a client without subagents', async () => {
    const { wire, errors } = await subagentTurn({ _meta: { terminal_output: true } })
    expect(errors).toEqual([])
    expect(new Set(wire.map((n) => n.sessionId))).toStrictEqual(new Set(['parent']))
    expect(wire.some((n) => n.update.sessionUpdate === 'subagent_update')).toBe(false)
    const linked = wire.filter((n) => (n.update as { toolCallId?: string }).toolCallId !== 'toolu_task')
    for (const { update } of linked) expect(update._meta?.claudeCode).toStrictEqual({ parentToolUseId: 'toolu_task' })
  })
})
