// The session's reducer, tested once: every action's states and events, as
// data, with no encoder in between. The goldens and each encoder's wire
// tests then show what the events become for each protocol.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type SessionAction, type SessionEvent, type SessionState, sessionState } from '../../src/lifecycle/actions.js'
import { commandOf, kindOf, workOf } from '../../src/lifecycle/call-record.js'
import { readSessionOptions } from '../../src/lifecycle/options.js'
import { step } from '../../src/lifecycle/step.js'
import { planTool, shellTool, testTools } from '../acp/fixtures/test-tools.js'
import { taskCreateTool } from '../../src/presenters/tasks.js'
import { propertyRuns } from '../property-runs.js'

function session(displayTerminals = true, plansById = false): { state: SessionState; clock: { at: number } } {
  const clock = { at: 0 }
  const settings = readSessionOptions({ tools: testTools, cwd: '/repo', now: () => clock.at })
  return { state: sessionState({ ...settings, displayTerminals, lateTerminals: false, plansById }), clock }
}

// The events of one step, and the session's state after it.
const events = (state: SessionState, action: SessionAction): readonly SessionEvent[] => step(state, action).events
const types = (list: readonly SessionEvent[]) => list.map((event) => event.type)

const call = (toolCallId: string, toolName: string, args: unknown, options?: unknown): SessionAction => ({
  type: 'call',
  toolCallId,
  toolName,
  args,
  options,
})

describe('a call', () => {
  it('shows its first card, and the session holds it as shown', () => {
    const { state } = session()
    const [shown] = events(state, call('a', 'look', { what: 'x' }))
    expect(shown).toMatchObject({ type: 'shown', first: true, view: { card: 'generic', kind: 'search' } })
    expect(state.calls.get('a')?.status).toBe('shown')
  })

  it('has the card, kind and command of its view, derived, never stored beside it', () => {
    const { state } = session()
    events(state, call('a', 'shell', { command: 'npm test', cwd: 'pkg' }))
    const record = state.calls.get('a')!
    expect(record).not.toHaveProperty('card')
    expect(record).not.toHaveProperty('kind')
    expect(record).not.toHaveProperty('command')
    expect(kindOf(record.view)).toBe('execute')
    expect(commandOf(record.view)).toStrictEqual({ description: undefined, cwd: 'pkg' })
  })

  it('seen again is a new sighting of the same card, not a first', () => {
    const { state } = session()
    events(state, call('a', 'look', { what: 'x' }))
    expect(events(state, call('a', 'look', { what: 'y' }))).toMatchObject([{ type: 'shown', first: false }])
  })

  it('of an unknown tool shows the generic fallback and is reported', () => {
    const { state } = session()
    const list = events(state, call('a', 'nope', {}))
    expect(types(list)).toStrictEqual(['report', 'shown'])
    expect(list[1]).toMatchObject({ view: { card: 'generic', title: 'nope', kind: 'other' } })
  })

  it('whose id is over is refused: an id is never reused', () => {
    const { state } = session()
    events(state, call('a', 'look', { what: 'x' }))
    events(state, { type: 'cancel', toolCallId: 'a', options: undefined })
    expect(types(events(state, call('a', 'look', { what: 'x' })))).toStrictEqual(['report'])
  })

  it('replaces its record rather than changing it: an event keeps the call as it was', () => {
    const { state } = session()
    const [shown] = events(state, call('a', 'shell', { command: 'ls' }))
    events(state, { type: 'start', toolCallId: 'a' })
    expect(shown.type === 'shown' && shown.call.status).toBe('shown')
    expect(state.calls.get('a')?.status).toBe('running')
  })
})

describe('a partial call', () => {
  const partial = (toolCallId: string, toolName: string, args: unknown): SessionAction => ({
    type: 'partial-call',
    toolCallId,
    toolName,
    args,
    options: undefined,
  })

  it('that its presenter cannot show yet gives nothing, reports nothing and keeps nothing', () => {
    const { state } = session()
    expect(events(state, partial('a', 'patch', { path: 'a' }))).toStrictEqual([])
    expect(state.calls.has('a')).toBe(false)
  })

  it('is shown through the tool’s partial presenter, and sightings inside the interval coalesce', () => {
    const { state, clock } = session()
    expect(events(state, partial('a', 'shell', {}))).toMatchObject([{ type: 'shown', view: { title: 'Terminal' } }])
    clock.at = 10
    expect(events(state, partial('a', 'shell', { command: 'l' }))).toStrictEqual([])
    clock.at = 200
    expect(events(state, partial('a', 'shell', { command: 'ls' }))).toMatchObject([{ type: 'shown', view: { title: 'ls' } }])
  })
})

