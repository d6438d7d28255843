// A call's whole life: announced (perhaps from partial arguments), started,
// streaming output, then a result or a cancel.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createToolPresenter, type PresentationError, type ToolPresenter } from '../../src/acp/presenter.js'
import { sanitizeTerminalOutput } from '../../src/safety/terminal-output.js'
import { validNotification } from './fixtures/acp-schema.js'
import { runThroughSdk, type Step } from './fixtures/sdk-session.js'
import type { ToolDefinition } from '../../src/define-tool.js'
import { testTools } from './fixtures/test-tools.js'

const zed = { _meta: { terminal_output: true } }
const jetbrains = { _meta: { terminal_output_delta: true } }
const textOnly = { fs: { readTextFile: true }, terminal: true }

function session(
  clientCapabilities: object,
  extra: { maxOutputLength?: number; outputInterval?: number; tools?: readonly ToolDefinition<any, any>[] } = {},
) {
  const errors: PresentationError[] = []
  let clock = 0
  const presenter = createToolPresenter({
    tools: testTools,
    clientCapabilities,
    cwd: '/repo',
    now: () => clock,
    onError: (report) => errors.push(report),
    ...extra,
  })
  return { presenter, errors, tick: (ms: number) => (clock += ms) }
}

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] })
const dataOf = (update: object, key = 'terminal_output') =>
  (update as { _meta?: Record<string, { data: string }> })._meta?.[key]?.data ?? ''
const textsOf = (update: object) =>
  ((update as { content?: { content: { text: string } }[] }).content ?? []).map((entry) => entry.content.text)

function expectValid(updates: readonly object[]) {
  for (const update of updates) expect(validNotification({ sessionId: 's', update }), JSON.stringify(validNotification.errors)).toBe(true)
}

describe('a call announced again', () => {
  it('is a tool_call_update with the fields that changed, never a second terminal_info or a status', () => {
    const { presenter } = session(zed)
    presenter.call('a', 'shell', { command: 'ls' })
    presenter.start('a')
    expect(presenter.call('a', 'shell', { command: 'ls -la', cwd: 'src' })).toStrictEqual([
      { sessionUpdate: 'tool_call_update', toolCallId: 'a', title: 'ls -la', rawInput: { command: 'ls -la', cwd: 'src' } },
    ])
  })

  it('of a generic or diff card replaces its content, and leaves out what the client has', () => {
    const { presenter } = session(zed)
    presenter.call('a', 'patch', { path: 'a.ts', text: 'x' })
    const [update] = presenter.call('a', 'patch', { path: 'a.ts', text: 'xy' })
    expect(update).toStrictEqual({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'a',
      content: [{ type: 'diff', path: '/repo/a.ts', oldText: null, newText: 'xy' }],
      rawInput: { path: 'a.ts', text: 'xy' },
    })
  })

  it('with the same arguments sends nothing', () => {
    const { presenter } = session(zed)
    presenter.call('a', 'patch', { path: 'a.ts', text: 'x' })
    expect(presenter.call('a', 'patch', { path: 'a.ts', text: 'x' })).toStrictEqual([])
  })
})

