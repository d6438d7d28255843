// A call the agent's own log records as cancelled reads as cancelled, as an
// ACP log's `stopReason: "cancelled"` does: not as failed, and not as running.
import { describe, expect, it } from 'vitest'
import { readAcpUpdates } from 'tool-render-intent/reader'
import { renderCallView } from 'tool-render-intent/text'
import { claudeCodeUpdates } from '../../src/cli/claude-code-log.js'
import { codexUpdates } from '../../src/cli/codex-log.js'
import { geminiCliUpdates } from '../../src/cli/gemini-cli-log.js'
import { opencodeUpdates } from '../../src/cli/opencode-log.js'
import { qwenCodeUpdates } from '../../src/cli/qwen-code-log.js'

const statuses = (updates: unknown[]) =>
  readAcpUpdates(updates, { protocolVersion: 1 }).records.map((record) => [record.toolCallId, record.status])

describe('Gemini CLI: a call whose status is "cancelled"', () => {
  const chat = (status: string) => [
    { sessionId: 's', projectHash: 'h', startTime: 't', lastUpdated: 't', directories: ['/work'] },
    {
      id: 'm1',
      timestamp: 't',
      type: 'gemini',
      content: '',
      toolCalls: [
        {
          id: 'c1',
          name: 'run_shell_command',
          args: { command: 'npm test' },
          status,
          result: [
            {
              functionResponse: {
                id: 'c1',
                name: 'run_shell_command',
                response: { output: 'Command: npm test\nDirectory: (root)\nOutput: PASS a.test.ts\nError: (none)\nExit Code: 130' },
              },
            },
          ],
        },
        {
          id: 'c2',
          name: 'read_file',
          args: { file_path: 'a.ts' },
          status,
          result: [
            { functionResponse: { id: 'c2', name: 'read_file', response: { error: '[Operation Cancelled] Reason: User cancelled' } } },
          ],
        },
      ],
    },
  ]

  it('is cancelled, where an error is failed', () => {
    expect(statuses(geminiCliUpdates(chat('cancelled')).updates)).toStrictEqual([
      ['c1', 'cancelled'],
      ['c2', 'cancelled'],
    ])
    expect(statuses(geminiCliUpdates(chat('error')).updates)).toStrictEqual([
      ['c1', 'failed'],
      ['c2', 'failed'],
    ])
  })

  it('keeps what a cancelled command printed before it stopped, on its terminal', () => {
    const [shell] = readAcpUpdates(geminiCliUpdates(chat('cancelled')).updates, { protocolVersion: 1 }).records
    expect(shell.result).toStrictEqual({ card: 'terminal', output: 'PASS a.test.ts' })
  })
})

describe('Qwen Code: a tool_result record whose status is "cancelled"', () => {
  const record = (uuid: string, type: string, parts: unknown[], extra: Record<string, unknown> = {}) => ({
    uuid,
    parentUuid: null,
    sessionId: 's',
    timestamp: 't',
    type,
    cwd: '/work',
    version: '0.1',
    message: { role: type === 'assistant' ? 'model' : 'user', parts },
    ...extra,
  })
  const session = (status: string) => [
    record('u1', 'assistant', [{ functionCall: { id: 'c1', name: 'read_file', args: { absolute_path: '/work/a.ts' } } }]),
    record('u2', 'tool_result', [{ functionResponse: { id: 'c1', name: 'read_file', response: { error: 'stopped' } } }], {
      toolCallResult: { callId: 'c1', status },
    }),
  ]

  it('is cancelled, where an error is failed', () => {
    expect(statuses(qwenCodeUpdates(session('cancelled')).updates)).toStrictEqual([['c1', 'cancelled']])
    expect(statuses(qwenCodeUpdates(session('error')).updates)).toStrictEqual([['c1', 'failed']])
  })
})

