// The render command remembers a bounded number of tool call ids, as the
// reader does: the most recent ones, with a count of those it let go, so its
// memory does not grow with the log. Tested with small limits.
import { describe, expect, it } from 'vitest'
import { bashTool } from 'tool-render-intent/presenters'
import { createAcpLog } from '../../src/cli/acp-log.js'
import { IDS_KEPT, RecentIds } from '../../src/internal/recent-ids.js'
import { createReplay, type NoteKind, type ReplaySink } from '../../src/cli/replay.js'

/** A sink that keeps the updates' ids and the notes. */
function recorder() {
  const ids: unknown[] = []
  const notes: { line: number; what: NoteKind }[] = []
  let forgotten = 0
  const sink: ReplaySink = {
    update: (update) => ids.push((update as Record<string, unknown>).toolCallId),
    note: (line, what) => notes.push({ line, what }),
    forgot: () => forgotten++,
  }
  return { sink, ids, notes, forgotten: () => forgotten }
}

const rpc = (update: unknown) => ({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update } })
const toolCall = (toolCallId: string) => rpc({ sessionUpdate: 'tool_call', toolCallId, title: 'x', kind: 'read', status: 'pending' })

describe('RecentIds', () => {
  it('keeps the most recently set keys up to its limit, and counts those it forgot', () => {
    const ids = new RecentIds<string>(2)
    ids.set('a', 'A')
    ids.set('b', 'B')
    ids.set('a', 'A2')
    ids.set('c', 'C')
    expect(ids.get('b')).toBeUndefined()
    expect(ids.get('a')).toBe('A2')
    expect(ids.has('c')).toBe(true)
    expect(ids.forgotten).toBe(1)
    expect(ids.size).toBe(2)
  })

  it('keeps 65,536 ids by default, as the reader does', () => {
    expect(IDS_KEPT).toBe(65_536)
  })
})

describe('an ACP log keeps the ids of its last calls only', () => {
  it('forgets the oldest announced id past the limit, and tells the sink', () => {
    const { sink, ids, notes, forgotten } = recorder()
    const log = createAcpLog(sink, 2)
    for (const [index, id] of ['a', 'b', 'c'].entries()) log.message(toolCall(id), index + 1)
    expect(forgotten()).toBe(1)
    // `b` is still known: announcing it again is a reused id.
    log.message(toolCall('b'), 4)
    expect(notes).toStrictEqual([{ line: 4, what: 'reused tool id' }])
    expect(ids.at(-1)).toBe('b (2)')
    // `a` was forgotten: announced again, it is a call of its own under its own id.
    log.message(toolCall('a'), 5)
    expect(ids.at(-1)).toBe('a')
    expect(notes).toHaveLength(1)
  })
})

describe('a replay keeps the ids of its last calls only', () => {
  it('forgets the oldest call past the limit: a late result for it is a failed card for an unknown call', () => {
    const { sink, notes, forgotten } = recorder()
    const replay = createReplay([bashTool], '/repo', sink, 2)
    replay.call('a', 'bash', { command: 'ls' }, 1)
    replay.call('b', 'bash', { command: 'ls' }, 2)
    replay.call('c', 'bash', { command: 'ls' }, 3)
    expect(forgotten()).toBe(1)
    replay.result('a', { content: [{ type: 'text', text: 'late' }] }, 4)
    expect(notes).toStrictEqual([{ line: 4, what: 'result for an unknown call' }])
    expect(replay.nameOf('c')).toBe('bash')
    replay.call('c', 'bash', { command: 'ls' }, 5)
    expect(notes.at(-1)).toStrictEqual({ line: 5, what: 'reused tool id' })
  })
})
