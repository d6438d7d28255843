// The v2 session presenter: a call's whole life (announced, perhaps from
// partial arguments, started, streaming, then a result or a cancel), the
// plan, permission prompts, and the fallbacks, in ACP v2's shapes.
import { describe, expect, it } from 'vitest'
import { type AcpV2Update, createToolPresenter, type PresentationError, type ToolPresenter } from 'tool-render-intent/acp-v2'
import { DEFAULT_PLAN_ID } from '../../src/acp-v2/call.js'
import type { ToolDefinition } from 'tool-render-intent'
import { sanitizeTerminalOutput } from '../../src/safety/terminal-output.js'
import { reshapingTool, testTools } from '../acp/fixtures/test-tools.js'
import { checkV2PermissionRequest, checkV2Update } from './fixtures/acp-v2-schema.js'
import { decodeBase64 } from './fixtures/client-model.js'

function session(extra: { maxOutputLength?: number; tools?: readonly ToolDefinition<any, any>[]; now?: () => number } = {}) {
  const errors: PresentationError[] = []
  const presenter = createToolPresenter({ tools: testTools, cwd: '/repo', onError: (report) => errors.push(report), ...extra })
  const all: AcpV2Update[] = []
  // Every update any method returns is checked against the v2 schema.
  const checked = <T extends readonly AcpV2Update[]>(updates: T): T => {
    for (const update of updates) expect(checkV2Update(update), JSON.stringify(update)).toStrictEqual([])
    all.push(...updates)
    return updates
  }
  const p = {
    call: (...args: Parameters<ToolPresenter['call']>) => checked(presenter.call(...args)),
    start: (id: string) => checked(presenter.start(id)),
    output: (id: string, chunk: string) => checked(presenter.output(id, chunk)),
    result: (...args: Parameters<ToolPresenter['result']>) => checked(presenter.result(...args)),
    cancel: (...args: Parameters<ToolPresenter['cancel']>) => checked(presenter.cancel(...args)),
  }
  return { presenter, p, errors, all }
}

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] })
const utf8 = (data: string) => new TextDecoder().decode(decodeBase64(data))
const outputOf = (updates: readonly AcpV2Update[], terminalId: string) =>
  updates
    .filter((update) => update.sessionUpdate === 'terminal_output_chunk' && update.terminalId === terminalId)
    .map((update) => utf8((update as { data: string }).data))
    .join('')

describe('a call announced', () => {
  it('is one tool_call_update creating the card, status pending (v2 has no tool_call)', () => {
    const { p } = session()
    expect(p.call('a', 'look', { what: 'TODO' })).toStrictEqual([
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'a',
        title: 'Look for TODO in /repo',
        kind: 'search',
        status: 'pending',
        name: 'look',
        rawInput: { what: 'TODO' },
      },
    ])
  })

  it('as a terminal creates the agent-owned terminal first, then the card that references it', () => {
    const { p } = session()
    expect(p.call('a', 'shell', { command: 'npm test', cwd: 'pkg' })).toStrictEqual([
      { sessionUpdate: 'terminal_update', terminalId: 'a', command: 'npm test', cwd: '/repo/pkg' },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'a',
        title: 'npm test',
        kind: 'execute',
        status: 'pending',
        name: 'shell',
        content: [{ type: 'terminal', terminalId: 'a' }],
        rawInput: { command: 'npm test', cwd: 'pkg' },
      },
    ])
  })

  it('again patches the card with what changed (never its status) and re-describes the terminal', () => {
    const { p } = session()
    p.call('a', 'shell', { command: 'ls' })
    p.start('a')
    expect(p.call('a', 'shell', { command: 'ls -la', cwd: 'src' })).toStrictEqual([
      { sessionUpdate: 'terminal_update', terminalId: 'a', command: 'ls -la', cwd: '/repo/src' },
      { sessionUpdate: 'tool_call_update', toolCallId: 'a', title: 'ls -la', rawInput: { command: 'ls -la', cwd: 'src' } },
    ])
  })

  it('again as a generic card clears what the new view lacks', () => {
    const { p } = session({ tools: [reshapingTool] })
    p.call('a', 'shifty', { text: 'x' })
    const [update] = p.call('a', 'shifty', {})
    expect(update).toMatchObject({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'a',
      title: 'changed',
      kind: 'other',
      content: [],
      locations: null,
    })
    expect(update).not.toHaveProperty('status')
  })
})

