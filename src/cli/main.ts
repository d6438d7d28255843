#!/usr/bin/env node
// `tool-render-intent render LOG [--html OUT] [--format FORMAT]`:
// an agent session's tool calls in the terminal, or as one self-contained page.
// The log is read as a stream of lines; every line it cannot use is reported
// on stderr with its number, and nothing ends in a stack trace.
import { once } from 'node:events'
import { closeSync, openSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createSessionPage, type SessionPageWriter } from '../html/index.js'
import { withoutRepeatedContent } from '../html/repeated-content.js'
import { DEFAULT_MAX_OUTPUT_LENGTH } from '../lifecycle/limits.js'
import { createAcpReader, type IgnoredReason, type SessionMessage, type ToolCallRecord } from '../reader/index.js'
import { boundedText } from '../safety/bounded-text.js'
import { isAbsolutePath } from '../safety/paths.js'
import { TITLE_LENGTH } from '../safety/title-text.js'
import { renderCallView, renderResultView } from '../text/index.js'
import { type AcpLog, createAcpLog } from './acp-log.js'
import { readSubagentLog, subagentLogPath } from './claude-code-subagents.js'
import { detectLogFormat, isLogFormat, LOG_FORMATS, type LogFormat } from './log-format.js'
import { readLogDocument, looksLikeDocument } from './log-document.js'
import { type LineHandlers, MAX_LINE_BYTES, readLogLines } from './log-lines.js'
import { opencodeStorageOf, readOpencodeSession } from './opencode-storage.js'
import { IDS_KEPT, RecentIds } from '../internal/recent-ids.js'
import { type NoteKind, printable, type ReplaySink } from './replay.js'
import { REPLAYS } from './replays.js'
import { type PageSummary, renderFolder } from './session-folder.js'

// package.json's version, written in by tsup (see tsup.config.ts); absent when the source runs unbuilt.
declare const __PACKAGE_VERSION__: string | undefined
const VERSION = typeof __PACKAGE_VERSION__ === 'string' ? __PACKAGE_VERSION__ : 'unbuilt'

const USAGE = `Usage: tool-render-intent render LOG [--html OUT] [--format FORMAT] [--cwd DIR] [--title TEXT] [--max-line BYTES]
       tool-render-intent render FOLDER --out DIR [--format FORMAT] [--cwd DIR] [--title TEXT] [--max-line BYTES]
       tool-render-intent --version

  LOG         an ACP JSON-RPC log (one message a line, either direction), or an agent's own
              session JSONL: a Claude Code session, a codex rollout, a Gemini CLI chat, a
              Copilot CLI session, a Qwen Code session, a Kimi CLI context.jsonl, the
              events of \`opencode run --format json\`, or a session file of opencode's
              storage (storage/session/<project>/<id>.json: its messages and parts are read
              from the tree around it).
  --format    ${LOG_FORMATS.join(', ')}; detected from the first lines unless given.
  --html      write one self-contained page (inline CSS, its own search script, nothing
              loaded) to OUT instead of printing the calls as text.
  FOLDER      every .jsonl, .ndjson, .json and .log file under it (not in dot folders); in
              an opencode storage folder, one page per session.
  --out       for a FOLDER: write one page per log to DIR/<its path>.html and an index of
              them to DIR/index.html (--title titles the index).
  --cwd       the session's working directory, when the log does not say it (Kimi CLI's and
              opencode's runs never do, Gemini CLI's only in newer chats).
  --title     the page's title (default: the log's file name).
  --max-line  the longest line read, in bytes (default ${MAX_LINE_BYTES}, 32 MiB); a longer
              line is reported and skipped.

Every line that cannot be used is reported on stderr with its number. Exit status:
0 when every line was read, 1 when some were skipped (or the log could not be read; for
a FOLDER, when a file was not a log or had lines skipped), 2 for a usage error.
`