describe('a plan', () => {
  const todos = [{ content: 'one', status: 'pending' }]

  it('is a plan event; the call stays without a card, so start, pause and heartbeats send nothing', () => {
    const { state } = session()
    expect(types(events(state, call('p', planTool.name, { todos })))).toStrictEqual(['plan'])
    expect(state.calls.get('p')?.status).toBe('plan-only')
    for (const action of [{ type: 'start' }, { type: 'pause' }, { type: 'progress', options: {} }] as const)
      expect(events(state, { ...action, toolCallId: 'p' } as SessionAction)).toStrictEqual([])
  })

  it('that worked ends with nothing to show; one that failed gets a failed card of its own', () => {
    const { state } = session()
    events(state, call('p', planTool.name, { todos }))
    expect(events(state, { type: 'result', toolCallId: 'p', result: { content: [] }, tool: undefined })).toStrictEqual([])
    events(state, call('q', planTool.name, { todos }))
    const failed = events(state, { type: 'result', toolCallId: 'q', result: { content: [], isError: true }, tool: undefined })
    expect(failed).toMatchObject([{ type: 'plan-failed', view: { card: 'generic', kind: 'think' } }])
  })

  it('is the session’s plan, by the id "plan"', () => {
    const { state } = session(true, true)
    expect(events(state, call('p', planTool.name, { todos }))).toMatchObject([{ type: 'plan', planId: 'plan' }])
  })
})

describe('a sub-agent’s plan', () => {
  const todos = [{ content: 'sub-step', status: 'in_progress' }]
  const byTask = { parentToolCallId: 'task' }

  it('is its own plan where the client keeps plans by id: named by the spawning call, never the session’s', () => {
    const { state } = session(true, true)
    events(state, call('p', planTool.name, { todos: [{ content: 'parent step', status: 'pending' }] }))
    const child = events(state, call('c', planTool.name, { todos }, byTask))
    expect(child).toMatchObject([{ type: 'plan', planId: 'subagent:task', view: { entries: [{ content: 'sub-step' }] } }])
    expect(state.calls.get('c')?.status).toBe('plan-only')
    const other = events(state, call('d', planTool.name, { todos }, { parentToolCallId: 'task-2' }))
    expect(other).toMatchObject([{ type: 'plan', planId: 'subagent:task-2' }])
  })

  it('is the call’s own card where the client keeps one plan: the parent’s plan is never replaced', () => {
    const { state } = session(true, false)
    const shown = events(state, call('c', planTool.name, { todos }, byTask))
    expect(shown).toMatchObject([{ type: 'shown', first: true, view: { card: 'generic', kind: 'think' } }])
    expect(types(shown)).not.toContain('plan')
    expect(shown[0]).toMatchObject({ view: { content: [{ type: 'text', text: '- [ ] sub-step' }] } })
    // The card is the client's: it starts and finishes as any other.
    expect(types(events(state, { type: 'start', toolCallId: 'c' }))).toStrictEqual(['started'])
    const over = events(state, { type: 'result', toolCallId: 'c', result: { content: [] }, tool: undefined })
    expect(types(over)).not.toContain('plan')
  })

  it('kept by a task list is the sub-agent’s own: its tasks never join the parent’s', () => {
    const settings = readSessionOptions({ tools: [taskCreateTool], cwd: '/repo' })
    const state = sessionState({ ...settings, displayTerminals: false, lateTerminals: false, plansById: true })
    const created = (id: string, subject: string) => ({
      content: [{ type: 'text' as const, text: `Task #${id} created successfully: ${subject}` }],
    })
    events(state, call('t1', 'TaskCreate', { subject: 'Parent task', description: '' }))
    const parent = events(state, { type: 'result', toolCallId: 't1', result: created('1', 'Parent task'), tool: undefined })
    expect(parent.filter((e) => e.type === 'plan')).toMatchObject([{ planId: 'plan', view: { entries: [{ content: 'Parent task' }] } }])
    events(state, call('t2', 'TaskCreate', { subject: 'Child task', description: '' }, byTask))
    const child = events(state, { type: 'result', toolCallId: 't2', result: created('1', 'Child task'), tool: undefined })
    expect(child.filter((e) => e.type === 'plan')).toMatchObject([
      { planId: 'subagent:task', view: { entries: [{ content: 'Child task' }] } },
    ])
    expect(child.filter((e) => e.type === 'plan').map((e) => (e.type === 'plan' ? e.view.entries.length : 0))).toStrictEqual([1])
  })
})

