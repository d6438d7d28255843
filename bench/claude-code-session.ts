// A synthetic Claude Code session file (JSONL, in Claude Code's own format
// under ~/.claude/projects/): turns of a prompt, then reads and test runs,
// each call an assistant `tool_use` entry and a user `tool_result` entry with
// its `toolUseResult`, as Claude Code writes them. For the render bench, and
// for claude-code-log on the same input.
import { closeSync, openSync, writeSync } from 'node:fs'

const SESSION = '5f1c2e8a-4b7d-4c3e-9a1f-0d2b6c8e4a10'
const START = Date.parse('2026-01-05T09:00:00.000Z')
// Calls per prompt.
const CALLS_PER_TURN = 10

const uuidOf = (index: number) => `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`

/** Writes a Claude Code session log of about `megabytes` MB (10^6 bytes) to `path`. */
export function writeClaudeCodeSession(path: string, megabytes: number): void {
  const fd = openSync(path, 'w')
  const output = 'PASS src/some/test/file.test.ts (12 tests) \u001b[32m35ms\u001b[39m\n'.repeat(800)
  const source = 'export const answer = 42\n'.repeat(40)
  let entries = 0
  let written = 0
  // Each entry follows the one before it, a second later, as Claude Code chains them.
  const entry = (type: 'user' | 'assistant', fields: Record<string, unknown>) => {
    const index = entries++
    return {
      parentUuid: index === 0 ? null : uuidOf(index - 1),
      isSidechain: false,
      userType: 'external',
      cwd: '/repo',
      sessionId: SESSION,
      version: '1.0.30',
      type,
      ...fields,
      uuid: uuidOf(index),
      timestamp: new Date(START + index * 1000).toISOString(),
    }
  }
  const assistant = (content: unknown[]) =>
    entry('assistant', {
      message: {
        id: `msg_${entries.toString().padStart(8, '0')}`,
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-20250514',
        content,
        stop_reason: 'tool_use',
        stop_sequence: null,
        usage: {
          input_tokens: 4,
          cache_creation_input_tokens: 512,
          cache_read_input_tokens: 20480,
          output_tokens: 96,
          service_tier: 'standard',
        },
      },
      requestId: `req_${entries.toString().padStart(8, '0')}`,
    })
  const result = (id: string, content: string, toolUseResult: unknown) =>
    entry('user', { message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content }] }, toolUseResult })
  for (let call = 0; written < megabytes * 1e6; call++) {
    const lines: object[] = []
    if (call % CALLS_PER_TURN === 0) lines.push(entry('user', { message: { role: 'user', content: 'Run the tests, and fix what fails.' } }))
    const file = `/repo/src/file${call}.ts`
    lines.push(
      assistant([
        { type: 'text', text: 'Looking at the *tests*.' },
        { type: 'tool_use', id: `toolu_r${call}`, name: 'Read', input: { file_path: file } },
      ]),
      result(`toolu_r${call}`, source, {
        type: 'text',
        file: { filePath: file, content: source, numLines: 40, startLine: 1, totalLines: 40 },
      }),
      assistant([{ type: 'tool_use', id: `toolu_b${call}`, name: 'Bash', input: { command: 'npm test', description: 'Run the tests' } }]),
      result(`toolu_b${call}`, output, { stdout: output, stderr: '', interrupted: false, isImage: false }),
    )
    const text = `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`
    writeSync(fd, text)
    written += Buffer.byteLength(text)
  }
  closeSync(fd)
}