// Logs of at least this many bytes get a progress line on stderr.
const PROGRESS_FROM = 512 * 1024
// Lines a format is detected from (as detectLogFormat looks).
const DETECT_LINES = 200
// A long session's page is cut into parts past this much HTML (in code units) or this many cards and messages.
const PART_BYTES = 2_000_000
const PART_PIECES = 1000
// Past this many reports, problems are counted but not each printed.
const REPORTS_SHOWN = 1000

/** Why a line was skipped, as the summary counts it: [one, many]. */
const SKIPS: Record<string, readonly [string, string]> = {
  'line too long': ['line too long', 'lines too long'],
  'invalid UTF-8': ['line of invalid UTF-8', 'lines of invalid UTF-8'],
  'not JSON': ['line not JSON', 'lines not JSON'],
  'not an object': ['message not an object', 'messages not objects'],
  'unknown update kind': ['unknown update kind', 'unknown update kinds'],
  'no tool call id': ['update without a tool call id', 'updates without a tool call id'],
  'no terminal id': ['update without a terminal id', 'updates without a terminal id'],
  'bad base64': ['bad base64', 'bad base64'],
  'unknown tool call id': ['update for an unknown tool call', 'updates for unknown tool calls'],
  'call already shown': ['update for a call already shown', 'updates for calls already shown'],
  malformed: ['malformed update', 'malformed updates'],
  'not shown': ['call or result not shown', 'calls or results not shown'],
}
const NOTES: Record<NoteKind, readonly [string, string]> = {
  'reused tool id': ['reused tool id', 'reused tool ids'],
  'result for an unknown call': ['result for an unknown call', 'results for unknown calls'],
  'tool call id cut': ['tool call id cut', 'tool call ids cut'],
  'update for an unknown call': ['update for an unknown call', 'updates for unknown calls'],
  'shown as a generic card': ['shown as a generic card', 'shown as generic cards'],
}

interface Options {
  readonly log: string
  readonly html: string | undefined
  readonly format: LogFormat | undefined
  readonly cwd: string | undefined
  readonly title: string | undefined
  readonly maxLine: number
  /** For a folder: where its pages and index go. */
  readonly out: string | undefined
}

async function main(argv: readonly string[]): Promise<number> {
  let parsed: ReturnType<typeof parseOptions>
  try {
    parsed = parseOptions(argv)
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`)
    return 2
  }
  if (parsed === 'help') {
    process.stdout.write(USAGE)
    return 0
  }
  if (parsed === 'version') {
    process.stdout.write(`${VERSION}\n`)
    return 0
  }
  try {
    if (isFolder(parsed.log)) {
      if (parsed.html !== undefined)
        throw new UsageError('tool-render-intent render: LOG is a folder; write its pages with --out DIR, not --html')
      if (parsed.out === undefined)
        throw new UsageError('tool-render-intent render: LOG is a folder; say where its pages go with --out DIR')
      return await renderFolder(parsed.log, parsed.out, parsed.title, (log, html, summary) =>
        render({ ...parsed, log, html, title: undefined }, summary),
      )
    }
    if (parsed.out !== undefined)
      throw new UsageError('tool-render-intent render: --out is for a folder of logs; for one log use --html OUT')
    return await render(parsed)
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}`)
      return 2
    }
    // Whatever went wrong, one line: no stack trace.
    process.stderr.write(`tool-render-intent: ${oneLine(error instanceof Error ? error.message : String(error))}\n`)
    return 1
  }
}

// A command line that asks for something that cannot be done: exit status 2, with the usage.
class UsageError extends Error {}

// Whether `path` is a folder (a missing path is not: render reports it as a log it cannot read).
function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

