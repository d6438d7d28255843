import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readAcpUpdates } from 'tool-render-intent/reader'
import { copilotCliUpdates } from '../../src/cli/copilot-cli-log.js'
import { detectLogFormat } from '../../src/cli/log-format.js'
import { parseLogLines } from '../../src/cli/log-lines.js'

// A real Copilot CLI session (see fixtures/SOURCES.md).
const session = parseLogLines(readFileSync(new URL('fixtures/copilot-cli-session.jsonl', import.meta.url), 'utf8')).values

describe('a Copilot CLI session is replayed through Copilot CLI’s presenters', () => {
  it('is told by its events, and its cwd is the one session.start records', () => {
    expect(detectLogFormat(session)).toBe('copilot-cli')
    expect(copilotCliUpdates(session).cwd).toBe('/home/wei/repo/VibeCodingTracker')
  })

  it('shows each requested call once, with its result', () => {
    const { records } = readAcpUpdates(copilotCliUpdates(session).updates)
    expect(records).toHaveLength(13)
    expect(records.every((record) => record.status === 'completed')).toBe(true)
    expect(records.map((record) => record.call.card)).toStrictEqual([
      'generic',
      'generic',
      'generic',
      'generic',
      'generic',
      'generic',
      'generic',
      'terminal',
      'generic',
      'generic',
      'generic',
      'terminal',
      'generic',
    ])
    expect(records[2].call.title).toBe('Read Cargo.toml')
  })

  it('reads a command’s exit code from the line Copilot CLI ends its output with', () => {
    const { records } = readAcpUpdates(copilotCliUpdates(session).updates)
    expect(records[7]).toMatchObject({
      call: { title: 'ls /home/wei/repo/VibeCodingTracker/.github/workflows/' },
      result: { card: 'terminal', exitCode: 0 },
    })
    expect((records[7].result as { output: string }).output).not.toContain('<exited with exit code')
  })

  it('shows a failed tool with its error, and a command that exited non-zero as failed', () => {
    const lines = [
      { type: 'session.start', data: { context: { cwd: '/w' } } },
      { type: 'tool.execution_start', data: { toolCallId: 'a', toolName: 'view', arguments: { path: '/w/x' } } },
      { type: 'tool.execution_complete', data: { toolCallId: 'a', success: false, error: { message: 'Path does not exist' } } },
      { type: 'tool.execution_start', data: { toolCallId: 'b', toolName: 'bash', arguments: { command: 'false' } } },
      { type: 'tool.execution_complete', data: { toolCallId: 'b', success: true, result: { content: 'oops\n<exited with exit code 2>' } } },
    ]
    const { records } = readAcpUpdates(copilotCliUpdates(lines).updates)
    expect(records[0]).toMatchObject({ status: 'failed', result: { content: [{ type: 'text', text: 'Path does not exist' }] } })
    expect(records[1]).toMatchObject({ status: 'failed', result: { card: 'terminal', output: 'oops', exitCode: 2 } })
  })

  it('passes over events of any other shape', () => {
    const { updates } = copilotCliUpdates([
      null,
      { type: 'user.message' },
      { type: 'tool.execution_start', data: { toolCallId: 3 } },
      { data: [] },
    ])
    expect(updates).toStrictEqual([])
  })
})