describe('arguments that stream in', () => {
  it('are announced with the card the tool will have: a terminal for a shell call seen with no command yet', () => {
    const { presenter, errors } = session(zed)
    const [first] = presenter.call('a', 'shell', {}, { partial: true })
    expect(first).toMatchObject({ sessionUpdate: 'tool_call', title: 'Terminal', content: [{ type: 'terminal', terminalId: 'a' }] })
    expect(first._meta).toStrictEqual({ terminal_info: { terminal_id: 'a', cwd: '/repo' } })
    const [second] = presenter.call('a', 'shell', { command: 'npm test' })
    expect(second).toStrictEqual({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'a',
      title: 'npm test',
      rawInput: { command: 'npm test' },
    })
    expect(errors).toStrictEqual([])
  })

  it('that the presenter cannot show yet announce nothing and are not reported, so the first card is the one the call keeps', () => {
    const { presenter, errors } = session(zed)
    expect(presenter.call('a', 'look', { wh: 1 }, { partial: true })).toStrictEqual([])
    expect(presenter.call('a', 'look', { wha: 1 }, { partial: true })).toStrictEqual([])
    expect(presenter.call('a', 'look', { what: 'x' }, { partial: true })[0]).toMatchObject({
      sessionUpdate: 'tool_call',
      title: 'Look for x in /repo',
      kind: 'search',
    })
    expect(errors).toStrictEqual([])
  })

  it('of a tool with no presenter are a generic card at once, reported as an unknown tool', () => {
    const { presenter, errors } = session(zed)
    expect(presenter.call('a', 'mcp__x', { q: 1 }, { partial: true })[0]).toMatchObject({
      sessionUpdate: 'tool_call',
      title: 'mcp\\_\\_x',
      kind: 'other',
    })
    expect(errors.map((report) => (report.error as Error).message)).toStrictEqual(['no tool named "mcp__x" has a presenter'])
  })

  it('that end as a terminal after a generic first sighting show the command as text, since no terminal was created', () => {
    // A plain JavaScript tool with no presentPartialCall: its first sighting is generic.
    const run: ToolDefinition = {
      name: 'run',
      presentCall: (args) =>
        (args as { command?: string }).command ? { card: 'terminal', title: (args as { command: string }).command } : undefined,
      presentResult: (_args, result) => ({ card: 'terminal', output: (result.content[0] as { text: string }).text }),
    }
    const { presenter } = session(zed, { tools: [run, ...testTools] })
    // Announced, as a generic card, by a final call the presenter could not show…
    expect(presenter.call('a', 'run', {})[0]).toMatchObject({ title: 'run', kind: 'other' })
    // …then corrected by one it can.
    presenter.call('a', 'run', { command: 'ls' })
    const updates = presenter.result('a', text('out\n'))
    expect(JSON.stringify(updates)).not.toContain('terminal_')
    expect(textsOf(updates[0])).toStrictEqual(['```console\nout\n```'])
  })
})

describe('start', () => {
  it('is a tool_call_update with status in_progress', () => {
    const { presenter } = session(zed)
    presenter.call('a', 'look', { what: 'x' })
    expect(presenter.start('a')).toStrictEqual([{ sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'in_progress' }])
  })

  it('for an unknown id sends nothing and is reported', () => {
    const { presenter, errors } = session(zed)
    expect(presenter.start('nope')).toStrictEqual([])
    expect((errors[0].error as Error).message).toBe('start: no call with the id "nope" is waiting')
  })
})