function parseOptions(argv: readonly string[]): Options | 'help' | 'version' {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      html: { type: 'string' },
      format: { type: 'string' },
      cwd: { type: 'string' },
      title: { type: 'string' },
      'max-line': { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  })
  if (values.help) return 'help'
  if (values.version) return 'version'
  const [command, log, ...rest] = positionals
  if (command !== 'render')
    throw new Error(command === undefined ? 'tool-render-intent: no command' : `tool-render-intent: unknown command ${printable(command)}`)
  if (log === undefined) throw new Error('tool-render-intent render: no LOG given')
  if (rest.length > 0) throw new Error(`tool-render-intent render: unexpected ${rest.map(printable).join(' ')}`)
  const format = values.format
  if (format !== undefined && !isLogFormat(format))
    throw new Error(`tool-render-intent render: --format must be one of ${LOG_FORMATS.join(', ')}, not ${printable(format)}`)
  const maxLine = values['max-line'] === undefined ? MAX_LINE_BYTES : Number(values['max-line'])
  if (!Number.isSafeInteger(maxLine) || maxLine < 1)
    throw new Error(`tool-render-intent render: --max-line must be a positive whole number of bytes, not ${printable(values['max-line'])}`)
  // A cwd given on the command line is the user's own: relative to where they stand.
  const cwd = values.cwd === undefined ? undefined : resolve(values.cwd)
  return { log, html: values.html, format, cwd, title: values.title, maxLine, out: values.out }
}

// What went wrong with the log, line by line, and the summary at the end.
function createReport(log: string) {
  const skipped = new Map<string, number>()
  const notes = new Map<string, number>()
  let reports = 0
  const write = (line: number, message: string) => {
    reports++
    if (reports <= REPORTS_SHOWN) process.stderr.write(`tool-render-intent: ${printable(log)} line ${line}: ${message}\n`)
    else if (reports === REPORTS_SHOWN + 1)
      process.stderr.write(`tool-render-intent: more than ${REPORTS_SHOWN} reports; the rest are only counted below\n`)
  }
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1)
  const tally = (map: Map<string, number>, labels: Record<string, readonly [string, string]>) =>
    [...map].map(([key, n]) => `${n} ${(labels[key] ?? [key, key])[n === 1 ? 0 : 1]}`).join(', ')
  const total = (map: Map<string, number>) => [...map.values()].reduce((sum, n) => sum + n, 0)
  return {
    skip(line: number, reason: string, detail: string) {
      count(skipped, reason)
      write(line, `${reason} (${detail}); skipped`)
    },
    note(line: number, what: NoteKind, detail: string) {
      count(notes, what)
      write(line, `${what}: ${detail}`)
    },
    other(message: string) {
      process.stderr.write(`tool-render-intent: ${message}\n`)
    },
    /** The summary lines, and whether any line was skipped. */
    summary(): { lines: string[]; skipped: boolean } {
      const lines: string[] = []
      const skips = total(skipped)
      if (skips > 0) lines.push(`${skips} line${skips === 1 ? '' : 's'} skipped: ${tally(skipped, SKIPS)}`)
      const noted = total(notes)
      if (noted > 0) lines.push(`${noted} call${noted === 1 ? '' : 's'} shown with a note: ${tally(notes, NOTES)}`)
      return { lines, skipped: skips > 0 }
    },
  }
}

type Report = ReturnType<typeof createReport>

// Why an update the reader passed over is worth a report (a message chunk is not).
const reported = (reason: IgnoredReason | undefined): reason is IgnoredReason => reason !== undefined && reason !== 'not a tool call'

