import fc from 'fast-check'
import type { AcpToolCallUpdate } from '../../src/acp/result.js'
import { describe, expect, it } from 'vitest'
import type { AcpToolCall } from '../../src/acp/call.js'
import { createToolPresenter, type PresentationError } from '../../src/acp/presenter.js'
import { InvalidViewError } from '../../src/invalid-view-error.js'
import type { ToolResult } from '../../src/views.js'
import { testTools } from './fixtures/test-tools.js'

const withTerminal = { _meta: { terminal_output: true } }

function session(clientCapabilities: object | undefined = withTerminal) {
  const errors: PresentationError[] = []
  const presenter = createToolPresenter({ tools: testTools, clientCapabilities, cwd: '/repo', onError: (report) => errors.push(report) })
  return { presenter, errors }
}

const text = (value: string): ToolResult => ({ content: [{ type: 'text', text: value }] })

describe('a call', () => {
  it("runs the tool's presenter with the session cwd and sends its card, naming the tool", () => {
    const { presenter } = session()
    expect(presenter.call('a', 'look', { what: 'todo' })).toStrictEqual([
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'a',
        title: 'Look for todo in /repo',
        kind: 'search',
        status: 'pending',
        name: 'look',
        rawInput: { what: 'todo' },
      },
    ])
  })

  it('of a terminal tool shows a display terminal when the client has terminal output', () => {
    const { presenter } = session()
    const [update] = presenter.call('a', 'shell', { command: 'ls', cwd: 'sub' }) as AcpToolCall[]
    expect(update.content).toStrictEqual([{ type: 'terminal', terminalId: 'a' }])
    expect(update._meta).toStrictEqual({ terminal_info: { terminal_id: 'a', cwd: '/repo/sub' } })
  })

  it('reads the terminal capability once, when the session is created', () => {
    const capabilities = { _meta: { terminal_output: false } }
    const { presenter } = session(capabilities)
    capabilities._meta.terminal_output = true
    expect(presenter.terminalOutput).toBe(false)
    expect((presenter.call('a', 'shell', { command: 'ls' })[0] as AcpToolCall).content).toBeUndefined()
  })
})

describe('a call that cannot be presented', () => {
  const generic = (toolCallId: string, toolName: string, rawInput: unknown) => [
    // The title is the name as Markdown: `__` would make emphasis.
    {
      sessionUpdate: 'tool_call',
      toolCallId,
      title: toolName.replaceAll('_', '\\_'),
      kind: 'other',
      status: 'pending',
      name: toolName,
      rawInput,
    },
  ]

  it('of an unknown tool is a generic card, and reported', () => {
    const { presenter, errors } = session()
    expect(presenter.call('a', 'mcp__search', { q: 1 })).toStrictEqual(generic('a', 'mcp__search', { q: 1 }))
    expect(errors).toStrictEqual([
      { toolCallId: 'a', toolName: 'mcp__search', phase: 'call', error: new Error('no tool named "mcp__search" has a presenter') },
    ])
  })

  it('whose presenter returns undefined (arguments it does not recognise) is a generic card, and reported', () => {
    const { presenter, errors } = session()
    expect(presenter.call('a', 'shell', { cmd: 'ls' })).toStrictEqual(generic('a', 'shell', { cmd: 'ls' }))
    expect(errors).toStrictEqual([
      {
        toolCallId: 'a',
        toolName: 'shell',
        phase: 'call',
        error: new Error('the "shell" presenter returned no view: the arguments did not match'),
      },
    ])
  })

  it('of a tool without presentCall is a generic card, and reported', () => {
    const presenter = createToolPresenter({ tools: [{ name: 'bare' }], cwd: '/repo', onError: (report) => errors.push(report) })
    const errors: PresentationError[] = []
    expect(presenter.call('a', 'bare', 1)).toStrictEqual(generic('a', 'bare', 1))
    expect(errors.map(({ error }) => (error as Error).message)).toStrictEqual(['the tool "bare" has no presentCall'])
  })

  it('whose presenter throws is a generic card, and the error is reported', () => {
    const { presenter, errors } = session()
    expect(presenter.call('a', 'throwing', { x: 1 })).toStrictEqual(generic('a', 'throwing', { x: 1 }))
    expect(errors).toStrictEqual([{ toolCallId: 'a', toolName: 'throwing', phase: 'call', error: new Error('presentCall broke') }])
  })

  it('whose presenter returns an invalid view is a generic card, reported with the InvalidViewError naming the field', () => {
    const { presenter, errors } = session()
    expect(presenter.call('a', 'invalid', {})).toStrictEqual(generic('a', 'invalid', {}))
    expect(errors).toHaveLength(1)
    expect(errors[0].error).toBeInstanceOf(InvalidViewError)
    expect((errors[0].error as InvalidViewError).path).toBe('output')
  })

  it('still renders when onError itself throws', () => {
    const presenter = createToolPresenter({
      tools: testTools,
      cwd: '/repo',
      onError: () => {
        throw new Error('logger down')
      },
    })
    expect(presenter.call('a', 'throwing', null)).toStrictEqual(generic('a', 'throwing', null))
    expect(presenter.result('a', text('x'))).toHaveLength(1)
  })
})