describe('output for a client with display terminals', () => {
  it('appends each piece under _meta.terminal_output for Zed', () => {
    const { presenter } = session(zed)
    presenter.call('a', 'shell', { command: 'npm test' })
    expect(presenter.output('a', 'PASS a\n')).toStrictEqual([
      { sessionUpdate: 'tool_call_update', toolCallId: 'a', _meta: { terminal_output: { terminal_id: 'a', data: 'PASS a\n' } } },
    ])
  })

  it('appends under _meta.terminal_output_delta for a client that advertises only that key', () => {
    const { presenter } = session(jetbrains)
    expect(presenter.terminalOutputKey).toBe('terminal_output_delta')
    presenter.call('a', 'shell', { command: 'npm test' })
    expect(presenter.output('a', 'x')).toStrictEqual([
      { sessionUpdate: 'tool_call_update', toolCallId: 'a', _meta: { terminal_output_delta: { terminal_id: 'a', data: 'x' } } },
    ])
    const [, exit] = presenter.result('a', text('xy'))
    expect(exit._meta).toStrictEqual({ terminal_exit: { terminal_id: 'a', exit_code: null, signal: null } })
  })

  it('uses terminal_output when a client advertises both keys', () => {
    expect(session({ _meta: { terminal_output: true, terminal_output_delta: true } }).presenter.terminalOutputKey).toBe('terminal_output')
  })

  it('sanitises a sequence cut across two pieces as one', () => {
    const { presenter } = session(zed)
    presenter.call('a', 'shell', { command: 'cat x' })
    expect(presenter.output('a', 'a\u001b]52;c;')).toMatchObject([{ _meta: { terminal_output: { data: 'a' } } }])
    expect(presenter.output('a', 'eA==\u0007b')).toMatchObject([{ _meta: { terminal_output: { data: 'b' } } }])
  })

  it('sends only the unstreamed rest with the result, then the exit', () => {
    const { presenter } = session(zed)
    presenter.call('a', 'shell', { command: 'make' })
    presenter.output('a', 'one\n')
    expect(presenter.result('a', { content: [{ type: 'text', text: 'one\ntwo\n' }], meta: { exitCode: 2 } })).toStrictEqual([
      { sessionUpdate: 'tool_call_update', toolCallId: 'a', _meta: { terminal_output: { terminal_id: 'a', data: 'two\n' } } },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'a',
        status: 'failed',
        _meta: { terminal_exit: { terminal_id: 'a', exit_code: 2, signal: null } },
      },
    ])
  })

  it('sends only the exit when everything was streamed', () => {
    const { presenter } = session(zed)
    presenter.call('a', 'shell', { command: 'make' })
    presenter.output('a', 'all\n')
    expect(presenter.result('a', text('all\n'))).toHaveLength(1)
  })

  it('follows what was streamed with a line and the whole final output when the streamed text is not its prefix', () => {
    const { presenter } = session(zed)
    presenter.call('a', 'shell', { command: 'make' })
    presenter.output('a', 'raw\n')
    const [rest] = presenter.result('a', text('processed\n'))
    expect(dataOf(rest)).toBe('\r\n[the final output differs from what was streamed; all of it follows]\r\nprocessed\n')
  })

  it('of a call not shown as a terminal sends nothing and is reported', () => {
    const { presenter, errors } = session(zed)
    presenter.call('a', 'look', { what: 'x' })
    expect(presenter.output('a', 'x')).toStrictEqual([])
    expect((errors[0].error as Error).message).toContain('not shown as a terminal')
  })

  it('never sends more than the output bound, however long the command runs', () => {
    const { presenter } = session(zed, { maxOutputLength: 64 * 1024 })
    presenter.call('a', 'shell', { command: 'yes' })
    let sent = 0
    const piece = `${'y'.repeat(1023)}\n`
    for (let index = 0; index < 10_240; index++) for (const update of presenter.output('a', piece)) sent += dataOf(update).length
    for (const update of presenter.result('a', text(piece.repeat(10_240)))) sent += dataOf(update).length
    expect(sent).toBeLessThanOrEqual(64 * 1024)
  })
})

describe('output for a client without display terminals', () => {
  it('is a snapshot with the description and the last lines, at most once per interval', () => {
    const { presenter, tick } = session(textOnly, { outputInterval: 1000 })
    presenter.call('a', 'shell', { command: 'npm test', cwd: 'pkg' })
    const [first] = presenter.output('a', 'line 1\n')
    expect(textsOf(first)).toStrictEqual(['Working directory: /repo/pkg', '```console\nline 1\n```'])
    tick(500)
    expect(presenter.output('a', 'line 2\n')).toStrictEqual([])
    tick(500)
    expect(textsOf(presenter.output('a', 'line 3\n')[0])).toStrictEqual([
      'Working directory: /repo/pkg',
      '```console\nline 1\nline 2\nline 3\n```',
    ])
  })

  it('shows at most the last 20 lines, after a line counting the earlier ones, colours dropped, other escapes as visible markers', () => {
    const { presenter } = session(textOnly)
    presenter.call('a', 'shell', { command: 'seq 100' })
    const lines = Array.from({ length: 100 }, (_, index) => `\u001b[32m${index + 1}\u001b[0m\u001b[K`).join('\n')
    const [snapshot] = presenter.output('a', `${lines}\n`)
    const [block] = textsOf(snapshot)
    expect(block.split('\n')).toStrictEqual([
      '```console',
      '… 80 earlier lines',
      ...Array.from({ length: 20 }, (_, index) => `${index + 81}␛[K`),
      '```',
    ])
  })

  it('sends a total that grows with the running time, not with the output: 10 MB over a minute', () => {
    const { presenter, tick } = session(textOnly)
    presenter.call('a', 'shell', { command: 'yes' })
    let sent = 0
    const piece = `${'y'.repeat(1023)}\n`
    // 10,240 pieces of 1 KiB, one every 5.86 ms: a minute.
    for (let index = 0; index < 10_240; index++) {
      tick(60_000 / 10_240)
      for (const update of presenter.output('a', piece)) sent += JSON.stringify(update).length
    }
    // At most one snapshot a second, each at most 4 KiB of output and its fence.
    expect(sent).toBeLessThan(61 * 5000)
  })
})

