import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createAcpReader, readAcpUpdates, type SessionMessage } from 'tool-render-intent/reader'
import { documentValues } from '../../src/cli/log-document.js'
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

// The conversation a replay's updates write, as the page gets it.
function messagesOf(updates: readonly unknown[]): SessionMessage[] {
  const messages: SessionMessage[] = []
  const reader = createAcpReader({ onRecord: () => {}, onMessage: (message) => messages.push(message) })
  for (const update of updates) reader.read(update)
  reader.end()
  return messages
}

describe('an opencode session’s tokens and model', () => {
  it('puts a step_finish’s tokens on the text the step ended with, cached input and reasoning counted', () => {
    expect(messagesOf(opencodeUpdates(run, '/home/ada/shop').updates)).toStrictEqual([
      { role: 'assistant', text: 'I will run the cart tests.', timestamp: '2026-03-02T09:00:00.400Z' },
      {
        role: 'assistant',
        text: 'The total ignored the quantity; it multiplies now.',
        timestamp: '2026-03-02T09:00:05.900Z',
        inputTokens: 9120,
        outputTokens: 84,
      },
    ])
    const step = (input: number) => ({
      type: 'step_finish',
      timestamp: 1,
      sessionID: 's',
      part: { type: 'step-finish', tokens: { input, output: 5, reasoning: 2, cache: { read: 100, write: 10 } } },
    })
    const text = { type: 'text', timestamp: 2, sessionID: 's', part: { type: 'text', text: 'done' } }
    // Two steps without text of their own add up on the next text.
    expect(messagesOf(opencodeUpdates([step(1), step(2), text]).updates)).toMatchObject([{ inputTokens: 223, outputTokens: 14 }])
  })

  it('sends a text held for its step’s tokens when the run ends without them', () => {
    const text = { type: 'text', timestamp: 2, sessionID: 's', part: { type: 'text', text: 'cut short' } }
    expect(messagesOf(opencodeUpdates([text]).updates)).toStrictEqual([
      { role: 'assistant', text: 'cut short', timestamp: '1970-01-01T00:00:00.002Z' },
    ])
  })

  it('reads an export’s model from each message, and its steps’ tokens onto that message’s text', () => {
    const values =
      documentValues({
        info: { id: 'ses_1', directory: '/w' },
        messages: [
          {
            info: { role: 'assistant', modelID: 'claude-sonnet-4-5', time: { created: 5 } },
            parts: [
              { type: 'step-start' },
              { type: 'text', text: 'ok' },
              { type: 'step-finish', tokens: { input: 7, output: 3, reasoning: 0, cache: { read: 0, write: 0 } } },
            ],
          },
        ],
      }) ?? []
    expect(messagesOf(opencodeUpdates(values).updates)).toStrictEqual([
      { role: 'assistant', text: 'ok', timestamp: '1970-01-01T00:00:00.005Z', model: 'claude-sonnet-4-5', inputTokens: 7, outputTokens: 3 },
    ])
  })

  it('leaves out tokens that are not whole numbers, and a time no date holds', () => {
    const bad = { type: 'step_finish', timestamp: 1, sessionID: 's', part: { type: 'step-finish', tokens: { input: 'many', output: -1 } } }
    const text = { type: 'text', timestamp: 1e300, sessionID: 's', part: { type: 'text', text: 'x' } }
    expect(messagesOf(opencodeUpdates([bad, text]).updates)).toStrictEqual([{ role: 'assistant', text: 'x' }])
  })
})
