// A log kept as one JSON document rather than one value a line: Gemini
// CLI's chats before its JSONL format (`session-….json`, a conversation
// with its `messages`) and `opencode export` (a session's `info` and its
// `messages`, each with its `parts`). The document is read whole, so it is
// bounded as one line is (`--max-line`); its messages then go through the
// same replay as a log's lines.
import { open } from 'node:fs/promises'
import { isRecord } from '../internal/record.js'
import type { LineProblem } from './log-lines.js'

/** What the start of a file says: one pretty-printed JSON document (its first line a lone `{`), or lines. */
export async function looksLikeDocument(path: string): Promise<boolean> {
  const file = await open(path, 'r')
  try {
    const head = new Uint8Array(256)
    const { bytesRead } = await file.read(head, 0, head.length, 0)
    const text = new TextDecoder('utf-8').decode(head.subarray(0, bytesRead)).replace(/^\ufeff/, '')
    const end = text.indexOf('\n')
    return end !== -1 && text.slice(0, end).trim() === '{'
  } finally {
    await file.close()
  }
}

/** The document's values as a log's lines, or why it could not be read (as a line's problem, with what it was). */
export type DocumentLines = { readonly values: readonly unknown[] } | { readonly problem: LineProblem; readonly detail: string }

/**
 * Reads the JSON document at `path` (at most `maxBytes`, strict UTF-8) and
 * gives the values a log of its agent would have had a line each for: a
 * Gemini CLI conversation's metadata then its messages; an opencode
 * export's session `info` (with its directory) then each message's parts
 * as {@link opencodeMessageValues} gives them. A document of any other shape is one value, for
 * the format detection to pass over.
 */
export async function readLogDocument(path: string, size: number, maxBytes: number): Promise<DocumentLines> {
  if (size > maxBytes) return { problem: 'line too long', detail: `one JSON document of ${size} bytes, longer than ${maxBytes}` }
  const file = await open(path, 'r')
  let text: string
  try {
    const bytes = new Uint8Array(size)
    const { bytesRead } = await file.read(bytes, 0, size, 0)
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, bytesRead))
  } catch {
    return { problem: 'invalid UTF-8', detail: 'a JSON document with a byte sequence that is not UTF-8' }
  } finally {
    await file.close()
  }
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch {
    return { problem: 'not JSON', detail: 'the file starts as one JSON document but does not parse' }
  }
  return { values: documentValues(document) ?? [document] }
}

/** The values a document stands for, by its shape; `undefined` for a shape no agent's log has. */
export function documentValues(document: unknown): unknown[] | undefined {
  if (!isRecord(document) || !Array.isArray(document.messages)) return undefined
  if (typeof document.sessionId === 'string') {
    const { messages, ...meta } = document
    return [meta, ...messages]
  }
  if (!isRecord(document.info)) return undefined
  const values: unknown[] = [{ info: document.info }]
  const sessionID = typeof document.info.id === 'string' ? document.info.id : ''
  for (const message of document.messages)
    if (isRecord(message) && Array.isArray(message.parts)) values.push(...opencodeMessageValues(message.info, message.parts, sessionID))
  return values
}

/**
 * One opencode message's parts as the values a run's events would be: its
 * `step-finish` parts first (their tokens go on its first text), then each
 * tool part as it is and each text or reasoning part as an event with the
 * message's time and `modelID` (as `model`). A user's text is an event with
 * `role: "user"`; a part opencode added itself (`synthetic`, such as a file
 * it read in) is not the user's.
 */
export function opencodeMessageValues(info: unknown, parts: readonly unknown[], sessionID: string): unknown[] {
  const values: unknown[] = []
  const message = isRecord(info) ? info : {}
  const time = isRecord(message.time) ? message.time.created : undefined
  if (message.role === 'user') {
    for (const part of parts)
      if (isRecord(part) && part.type === 'text' && part.synthetic !== true)
        values.push({ type: 'text', role: 'user', timestamp: time, sessionID, part })
    return values
  }
  const model = typeof message.modelID === 'string' ? message.modelID : undefined
  for (const part of parts)
    if (isRecord(part) && part.type === 'step-finish') values.push({ type: 'step_finish', timestamp: time, sessionID, part })
  for (const part of parts) {
    if (!isRecord(part)) continue
    if (part.type === 'tool') values.push(part)
    else if (part.type === 'text' || part.type === 'reasoning')
      values.push({ type: part.type, timestamp: time, sessionID, part, ...(model === undefined ? {} : { model }) })
  }
  return values
}
