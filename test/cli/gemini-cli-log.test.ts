import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readAcpUpdates } from 'tool-render-intent/reader'
import { geminiCliUpdates } from '../../src/cli/gemini-cli-log.js'
import { detectLogFormat } from '../../src/cli/log-format.js'
import { parseLogLines } from '../../src/cli/log-lines.js'

// A real Gemini CLI chat (see fixtures/SOURCES.md).
const chat = parseLogLines(readFileSync(new URL('fixtures/gemini-cli-session.jsonl', import.meta.url), 'utf8')).values
const cwd = '/home/wei/repo/discordbot'

describe('a Gemini CLI chat is replayed through Gemini CLI’s presenters', () => {
  it('is told by its lines', () => {
    expect(detectLogFormat(chat)).toBe('gemini-cli')
  })

  it('shows each call once, though its message is written again as it grows', () => {
    const { records } = readAcpUpdates(geminiCliUpdates(chat, cwd).updates)
    expect(records.map((record) => [record.call.card, record.call.title, record.status])).toStrictEqual([
      ['generic', 'Topic: 產生專案指令文件 (GEMINI.md)', 'completed'],
      ['generic', 'Read README.md', 'completed'],
      ['generic', 'Read pyproject.toml', 'completed'],
      ['generic', 'Read CLAUDE.md', 'completed'],
      ['generic', 'Read Makefile', 'completed'],
      ['generic', 'Read src/discordbot/cli.py', 'completed'],
      ['generic', 'Read src/discordbot/cogs/gen_reply.py (from line 1)', 'completed'],
      ['generic', 'Read src/discordbot/typings/config.py', 'completed'],
      ['diff', 'Write GEMINI.md', 'completed'],
      ['generic', 'Update topic', 'completed'],
      ['generic', 'Topic: 更新專案文件', 'completed'],
      ['diff', 'Edit GEMINI.md', 'completed'],
    ])
    expect(records[11].call).toMatchObject({ diffs: [{ path: `${cwd}/GEMINI.md` }] })
  })

  it('says each message once: what the user typed, the thoughts, and the answers', () => {
    const { updates } = geminiCliUpdates(chat, cwd)
    const said = (kind: string) =>
      updates
        .filter((update) => (update as { sessionUpdate?: string }).sessionUpdate === kind)
        .map((update) => (update as { content: { text: string } }).content.text)
    expect(said('user_message_chunk')[0]).toBe('/init')
    expect(said('agent_message_chunk')).toHaveLength(2)
    expect(said('agent_thought_chunk')[0]).toMatch(/^\*\*Initiating File Generation\*\*\n\n/)
  })

  it('reads a shell call’s output and exit code from the report Gemini CLI gives the model', () => {
    const lines = [
      { sessionId: 's', projectHash: 'h', startTime: 't', lastUpdated: 't', kind: 'main' },
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
            status: 'success',
            result: [
              {
                functionResponse: {
                  id: 'c1',
                  name: 'run_shell_command',
                  response: {
                    output: 'Command: npm test\nDirectory: (root)\nOutput: 1 failing\nError: (none)\nExit Code: 1\nSignal: (none)',
                  },
                },
              },
            ],
          },
          {
            id: 'c2',
            name: 'read_file',
            args: { file_path: 'nope.ts' },
            status: 'error',
            result: [{ functionResponse: { id: 'c2', name: 'read_file', response: { error: 'File not found.' } } }],
          },
          { id: 'c3', name: 'read_file', args: { file_path: 'later.ts' }, status: 'executing' },
        ],
      },
    ]
    const { records } = readAcpUpdates(geminiCliUpdates(lines, '/w').updates)
    expect(records[0]).toMatchObject({ status: 'failed', result: { card: 'terminal', output: '1 failing', exitCode: 1 } })
    expect(records[1]).toMatchObject({ status: 'failed', result: { content: [{ type: 'text', text: 'File not found.' }] } })
    // A call still running when the chat ends has no result.
    expect(records[2]).toMatchObject({ status: 'pending' })
    expect(records[2].result).toBeUndefined()
  })

  it('passes over lines of any other shape', () => {
    const { updates } = geminiCliUpdates([
      null,
      3,
      'x',
      [],
      { $set: { lastUpdated: 't' } },
      { id: 7 },
      { id: 'm', type: 'gemini', toolCalls: [null, { id: 1 }] },
    ])
    expect(updates).toStrictEqual([])
  })
})

describe('what a Gemini CLI chat says beyond its messages', () => {
  it('gives the cwd as the first of its metadata’s directories, when it lists them', () => {
    expect(geminiCliUpdates([{ sessionId: 's', projectHash: 'h', directories: ['/tmp/projX'] }]).cwd).toBe('/tmp/projX')
    expect(geminiCliUpdates([{ sessionId: 's', projectHash: 'h' }]).cwd).toBe('/')
  })

  it('shows the calls only a $set of messages holds, once, and no call twice', () => {
    const call = (id: string) => ({
      id: `m-${id}`,
      timestamp: 't',
      type: 'gemini',
      content: '',
      toolCalls: [{ id, name: 'read_file', args: { file_path: `${id}.ts` }, status: 'success', result: [] }],
    })
    const lines = [call('a'), { $set: { messages: [call('a'), call('b'), { $set: { messages: [call('c')] } }] } }, { $rewindTo: 'm-a' }]
    const { records } = readAcpUpdates(geminiCliUpdates(lines, '/w').updates)
    expect(records.map((record) => record.call.title)).toStrictEqual(['Read a.ts', 'Read b.ts'])
  })
})