describe('a call’s status', () => {
  it('is one state: start runs it, pause makes it wait, a heartbeat after a pause says it runs again', () => {
    const { state } = session()
    events(state, call('a', 'shell', { command: 'make' }))
    expect(events(state, { type: 'start', toolCallId: 'a' })).toMatchObject([{ type: 'started' }])
    expect(events(state, { type: 'pause', toolCallId: 'a' })).toMatchObject([{ type: 'paused', call: { status: 'paused' } }])
    expect(workOf('paused')).toBe('waiting')
    expect(events(state, { type: 'progress', toolCallId: 'a', options: { elapsedMs: 5 } })).toMatchObject([
      { type: 'progress', starts: true, elapsedMs: 5, call: { status: 'running' } },
    ])
    expect(events(state, { type: 'progress', toolCallId: 'a', options: {} })).toMatchObject([{ type: 'progress', starts: false }])
  })

  it('gives the work a sub-agent mirrors: running until over, then done, failed or cancelled', () => {
    expect(
      ['plan-only', 'shown', 'running', 'paused', 'done', 'failed', 'cancelled'].map((status) => workOf(status as never)),
    ).toStrictEqual(['running', 'running', 'running', 'waiting', 'done', 'failed', 'cancelled'])
  })
})

describe('output', () => {
  it('of a terminal call on a display terminal is appended as it comes', () => {
    const { state } = session()
    events(state, call('a', 'shell', { command: 'ls' }))
    expect(events(state, { type: 'output', toolCallId: 'a', chunk: 'one\n', options: undefined })).toMatchObject([
      { type: 'output', data: 'one\n' },
    ])
  })

  it('as bytes is decoded per stream, so a character cut between pieces is whole', () => {
    const { state } = session()
    events(state, call('a', 'shell', { command: 'ls' }))
    const euro = new TextEncoder().encode('€')
    expect(events(state, { type: 'output', toolCallId: 'a', chunk: euro.slice(0, 1), options: undefined })).toStrictEqual([])
    expect(events(state, { type: 'output', toolCallId: 'a', chunk: euro.slice(1), options: undefined })).toMatchObject([
      { type: 'output', data: '€' },
    ])
  })

  it('without display terminals is a snapshot now and then', () => {
    const { state, clock } = session(false)
    events(state, call('a', 'shell', { command: 'ls' }))
    clock.at = 5000
    expect(types(events(state, { type: 'output', toolCallId: 'a', chunk: 'one\n', options: undefined }))).toStrictEqual(['snapshot'])
    clock.at = 5001
    expect(events(state, { type: 'output', toolCallId: 'a', chunk: 'two\n', options: undefined })).toStrictEqual([])
  })

  it('of a call that is not a terminal is reported', () => {
    const { state } = session()
    events(state, call('a', 'look', { what: 'x' }))
    expect(types(events(state, { type: 'output', toolCallId: 'a', chunk: 'x', options: undefined }))).toStrictEqual(['report'])
  })
})

