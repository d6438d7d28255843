// A Claude Code session file keeps a sub-agent's entries beside the main
// chain, marked `isSidechain`: its calls are nested under the Task that
// spawned it, and its messages are not the session's conversation.
import { describe, expect, it } from 'vitest'
import { createAcpReader, type SessionMessage, type ToolCallRecord } from 'tool-render-intent/reader'
import { claudeCodeUpdates } from '../../src/cli/claude-code-log.js'
import { subagentIdOf, subagentLogPath } from '../../src/cli/claude-code-subagents.js'

const entry = (uuid: string, parentUuid: string | null, role: 'user' | 'assistant', content: unknown, extra: object = {}) => ({
  type: role,
  uuid,
  parentUuid,
  isSidechain: false,
  cwd: '/work',
  message: { role, content },
  ...extra,
})
const side = (uuid: string, parentUuid: string | null, role: 'user' | 'assistant', content: unknown, extra: object = {}) =>
  entry(uuid, parentUuid, role, content, { isSidechain: true, ...extra })
const task = (id: string, prompt: string) => ({
  type: 'tool_use',
  id,
  name: 'Task',
  input: { description: prompt, prompt, subagent_type: 'Explore' },
})
const glob = (id: string) => ({ type: 'tool_use', id, name: 'Glob', input: { pattern: '**/*.test.ts' } })
const result = (id: string, content = 'ok') => ({ type: 'tool_result', tool_use_id: id, content })

function shown(log: unknown[]) {
  const records: ToolCallRecord[] = []
  const messages: SessionMessage[] = []
  const reader = createAcpReader({ onRecord: (record) => records.push(record), onMessage: (message) => messages.push(message) })
  for (const update of claudeCodeUpdates(log).updates) reader.read(update)
  reader.end()
  return { nesting: records.map((record) => [record.toolCallId, record.parentToolCallId]), messages }
}

describe('a Claude Code session file’s sidechain entries', () => {
  it('nest their calls under the Task that spawned them, and say nothing in the conversation', () => {
    const { nesting, messages } = shown([
      entry('u1', null, 'user', 'Where are the tests?'),
      entry('a1', 'u1', 'assistant', [task('t1', 'Find the test files')]),
      side('s1', null, 'user', 'Find the test files'),
      side('s2', 's1', 'assistant', [{ type: 'text', text: 'Looking.' }, glob('g1')]),
      side('s3', 's2', 'user', [result('g1', 'a.test.ts')]),
      side('s4', 's3', 'assistant', [{ type: 'text', text: 'a.test.ts' }]),
      entry('u2', 'a1', 'user', [result('t1', 'a.test.ts')]),
      entry('a2', 'u2', 'assistant', [{ type: 'text', text: 'In a.test.ts.' }, glob('g2')]),
      entry('u3', 'a2', 'user', [result('g2')]),
    ])
    expect(nesting).toStrictEqual([
      ['t1', undefined],
      ['g1', 't1'],
      ['g2', undefined],
    ])
    expect(messages.map((message) => [message.role, message.text])).toStrictEqual([
      ['user', 'Where are the tests?'],
      ['assistant', 'In a.test.ts.'],
    ])
  })

  it('tell Tasks that run at once apart by their prompts, then by their chains and agent ids', () => {
    const { nesting } = shown([
      entry('a1', null, 'assistant', [task('t1', 'one'), task('t2', 'two')]),
      side('x1', null, 'user', 'two', { agentId: 'b' }),
      side('y1', null, 'user', 'one', { agentId: 'a' }),
      side('x2', 'x1', 'assistant', [glob('g2')], { agentId: 'b' }),
      side('y2', 'y1', 'assistant', [glob('g1')], { agentId: 'a' }),
      // Newer files name the agent on each entry, whatever its parent entry.
      side('x3', 'lost', 'assistant', [glob('g3')], { agentId: 'b' }),
    ])
    expect(nesting).toStrictEqual([
      ['t1', undefined],
      ['t2', undefined],
      ['g2', 't2'],
      ['g1', 't1'],
      ['g3', 't2'],
    ])
  })

  it('leave a call unnested when no Task is running to have spawned it', () => {
    const { nesting } = shown([
      entry('a1', null, 'assistant', [task('t1', 'one'), task('t2', 'two')]),
      side('s1', null, 'user', 'neither'),
      side('s2', 's1', 'assistant', [glob('g1')]),
      entry('u1', 'a1', 'user', [result('t1'), result('t2')]),
      side('s3', null, 'user', 'late'),
      side('s4', 's3', 'assistant', [glob('g2')]),
    ])
    expect(nesting).toStrictEqual([
      ['t1', undefined],
      ['t2', undefined],
      ['g1', undefined],
      ['g2', undefined],
    ])
  })
})

describe('a sub-agent kept in a log of its own', () => {
  it('is named by its Task’s result text, else by the entry’s toolUseResult', () => {
    expect(subagentIdOf('Found it.\nagentId: a1b2c3 (for resuming)')).toBe('a1b2c3')
    expect(subagentIdOf('agent_id: researcher@git-integration')).toBe('researcher@git-integration')
    expect(subagentIdOf('Found it.', { agentId: 'ff00' })).toBe('ff00')
    expect(subagentIdOf('Found it.')).toBeUndefined()
  })

  it('has its log beside the session file, and an id that could leave that folder names none', () => {
    expect(subagentLogPath('/p/s1.jsonl', 'a1b2c3')).toBe('/p/s1/subagents/agent-a1b2c3.jsonl')
    expect(subagentLogPath('/p/s1.jsonl', '../../x')).toBeUndefined()
    expect(subagentLogPath('/p/s1.jsonl', '..')).toBeUndefined()
    expect(subagentIdOf('', { agentId: 'a/../../b' })).toBeUndefined()
    expect(subagentLogPath('/p/s1.log', 'a1')).toBeUndefined()
  })
})