async function render(options: Options, pageSummary?: PageSummary): Promise<number> {
  const { log, html, format, title } = options
  let size: number
  try {
    const stat = statSync(log)
    if (!stat.isFile()) throw new Error('not a file')
    size = stat.size
  } catch (error) {
    process.stderr.write(`tool-render-intent: cannot read ${printable(log)}: ${oneLine((error as Error).message)}\n`)
    return 1
  }
  const report = createReport(log)
  // Each call's card is written once the call has ended, and forgotten: memory stays near the largest call.
  const output = html === undefined ? textOutput() : pageOutput(html, { title: title ?? basename(log) }, pageSummary)
  // Records the reader gave out, written after each read (so a write error is not taken for a bad update).
  const ended: (ToolCallRecord | { readonly message: SessionMessage })[] = []
  // The cwd known when a card is drawn: the given or replay's one, else the ACP log's first `session/new` once seen.
  const cwdNow = () => {
    if (sessionCwd === undefined && acp?.cwd !== undefined) sessionCwd = checkedCwd(acp.cwd, report)
    return sessionCwd
  }
  const writeEnded = () => {
    for (let index = 0; index < ended.length; index++) {
      const entry = ended[index]
      if ('message' in entry) output.message?.(entry.message)
      else output.record(entry, cwdNow())
    }
    ended.length = 0
  }
  // The reader is made at the first update, once `initialize` (if the log has it) said the protocol version.
  let reader: ReturnType<typeof createAcpReader> | undefined
  let protocolVersion: number | undefined
  // How many of the log's ids were let go to keep the ids remembered within their bound.
  let forgottenIds = 0
  const sink: ReplaySink = {
    update(update, line, sessionId) {
      reader ??= createAcpReader({
        protocolVersion,
        onRecord: (record) => ended.push(record),
        // The conversation is the page's: the text output shows the calls alone.
        onMessage: output.message && ((message) => ended.push({ message })),
      })
      const reason = reader.read(update, sessionId)
      writeEnded()
      // An update for a call never announced that the reader showed as a failed `Tool call not found` card
      // (on v1) is shown, so noted, as a replay notes a result for a call never made (noted already).
      if (reason === 'unknown tool call id' && shownNotFound(update)) {
        if (detected === 'acp')
          report.note(line, 'update for an unknown call', `${describe(update)} was never announced; shown as a failed card`)
      } else if (reported(reason)) report.skip(line, reason, describe(update))
    },
    endTurn(stopReason, sessionId) {
      reader?.endTurn(stopReason, sessionId)
      writeEnded()
    },
    // A Claude Code sub-agent's own log, read under its Task once: its entries take the Task result's line.
    subagent(agentId, line) {
      const path = detected === 'claude-code' && !subagentsRead.has(agentId) ? subagentLogPath(log, agentId) : undefined
      const read = path === undefined ? undefined : readSubagentLog(path, options.maxLine)
      if (read === undefined || consume === undefined) return
      subagentsRead.add(agentId)
      const name = `subagents/agent-${agentId}.jsonl`
      for (const { line: at, problem, detail } of read.problems)
        report.skip(line, problem, `${name}${at === 0 ? '' : ` line ${at}`}: ${detail}`)
      for (const { value } of read.values) consume(value, line)
    },
    note: (line, what, detail) => report.note(line, what, detail),
    problem: (line, detail) => report.skip(line, 'not shown', oneLine(detail)),
    forgot: () => {
      forgottenIds++
    },
  }
  // The sub-agents whose logs were read (each once, whatever names it again).
  const subagentsRead = new Set<string>()
  // Until the format (and, for a replay, the cwd) is known, lines wait here.
  let pending: { value: unknown; line: number }[] | undefined = []
  let detected: LogFormat | undefined = format
  let consume: ((value: unknown, line: number) => void) | undefined
  // What a replay does once the log is over (send what it held back).
  let consumed: (() => void) | undefined
  let acp: AcpLog | undefined
  let sessionCwd: string | undefined = options.cwd
  const start = (end: boolean): boolean => {
    const waiting = pending ?? []
    if (detected === undefined) detected = detectLogFormat(waiting.map((entry) => entry.value))
    if (detected === undefined) return end || waiting.length >= DETECT_LINES
    if (detected === 'acp') {
      const acpLog = createAcpLog(sink)
      acp = acpLog
      consume = (value, line) => {
        const wrong = acpLog.message(value, line)
        if (wrong !== undefined) report.skip(line, 'not an object', wrong)
        protocolVersion = acpLog.protocolVersion
      }
    } else {
      const replay = REPLAYS[detected]
      const cwdOfFormat = replay.cwdOf
      // A replay needs its cwd first: wait for a line that says it, up to the lines a format is detected from.
      if (sessionCwd === undefined && cwdOfFormat !== undefined) {
        for (const entry of waiting) {
          sessionCwd = cwdOfFormat(entry.value)
          if (sessionCwd !== undefined) break
        }
        if (sessionCwd === undefined && !end && waiting.length < DETECT_LINES) return false
      }
      sessionCwd = checkedCwd(sessionCwd, report)
      // The replays go through a v1 presenter.
      protocolVersion = 1
      const lines = replay.create(sessionCwd, sink)
      consume = lines
      consumed = lines.end
    }
    pending = undefined
    for (const entry of waiting) consume(entry.value, entry.line)
    return true
  }
  const progress = size >= PROGRESS_FROM ? progressLine(size) : undefined
  const handlers: LineHandlers = {
    value(value, line) {
      if (consume !== undefined) {
        consume(value, line)
        return true
      }
      pending?.push({ value, line })
      return !(start(false) && consume === undefined)
    },
    problem: (line, problem, detail) => report.skip(line, problem, detail),
    progress: progress && ((bytes, line) => progress(bytes, line, false)),
    drain: output.drain,
  }
  // A session in opencode's storage tree is read from its message and part files; a pretty-printed
  // JSON document (an older Gemini CLI chat, an `opencode export`) is read whole, its messages as lines.
  const storage = opencodeStorageOf(resolve(log))
  const lines =
    storage !== undefined
      ? await readOpencodeSession(storage, resolve(log), options.maxLine, handlers)
      : (await looksLikeDocument(log))
        ? await readDocument(log, size, options.maxLine, handlers)
        : await readLogLines(log, handlers, options.maxLine)
  if (consume === undefined) start(true)
  progress?.(size, lines, true)
  if (detected === undefined || consume === undefined) {
    report.other(`${printable(log)} is not a log that this tool recognises (${LOG_FORMATS.join(', ')}); pass --format`)
    return 1
  }
  if (pageSummary !== undefined) pageSummary.format = detected
  consumed?.()
  if (acp !== undefined && sessionCwd === undefined && acp.cwd !== undefined) sessionCwd = checkedCwd(acp.cwd, report)
  reader?.end()
  writeEnded()
  const cards = await output.end(cwdNow())
  const unshown = reader?.unshownTerminals ?? 0
  if (unshown > 0) report.other(`${unshown} terminal${unshown === 1 ? '' : 's'} printed output that no call shows`)
  const forgotten = forgottenIds + (reader?.forgottenIds ?? 0)
  if (forgotten > 0)
    report.other(
      `the log has more calls than the ${IDS_KEPT} whose ids are remembered: ${forgotten} older id${forgotten === 1 ? ' was' : 's were'} let go, so a late update or result for one, or its reuse, reads as for a new call`,
    )
  const open = reader?.shownOpen ?? 0
  if (open > 0)
    report.other(
      `${open} call${open === 1 ? ' was' : 's were'} shown still open, as ${open === 1 ? 'it' : 'they'} stood, so that the cards after could be written`,
    )
  if (html !== undefined) report.other(`${cards} card(s) from ${detected} log written to ${printable(html)}`)
  const { lines: summary, skipped } = report.summary()
  for (const line of summary) report.other(line)
  return skipped ? 1 : 0
}