describe('a result', () => {
  it('finishes the call: it is over, and a second result is reported', () => {
    const { state } = session()
    events(state, call('a', 'shell', { command: 'ls' }))
    const [finished] = events(state, { type: 'result', toolCallId: 'a', result: { content: [], meta: { exitCode: 0 } }, tool: undefined })
    expect(finished).toMatchObject({ type: 'finished', view: { card: 'terminal', exitCode: 0 }, isError: false, call: { status: 'done' } })
    expect(state.calls.get('a')).toBeNull()
    expect(types(events(state, { type: 'result', toolCallId: 'a', result: { content: [] }, tool: undefined }))).toStrictEqual(['report'])
  })

  it('with nothing to say carries the raw content', () => {
    const { state } = session()
    events(state, call('a', 'look', { what: 'x' }))
    const content = [{ type: 'text' as const, text: 'found' }]
    expect(events(state, { type: 'result', toolCallId: 'a', result: { content }, tool: undefined })).toMatchObject([
      { type: 'finished', fallback: true, view: { card: 'generic', content } },
    ])
  })
})

describe('cancel and decline', () => {
  it('take one path: the call is over and cancelled; a cancel says what the stream held, a decline why', () => {
    const { state } = session()
    events(state, call('a', 'shell', { command: 'sleep 9' }))
    events(state, call('b', 'shell', { command: 'rm -rf /' }))
    expect(events(state, { type: 'cancel', toolCallId: 'a', options: { signal: 'SIGINT' } })).toMatchObject([
      { type: 'cancelled', signal: 'SIGINT', held: '', call: { status: 'cancelled' } },
    ])
    expect(events(state, { type: 'decline', toolCallId: 'b', options: { reason: 'policy' } })).toMatchObject([
      { type: 'declined', reason: 'policy', call: { status: 'cancelled' } },
    ])
    expect([state.calls.get('a'), state.calls.get('b')]).toStrictEqual([null, null])
  })
})

describe('a sub-agent', () => {
  it('is announced from its call, and its work read again once the call is over', () => {
    const { state } = session()
    events(state, call('t', 'look', { what: 'x' }))
    expect(events(state, { type: 'subagent', toolCallId: 't', options: { sessionId: 'child' } })).toMatchObject([
      { type: 'subagent', child: { sessionId: 'child', cancellable: false }, work: 'running' },
    ])
    events(state, { type: 'result', toolCallId: 't', result: { content: [] }, tool: undefined })
    expect(events(state, { type: 'subagent', toolCallId: 't', options: { sessionId: 'child' } })).toMatchObject([
      { type: 'subagent', work: 'done', first: false, followed: false },
    ])
  })

  it('follows its spawning call: each step that moves the call says where the child’s work is, last', () => {
    const { state } = session()
    events(state, call('t', 'look', { what: 'x' }))
    expect(events(state, { type: 'subagent', toolCallId: 't', options: { sessionId: 'child' } })).toMatchObject([
      { type: 'subagent', first: true, followed: false },
    ])
    expect(events(state, { type: 'pause', toolCallId: 't' })).toMatchObject([
      { type: 'paused' },
      { type: 'subagent', work: 'waiting', first: false, followed: true },
    ])
    expect(events(state, { type: 'start', toolCallId: 't' })).toMatchObject([{ type: 'started' }, { type: 'subagent', work: 'running' }])
    expect(events(state, { type: 'result', toolCallId: 't', result: { content: [], isError: true }, tool: undefined })).toMatchObject([
      { type: 'finished' },
      { type: 'subagent', work: 'failed', followed: true },
    ])
    for (const end of ['cancel', 'decline', 'forget'] as const) {
      events(state, call(end, 'look', { what: 'x' }))
      events(state, { type: 'subagent', toolCallId: end, options: { sessionId: `child-${end}` } })
      const action = end === 'forget' ? { type: end, toolCallId: end } : { type: end, toolCallId: end, options: undefined }
      expect(events(state, action).at(-1)).toMatchObject({
        type: 'subagent',
        child: { sessionId: `child-${end}` },
        work: 'cancelled',
        followed: true,
      })
    }
  })

  it('of a call that spawned none gives no sub-agent event when the call ends', () => {
    const { state } = session()
    events(state, call('t', 'look', { what: 'x' }))
    expect(types(events(state, { type: 'result', toolCallId: 't', result: { content: [] }, tool: undefined }))).toStrictEqual(['finished'])
  })

  it('of a call names the call that spawned it; a malformed one is reported and left out', () => {
    const { state } = session()
    events(state, call('a', 'look', { what: 'x' }, { parentToolCallId: 't' }))
    expect(state.calls.get('a')?.parentToolCallId).toBe('t')
    expect(types(events(state, call('b', 'look', { what: 'x' }, { parentToolCallId: '\uD800' })))).toStrictEqual(['report', 'shown'])
  })
})

