import { describe, expect, it } from 'vitest'
import { toolResultUpdates } from '../../src/acp/result.js'
import type { ToolResultView } from '../../src/views.js'

const live = { terminalOutput: true, cwd: '/repo', callCard: 'terminal' } as const
const plain = { terminalOutput: false, cwd: '/repo', callCard: 'terminal' } as const

describe('a terminal result on a terminal the client created', () => {
  it('sends the output first, then the status and the exit, and no content', () => {
    expect(toolResultUpdates('t1', { card: 'terminal', output: 'ok\n', exitCode: 0 }, live)).toStrictEqual([
      { sessionUpdate: 'tool_call_update', toolCallId: 't1', _meta: { terminal_output: { terminal_id: 't1', data: 'ok\n' } } },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 't1',
        status: 'completed',
        _meta: { terminal_exit: { terminal_id: 't1', exit_code: 0, signal: null } },
      },
    ])
  })

  it('sends empty data when there is no output', () => {
    const [output] = toolResultUpdates('t1', { card: 'terminal' }, live)
    expect(output._meta).toStrictEqual({ terminal_output: { terminal_id: 't1', data: '' } })
  })

  it('fails on a non-zero exit code', () => {
    const [, exit] = toolResultUpdates('t1', { card: 'terminal', output: 'boom', exitCode: 2 }, live)
    expect(exit.status).toBe('failed')
    expect(exit._meta).toStrictEqual({ terminal_exit: { terminal_id: 't1', exit_code: 2, signal: null } })
  })

  it('fails on a signal, with no exit code', () => {
    const [, exit] = toolResultUpdates('t1', { card: 'terminal', signal: 'SIGKILL' }, live)
    expect(exit.status).toBe('failed')
    expect(exit._meta).toStrictEqual({ terminal_exit: { terminal_id: 't1', exit_code: null, signal: 'SIGKILL' } })
  })

  it('fails when the tool reports an error even with exit code 0', () => {
    const [, exit] = toolResultUpdates('t1', { card: 'terminal', exitCode: 0 }, { ...live, isError: true })
    expect(exit.status).toBe('failed')
  })

  it('sends exit_code only as a non-negative 32-bit integer, else null', () => {
    const exitOf = (exitCode: number) =>
      (toolResultUpdates('t1', { card: 'terminal', exitCode }, live)[1]._meta as { terminal_exit: { exit_code: unknown } }).terminal_exit
        .exit_code
    expect(exitOf(255)).toBe(255)
    expect(exitOf(-1)).toBeNull()
    expect(exitOf(1.5)).toBeNull()
    expect(exitOf(2 ** 32)).toBeNull()
  })

  it('treats a non-zero exit code that is not sendable as a failure all the same', () => {
    expect(toolResultUpdates('t1', { card: 'terminal', exitCode: -1 }, live)[1].status).toBe('failed')
  })

  it('keeps a new title on the final update', () => {
    const [output, exit] = toolResultUpdates('t1', { card: 'terminal', title: 'npm test (done)', exitCode: 0 }, live)
    expect(output.title).toBeUndefined()
    expect(exit.title).toBe('npm test (done)')
    expect(exit.content).toBeUndefined()
  })
})