describe('arguments that stream in', () => {
  it('announce a terminal from the first sighting, whose command the complete call then sets', () => {
    const { p, errors } = session()
    const first = p.call('a', 'shell', {}, { partial: true })
    expect(first.map((update) => update.sessionUpdate)).toStrictEqual(['terminal_update', 'tool_call_update'])
    expect(first[1]).toMatchObject({ title: 'Terminal', content: [{ type: 'terminal', terminalId: 'a' }] })
    const last = p.call('a', 'shell', { command: 'npm test' })
    expect(last[0]).toStrictEqual({ sessionUpdate: 'terminal_update', terminalId: 'a', command: 'npm test' })
    expect(errors).toStrictEqual([])
  })

  it('that the presenter cannot show yet announce nothing and are not reported', () => {
    const { p, errors } = session()
    expect(p.call('a', 'look', {}, { partial: true })).toStrictEqual([])
    expect(p.call('a', 'look', { what: 'x' }, { partial: true })).toHaveLength(1)
    expect(errors).toStrictEqual([])
  })

  it('a call first shown generic that ends a terminal gets its terminal then (v2 can create one at any time)', () => {
    const tools: ToolDefinition[] = [
      {
        name: 'late',
        presentCall: (args) =>
          (args as { command?: string }).command
            ? { card: 'terminal', title: (args as { command: string }).command }
            : { card: 'generic', title: 'Thinking' },
      },
    ]
    const { p } = session({ tools })
    p.call('a', 'late', {}, { partial: true })
    const updates = p.call('a', 'late', { command: 'make' })
    expect(updates[0]).toStrictEqual({ sessionUpdate: 'terminal_update', terminalId: 'a', command: 'make', cwd: '/repo' })
    expect(p.output('a', 'built\n')).toHaveLength(1)
  })
})

describe('start', () => {
  it('is a tool_call_update with status in_progress', () => {
    const { p } = session()
    p.call('a', 'look', { what: 'x' })
    expect(p.start('a')).toStrictEqual([{ sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'in_progress' }])
  })

  it('for an unknown id sends nothing and is reported', () => {
    const { p, errors } = session()
    expect(p.start('nope')).toStrictEqual([])
    expect(errors).toHaveLength(1)
  })
})

