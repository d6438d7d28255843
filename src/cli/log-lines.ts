// A log file as JSON values, one a line, read as a stream of bytes: blank
// lines skipped; a line that is too long, not UTF-8 or not JSON reported
// with its number and left out. Memory stays near the longest line kept.
import { createReadStream } from 'node:fs'

/** The longest line read by default, in bytes (32 MiB): a longer one is reported and skipped. */
export const MAX_LINE_BYTES = 32 * 1024 * 1024

/** Why a line of a log was left out. */
export type LineProblem = 'line too long' | 'invalid UTF-8' | 'not JSON'

/** What {@link readLogLines} tells as it reads. */
export interface LineHandlers {
  /** Each line's JSON value with its line number (from 1); `false` stops the reading. */
  value(value: unknown, line: number): boolean | undefined
  /** A line left out, and why. */
  problem(line: number, problem: LineProblem, detail: string): void
  /** After each chunk of the file: how many bytes and lines have been read so far. */
  progress?(bytes: number, lines: number): void
  /** After each chunk: a promise to wait on before reading more (the output is full), or `undefined`. */
  drain?(): Promise<void> | undefined
}

const NEWLINE = 0x0a
const CHUNK = 1 << 20

/**
 * Reads the JSON-lines log at `path` one line at a time, decoding each line
 * as strict UTF-8, and gives each value to `handlers.value`. A line longer
 * than `maxLineBytes` is not kept (its bytes are passed over) but reported.
 * Resolves to the number of lines read; rejects only when the file cannot be read.
 */
export async function readLogLines(path: string, handlers: LineHandlers, maxLineBytes = MAX_LINE_BYTES): Promise<number> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let pieces: Uint8Array[] = []
  let length = 0
  let tooLong = false
  let line = 0
  let bytes = 0
  let stopped = false
  const finish = () => {
    line++
    const kept = pieces
    const keptLength = length
    pieces = []
    length = 0
    if (tooLong) {
      tooLong = false
      handlers.problem(line, 'line too long', `longer than ${maxLineBytes} bytes`)
      return
    }
    if (keptLength === 0) return
    let text: string
    try {
      text = decoder.decode(kept.length === 1 ? kept[0] : Buffer.concat(kept, keptLength))
    } catch {
      handlers.problem(line, 'invalid UTF-8', 'a byte sequence that is not UTF-8')
      return
    }
    text = text.trim()
    if (text === '') return
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      handlers.problem(line, 'not JSON', 'the line does not parse as JSON')
      return
    }
    if (handlers.value(value, line) === false) stopped = true
  }
  const keep = (piece: Uint8Array) => {
    if (tooLong || piece.length === 0) return
    if (length + piece.length > maxLineBytes) {
      tooLong = true
      pieces = []
      length = 0
      return
    }
    pieces.push(piece)
    length += piece.length
  }
  const stream = createReadStream(path, { highWaterMark: CHUNK })
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length
      let start = 0
      for (let end = chunk.indexOf(NEWLINE); end !== -1 && !stopped; end = chunk.indexOf(NEWLINE, start)) {
        // A piece that is the whole line needs no copy; one that joins others is copied off the chunk.
        keep(pieces.length === 0 ? chunk.subarray(start, end) : Uint8Array.prototype.slice.call(chunk, start, end))
        start = end + 1
        finish()
      }
      if (stopped) break
      // The rest of the chunk starts a line the next chunk ends: copied, so the chunk can go.
      if (start < chunk.length) keep(Uint8Array.prototype.slice.call(chunk, start))
      handlers.progress?.(bytes, line)
      const full = handlers.drain?.()
      if (full !== undefined) await full
    }
  } finally {
    stream.destroy()
  }
  if (!stopped && (length > 0 || tooLong)) finish()
  return line
}

/** The values of a JSON-lines log, and how many lines were not JSON. */
export interface LogLines {
  readonly values: unknown[]
  readonly unreadable: number
}

/** Parses each non-blank line of `text` (already in memory) as JSON. */
export function parseLogLines(text: string): LogLines {
  const values: unknown[] = []
  let unreadable = 0
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start)
    if (end === -1) end = text.length
    const line = text.slice(start, end).trim()
    start = end + 1
    if (line === '') continue
    try {
      values.push(JSON.parse(line))
    } catch {
      unreadable++
    }
  }
  return { values, unreadable }
}
