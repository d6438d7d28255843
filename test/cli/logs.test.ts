import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createToolPresenter } from 'tool-render-intent/acp'
import { readAcpUpdates } from 'tool-render-intent/reader'
import { bashTool } from 'tool-render-intent/presenters'
import { acpLogUpdates } from '../../src/cli/acp-log.js'
import { claudeCodeUpdates } from '../../src/cli/claude-code-log.js'
import { codexUpdates } from '../../src/cli/codex-log.js'
import { detectLogFormat } from '../../src/cli/log-format.js'
import { parseLogLines } from '../../src/cli/log-lines.js'

const example = parseLogLines(readFileSync(new URL('../../examples/sessions/cart-fix.claude-code.jsonl', import.meta.url), 'utf8')).values

const codexRollout = [
  { timestamp: 't', type: 'session_meta', payload: { id: 's', cwd: '/work/app' } },
  {
    timestamp: 't',
    type: 'response_item',
    payload: {
      type: 'function_call',
      name: 'shell',
      arguments: '{"command":["bash","-lc","cargo test"],"workdir":"/work/app"}',
      call_id: 'c1',
    },
  },
  {
    timestamp: 't',
    type: 'response_item',
    payload: { type: 'function_call_output', call_id: 'c1', output: '{"output":"test result: FAILED\\n","metadata":{"exit_code":101}}' },
  },
  {
    timestamp: 't',
    type: 'response_item',
    payload: {
      type: 'custom_tool_call',
      name: 'apply_patch',
      call_id: 'c2',
      input: '*** Begin Patch\n*** Add File: notes.md\n+hello\n*** End Patch\n',
    },
  },
  {
    timestamp: 't',
    type: 'response_item',
    payload: { type: 'function_call', name: 'exec_command', arguments: '{"cmd":"ls"}', call_id: 'c3' },
  },
  {
    timestamp: 't',
    type: 'response_item',
    payload: { type: 'function_call_output', call_id: 'c3', output: 'Exit code: 0\nWall time: 0.1 seconds\nOutput:\nCargo.toml\n' },
  },
]

describe('the format of a log is told by its lines', () => {
  it('tells ACP, Claude Code and codex logs apart, and says nothing of other JSON', () => {
    expect(detectLogFormat([{ jsonrpc: '2.0', method: 'initialize', id: 0, params: {} }])).toBe('acp')
    expect(detectLogFormat(example)).toBe('claude-code')
    expect(detectLogFormat(codexRollout)).toBe('codex')
    expect(detectLogFormat([{ hello: 'world' }, 3, null])).toBeUndefined()
  })

  it('skips blank lines and counts the lines that are not JSON', () => {
    expect(parseLogLines('{"a":1}\n\nnot json\n[2]\n')).toStrictEqual({ values: [{ a: 1 }, [2]], unreadable: 1 })
  })
})

describe('an ACP log gives the updates the client received, in either direction', () => {
  it('reads session/update notifications and permission requests, and the cwd of session/new', () => {
    const presenter = createToolPresenter({ tools: [bashTool], cwd: '/repo' })
    const call = presenter.call('b', 'bash', { command: 'ls' })
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'session/new', params: { cwd: '/repo', mcpServers: [] } },
      { jsonrpc: '2.0', id: 1, result: { sessionId: 's' } },
      ...call.map((update) => ({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update } })),
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'session/request_permission',
        params: { sessionId: 's', toolCall: { toolCallId: 'b', title: 'ls -la' }, options: [] },
      },
    ]
    const { updates, cwd } = acpLogUpdates(messages)
    expect(cwd).toBe('/repo')
    expect(updates).toStrictEqual([...call, { toolCallId: 'b', title: 'ls -la' }])
  })
})

describe("an agent's own log is replayed through its presenters", () => {
  it('shows the Claude Code example session as the cards a live session would', () => {
    const { updates, cwd } = claudeCodeUpdates(example)
    expect(cwd).toBe('/home/ada/shop')
    const { records } = readAcpUpdates(updates)
    expect(records.map((record) => record.call.card)).toStrictEqual([
      'plan',
      'terminal',
      'generic',
      'generic',
      'diff',
      'terminal',
      'generic',
    ])
    // The two todo lists are one plan: the latest, with the first as its history.
    expect(records[0].history).toHaveLength(1)
    expect(records[1]).toMatchObject({ status: 'failed', call: { title: 'npm test -- cart' }, result: { card: 'terminal', exitCode: 1 } })
    expect(records[4]).toMatchObject({ status: 'completed', call: { card: 'diff', title: 'Edit src/cart.ts' } })
  })

  it('shows a codex rollout with its commands, exit codes and patch', () => {
    const { updates, cwd } = codexUpdates(codexRollout)
    expect(cwd).toBe('/work/app')
    const { records } = readAcpUpdates(updates)
    expect(records).toHaveLength(3)
    expect(records[0]).toMatchObject({
      status: 'failed',
      call: { card: 'terminal', title: 'cargo test' },
      result: { output: 'test result: FAILED\n', exitCode: 101 },
    })
    expect(records[1]).toMatchObject({
      status: 'pending',
      call: { card: 'diff', diffs: [{ path: '/work/app/notes.md', oldText: null, newText: 'hello\n' }] },
    })
    expect(records[2]).toMatchObject({ status: 'completed', result: { output: 'Cargo.toml\n', exitCode: 0 } })
  })

  it('reads the exit code of a 2026 exec_command, which says "Process exited with code N"', () => {
    const { updates } = codexUpdates([
      { type: 'response_item', payload: { type: 'function_call', name: 'exec_command', arguments: '{"cmd":"false"}', call_id: 'c1' } },
      {
        type: 'response_item',
        payload: {
          type: 'function_call_output',
          call_id: 'c1',
          output:
            'Chunk ID: 853167\nWall time: 0.0000 seconds\nProcess exited with code 2\nOriginal token count: 3\nOutput:\nno such file\n',
        },
      },
    ])
    const { records } = readAcpUpdates(updates)
    expect(records[0]).toMatchObject({ status: 'failed', result: { output: 'no such file\n', exitCode: 2 } })
  })

  it('shows each hosted web search, an item with no call id, as a search card of its own', () => {
    const search = (query: string, status: string) => ({
      type: 'response_item',
      payload: { type: 'web_search_call', status, action: { type: 'search', query, queries: [query] } },
    })
    const { updates } = codexUpdates([search('acp subagents', 'completed'), search('zed markdown', 'completed')])
    const { records } = readAcpUpdates(updates)
    expect(records).toHaveLength(2)
    expect(records[0]).toMatchObject({ status: 'completed', call: { card: 'generic', kind: 'search' } })
    expect(records[0]?.call.title).toContain('acp subagents')
    expect(records[1]?.call.title).toContain('zed markdown')
  })
})
