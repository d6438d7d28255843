// Replay gives byte-identical updates only if every update writes its keys in
// one order, whatever arm built it. This pins that order, arm by arm.
import { describe, expect, it } from 'vitest'
import { toolCallUpdate } from '../../src/acp/call.js'
import { createToolPresenter } from '../../src/acp/presenter.js'
import { toolResultUpdates } from '../../src/acp/result.js'
import { toolCallOf, toolCallUpdateOf } from '../../src/acp/updates.js'
import { testTools } from './fixtures/test-tools.js'

const CALL_ORDER = [
  'sessionUpdate',
  'toolCallId',
  'title',
  'kind',
  'status',
  'name',
  'content',
  'locations',
  'rawInput',
  'rawOutput',
  '_meta',
]
const UPDATE_ORDER = [
  'sessionUpdate',
  'toolCallId',
  'status',
  'title',
  'kind',
  'name',
  'content',
  'locations',
  'rawInput',
  'rawOutput',
  '_meta',
]

// The keys of `update`, which must follow `order` (possibly with gaps).
function expectOrder(update: object, order: readonly string[]) {
  const keys = Object.keys(update)
  expect(keys.map((key) => order.indexOf(key))).toStrictEqual([...keys.map((key) => order.indexOf(key))].sort((a, b) => a - b))
  expect(keys.every((key) => order.includes(key))).toBe(true)
}

const everything = { name: 'tool', rawInput: { a: 1 }, rawOutput: { b: 2 }, status: 'completed' as const }
const options = { terminalOutput: true, cwd: '/repo', ...everything }

describe('a tool_call', () => {
  it('writes every field in one order, whatever the fields were given in', () => {
    const update = toolCallOf('a', 't', 'read', 'pending', { _meta: {}, rawOutput: 1, rawInput: 1, locations: [], content: [], name: 'n' })
    expect(Object.keys(update)).toStrictEqual(CALL_ORDER)
  })

  it.each([
    [
      'generic',
      { card: 'generic', title: 't', kind: 'read', content: [{ type: 'text', text: 'x' }], locations: [{ path: 'a' }], rawInput: 1 },
    ],
    ['diff', { card: 'diff', title: 't', diffs: [{ path: 'a', oldText: null, newText: 'x' }], locations: [{ path: 'a' }] }],
    ['terminal', { card: 'terminal', title: 'ls', description: 'd', cwd: 'sub' }],
  ] as const)('of a %s card follows it, with and without terminals', (_card, view) => {
    expectOrder(toolCallUpdate('a', view as never, options), CALL_ORDER)
    expectOrder(toolCallUpdate('a', view as never, { ...options, terminalOutput: false }), CALL_ORDER)
  })
})

describe('a tool_call_update', () => {
  it('writes every field in one order, whatever the fields were given in', () => {
    const update = toolCallUpdateOf('a', {
      _meta: {},
      rawOutput: 1,
      rawInput: 1,
      locations: [],
      content: [],
      name: 'n',
      kind: 'read',
      title: 't',
      status: 'failed',
    })
    expect(Object.keys(update)).toStrictEqual(UPDATE_ORDER)
  })

  it.each([
    ['generic', { card: 'generic', title: 't', content: [{ type: 'text', text: 'x' }] }],
    ['diff', { card: 'diff', title: 't', diffs: [{ path: 'a', oldText: 'a', newText: 'b' }], locations: [{ path: 'a', line: 1 }] }],
    ['terminal', { card: 'terminal', title: 't', output: 'x', exitCode: 1, signal: 'SIGTERM' }],
  ] as const)('of a %s result follows it, on a terminal and as text', (_card, view) => {
    for (const terminalOutput of [true, false]) {
      for (const update of toolResultUpdates('a', view as never, {
        ...options,
        terminalOutput,
        callCard: 'terminal',
        command: { description: 'd', cwd: 'sub' },
      })) {
        expectOrder(update, UPDATE_ORDER)
      }
    }
  })

  it('from every session method follows it', () => {
    for (const clientCapabilities of [{ _meta: { terminal_output: true } }, {}]) {
      const presenter = createToolPresenter({ tools: testTools, clientCapabilities, cwd: '/repo', now: () => 0 })
      const updates = [
        ...presenter.call('a', 'shell', { command: 'ls', cwd: 'sub' }),
        ...presenter.call('a', 'shell', { command: 'ls -la', cwd: 'sub' }),
        presenter.permission('a').toolCall,
        ...presenter.start('a'),
        ...presenter.output('a', 'x\n'),
        ...presenter.cancel('a', { signal: 'SIGINT' }),
        ...presenter.call('b', 'look', { what: 'x' }),
        ...presenter.result('b', { content: [{ type: 'text', text: 'y' }] }),
      ]
      for (const update of updates)
        expectOrder(
          update,
          (update as { sessionUpdate?: string }).sessionUpdate === 'tool_call'
            ? CALL_ORDER
            : UPDATE_ORDER.filter((key) => key !== 'sessionUpdate' || 'sessionUpdate' in update),
        )
    }
  })
})