// A JSON document's values given to `handlers` as a log's lines are; resolves to how many there were.
async function readDocument(path: string, size: number, maxLine: number, handlers: LineHandlers): Promise<number> {
  const read = await readLogDocument(path, size, maxLine)
  if ('problem' in read) {
    handlers.problem(1, read.problem, read.detail)
    return 1
  }
  for (let index = 0; index < read.values.length; index++) if (handlers.value(read.values[index], index + 1) === false) break
  return read.values.length
}

// A recorded cwd that is not absolute cannot resolve paths: the paths are shown against `/`, and that is said.
function checkedCwd(cwd: string | undefined, report: Report): string {
  if (cwd === undefined) return '/'
  if (isAbsolutePath(cwd)) return cwd
  report.other(`the log's cwd ${printable(cwd)} is not absolute; paths are shown against /`)
  return '/'
}

// Whether the reader, finding no call for `update`'s id, showed it as a failed card (a v1 `tool_call_update`,
// a permission request's `toolCall`) rather than passing it over (a v2 content chunk).
const shownNotFound = (update: unknown): boolean => {
  const kind = (update as Record<string, unknown>).sessionUpdate
  return kind === 'tool_call_update' || kind === undefined
}

// What an update was, for a report: its kind and id, quoted.
function describe(update: unknown): string {
  if (typeof update !== 'object' || update === null) return 'not an object'
  const { sessionUpdate, toolCallId, terminalId } = update as Record<string, unknown>
  const parts = [sessionUpdate === undefined ? 'a tool call' : `sessionUpdate ${printable(sessionUpdate)}`]
  if (toolCallId !== undefined) parts.push(`toolCallId ${printable(toolCallId)}`)
  if (terminalId !== undefined) parts.push(`terminalId ${printable(terminalId)}`)
  return parts.join(', ')
}

