import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createAcpReader, readAcpUpdates, type SessionMessage } from 'tool-render-intent/reader'
import { kimiCliUpdates } from '../../src/cli/kimi-cli-log.js'
import { detectLogFormat } from '../../src/cli/log-format.js'
import { parseLogLines } from '../../src/cli/log-lines.js'

// Recorded in Kimi CLI's context shape, from its source (see fixtures/SOURCES.md).
const context = parseLogLines(readFileSync(new URL('fixtures/kimi-cli-context.jsonl', import.meta.url), 'utf8')).values

describe('a Kimi CLI context is replayed through Kimi CLI’s presenters', () => {
  it('is told by its roles', () => {
    expect(detectLogFormat(context)).toBe('kimi-cli')
  })

  it('pairs each tool call with its tool message, leaving out the <system> notes', () => {
    const { records } = readAcpUpdates(kimiCliUpdates(context, '/home/ada/shop').updates)
    expect(records.map((record) => [record.call.card, record.call.title, record.status])).toStrictEqual([
      ['terminal', 'npm test -- cart', 'failed'],
      ['generic', 'Read src/cart.ts', 'completed'],
      ['diff', 'Edit src/cart.ts', 'completed'],
      ['terminal', 'npm test -- cart', 'completed'],
    ])
    expect(records[0].result).toStrictEqual({
      card: 'terminal',
      output: 'FAIL src/cart.test.ts\n  total: expected 30, got 20\n',
      exitCode: 1,
    })
    expect(records[3].result).toStrictEqual({ card: 'terminal', output: 'PASS src/cart.test.ts\n', exitCode: 0 })
  })

  it('shows the error note of a tool that failed with no output', () => {
    const lines = [
      {
        role: 'assistant',
        content: [],
        tool_calls: [{ type: 'function', id: 'R:0', function: { name: 'ReadFile', arguments: '{"path":"/x"}' } }],
      },
      {
        role: 'tool',
        content: [
          { type: 'text', text: '<system>ERROR</system>' },
          { type: 'text', text: '<system>`/x` does not exist.</system>' },
        ],
        tool_call_id: 'R:0',
      },
    ]
    const { records } = readAcpUpdates(kimiCliUpdates(lines).updates)
    expect(records[0]).toMatchObject({ status: 'failed', result: { content: [{ type: 'text', text: '`/x` does not exist.' }] } })
  })

  it('passes over lines of any other shape, and arguments that are not JSON go to the presenter as they are', () => {
    expect(kimiCliUpdates([null, { role: '_usage', token_count: 3 }, { role: 'tool', content: 3 }]).updates).toStrictEqual([])
    const { records } = readAcpUpdates(
      kimiCliUpdates([{ role: 'assistant', tool_calls: [{ id: 'S', function: { name: 'Shell', arguments: '{not json' } }] }]).updates,
    )
    expect(records).toHaveLength(1)
  })
})

// Recorded in Kimi CLI's wire shape, from its source (see fixtures/SOURCES.md): the same session.
const wire = parseLogLines(readFileSync(new URL('fixtures/kimi-cli-wire.jsonl', import.meta.url), 'utf8')).values

describe('a Kimi CLI wire log is replayed through Kimi CLI’s presenters, with the conversation', () => {
  it('is told by its metadata header and its event envelopes', () => {
    expect(detectLogFormat(wire)).toBe('kimi-cli')
    expect(detectLogFormat(wire.slice(1))).toBe('kimi-cli')
  })

  it('shows the same calls as the context of the same session, the outcome from is_error and the message', () => {
    const cards = (lines: readonly unknown[]) =>
      readAcpUpdates(kimiCliUpdates(lines, '/home/ada/shop').updates).records.map((record) => [record.call, record.result, record.status])
    expect(cards(wire)).toStrictEqual(cards(context))
  })

  it('gives the prompt, the thinking and the text, each with its time, and the tokens of the steps before them', () => {
    const messages: SessionMessage[] = []
    const reader = createAcpReader({ onRecord: () => {}, onMessage: (message) => messages.push(message) })
    for (const update of kimiCliUpdates(wire, '/home/ada/shop').updates) reader.read(update)
    reader.end()
    expect(messages.map(({ role, text, timestamp }) => [role, text, timestamp])).toStrictEqual([
      ['user', 'Why does the cart test fail?', '2026-01-01T10:00:00.000Z'],
      ['thought', 'Run the tests first.', '2026-01-01T10:00:01.200Z'],
      ['assistant', 'I will run the cart tests.', '2026-01-01T10:00:01.500Z'],
      ['assistant', 'The total ignored the quantity; it multiplies now.', '2026-01-01T10:00:10.000Z'],
    ])
    expect(messages.at(-1)).toMatchObject({ inputTokens: 9000 + 9600, outputTokens: 85 + 40 })
  })

  it('shows a failed tool without output by its message, and a sub-agent’s calls under the call that spawned it', () => {
    const at = (type: string, payload: object) => ({ timestamp: 1, message: { type, payload } })
    const lines = [
      at('ToolCall', { id: 'A:0', function: { name: 'Agent', arguments: '{"description":"look","prompt":"find it"}' } }),
      at('SubagentEvent', {
        parent_tool_call_id: 'A:0',
        event: { type: 'ToolCall', payload: { id: 'R:1', function: { name: 'ReadFile', arguments: '{"path":"/x"}' } } },
      }),
      at('SubagentEvent', {
        parent_tool_call_id: 'A:0',
        event: {
          type: 'ToolResult',
          payload: { tool_call_id: 'R:1', return_value: { is_error: true, output: '', message: '"/x" does not exist.' } },
        },
      }),
      at('ToolResult', { tool_call_id: 'A:0', return_value: { is_error: false, output: 'found nothing' } }),
    ]
    const { updates } = kimiCliUpdates(lines, '/')
    const { records } = readAcpUpdates(updates)
    const read = records.find((record) => record.toolCallId === 'R:1')
    expect(read?.status).toBe('failed')
    expect(JSON.stringify(read?.result)).toContain('does not exist')
    const first = updates.find((update) => (update as { toolCallId?: string }).toolCallId === 'R:1') as { _meta?: Record<string, unknown> }
    expect(JSON.stringify(first._meta)).toContain('A:0')
  })
})