describe('Claude Code: "[Request interrupted by user for tool use]"', () => {
  const use = (id: string) => ({
    type: 'assistant',
    cwd: '/work',
    message: { role: 'assistant', content: [{ type: 'tool_use', id, name: 'Bash', input: { command: 'sleep 100' } }] },
  })
  const user = (content: unknown) => ({ type: 'user', cwd: '/work', message: { role: 'user', content } })

  it('as a call’s error result, cancels that call; another error result still fails', () => {
    const log = [
      use('t1'),
      user([{ type: 'tool_result', tool_use_id: 't1', is_error: true, content: '[Request interrupted by user for tool use]' }]),
      use('t2'),
      user([{ type: 'tool_result', tool_use_id: 't2', is_error: true, content: 'Exit code 1' }]),
    ]
    expect(statuses(claudeCodeUpdates(log).updates)).toStrictEqual([
      ['t1', 'cancelled'],
      ['t2', 'failed'],
    ])
  })

  it('as the user’s message, cancels every call still without a result, and only those', () => {
    const log = [
      use('t1'),
      user([{ type: 'tool_result', tool_use_id: 't1', content: 'done' }]),
      use('t2'),
      user([{ type: 'text', text: '[Request interrupted by user for tool use]' }]),
    ]
    expect(statuses(claudeCodeUpdates(log).updates)).toStrictEqual([
      ['t1', 'completed'],
      ['t2', 'cancelled'],
    ])
  })

  it('shows the cancelled status in the text output’s record, not "failed"', () => {
    const log = [use('t1'), user('[Request interrupted by user]')]
    const [record] = readAcpUpdates(claudeCodeUpdates(log).updates, { protocolVersion: 1 }).records
    expect(record.status).toBe('cancelled')
    expect(renderCallView(record.call)).toContain('sleep 100')
  })
})

describe('codex: a turn_aborted event', () => {
  it('cancels the calls its turn left without output', () => {
    const rollout = [
      { timestamp: 't', type: 'session_meta', payload: { id: 's', cwd: '/work' } },
      {
        timestamp: 't',
        type: 'response_item',
        payload: { type: 'function_call', name: 'shell', arguments: '{"command":["ls"]}', call_id: 'c1' },
      },
      { timestamp: 't', type: 'response_item', payload: { type: 'function_call_output', call_id: 'c1', output: 'a.ts' } },
      {
        timestamp: 't',
        type: 'response_item',
        payload: { type: 'function_call', name: 'shell', arguments: '{"command":["sleep","9"]}', call_id: 'c2' },
      },
      { timestamp: 't', type: 'event_msg', payload: { type: 'turn_aborted', reason: 'interrupted' } },
    ]
    expect(statuses(codexUpdates(rollout).updates)).toStrictEqual([
      ['c1', 'completed'],
      ['c2', 'cancelled'],
    ])
  })
})

describe('opencode: a tool part whose error is "Tool execution aborted"', () => {
  const part = (callID: string, tool: string, state: object) => ({ type: 'tool', callID, tool, state })

  it('is cancelled, keeping what a command printed; another error is failed', () => {
    const parts = [
      part('c1', 'bash', {
        status: 'error',
        input: { command: 'npm test' },
        error: 'Tool execution aborted',
        metadata: { output: 'PASS a.test.ts\n' },
      }),
      part('c2', 'read', { status: 'error', input: { filePath: '/w/a.ts' }, error: 'Tool execution aborted' }),
      part('c3', 'read', { status: 'error', input: { filePath: '/w/b.ts' }, error: 'Error: File not found: /w/b.ts' }),
    ]
    const { records } = readAcpUpdates(opencodeUpdates(parts, '/w').updates, { protocolVersion: 1 })
    expect(records.map((record) => [record.toolCallId, record.status])).toStrictEqual([
      ['c1', 'cancelled'],
      ['c2', 'cancelled'],
      ['c3', 'failed'],
    ])
    expect(records[0].result).toStrictEqual({ card: 'terminal', output: 'PASS a.test.ts\n' })
  })
})