describe('the final text for a client without display terminals', () => {
  it('keeps the description, shows the working directory and says how a failed command ended', () => {
    const { presenter } = session(textOnly)
    presenter.call('a', 'shell', { command: 'ls missing', cwd: 'src' })
    const [done] = presenter.result('a', { content: [{ type: 'text', text: 'ls: missing\n' }], meta: { exitCode: 2 } })
    expect(textsOf(done)).toStrictEqual(['Working directory: /repo/src', '```console\nls: missing\n```\nExited with code 2'])
    presenter.call('b', 'shell', { command: 'sleep 9' })
    expect(textsOf(presenter.result('b', { content: [], meta: { signal: 'SIGTERM' } })[0])).toStrictEqual(['Killed by SIGTERM'])
  })

  it('drops colours inside the fence (a code block draws none) and shows other escape sequences as visible markers', () => {
    const { presenter } = session(textOnly)
    presenter.call('a', 'shell', { command: 'npm test' })
    expect(textsOf(presenter.result('a', text('\u001b[32m✓\u001b[39m ok\u001b]0;t\u0007\n'))[0])).toStrictEqual([
      '```console\n✓ ok␛]0;t␇\n```',
    ])
  })

  it('is the same whether or not the output was streamed first', () => {
    const final = (stream: boolean) => {
      const { presenter } = session(textOnly)
      presenter.call('a', 'shell', { command: 'make' })
      if (stream) presenter.output('a', 'part')
      return presenter.result('a', text('part and the rest\n'))
    }
    expect(final(true)).toStrictEqual(final(false))
  })
})

describe('cancel', () => {
  it('ends a display terminal with status failed and terminal_exit carrying no exit code and the signal', () => {
    const { presenter } = session(zed)
    presenter.call('a', 'shell', { command: 'sleep 600' })
    presenter.output('a', 'waiting')
    expect(presenter.cancel('a', { signal: 'SIGTERM' })).toStrictEqual([
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'a',
        status: 'failed',
        _meta: { terminal_exit: { terminal_id: 'a', exit_code: null, signal: 'SIGTERM' } },
      },
    ])
  })

  it('sends the output held back before the exit', () => {
    const { presenter } = session(zed)
    presenter.call('a', 'shell', { command: 'cat' })
    presenter.output('a', 'half \ud83d')
    const [held] = presenter.cancel('a')
    expect(dataOf(held)).toBe('\ufffd')
  })

  it('shows a command shown as text with its output so far and a line saying it was cancelled', () => {
    const { presenter } = session(textOnly)
    presenter.call('a', 'shell', { command: 'npm test' })
    presenter.output('a', 'PASS a\n')
    expect(textsOf(presenter.cancel('a', { signal: 'SIGINT' })[0])).toStrictEqual(['```console\nPASS a\n```\nCancelled (SIGINT)'])
  })

  it('marks any other card failed', () => {
    const { presenter } = session(zed)
    presenter.call('a', 'look', { what: 'x' })
    expect(presenter.cancel('a')).toStrictEqual([{ sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'failed' }])
  })

  it('forgets the call: a late piece or result sends nothing and is reported', () => {
    const { presenter, errors } = session(zed)
    presenter.call('a', 'shell', { command: 'x' })
    presenter.cancel('a')
    expect(presenter.output('a', 'late')).toStrictEqual([])
    expect(presenter.result('a', text('late'))).toStrictEqual([])
    expect(errors.map((report) => (report.error as Error).message)).toStrictEqual([
      'output: no call with the id "a" is waiting',
      'result: no call with the id "a" is waiting',
    ])
  })
})

