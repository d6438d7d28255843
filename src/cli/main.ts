#!/usr/bin/env node
// `tool-render-intent render LOG [--html OUT] [--format acp|claude-code|codex]`:
// an agent session's tool calls in the terminal, or as one self-contained page.
import { readFileSync, writeFileSync } from 'node:fs'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import { type ToolCallRecord, readAcpUpdates, renderSessionHtml } from '../html/index.js'
import { renderCallView, renderResultView } from '../text/index.js'
import { acpLogUpdates } from './acp-log.js'
import { claudeCodeUpdates } from './claude-code-log.js'
import { codexUpdates } from './codex-log.js'
import { detectLogFormat, type LogFormat } from './log-format.js'
import { parseLogLines } from './log-lines.js'

const USAGE = `Usage: tool-render-intent render LOG [--html OUT] [--format acp|claude-code|codex] [--cwd DIR] [--title TEXT]

  LOG       an ACP JSON-RPC log (one message a line, either direction), a Claude Code
            session JSONL or a codex rollout JSONL; the format is detected unless given.
  --html    write one self-contained page (inline CSS, no script) to OUT instead of
            printing the calls as text.
  --cwd     the session's working directory, when the log does not say it.
  --title   the page's title (default: the log's file name).
`

// Logs with at least this many lines get a progress line on stderr.
const PROGRESS_FROM = 5000

function main(argv: readonly string[]): number {
  let parsed: ReturnType<typeof parseOptions>
  try {
    parsed = parseOptions(argv)
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`)
    return 2
  }
  if (parsed.help) {
    process.stdout.write(USAGE)
    return 0
  }
  const { log, html, format, cwd, title } = parsed
  let text: string
  try {
    text = readFileSync(log, 'utf8')
  } catch (error) {
    process.stderr.write(`tool-render-intent: cannot read ${log}: ${(error as Error).message}\n`)
    return 1
  }
  const progress = progressLine(text)
  const { values, unreadable } = parseLogLines(text, progress)
  const detected = format ?? detectLogFormat(values)
  if (detected === undefined) {
    process.stderr.write(`tool-render-intent: ${log} is not an ACP, Claude Code or codex log that this tool recognises; pass --format\n`)
    return 1
  }
  const { updates, cwd: sessionCwd } = updatesOf(detected, values, cwd)
  const { records } = readAcpUpdates(updates)
  if (unreadable > 0) process.stderr.write(`tool-render-intent: ${unreadable} line(s) of ${log} are not JSON and were skipped\n`)
  if (html !== undefined) {
    writeFileSync(html, renderSessionHtml(records, { cwd: sessionCwd, title: title ?? basename(log) }))
    process.stderr.write(`tool-render-intent: ${records.length} card(s) from ${detected} log written to ${html}\n`)
  } else {
    process.stdout.write(textOf(records, sessionCwd))
  }
  return 0
}

function parseOptions(argv: readonly string[]) {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      html: { type: 'string' },
      format: { type: 'string' },
      cwd: { type: 'string' },
      title: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return { help: true as const, log: '', html: undefined, format: undefined, cwd: undefined, title: undefined }
  const [command, log, ...rest] = positionals
  if (command !== 'render')
    throw new Error(command === undefined ? 'tool-render-intent: no command' : `tool-render-intent: unknown command ${command}`)
  if (log === undefined) throw new Error('tool-render-intent render: no LOG given')
  if (rest.length > 0) throw new Error(`tool-render-intent render: unexpected ${rest.join(' ')}`)
  const format = values.format
  if (format !== undefined && format !== 'acp' && format !== 'claude-code' && format !== 'codex')
    throw new Error(`tool-render-intent render: --format must be acp, claude-code or codex, not ${format}`)
  return { help: false as const, log, html: values.html, format: format as LogFormat | undefined, cwd: values.cwd, title: values.title }
}

// The log as the updates an ACP client received: read from an ACP log, replayed through the presenters from the others.
function updatesOf(
  format: LogFormat,
  values: readonly unknown[],
  cwd: string | undefined,
): { updates: unknown[]; cwd: string | undefined } {
  switch (format) {
    case 'acp': {
      const read = acpLogUpdates(values)
      return { updates: read.updates, cwd: cwd ?? read.cwd }
    }
    case 'claude-code':
      return claudeCodeUpdates(values, cwd)
    case 'codex':
      return codexUpdates(values, cwd)
  }
}

// Each record as the text renderer draws it, a blank line between records;
// colour on a terminal. A sub-agent's calls are indented under the call that spawned them.
function textOf(records: readonly ToolCallRecord[], cwd: string | undefined): string {
  const blocks: string[] = []
  const depth = nesting(records)
  for (const record of records) {
    const indent = '  '.repeat(depth.get(record.toolCallId) ?? 0)
    const columns = process.stdout.columns
    const options = {
      color: process.stdout.isTTY === true,
      width: columns === undefined ? undefined : Math.max(20, columns - indent.length),
      cwd,
    }
    const status = record.status === undefined ? '' : `  [${record.status}]`
    let block = renderCallView(record.call, options) + status
    const result =
      record.result === undefined
        ? record.output
          ? renderResultView({ card: 'terminal', output: record.output }, options)
          : ''
        : renderResultView(record.result, options)
    if (result !== '') block += `\n${result}`
    blocks.push(indent === '' ? block : block.replace(/^/gm, indent))
  }
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`
}

/** How deep each call sits under the calls that spawned it (a parent the log does not hold counts as none). */
export function nesting(records: readonly ToolCallRecord[]): Map<string, number> {
  const parents = new Map<string, string>()
  for (const record of records) if (record.parentToolCallId !== undefined) parents.set(record.toolCallId, record.parentToolCallId)
  const ids = new Set(records.map((record) => record.toolCallId))
  const depth = new Map<string, number>()
  for (const record of records) {
    let level = 0
    const seen = new Set<string>([record.toolCallId])
    for (let parent = parents.get(record.toolCallId); parent !== undefined && !seen.has(parent); parent = parents.get(parent)) {
      seen.add(parent)
      if (ids.has(parent)) level++
    }
    depth.set(record.toolCallId, level)
  }
  return depth
}

// A line on stderr every tenth of a long log, rewritten in place on a terminal.
function progressLine(text: string): ((line: number, total: number) => void) | undefined {
  let lines = 0
  for (let at = text.indexOf('\n'); at !== -1 && lines < PROGRESS_FROM; at = text.indexOf('\n', at + 1)) lines++
  if (lines < PROGRESS_FROM) return undefined
  const tty = process.stderr.isTTY === true
  let next = 0
  return (line, total) => {
    if (line < next && line !== total) return
    next = line + Math.ceil(total / 10)
    const message = `tool-render-intent: read ${line} of ${total} lines`
    process.stderr.write(tty ? `\r${message}${line === total ? '\n' : ''}` : `${message}\n`)
  }
}

process.exitCode = main(process.argv.slice(2))
