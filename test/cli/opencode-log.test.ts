import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readAcpUpdates } from 'tool-render-intent/reader'
import { detectLogFormat } from '../../src/cli/log-format.js'
import { parseLogLines } from '../../src/cli/log-lines.js'
import { opencodeUpdates } from '../../src/cli/opencode-log.js'

// Recorded in the shape of `opencode run --format json`, from its source (see fixtures/SOURCES.md).
const run = parseLogLines(readFileSync(new URL('fixtures/opencode-run.jsonl', import.meta.url), 'utf8')).values

describe('an opencode run’s events are replayed through opencode’s presenters', () => {
  it('is told by its events', () => {
    expect(detectLogFormat(run)).toBe('opencode')
  })

  it('shows each ended tool part as its call and result, bash with its exit code', () => {
    const { records } = readAcpUpdates(opencodeUpdates(run, '/home/ada/shop').updates)
    expect(records.map((record) => [record.call.card, record.call.title, record.status])).toStrictEqual([
      ['terminal', 'npm test -- cart', 'failed'],
      ['generic', 'Read src/cart.ts', 'completed'],
      ['diff', 'Edit src/cart.ts', 'completed'],
      ['generic', 'Read missing.ts', 'failed'],
    ])
    expect(records[0].result).toMatchObject({ card: 'terminal', exitCode: 1 })
    expect(records[3].result).toMatchObject({ content: [{ type: 'text', text: 'Error: File not found: /home/ada/shop/missing.ts' }] })
  })

  it('reads a stored tool part on a line of its own the same way', () => {
    const part = {
      type: 'tool',
      callID: 'c',
      tool: 'bash',
      state: { status: 'completed', input: { command: 'ls' }, output: 'a\n', metadata: { exit: 0 } },
    }
    expect(detectLogFormat([part])).toBe('opencode')
    const { records } = readAcpUpdates(opencodeUpdates([part]).updates)
    expect(records[0]).toMatchObject({ status: 'completed', result: { output: 'a\n', exitCode: 0 } })
  })

  it('passes over a part still running, and lines of any other shape', () => {
    const running = {
      type: 'tool_use',
      sessionID: 's',
      timestamp: 1,
      part: { type: 'tool', callID: 'c', tool: 'bash', state: { status: 'running' } },
    }
    expect(opencodeUpdates([running, null, { type: 'text', part: { text: 3 } }]).updates).toStrictEqual([])
  })
})