describe('a result', () => {
  it('is rendered for the card its call was shown with: a live terminal after a terminal call', () => {
    const { presenter } = session()
    presenter.call('a', 'shell', { command: 'false' })
    expect(presenter.result('a', { content: [{ type: 'text', text: 'no' }], meta: { exitCode: 1 } })).toStrictEqual([
      { sessionUpdate: 'tool_call_update', toolCallId: 'a', _meta: { terminal_output: { terminal_id: 'a', data: 'no' } } },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'a',
        status: 'failed',
        _meta: { terminal_exit: { terminal_id: 'a', exit_code: 1, signal: null } },
      },
    ])
  })

  it('of a terminal tool whose call fell back to generic is a console block, never a terminal', () => {
    const { presenter } = session()
    presenter.call('a', 'shell', { cmd: 'ls' })
    const updates = presenter.result('a', text('file'))
    expect(updates).toHaveLength(1)
    expect((updates[0] as AcpToolCallUpdate).content).toStrictEqual([{ type: 'content', content: { type: 'text', text: 'file' } }])
    // The shell's result presenter cannot read `{ cmd }` either: the raw content stands in.
    expect(JSON.stringify(updates)).not.toContain('terminal')
  })

  it('is forgotten once presented: a second result for the id sends nothing and is reported', () => {
    const { presenter, errors } = session()
    presenter.call('a', 'shell', { command: 'ls' })
    presenter.result('a', text('x'))
    expect(presenter.result('a', text('again'))).toStrictEqual([])
    expect(errors).toStrictEqual([
      { toolCallId: 'a', toolName: '', phase: 'result', error: new Error('result: no call with the id "a" is waiting') },
    ])
  })

  it('after forget sends nothing, and forget says whether the call was known', () => {
    const { presenter } = session()
    presenter.call('a', 'shell', { command: 'ls' })
    expect(presenter.forget('a')).toBe(true)
    expect(presenter.forget('a')).toBe(false)
    expect(presenter.result('a', text('late'))).toStrictEqual([])
  })

  it('with isError has status failed', () => {
    const { presenter } = session()
    presenter.call('a', 'look', { what: 'x' })
    expect((presenter.result('a', { content: [], isError: true })[0] as AcpToolCallUpdate).status).toBe('failed')
  })
})

describe('a result with nothing to say', () => {
  const image = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' } as const

  it('from a tool without a result presenter carries the raw content, images included', () => {
    const { presenter } = session()
    presenter.call('a', 'look', { what: 'x' })
    expect(presenter.result('a', { content: [{ type: 'text', text: 'found' }, image] })).toStrictEqual([
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'a',
        status: 'completed',
        content: [
          { type: 'content', content: { type: 'text', text: 'found' } },
          { type: 'content', content: image },
        ],
      },
    ])
  })

  it('from a presenter returning a generic view without content keeps its title and carries the raw content', () => {
    const { presenter } = session()
    presenter.call('a', 'summary', { what: 'x' })
    expect(presenter.result('a', text('sum'))).toStrictEqual([
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'a',
        status: 'completed',
        title: 'Summarised',
        content: [{ type: 'content', content: { type: 'text', text: 'sum' } }],
      },
    ])
  })

  it('from a presenter returning undefined carries the raw content, not reported', () => {
    const { presenter, errors } = session()
    presenter.call('a', 'silent', {})
    errors.length = 0
    expect((presenter.result('a', text('raw'))[0] as AcpToolCallUpdate).content).toStrictEqual([
      { type: 'content', content: { type: 'text', text: 'raw' } },
    ])
    expect(errors).toStrictEqual([])
  })

  it('from a presenter that throws carries the raw content and reports the error', () => {
    const { presenter, errors } = session()
    presenter.call('a', 'throwing', {})
    errors.length = 0
    expect(presenter.result('a', { content: [image], isError: true })).toStrictEqual([
      { sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'failed', content: [{ type: 'content', content: image }] },
    ])
    expect(errors).toStrictEqual([{ toolCallId: 'a', toolName: 'throwing', phase: 'result', error: new Error('presentResult broke') }])
  })

  it('from a presenter returning an invalid view carries the raw content and reports the field', () => {
    const { presenter, errors } = session()
    presenter.call('a', 'invalid', {})
    errors.length = 0
    expect((presenter.result('a', text('raw'))[0] as AcpToolCallUpdate).content).toStrictEqual([
      { type: 'content', content: { type: 'text', text: 'raw' } },
    ])
    expect((errors[0].error as InvalidViewError).path).toBe('exitCode')
    expect(errors[0].phase).toBe('result')
  })

  it('for an id never announced sends nothing, since the client would show a failed "tool call not found" card, and is reported with no tool name', () => {
    const { presenter, errors } = session()
    expect(presenter.result('ghost', { content: [{ type: 'text', text: 'boo' }], isError: true })).toStrictEqual([])
    expect(errors).toStrictEqual([
      { toolCallId: 'ghost', toolName: '', phase: 'result', error: new Error('result: no call with the id "ghost" is waiting') },
    ])
  })
})