// Any output, cut anywhere: inside escape sequences, between surrogate halves.
const output = fc.string({
  unit: fc.constantFrom(
    'a',
    'é',
    '\n',
    '\r\n',
    '\r',
    '😀',
    '\ud83d',
    '\u001b[31m',
    '\u001b[0m',
    '\u001b]0;t\u0007',
    '\u001b]8;;u\u001b\\',
    '\u0007',
    '\u009b',
    '`',
  ),
  maxLength: 60,
})
const cutsOf = (text: string, points: readonly number[]) => {
  const sorted = [...new Set(points.map((point) => point % (text.length + 1)))].sort((a, b) => a - b)
  const pieces: string[] = []
  let from = 0
  for (const point of sorted) {
    pieces.push(text.slice(from, point))
    from = point
  }
  pieces.push(text.slice(from))
  return pieces
}

describe('streamed output, however it is cut', () => {
  it('concatenates to the sanitised output on a display terminal', () => {
    fc.assert(
      fc.property(output, fc.array(fc.nat(), { maxLength: 10 }), fc.boolean(), (raw, points, delta) => {
        const { presenter } = session(delta ? jetbrains : zed)
        presenter.call('a', 'shell', { command: 'x' })
        const key = delta ? 'terminal_output_delta' : 'terminal_output'
        let data = ''
        for (const piece of cutsOf(raw, points)) for (const update of presenter.output('a', piece)) data += dataOf(update, key)
        const updates = presenter.result('a', text(raw))
        expectValid(updates)
        for (const update of updates) data += dataOf(update, key)
        expect(data).toBe(sanitizeTerminalOutput(raw))
      }),
      { numRuns: 1500 },
    )
  })

  it('gives the same final text as a run without pieces, for a client without terminals', () => {
    fc.assert(
      fc.property(output, fc.array(fc.nat(), { maxLength: 10 }), (raw, points) => {
        const streamed = session(textOnly)
        streamed.presenter.call('a', 'shell', { command: 'x' })
        // What the client shows: the last content sent (each replaces the one before).
        let shown: unknown
        const apply = (updates: readonly object[]) => {
          for (const update of updates) if ('content' in update) shown = update.content
          return updates
        }
        for (const piece of cutsOf(raw, points)) {
          streamed.tick(400)
          expectValid(apply(streamed.presenter.output('a', piece)))
        }
        const oneShot = session(textOnly)
        oneShot.presenter.call('a', 'shell', { command: 'x' })
        const [last] = apply(streamed.presenter.result('a', text(raw))) as { status?: string }[]
        const [whole] = oneShot.presenter.result('a', text(raw)) as { status?: string; content?: unknown }[]
        expect(last.status).toBe(whole.status)
        expect(shown).toStrictEqual(whole.content)
      }),
      { numRuns: 500 },
    )
  })
})

type LogEntry =
  | {
      readonly at: number
      readonly method: 'call'
      readonly id: string
      readonly tool: string
      readonly args: unknown
      readonly partial: boolean
    }
  | { readonly at: number; readonly method: 'start' | 'cancel'; readonly id: string }
  | { readonly at: number; readonly method: 'output'; readonly id: string; readonly chunk: string }
  | { readonly at: number; readonly method: 'result'; readonly id: string; readonly text: string }

function replay(log: readonly LogEntry[], clientCapabilities: object): unknown[] {
  let clock = 0
  const presenter: ToolPresenter = createToolPresenter({
    tools: testTools,
    clientCapabilities,
    cwd: '/repo',
    now: () => clock,
    onError: () => {},
  })
  return log.map((entry) => {
    clock = entry.at
    switch (entry.method) {
      case 'call':
        return presenter.call(entry.id, entry.tool, entry.args, { partial: entry.partial })
      case 'start':
        return presenter.start(entry.id)
      case 'output':
        return presenter.output(entry.id, entry.chunk)
      case 'result':
        return presenter.result(entry.id, text(entry.text))
      case 'cancel':
        return presenter.cancel(entry.id, { signal: 'SIGTERM' })
      default:
        return []
    }
  })
}