// A view with every string bounded as the wire bounds it: titles (and
// descriptions) to the title bound, the rest to the output bound, each cut
// around a marker saying how much was left out.
function bounded<T>(value: T, key = ''): T {
  if (typeof value === 'string')
    return boundedText(value, key === 'title' || key === 'description' ? TITLE_LENGTH : DEFAULT_MAX_OUTPUT_LENGTH) as T
  if (Array.isArray(value)) return value.map((item) => bounded(item)) as T
  if (typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = {}
  for (const [name, item] of Object.entries(value)) out[name] = bounded(item, name)
  return out as T
}

/** Where the cards go as the calls end. */
interface CardOutput {
  /** One record, drawn against the cwd known by then. */
  record(record: ToolCallRecord, cwd: string | undefined): void
  /** One message of the conversation, where the output shows them. */
  readonly message?: ((message: SessionMessage) => void) | undefined
  /** A promise while the output is full (a slow reader of stdout), for the log reading to wait on. */
  drain(): Promise<void> | undefined
  /** After the last record: finishes the output and says how many cards it wrote. */
  end(cwd: string | undefined): Promise<number>
}

// Each record as the text renderer draws it, a blank line between records,
// written as it comes; colour on a terminal. A sub-agent's calls are
// indented under the call that spawned them (which came first: records come
// in the order calls first appeared).
function textOutput(): CardOutput {
  // How deep each of the last calls written sits: its id, and one number.
  const depth = new RecentIds<number>()
  let cards = 0
  let full = false
  return {
    record(record, cwd) {
      const parent = record.parentToolCallId === undefined ? undefined : depth.get(record.parentToolCallId)
      const level = parent === undefined ? 0 : parent + 1
      depth.set(record.toolCallId, level)
      const indent = '  '.repeat(level)
      const columns = process.stdout.columns
      const options = {
        color: process.stdout.isTTY === true,
        width: columns === undefined ? undefined : Math.max(20, columns - indent.length),
        cwd,
      }
      const status = record.status === undefined ? '' : `  [${record.status}]`
      let block = renderCallView(bounded(record.call), options) + status
      const result =
        record.result === undefined
          ? record.output
            ? renderResultView({ card: 'terminal', output: bounded(record.output) }, options)
            : ''
          : renderResultView(bounded(withoutRepeatedContent(record.call, record.result)), options)
      if (result !== '') block += `\n${result}`
      const versions = (record.history?.length ?? 0) + (record.historyLeftOut ?? 0)
      if (versions > 0) block += `\n(the plan as it ended; ${versions} earlier version${versions === 1 ? '' : 's'} on the page)`
      if (!process.stdout.write(`${cards === 0 ? '' : '\n'}${indent === '' ? block : indented(block, indent)}\n`)) full = true
      cards++
    },
    drain() {
      if (!full) return undefined
      full = false
      return once(process.stdout, 'drain').then(() => undefined)
    },
    async end() {
      if (full) await once(process.stdout, 'drain')
      return cards
    },
  }
}

// The page, written a card at a time to `path` (opened at the first card,
// so a log that is not recognised leaves no page). A long session is cut
// into parts of bounded size, so each opens quickly with a bounded DOM:
// `name.1.html`, `name.2.html`… beside `path`, which becomes the page of
// contents linking them.
function pageOutput(path: string, page: { readonly title: string }, summary?: PageSummary): CardOutput {
  let fd: number | undefined
  let writer: SessionPageWriter | undefined
  // The part being written: its number, its bytes and pieces so far.
  let part = 1
  let bytes = 0
  let pieces = 0
  const stem = path.endsWith('.html') ? path.slice(0, -'.html'.length) : path
  const partPath = (n: number) => `${stem}.${n}.html`
  const write = (piece: (writer: SessionPageWriter) => string, cwd: string | undefined) => {
    if (fd === undefined || writer === undefined) {
      writer = createSessionPage({ title: page.title, cwd })
      fd = openSync(path, 'w')
      writeSync(fd, writer.start())
    } else if (bytes >= PART_BYTES || pieces >= PART_PIECES) {
      // The first part was written to `path`: it moves aside, and `path` will hold the contents.
      if (part === 1) renameSync(path, partPath(1))
      const { end, start } = writer.nextPart({
        current: basename(partPath(part)),
        next: basename(partPath(part + 1)),
        contents: basename(path),
      })
      writeSync(fd, end)
      closeSync(fd)
      part++
      fd = openSync(partPath(part), 'w')
      writeSync(fd, start)
      bytes = 0
      pieces = 0
    }
    const html = piece(writer)
    bytes += html.length
    pieces++
    writeSync(fd, html)
  }
  return {
    // Every string bounded as the text output's (and the wire's) are: a title to 16 Ki code units, the rest to 4 Mi.
    record(record, cwd) {
      write((page) => page.record(bounded(record), cwd), cwd)
    },
    message(message) {
      write((page) => page.message(bounded(message)), undefined)
    },
    drain: () => undefined,
    async end(cwd) {
      if (fd === undefined || writer === undefined) write(() => '', cwd)
      writeSync(fd!, writer!.end())
      closeSync(fd!)
      if (part > 1) writeFileSync(path, writer!.contentsPage(basename(partPath(part))))
      if (summary !== undefined && writer !== undefined) {
        summary.written = true
        summary.cards = writer.cards
        summary.turns = writer.turns
        summary.firstPrompt = writer.firstPrompt
        summary.startedAt = writer.startedAt
      }
      return writer?.cards ?? 0
    },
  }
}

// Each line of `block` after `indent`, found with indexOf.
function indented(block: string, indent: string): string {
  const parts: string[] = []
  for (let start = 0; start <= block.length; ) {
    let end = block.indexOf('\n', start)
    if (end === -1) end = block.length
    parts.push(indent + block.slice(start, end))
    start = end + 1
  }
  return parts.join('\n')
}

// A line on stderr every tenth of a long log, rewritten in place on a terminal.
function progressLine(size: number): (bytes: number, lines: number, done: boolean) => void {
  const tty = process.stderr.isTTY === true
  let next = 0
  return (bytes, lines, done) => {
    if (bytes < next && !done) return
    next = bytes + Math.ceil(size / 10)
    const message = `tool-render-intent: read ${lines} lines (${size === 0 ? 100 : Math.floor((bytes / size) * 100)}%)`
    process.stderr.write(tty ? `\r${message}${done ? '\n' : ''}` : `${message}\n`)
  }
}

// A message on one line, quoted where it is not plain text.
const oneLine = (message: string): string => printable(message).slice(1, -1)

// A reader that went away (`| head`) ends the output, not in a stack trace.
process.stdout.on('error', () => {
  process.exit(process.exitCode ?? 0)
})

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  () => {
    process.exitCode = 1
  },
)