describe('output', () => {
  it('is one terminal_output_chunk per piece: base64 of the sanitised UTF-8', () => {
    const { p } = session()
    p.call('a', 'shell', { command: 'npm test' })
    const [chunk] = p.output('a', '\u001b[32m✓\u001b[39m ok\u001b]52;c;aGk=\u0007\n')
    expect(chunk).toStrictEqual({
      sessionUpdate: 'terminal_output_chunk',
      terminalId: 'a',
      data: Buffer.from('\u001b[32m✓\u001b[39m ok\n').toString('base64'),
    })
  })

  it('sanitises a sequence cut across two pieces as one, each chunk decodable on its own', () => {
    const { p } = session()
    p.call('a', 'shell', { command: 'x' })
    expect(p.output('a', 'red \u001b[3')).toStrictEqual([
      { sessionUpdate: 'terminal_output_chunk', terminalId: 'a', data: Buffer.from('red ').toString('base64') },
    ])
    const [second] = p.output('a', '1mR\u001b[0m')
    expect(utf8((second as { data: string }).data)).toBe('\u001b[31mR\u001b[0m')
    // A surrogate pair cut in two is held back whole.
    expect(p.output('a', '\ud83e')).toStrictEqual([])
    expect(utf8((p.output('a', '\udd80!')[0] as { data: string }).data)).toBe('🦀!')
  })

  it('then the result sends only the unstreamed rest, the exit status, and the card its status', () => {
    const { p } = session()
    p.call('a', 'shell', { command: 'npm test' })
    p.start('a')
    p.output('a', 'one\n')
    const updates = p.result('a', { ...text('one\ntwo\n'), meta: { exitCode: 1 } })
    expect(updates).toStrictEqual([
      { sessionUpdate: 'terminal_output_chunk', terminalId: 'a', data: Buffer.from('two\n').toString('base64') },
      { sessionUpdate: 'terminal_update', terminalId: 'a', exitStatus: { exitCode: 1 } },
      { sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'failed' },
    ])
  })

  it('a signal ends the terminal with the signal and the card failed; a negative exit code is kept (v2 allows it)', () => {
    const { p } = session()
    p.call('a', 'shell', { command: 'sleep 9' })
    expect(p.result('a', { ...text(''), meta: { signal: 'SIGKILL' } })).toStrictEqual([
      { sessionUpdate: 'terminal_update', terminalId: 'a', exitStatus: { signal: 'SIGKILL' } },
      { sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'failed' },
    ])
    p.call('b', 'shell', { command: 'win.exe' })
    expect(p.result('b', { ...text(''), meta: { exitCode: -1073741510 } })[0]).toStrictEqual({
      sessionUpdate: 'terminal_update',
      terminalId: 'b',
      exitStatus: { exitCode: -1073741510 },
    })
  })

  it('streamed, then a final output that does not continue it: a line says so and the whole output follows, as in v1', () => {
    const { p, all } = session()
    p.call('a', 'shell', { command: 'x' })
    p.output('a', 'draft\n')
    p.result('a', { ...text('final\n'), meta: { exitCode: 0 } })
    expect(outputOf(all, 'a')).toBe('draft\n\r\n[the final output differs from what was streamed; all of it follows]\r\nfinal\n')
  })

  it('of a call not shown as a terminal sends nothing and is reported', () => {
    const { p, errors } = session()
    p.call('a', 'look', { what: 'x' })
    expect(p.output('a', 'hi')).toStrictEqual([])
    expect(errors.map((report) => String(report.error))).toStrictEqual(['Error: output: the call "a" is not shown as a terminal'])
  })

  it('never sends more than the output bound, however long the command runs, and concatenates to the sanitised output when it fits', () => {
    const { p, all } = session({ maxOutputLength: 1000 })
    p.call('a', 'shell', { command: 'yes' })
    let printed = ''
    for (let index = 0; index < 500; index++) {
      const piece = `line ${index} \u001b[1mbold\u001b[0m\n`
      printed += piece
      p.output('a', piece)
    }
    p.result('a', { ...text(printed), meta: { exitCode: 0 } })
    const output = outputOf(all, 'a')
    expect(output.length).toBeLessThanOrEqual(1000)
    expect(output).toMatch(/^line 0 /)
    expect(output).toMatch(/line 499 \u001b\[1mbold\u001b\[0m\n$/)
    expect(output).toContain('characters left out')

    const small = session()
    small.p.call('b', 'shell', { command: 'x' })
    const pieces = ['a\u001b', '[31mb', '\u001b]0;title\u0007c\n']
    for (const piece of pieces) small.p.output('b', piece)
    small.p.result('b', { ...text(pieces.join('')), meta: { exitCode: 0 } })
    expect(outputOf(small.all, 'b')).toBe(sanitizeTerminalOutput(pieces.join('')))
  })
})

describe('result', () => {
  it('of a terminal call that was never streamed sends the whole output, then the exit', () => {
    const { p } = session()
    p.call('a', 'shell', { command: 'echo hi' })
    expect(p.result('a', { ...text('hi\n'), meta: { exitCode: 0 } }).map((update) => update.sessionUpdate)).toStrictEqual([
      'terminal_output_chunk',
      'terminal_update',
      'tool_call_update',
    ])
  })

  it('of a terminal result for a call shown generic is the console block, as in v1', () => {
    const tools: ToolDefinition[] = [
      {
        name: 'run',
        presentCall: () => ({ card: 'generic', title: 'Run it' }),
        presentResult: () => ({ card: 'terminal', output: 'boom\n', exitCode: 2 }),
      },
    ]
    const { p } = session({ tools })
    p.call('a', 'run', {})
    expect(p.result('a', text('x'))).toStrictEqual([
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'a',
        status: 'failed',
        content: [{ type: 'content', content: { type: 'text', text: '```console\nboom\n```\nExited with code 2' } }],
      },
    ])
  })

  it('with nothing to say carries the raw result content; a terminal still gets its end', () => {
    const { p } = session()
    p.call('a', 'look', { what: 'x' })
    expect(p.result('a', text('found'))).toStrictEqual([
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'a',
        status: 'completed',
        content: [{ type: 'content', content: { type: 'text', text: 'found' } }],
      },
    ])
    const tools: ToolDefinition[] = [{ name: 'sh', presentCall: () => ({ card: 'terminal', title: 'sh' }), presentResult: () => undefined }]
    const other = session({ tools })
    other.p.call('b', 'sh', {})
    expect(other.p.result('b', { ...text('raw'), isError: true })).toStrictEqual([
      { sessionUpdate: 'terminal_update', terminalId: 'b', exitStatus: {} },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'b',
        status: 'failed',
        content: [{ type: 'content', content: { type: 'text', text: 'raw' } }],
      },
    ])
  })

  it('for an id never announced returns nothing and is reported with no tool name', () => {
    const { p, errors } = session()
    expect(p.result('ghost', text('x'))).toStrictEqual([])
    expect(errors[0]).toMatchObject({ toolCallId: 'ghost', toolName: '', phase: 'result' })
  })
})