describe('a terminal result without a client terminal', () => {
  it('is one update with the status and the output in a console block', () => {
    expect(toolResultUpdates('t2', { card: 'terminal', output: 'line 1\nline 2\n\n', exitCode: 0 }, plain)).toStrictEqual([
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 't2',
        status: 'completed',
        content: [{ type: 'content', content: { type: 'text', text: '```console\nline 1\nline 2\n```' } }],
      },
    ])
  })

  it('fails on a non-zero exit code or a signal', () => {
    expect(toolResultUpdates('t2', { card: 'terminal', output: 'x', exitCode: 2 }, plain)[0].status).toBe('failed')
    expect(toolResultUpdates('t2', { card: 'terminal', signal: 'SIGTERM' }, plain)[0].status).toBe('failed')
  })

  it('sends no content block when the output is blank', () => {
    expect(toolResultUpdates('t2', { card: 'terminal', output: ' \n\t\n', exitCode: 0 }, plain)).toStrictEqual([
      { sessionUpdate: 'tool_call_update', toolCallId: 't2', status: 'completed' },
    ])
    expect(toolResultUpdates('t2', { card: 'terminal' }, plain)[0].content).toBeUndefined()
  })

  it('never names a terminal when the call was not shown as one, even if the client has terminal output', () => {
    const updates = toolResultUpdates('t3', { card: 'terminal', output: 'hi', exitCode: 0 }, { ...live, callCard: 'generic' })
    expect(updates).toHaveLength(1)
    expect(updates[0]._meta).toBeUndefined()
    expect(JSON.stringify(updates)).not.toContain('terminal')
    expect(updates[0].content).toStrictEqual([{ type: 'content', content: { type: 'text', text: '```console\nhi\n```' } }])
  })
})

describe('a diff result', () => {
  it('sends the status, the applied diffs and locations carrying each hunk line, all absolute', () => {
    const view: ToolResultView = {
      card: 'diff',
      diffs: [
        { path: 'src/a.ts', oldText: 'a\nb\nc', newText: 'a\nB\nc' },
        { path: 'src/a.ts', oldText: 'x', newText: 'y' },
      ],
      locations: [
        { path: 'src/a.ts', line: 4 },
        { path: 'src/a.ts', line: 40 },
      ],
    }
    expect(toolResultUpdates('d1', view, { terminalOutput: true, cwd: '/repo', callCard: 'diff' })).toStrictEqual([
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'd1',
        status: 'completed',
        content: [
          { type: 'diff', path: '/repo/src/a.ts', oldText: 'a\nb\nc', newText: 'a\nB\nc' },
          { type: 'diff', path: '/repo/src/a.ts', oldText: 'x', newText: 'y' },
        ],
        locations: [
          { path: '/repo/src/a.ts', line: 4 },
          { path: '/repo/src/a.ts', line: 40 },
        ],
      },
    ])
  })

  it('fails when the tool reports an error', () => {
    expect(toolResultUpdates('d1', { card: 'diff', diffs: [] }, { ...plain, callCard: 'diff', isError: true })[0].status).toBe('failed')
  })
})

describe('a generic result', () => {
  it('sends the status, the title if set, and the content', () => {
    expect(
      toolResultUpdates(
        'g1',
        { card: 'generic', title: 'Read 3 lines', content: [{ type: 'text', text: 'abc' }] },
        { ...plain, callCard: 'generic' },
      ),
    ).toStrictEqual([
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'g1',
        status: 'completed',
        title: 'Read 3 lines',
        content: [{ type: 'content', content: { type: 'text', text: 'abc' } }],
      },
    ])
  })

  it('leaves the title and content out when the view has none', () => {
    expect(toolResultUpdates('g1', { card: 'generic' }, { ...plain, callCard: 'generic', isError: true })).toStrictEqual([
      { sessionUpdate: 'tool_call_update', toolCallId: 'g1', status: 'failed' },
    ])
  })

  it('takes the status, rawInput, rawOutput and name from the options when given', () => {
    const [update] = toolResultUpdates(
      'g1',
      { card: 'generic' },
      { ...plain, callCard: 'generic', status: 'in_progress', rawOutput: [1], rawInput: 'in', name: 'n' },
    )
    expect(update).toStrictEqual({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'g1',
      status: 'in_progress',
      name: 'n',
      rawInput: 'in',
      rawOutput: [1],
    })
  })
})

describe('an unknown result card', () => {
  it('throws an error naming the card if it escapes the types', () => {
    expect(() => toolResultUpdates('x', { card: 'chart' } as never, plain)).toThrow('toolResultUpdates: unhandled card "chart"')
  })
})