describe('malformed results', () => {
  it('never throw, and a content block outside the vocabulary becomes a text block naming it, reported', () => {
    const { presenter, errors } = session()
    presenter.call('a', 'look', { what: 'x' })
    const result = {
      content: [
        { type: 'text', text: 'ok', extra: 1 },
        { type: 'video', uri: 'file:///a.mp4' },
      ],
    } as never
    const content = ((presenter.result('a', result)[0] as AcpToolCallUpdate).content ?? []) as {
      content: { type: string; text?: string }
    }[]
    expect(content[0]).toStrictEqual({ type: 'content', content: { type: 'text', text: 'ok' } })
    expect(content[1].content.type).toBe('text')
    expect(content[1].content.text).toContain('unsupported content block "video"')
    expect(content[1].content.text).toContain('file:///a.mp4')
    expect(errors.map((report) => (report.error as Error).message)).toStrictEqual([
      'content[0]: content block field "extra" is not part of a text block; dropped',
      'content[1]: content block type "video" is not supported; shown as a text block',
    ])
  })

  it('of any JSON shape give one update and no exception', () => {
    const { presenter } = session()
    for (const result of [null, 'text', 42, [], {}, { content: 'x' }, { content: null, isError: 'yes' }]) {
      presenter.call('a', 'shell', { command: 'ls' })
      expect(() => presenter.result('a', result as never)).not.toThrow()
    }
  })
})

// Sessions of interleaved calls and results over a few ids and every test tool.
const ids = fc.constantFrom('c1', 'c2', 'c3')
const toolName = fc.constantFrom(...testTools.map((tool) => tool.name), 'unknown')
const args = fc.oneof(
  fc.record(
    { command: fc.string({ maxLength: 8 }), cwd: fc.option(fc.constantFrom('sub', '../up', '/abs'), { nil: undefined }) },
    { requiredKeys: ['command'] },
  ),
  fc.record({ path: fc.constantFrom('a.ts', './b/../c.ts', '/x/y.ts'), text: fc.string({ maxLength: 8 }) }),
  fc.record({ what: fc.string({ maxLength: 8 }) }),
  fc.jsonValue({ maxDepth: 2 }),
)
const block = fc.oneof(
  fc.record({ type: fc.constant('text'), text: fc.string({ maxLength: 12 }) }),
  fc.record({ type: fc.constant('image'), data: fc.base64String({ maxLength: 8 }), mimeType: fc.constant('image/png') }),
  fc.jsonValue({ maxDepth: 1 }),
)
const result = fc.record(
  {
    content: fc.array(block, { maxLength: 3 }),
    isError: fc.boolean(),
    meta: fc.oneof(
      fc.record({ exitCode: fc.integer({ min: -2, max: 3 }) }),
      fc.record({ signal: fc.constantFrom('SIGKILL', '') }),
      fc.jsonValue({ maxDepth: 1 }),
    ),
  },
  { requiredKeys: ['content'] },
)
const event = fc.oneof(
  fc.record({ kind: fc.constant('call' as const), id: ids, toolName, args }),
  fc.record({ kind: fc.constant('result' as const), id: ids, result }),
)

type Event = { kind: 'call'; id: string; toolName: string; args: unknown } | { kind: 'result'; id: string; result: unknown }

function play(events: readonly Event[], clientCapabilities: object) {
  const presenter = createToolPresenter({ tools: testTools, clientCapabilities, cwd: '/repo', onError: () => {} })
  return events.map((event) =>
    event.kind === 'call' ? presenter.call(event.id, event.toolName, event.args) : presenter.result(event.id, event.result as ToolResult),
  )
}

describe('replay', () => {
  it('of the same calls and results through a fresh presenter gives byte-identical updates', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 12 }), fc.boolean(), (events, terminal) => {
        const capabilities = { _meta: { terminal_output: terminal } }
        const live = JSON.stringify(play(events, capabilities))
        // The replay reads its inputs back from a JSON session log.
        const logged = JSON.parse(JSON.stringify(events)) as Event[]
        expect(JSON.stringify(play(logged, capabilities))).toBe(live)
      }),
      { numRuns: 300 },
    )
  })

  it('differs when the inputs differ, so the comparison above can fail', () => {
    expect(JSON.stringify(play([{ kind: 'call', id: 'c1', toolName: 'shell', args: { command: 'a' } }], withTerminal))).not.toBe(
      JSON.stringify(play([{ kind: 'call', id: 'c1', toolName: 'shell', args: { command: 'b' } }], withTerminal)),
    )
  })
})
