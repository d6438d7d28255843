// opencode's session storage tree (storage/session, message, part), read
// one session at a time as its export would be, through the opencode replay.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createAcpReader, type SessionMessage, type ToolCallRecord } from 'tool-render-intent/reader'
import { detectLogFormat } from '../../src/cli/log-format.js'
import type { LineProblem } from '../../src/cli/log-lines.js'
import { opencodeCwd, opencodeUpdates } from '../../src/cli/opencode-log.js'
import { isOpencodeStorage, opencodeStorageOf, readOpencodeSession } from '../../src/cli/opencode-storage.js'

// Written by hand in the shape opencode's Storage writes (see fixtures/SOURCES.md).
const storage = join(import.meta.dirname, 'fixtures/opencode-storage')
const project = '9f1c2d3e4b5a69788796a5b4c3d2e1f001234567'
const sessionFile = (root: string, id: string) => join(root, 'session', project, `${id}.json`)

async function read(root: string, id: string, maxBytes = 1 << 20) {
  const values: unknown[] = []
  const problems: [number, LineProblem, string][] = []
  await readOpencodeSession(root, sessionFile(root, id), maxBytes, {
    value: (value) => {
      values.push(value)
      return true
    },
    problem: (line, problem, detail) => problems.push([line, problem, detail]),
  })
  return { values, problems }
}

// The cards and the conversation a replay of `values` writes.
function shown(values: unknown[]) {
  const records: ToolCallRecord[] = []
  const messages: SessionMessage[] = []
  const reader = createAcpReader({ onRecord: (record) => records.push(record), onMessage: (message) => messages.push(message) })
  for (const update of opencodeUpdates(values, opencodeCwd(values[0])).updates) reader.read(update)
  reader.end()
  return { records, messages }
}

describe('an opencode storage tree', () => {
  it('is told by its session, message and part folders, and a session file by its place in it', () => {
    expect(isOpencodeStorage(storage)).toBe(true)
    expect(isOpencodeStorage(join(storage, 'session'))).toBe(false)
    expect(opencodeStorageOf(sessionFile(storage, 'ses_3a1f0c9e2ffe1QbX7kV2mJ4nHd'))).toBe(storage)
    expect(
      opencodeStorageOf(join(storage, 'part', 'msg_c5e0f0a10001cXbYq2Jm7Hs9Tk', 'prt_c5e0f0a10002aB1cD2eF3gH4iJ.json')),
    ).toBeUndefined()
  })

  it('reads one session as its export: the prompt, the answers with their model and tokens, and each call', async () => {
    const { values, problems } = await read(storage, 'ses_3a1f0c9e2ffe1QbX7kV2mJ4nHd')
    expect(problems).toStrictEqual([])
    expect(detectLogFormat(values)).toBe('opencode')
    expect(opencodeCwd(values[0])).toBe('/home/ada/shop')
    const { records, messages } = shown(values)
    expect(records.map((record) => [record.call.card, record.call.title, record.status])).toStrictEqual([
      ['terminal', 'npm test -- cart', 'failed'],
      ['diff', 'Edit src/cart.ts', 'completed'],
    ])
    // The synthetic part opencode added to the prompt is not the user's.
    expect(messages).toStrictEqual([
      { role: 'user', text: 'The cart total test fails. Run it and fix the total.', timestamp: '2026-03-02T09:00:00.000Z' },
      {
        role: 'assistant',
        text: 'I will run the cart tests.',
        timestamp: '2026-03-02T09:00:00.010Z',
        model: 'claude-sonnet-4-5',
        inputTokens: 9120,
        outputTokens: 60,
      },
      {
        role: 'assistant',
        text: 'The total ignored the quantity; it multiplies now.',
        timestamp: '2026-03-02T09:00:04.400Z',
        model: 'claude-sonnet-4-5',
        inputTokens: 9180,
        outputTokens: 40,
      },
    ])
  })

  it('orders messages by their time, then id, and parts by id, whatever order the folder lists them in', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tri-opencode-'))
    const write = (path: string, value: unknown) => {
      mkdirSync(join(root, path, '..'), { recursive: true })
      writeFileSync(join(root, path), JSON.stringify(value, null, 2))
    }
    write(`session/${project}/ses_a.json`, { id: 'ses_a', directory: '/w' })
    // msg_b was written first, though its id sorts after msg_a's.
    write('message/ses_a/msg_a.json', { id: 'msg_a', role: 'assistant', time: { created: 20 } })
    write('message/ses_a/msg_b.json', { id: 'msg_b', role: 'assistant', time: { created: 10 } })
    write('part/msg_a/prt_2.json', { type: 'text', text: 'third' })
    write('part/msg_a/prt_1.json', { type: 'text', text: 'second' })
    write('part/msg_b/prt_9.json', { type: 'text', text: 'first' })
    const { values } = await read(root, 'ses_a')
    expect(values.slice(1).map((value) => (value as { part: { text: string } }).part.text)).toStrictEqual(['first', 'second', 'third'])
  })

  it('reports each file it cannot use, naming it, and reads the rest', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tri-opencode-'))
    const write = (path: string, text: string | Uint8Array) => {
      mkdirSync(join(root, path, '..'), { recursive: true })
      writeFileSync(join(root, path), text)
    }
    write(`session/${project}/ses_a.json`, '{"directory": "/w"')
    write('message/ses_a/msg_a.json', JSON.stringify({ role: 'assistant', time: { created: 1 } }))
    write('message/ses_a/msg_b.json', 'null')
    write('part/msg_a/prt_1.json', Uint8Array.of(0x22, 0xff, 0x22))
    write('part/msg_a/prt_2.json', JSON.stringify({ type: 'text', text: 'x'.repeat(300) }))
    write('part/msg_a/prt_3.json', JSON.stringify({ type: 'text', text: 'kept' }))
    write('part/msg_a/..json', '{}')
    const { values, problems } = await read(root, 'ses_a', 200)
    expect(problems).toStrictEqual([
      [1, 'not JSON', `session/${project}/ses_a.json: it does not parse`],
      [2, 'invalid UTF-8', 'part/msg_a/prt_1.json: a byte sequence that is not UTF-8'],
      [2, 'line too long', 'part/msg_a/prt_2.json: 325 bytes, longer than 200'],
    ])
    // The session is still read, under the id its file name gives; a message that is not an object is one with no parts.
    expect(values).toStrictEqual([
      { info: { id: 'ses_a' } },
      { type: 'text', timestamp: 1, sessionID: 'ses_a', part: { type: 'text', text: 'kept' } },
    ])
  })
})
