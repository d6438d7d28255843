// `render DIR --out OUT`: every session log in a folder as its own page,
// and an index page linking them. The folder is walked to a bounded depth
// and count; a file that is not a log, or that had lines skipped, is
// reported on stderr and makes the exit status non-zero.
import { lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { renderSessionIndexHtml, type SessionIndexEntry } from '../html/index-page.js'
import { isOpencodeStorage } from './opencode-storage.js'
import { printable } from './replay.js'

/** What rendering one log to a page gave, for the index. */
export interface PageSummary {
  format?: string
  written?: boolean
  cards?: number
  turns?: number
  firstPrompt?: string | undefined
  startedAt?: string | undefined
}

/** One log rendered to one page: its exit status (0 when every line was read), the summary filled in. */
export type RenderOne = (log: string, page: string, summary: PageSummary) => Promise<number>

// The file names read as logs.
const LOG_ENDINGS = ['.jsonl', '.ndjson', '.json', '.log']
// Kimi CLI keeps one session in two logs side by side: its wire log holds
// everything its context does, and the conversation's times and tokens.
// The context is left out when its wire log is there, so a session is one page.
const KIMI_CONTEXT = 'context.jsonl'
const KIMI_WIRE = 'wire.jsonl'
// How deep the walk goes, and how many logs it takes at most.
const MAX_DEPTH = 8
const MAX_LOGS = 10_000

/** The logs under `folder`, sorted by path: not in dot folders, not under `skip`, no symbolic links followed. */
export function sessionLogs(folder: string, skip: string): { logs: string[]; leftOut: number } {
  const logs: string[] = []
  let leftOut = 0
  const walk = (dir: string, depth: number, session = false) => {
    let names: string[]
    try {
      names = readdirSync(dir).sort()
    } catch {
      return
    }
    // opencode's storage tree: its sessions are read from `session/`, each with its messages and parts.
    const storage = names.includes('session') && isOpencodeStorage(dir)
    for (const name of names) {
      const path = join(dir, name)
      if (path === skip || (name === KIMI_CONTEXT && names.includes(KIMI_WIRE)) || (storage && name !== 'session')) continue
      let stat: ReturnType<typeof lstatSync>
      try {
        stat = lstatSync(path)
      } catch {
        continue
      }
      if (stat.isDirectory()) {
        // A Claude Code session's folder beside it holds its sub-agents' logs, read with the session.
        if (!name.startsWith('.') && depth < MAX_DEPTH && !(session && name === 'subagents'))
          walk(path, depth + 1, names.includes(`${name}.jsonl`))
      } else if (stat.isFile() && LOG_ENDINGS.some((ending) => name.endsWith(ending))) {
        if (logs.length < MAX_LOGS) logs.push(path)
        else leftOut++
      }
    }
  }
  walk(folder, 0)
  return { logs, leftOut }
}

/**
 * Renders every log under `folder` to `out/<its path>.html` and writes
 * `out/index.html`; resolves to the exit status: 0 when every log was
 * rendered whole, 1 when one was not (each such file named on stderr).
 */
export async function renderFolder(folder: string, out: string, title: string | undefined, renderOne: RenderOne): Promise<number> {
  const from = resolve(folder)
  const to = resolve(out)
  const { logs, leftOut } = sessionLogs(from, to)
  const entries: SessionIndexEntry[] = []
  const skipped: string[] = []
  let failed = false
  for (const log of logs) {
    const name = relative(from, log).split(sep).join('/')
    const page = join(to, `${relative(from, log)}.html`)
    mkdirSync(dirname(page), { recursive: true })
    const summary: PageSummary = {}
    const status = await renderOne(log, page, summary)
    if (status !== 0) failed = true
    if (summary.written !== true) {
      skipped.push(name)
      continue
    }
    entries.push({
      path: `${name}.html`,
      name,
      format: summary.format,
      startedAt: summary.startedAt,
      turns: summary.turns,
      cards: summary.cards,
      firstPrompt: summary.firstPrompt,
    })
  }
  mkdirSync(to, { recursive: true })
  const index = join(to, 'index.html')
  writeFileSync(index, renderSessionIndexHtml(entries, { title: title ?? basename(from) }))
  const say = (message: string) => process.stderr.write(`tool-render-intent: ${message}\n`)
  say(`${entries.length} session page${entries.length === 1 ? '' : 's'} and an index written to ${printable(index)}`)
  if (skipped.length > 0)
    say(`${skipped.length} file${skipped.length === 1 ? '' : 's'} skipped, not a log this tool reads: ${skipped.map(printable).join(', ')}`)
  if (leftOut > 0) say(`${leftOut} more log${leftOut === 1 ? '' : 's'} past the first ${MAX_LOGS} left out`)
  if (logs.length === 0) say(`${printable(folder)} holds no log (${LOG_ENDINGS.join(', ')} files)`)
  return failed || skipped.length > 0 || leftOut > 0 || logs.length === 0 ? 1 : 0
}