describe('cancel', () => {
  it('ends a terminal with what was held back and the signal, and the card cancelled (a v2 status)', () => {
    const { p } = session({ maxOutputLength: 200, now: () => 0 })
    p.call('a', 'shell', { command: 'watch' })
    p.start('a')
    // Past the head, the latest output goes out at most once per interval: the second piece is held back.
    p.output('a', 'x'.repeat(150))
    p.output('a', 'y'.repeat(20))
    const updates = p.cancel('a', { signal: 'SIGINT' })
    expect(updates.map((update) => update.sessionUpdate)).toStrictEqual(['terminal_output_chunk', 'terminal_update', 'tool_call_update'])
    expect(updates.slice(1)).toStrictEqual([
      { sessionUpdate: 'terminal_update', terminalId: 'a', exitStatus: { signal: 'SIGINT' } },
      { sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'cancelled' },
    ])
  })

  it('marks any other card cancelled, and forgets the call', () => {
    const { p, errors } = session()
    p.call('a', 'look', { what: 'x' })
    expect(p.cancel('a')).toStrictEqual([{ sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'cancelled' }])
    expect(p.result('a', text('late'))).toStrictEqual([])
    expect(errors).toHaveLength(1)
  })

  it('without a signal still marks the terminal exited', () => {
    const { p } = session()
    p.call('a', 'shell', { command: 'x' })
    expect(p.cancel('a')[0]).toStrictEqual({ sessionUpdate: 'terminal_update', terminalId: 'a', exitStatus: {} })
  })
})

describe('the plan', () => {
  it('is a plan_update of the session plan, each card replacing it; no tool card unless it fails', () => {
    const { p } = session()
    const todos = [
      { content: 'Ship [it](http://x)', status: 'in_progress' },
      { content: 'Test', status: 'pending' },
    ]
    expect(p.call('a', 'plan', { todos })).toStrictEqual([
      {
        sessionUpdate: 'plan_update',
        plan: {
          type: 'items',
          planId: DEFAULT_PLAN_ID,
          entries: [
            { content: 'Ship \\[it\\](http://x)', priority: 'medium', status: 'in_progress' },
            { content: 'Test', priority: 'medium', status: 'pending' },
          ],
        },
      },
    ])
    expect(p.start('a')).toStrictEqual([])
    expect(p.result('a', text('ok'))).toStrictEqual([])
    p.call('b', 'plan', { todos: [] })
    expect(p.result('b', { ...text('disk full'), isError: true })).toStrictEqual([
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'b',
        title: 'Update the plan',
        kind: 'think',
        status: 'failed',
        name: 'plan',
        content: [{ type: 'content', content: { type: 'text', text: 'disk full' } }],
        rawInput: { todos: [] },
      },
    ])
  })

  it('of a sub-agent is its own plan, by the spawning call: the session plan is never replaced', () => {
    const { p } = session()
    const todos = [{ content: 'Sub-step', status: 'pending' }]
    const [update] = p.call('c', 'plan', { todos }, { parentToolCallId: 'task' })
    expect(update).toMatchObject({
      sessionUpdate: 'plan_update',
      plan: { type: 'items', planId: 'subagent:task', entries: [{ content: 'Sub-step', status: 'pending' }] },
    })
    expect(checkV2Update(update)).toStrictEqual([])
  })
})