describe('permission', () => {
  it('asks with the call as the card shows it', () => {
    const { state } = session()
    events(state, call('a', 'shell', { command: 'ls' }))
    expect(events(state, { type: 'permission', toolCallId: 'a', request: undefined })).toMatchObject([
      { type: 'prompt', known: true, prompt: { announced: true, view: { card: 'terminal', title: 'ls' } } },
    ])
  })

  it('for a call with nothing to show is refused, and reported', () => {
    const { state } = session()
    const list = events(state, { type: 'permission', toolCallId: 'x', request: {} })
    expect(types(list)).toStrictEqual(['report', 'refused'])
    expect(list[1]).toMatchObject({ choices: [{ kind: 'reject_once' }] })
  })
})

describe('an event the encoder cannot build', () => {
  it('a card: the generic fallback stands in, and the call keeps it', () => {
    const { state } = session()
    const [shown] = events(state, call('a', 'shell', { command: 'ls' }))
    const list = events(state, { type: 'unencodable', event: shown as never, error: new Error('no') })
    expect(list).toMatchObject([
      { type: 'report', phase: 'call' },
      { type: 'shown', view: { card: 'generic', title: 'shell' } },
    ])
    expect(state.calls.get('a')?.view.card).toBe('generic')
  })

  it('a result: the raw content stands in; a fallback that cannot be built either is reported alone', () => {
    const { state } = session()
    events(state, call('a', 'shell', { command: 'ls' }))
    const [finished] = events(state, { type: 'result', toolCallId: 'a', result: { content: [] }, tool: undefined })
    const [report, fallback] = events(state, { type: 'unencodable', event: finished as never, error: new Error('no') })
    expect(report.type).toBe('report')
    expect(fallback).toMatchObject({ type: 'finished', fallback: true, closesTerminal: true })
    expect(types(events(state, { type: 'unencodable', event: fallback as never, error: new Error('no') }))).toStrictEqual(['report'])
  })

  it('a prompt: the fallback card’s, then a refusal', () => {
    const { state } = session()
    events(state, call('a', 'shell', { command: 'ls' }))
    const [asked] = events(state, { type: 'permission', toolCallId: 'a', request: undefined })
    const [, fallback] = events(state, { type: 'unencodable', event: asked as never, error: new Error('no') })
    expect(fallback).toMatchObject({ type: 'prompt', fallback: true, prompt: { view: { card: 'generic' } } })
    expect(types(events(state, { type: 'unencodable', event: fallback as never, error: new Error('no') }))).toStrictEqual([
      'report',
      'report',
      'refused',
    ])
  })
})

describe('step', () => {
  it('never throws, whatever the harness passes', () => {
    const actions = fc.oneof(
      fc.record({
        type: fc.constantFrom('call', 'partial-call'),
        toolCallId: fc.constantFrom('a', 'b', '', 'x'.repeat(2000)),
        toolName: fc.constantFrom(shellTool.name, 'look', 'patch', 'throwing', 'invalid', 'silent', 'plan'),
        args: fc.anything(),
        options: fc.anything(),
      }),
      fc.record({
        type: fc.constantFrom('start', 'pause', 'forget'),
        toolCallId: fc.constantFrom('a', 'b'),
      }),
      fc.record({
        type: fc.constantFrom('output', 'progress', 'cancel', 'decline', 'subagent'),
        toolCallId: fc.constantFrom('a', 'b'),
        chunk: fc.oneof(fc.string(), fc.uint8Array(), fc.anything()),
        options: fc.anything(),
      }),
      fc.record({
        type: fc.constant('result'),
        toolCallId: fc.constantFrom('a', 'b'),
        result: fc.anything(),
        tool: fc.constant(undefined),
      }),
      fc.record({ type: fc.constant('permission'), toolCallId: fc.constantFrom('a', 'b', ''), request: fc.anything() }),
    )
    fc.assert(
      fc.property(fc.array(actions, { maxLength: 12 }), (list) => {
        const { state } = session()
        for (const action of list) step(state, action as SessionAction)
      }),
      { numRuns: propertyRuns(1000) },
    )
  })
})