describe('replay of a live session log', () => {
  const id = fc.constantFrom('a', 'b')
  const entry: fc.Arbitrary<LogEntry> = fc.oneof(
    fc.record({
      at: fc.nat(5000),
      method: fc.constant('call' as const),
      id,
      tool: fc.constantFrom('shell', 'look', 'patch'),
      args: fc.oneof(fc.record({ command: fc.string() }), fc.record({ what: fc.string() }), fc.constant({})),
      partial: fc.boolean(),
    }),
    fc.record({ at: fc.nat(5000), method: fc.constantFrom('start' as const, 'cancel' as const), id }),
    fc.record({ at: fc.nat(5000), method: fc.constant('output' as const), id, chunk: output }),
    fc.record({ at: fc.nat(5000), method: fc.constant('result' as const), id, text: output }),
  )

  it('of calls, starts, pieces, results and cancels gives byte-identical updates', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 15 }), fc.constantFrom(zed, jetbrains, textOnly), (log, capabilities) => {
        const live = JSON.stringify(replay(log, capabilities))
        expect(JSON.stringify(replay(JSON.parse(JSON.stringify(log)), capabilities))).toBe(live)
      }),
      { numRuns: 300 },
    )
  })
})

describe('a live turn through the real SDK', () => {
  // A shell call announced from partial arguments, started, streaming, then
  // finished; a second one cancelled while it runs.
  const steps: Step[] = [
    (presenter) => presenter.call('run', 'bash', {}, { partial: true }),
    (presenter) => presenter.call('run', 'bash', { command: 'npm test', description: 'Run the tests' }),
    (presenter) => presenter.start('run'),
    (presenter) => presenter.output('run', '\u001b[32m✓\u001b[39m a\n'),
    (presenter) => presenter.output('run', '\u001b[31m✗\u001b[39m b\n'),
    (presenter) =>
      presenter.result('run', {
        content: [{ type: 'text', text: '\u001b[32m✓\u001b[39m a\n\u001b[31m✗\u001b[39m b\n1 failed\n' }],
        meta: { exitCode: 1 },
      }),
    (presenter) => presenter.call('watch', 'bash', { command: 'npm run watch' }),
    (presenter) => presenter.start('watch'),
    (presenter) => presenter.output('watch', 'watching…\n'),
    (presenter) => presenter.cancel('watch', { signal: 'SIGINT' }),
  ]

  it.each([
    ['Zed (terminal_output)', zed, 'terminal_output'],
    ['a JetBrains client (terminal_output_delta)', jetbrains, 'terminal_output_delta'],
    ['a client without terminals', textOnly, undefined],
  ] as const)('reaches %s as valid ACP, every piece of output once', async (_client, clientCapabilities, key) => {
    const run = await runThroughSdk(steps, { clientCapabilities, cwd: '/repo' })
    expect(run.stopReason).toBe('end_turn')
    expect(run.errors).toStrictEqual([])
    for (const notification of run.notifications)
      expect(validNotification(notification), JSON.stringify(validNotification.errors)).toBe(true)
    expect(run.received).toStrictEqual(run.notifications)
    const updates = run.notifications.map((notification) => notification.update as Record<string, unknown>)
    expect(updates.filter((update) => update.sessionUpdate === 'tool_call').map((update) => update.toolCallId)).toStrictEqual([
      'run',
      'watch',
    ])
    const statuses = updates.filter((update) => update.status).map((update) => `${update.toolCallId}:${update.status}`)
    expect(statuses).toStrictEqual(['run:pending', 'run:in_progress', 'run:failed', 'watch:pending', 'watch:in_progress', 'watch:failed'])
    if (key) {
      const data = updates
        .filter((update) => update.toolCallId === 'run')
        .map((update) => dataOf(update, key))
        .join('')
      expect(data).toBe('\u001b[32m✓\u001b[39m a\n\u001b[31m✗\u001b[39m b\n1 failed\n')
      expect(updates.at(-1)!._meta).toStrictEqual({ terminal_exit: { terminal_id: 'watch', exit_code: null, signal: 'SIGINT' } })
    } else {
      const final = updates.filter((update) => update.toolCallId === 'run').at(-1)!
      expect(textsOf(final)).toStrictEqual(['Run the tests', '```console\n✓ a\n✗ b\n1 failed\n```\nExited with code 1'])
      expect(textsOf(updates.at(-1)!)).toStrictEqual(['```console\nwatching…\n```\nCancelled (SIGINT)'])
    }
  })
})
