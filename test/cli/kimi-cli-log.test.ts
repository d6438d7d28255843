import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readAcpUpdates } from 'tool-render-intent/reader'
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
