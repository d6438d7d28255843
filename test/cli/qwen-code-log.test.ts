import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readAcpUpdates } from 'tool-render-intent/reader'
import { detectLogFormat } from '../../src/cli/log-format.js'
import { parseLogLines } from '../../src/cli/log-lines.js'
import { qwenCodeUpdates } from '../../src/cli/qwen-code-log.js'

// Recorded in Qwen Code's record shape, from its source (see fixtures/SOURCES.md).
const session = parseLogLines(readFileSync(new URL('fixtures/qwen-code-session.jsonl', import.meta.url), 'utf8')).values

describe('a Qwen Code session is replayed through Qwen Code’s presenters', () => {
  it('is told from a Claude Code log by its message of Gemini API parts, and its records state the cwd', () => {
    expect(detectLogFormat(session)).toBe('qwen-code')
    expect(qwenCodeUpdates(session).cwd).toBe('/home/ada/shop')
  })

  it('pairs each functionCall with its functionResponse, with the shell’s output and exit code', () => {
    const { records } = readAcpUpdates(qwenCodeUpdates(session).updates)
    expect(records.map((record) => [record.call.card, record.call.title, record.status])).toStrictEqual([
      ['terminal', 'npm test -- cart', 'failed'],
      ['generic', 'Read src/cart.ts', 'completed'],
      ['diff', 'Edit src/cart.ts', 'completed'],
      ['generic', 'Read missing.ts', 'failed'],
    ])
    expect(records[0].result).toStrictEqual({
      card: 'terminal',
      output: 'FAIL src/cart.test.ts\n  total: expected 30, got 20',
      exitCode: 1,
    })
    expect(records[3].result).toMatchObject({ content: [{ type: 'text', text: 'File not found: /home/ada/shop/missing.ts' }] })
  })

  it('says the prompt, the thought and the answers, with the model that gave them', () => {
    const { updates } = qwenCodeUpdates(session)
    const kinds = updates
      .filter((update) => !('toolCallId' in (update as object)))
      .map((update) => (update as { sessionUpdate: string }).sessionUpdate)
    expect(kinds).toStrictEqual(['user_message_chunk', 'agent_thought_chunk', 'agent_message_chunk', 'agent_message_chunk'])
    expect(updates[2]).toMatchObject({
      _meta: { 'tool-render-intent/message': { model: 'qwen3-coder-plus', inputTokens: 12040, outputTokens: 58 } },
    })
  })

  it('passes over records of any other shape', () => {
    const { updates } = qwenCodeUpdates([
      null,
      { type: 'assistant', message: { parts: 5 } },
      { type: 'tool_result', message: { parts: [{ functionResponse: 3 }] } },
    ])
    expect(updates).toStrictEqual([])
  })
})