describe('permission', () => {
  const check = (request: object) => {
    expect(checkV2PermissionRequest(request), JSON.stringify(request)).toStrictEqual([])
    return request
  }

  it('for a command is a command subject: the exact command, its absolute cwd, the call and its terminal', () => {
    const { presenter } = session({
      tools: [
        {
          name: 'bash',
          presentCall: (args) => ({
            card: 'terminal',
            title: (args as { command: string }).command,
            description: 'Clean [up](http://x)',
            cwd: 'build',
          }),
        },
      ],
    })
    presenter.call('a', 'bash', { command: 'rm -rf `dist` && echo *' })
    expect(check(presenter.permission('a'))).toStrictEqual({
      title: 'Run ``rm -rf `dist` && echo *``',
      description: 'Clean \\[up\\](http://x)',
      subject: { type: 'command', command: 'rm -rf `dist` && echo *', cwd: '/repo/build', toolCallId: 'a', terminalId: 'a' },
      options: [
        { optionId: 'allow_once', name: 'Allow', kind: 'allow_once' },
        { optionId: 'allow_always', name: 'Always allow', kind: 'allow_always' },
        { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
      ],
    })
  })

  it('for a command not announced yet names no terminal, and remembers nothing', () => {
    const { presenter } = session()
    const request = check(presenter.permission('a', { toolName: 'shell', args: { command: 'make\ninstall' } })) as {
      title: string
      subject: object
    }
    expect(request.title).toBe('Run `make install`')
    expect(request.subject).toStrictEqual({ type: 'command', command: 'make\ninstall', cwd: '/repo', toolCallId: 'a' })
    expect(presenter.forget('a')).toBe(false)
  })

  it('for a diff carries the diff in a tool_call subject; for an announced card, no status', () => {
    const { presenter } = session()
    presenter.call('a', 'patch', { path: 'a.ts', text: 'x\n' })
    const request = check(presenter.permission('a')) as { title: string; subject: { toolCall: Record<string, unknown> } }
    expect(request.title).toBe('Patch a.ts')
    expect(request.subject.toolCall).toMatchObject({
      toolCallId: 'a',
      title: 'Patch a.ts',
      kind: 'edit',
      locations: [{ path: '/repo/a.ts' }],
    })
    expect(request.subject.toolCall).not.toHaveProperty('status')
    expect((request.subject.toolCall.content as { type: string }[])[0]).toMatchObject({
      type: 'diff',
      changes: [{ operation: 'add', path: '/repo/a.ts' }],
    })
  })

  it('for a generic card leaves its content alone; for one not announced carries the whole card, pending', () => {
    const { presenter } = session()
    presenter.call('a', 'look', { what: 'x' })
    const known = check(presenter.permission('a')) as { subject: { toolCall: Record<string, unknown> } }
    expect(known.subject.toolCall).not.toHaveProperty('content')
    const fresh = check(presenter.permission('b', { toolName: 'look', args: { what: 'y' } })) as {
      subject: { toolCall: Record<string, unknown> }
    }
    expect(fresh.subject.toolCall).toMatchObject({ toolCallId: 'b', title: 'Look for y in /repo', status: 'pending' })
  })

  it('for a plan gives the plan a card, which its result then settles', () => {
    const { presenter } = session()
    presenter.call('a', 'plan', { todos: [{ content: 'Ship', status: 'pending' }] })
    const request = check(presenter.permission('a')) as { subject: { toolCall: Record<string, unknown> } }
    expect(request.subject.toolCall).toMatchObject({
      title: 'Update the plan',
      kind: 'think',
      status: 'pending',
      content: [{ type: 'content', content: { type: 'text', text: '- [ ] Ship' } }],
    })
    expect(presenter.result('a', text('ok'))).toMatchObject([{ sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'completed' }])
  })

  it('offers the harness its own choices, and falls back to the usual ones for malformed choices', () => {
    const { presenter } = session()
    presenter.call('a', 'look', { what: 'x' })
    const own = [{ optionId: 'yes', name: 'Yes', kind: 'allow_once' as const }]
    expect(presenter.permission('a', { options: own }).options).toStrictEqual(own)
    expect(presenter.permission('a', { options: [{ optionId: 1 } as never] }).options).toHaveLength(3)
  })

  it('with nothing to show cannot be approved: it says why, offers only to reject, and is reported', () => {
    const { presenter, errors } = session()
    const title = 'Cannot be approved: the call \\"zz\\" was not announced, and no toolName was given'
    expect(check(presenter.permission('zz'))).toStrictEqual({
      title,
      subject: { type: 'tool_call', toolCall: { toolCallId: 'zz', title, kind: 'other' } },
      options: [{ optionId: 'reject_once', name: 'Reject', kind: 'reject_once' }],
    })
    expect(errors).toHaveLength(1)
    expect(check(presenter.permission(42 as never, { toolName: '# x' }))).toStrictEqual({
      title: 'Cannot be approved: the tool call id is not a non-empty string',
      options: [{ optionId: 'reject_once', name: 'Reject', kind: 'reject_once' }],
    })
  })
})

describe('fallbacks', () => {
  it('an unknown tool, a throwing presenter and an invalid view show a generic card named after the tool, reported', () => {
    const { p, errors } = session()
    for (const name of ['nope', 'throwing', 'invalid', 'silent']) {
      expect(p.call(name, name, { a: 1 })).toStrictEqual([
        { sessionUpdate: 'tool_call_update', toolCallId: name, title: name, kind: 'other', status: 'pending', name, rawInput: { a: 1 } },
      ])
    }
    expect(errors.map((report) => report.toolName)).toStrictEqual(['nope', 'throwing', 'invalid', 'silent'])
  })
})

describe('replay', () => {
  it('a fresh presenter fed the same log gives byte-identical updates', () => {
    const run = () => {
      const { presenter } = session({ maxOutputLength: 300 })
      const updates: unknown[] = []
      updates.push(presenter.call('a', 'shell', {}, { partial: true }))
      updates.push(presenter.call('a', 'shell', { command: 'npm test' }))
      updates.push(presenter.start('a'))
      for (let index = 0; index < 30; index++) updates.push(presenter.output('a', `\u001b[3${index % 8}m${index}\n`))
      updates.push(presenter.result('a', { ...text('done'), meta: { exitCode: 0 } }))
      updates.push(presenter.call('b', 'patch', { path: 'b.ts', text: 'b' }))
      updates.push(presenter.cancel('b'))
      return JSON.stringify(updates)
    }
    expect(run()).toBe(run())
  })
})

describe('bad configuration', () => {
  it('throws a TypeError naming the option, as in v1', () => {
    expect(() => createToolPresenter({ tools: [], cwd: 'repo' })).toThrow(/options\.cwd/)
    expect(() => createToolPresenter({ tools: [testTools[0], testTools[0]], cwd: '/repo' })).toThrow(/two tools named "shell"/)
    expect(() => createToolPresenter({ tools: [], cwd: '/repo', maxOutputLength: 0 })).toThrow(/maxOutputLength/)
    expect(() => createToolPresenter({ tools: [], cwd: '/repo', outputInterval: -1 })).toThrow(/outputInterval/)
  })

  it('says what it is: protocol 2, display terminals for every client', () => {
    const { presenter } = session()
    expect(presenter.protocolVersion).toBe(2)
    expect(presenter.terminalOutput).toBe(true)
  })
})
