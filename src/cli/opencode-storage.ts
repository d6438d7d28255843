// opencode's session storage, before its SQLite database: a tree of JSON
// files under `storage/` (`~/.local/share/opencode/storage`), written by its
// `Storage.write` (the layout its `json-migration.ts` reads back):
//
//   session/<projectID>/<sessionID>.json   the session's info (its `directory`)
//   message/<sessionID>/<messageID>.json   each message's info (`role`, `time`, `modelID`)
//   part/<messageID>/<partID>.json         each part of a message (text, tool, step-finish…)
//
// One session is read as the values its `opencode export` would give: its
// info, then each message's parts, messages in order of their time then
// id, parts in order of id (opencode's ids ascend). Every file is read
// whole, bounded as one line is; a message's parts together are bounded
// the same. A file that cannot be used is reported, with its path, and left
// out.
import { type Dirent, lstatSync, readdirSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { isRecord } from '../internal/record.js'
import { opencodeMessageValues } from './log-document.js'
import type { LineHandlers, LineProblem } from './log-lines.js'

// The folders of a storage tree the reader needs.
const TREE = ['session', 'message', 'part'] as const
// An id opencode gives (`ses_…`, `msg_…`, `prt_…`): no path separator, not `.` or `..`.
const ID = /^[\w-][\w.-]*$/

const isFolder = (path: string): boolean => {
  try {
    return lstatSync(path).isDirectory()
  } catch {
    return false
  }
}

/** Whether `folder` is an opencode storage folder: `session`, `message` and `part` folders in it. */
export const isOpencodeStorage = (folder: string): boolean => TREE.every((name) => isFolder(join(folder, name)))

/**
 * The storage folder of a session file, `<storage>/session/<projectID>/<sessionID>.json`
 * in a tree with `message` and `part` beside `session`; `undefined` for any other path.
 */
export function opencodeStorageOf(path: string): string | undefined {
  if (!path.endsWith('.json') || !ID.test(basename(path, '.json'))) return undefined
  const sessions = dirname(dirname(path))
  if (basename(sessions) !== 'session') return undefined
  const storage = dirname(sessions)
  return isOpencodeStorage(storage) ? storage : undefined
}

// The `.json` files directly in `folder` whose names are ids, sorted by name (no symbolic links).
function jsonFiles(folder: string): string[] {
  let entries: Dirent[]
  try {
    entries = readdirSync(folder, { withFileTypes: true })
  } catch {
    return []
  }
  const names: string[] = []
  for (const entry of entries)
    if (entry.isFile() && entry.name.endsWith('.json') && ID.test(entry.name.slice(0, -5))) names.push(entry.name)
  return names.sort().map((name) => join(folder, name))
}

type Read = { readonly value: unknown; readonly size: number } | { readonly problem: LineProblem; readonly detail: string }

// One JSON file, whole: at most `maxBytes`, strict UTF-8.
async function readJson(path: string, maxBytes: number): Promise<Read> {
  let text: string
  let size: number
  try {
    const file = await open(path, 'r')
    try {
      size = (await file.stat()).size
      if (size > maxBytes) return { problem: 'line too long', detail: `${size} bytes, longer than ${maxBytes}` }
      const bytes = new Uint8Array(size)
      const { bytesRead } = await file.read(bytes, 0, size, 0)
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, bytesRead))
    } finally {
      await file.close()
    }
  } catch (error) {
    return error instanceof TypeError
      ? { problem: 'invalid UTF-8', detail: 'a byte sequence that is not UTF-8' }
      : { problem: 'not JSON', detail: 'it cannot be read' }
  }
  try {
    return { value: JSON.parse(text), size }
  } catch {
    return { problem: 'not JSON', detail: 'it does not parse' }
  }
}

/**
 * Reads the session whose info is `sessionFile` in the opencode storage tree
 * `storage`, giving `handlers` the values an export of it would give (see
 * the top of this file), each numbered as a log's line; resolves to how many
 * there were. Each file left out is reported as a problem at the number of
 * the value that would have come next, naming the file.
 */
export async function readOpencodeSession(storage: string, sessionFile: string, maxBytes: number, handlers: LineHandlers): Promise<number> {
  let line = 0
  let stopped = false
  const give = (value: unknown) => {
    if (!stopped && handlers.value(value, ++line) === false) stopped = true
  }
  const where = (path: string) => path.slice(storage.length + 1)
  const read = async (path: string): Promise<{ value: unknown; size: number } | undefined> => {
    const got = await readJson(path, maxBytes)
    if ('problem' in got) {
      handlers.problem(line + 1, got.problem, `${where(path)}: ${got.detail}`)
      return undefined
    }
    return got
  }
  const sessionID = basename(sessionFile, '.json')
  const session = await read(sessionFile)
  const info = isRecord(session?.value) ? session.value : {}
  give({ info: { ...info, id: sessionID } })
  // Each message's info, kept to what orders and describes it.
  const messages: { id: string; created: number; info: Record<string, unknown> }[] = []
  for (const path of jsonFiles(join(storage, 'message', sessionID))) {
    const message = await read(path)
    if (message === undefined) continue
    const value = isRecord(message.value) ? message.value : {}
    const time = isRecord(value.time) ? value.time : {}
    const created = typeof time.created === 'number' && Number.isFinite(time.created) ? time.created : Number.POSITIVE_INFINITY
    messages.push({
      id: basename(path, '.json'),
      created,
      info: { role: value.role, time: { created: time.created }, modelID: value.modelID },
    })
  }
  messages.sort((a, b) => (a.created === b.created ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.created < b.created ? -1 : 1))
  for (const message of messages) {
    if (stopped) break
    const parts: unknown[] = []
    let bytes = 0
    for (const path of jsonFiles(join(storage, 'part', message.id))) {
      const part = await read(path)
      if (part === undefined) continue
      if (bytes + part.size > maxBytes) {
        handlers.problem(line + 1, 'line too long', `${where(path)}: the message's parts would pass ${maxBytes} bytes`)
        continue
      }
      bytes += part.size
      parts.push(part.value)
    }
    for (const value of opencodeMessageValues(message.info, parts, sessionID)) give(value)
    await handlers.drain?.()
  }
  return line
}
