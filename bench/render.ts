// The `render` command on a large ACP log, as text and as an HTML page,
// against a child that only reads the log and parses each line: CPU time,
// MB/s and peak RSS, each run a process of its own. The largest log's page
// is then opened in headless Chromium (scripts/page-load.mjs): its contents
// and its largest part, their load time and DOM element count.
import { spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { median } from './measure.js'
import type * as PageLoad from '../scripts/page-load.mjs'
import { type Area, commandOf, loadNow, times } from './report.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
// Three sizes, to show time linear and memory flat in the log's size, up to
// the 200 MB session the page is cut into parts for.
const LOG_SIZES_MB = [50, 100, 200] as const
const RUNS = 1
// The pages opened in Chromium: the largest log's.
const PAGE_LOG_MB = LOG_SIZES_MB[LOG_SIZES_MB.length - 1]

// scripts/page-load.mjs, loaded from the checkout when it runs (the bench's bundle leaves it, and playwright-core, out).
const pageLoad = () => import(pathToFileURL(join(root, 'scripts/page-load.mjs')).href) as Promise<typeof PageLoad>

const rpc = (update: object) => JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update } })

// An ACP log of about `megabytes` MB: read cards, message chunks, commands with streamed terminal output.
function writeLog(path: string, megabytes: number): void {
  const fd = openSync(path, 'w')
  const output = 'PASS src/some/test/file.test.ts (12 tests) \u001b[32m35ms\u001b[39m\n'.repeat(400)
  let written = 0
  for (let call = 0; written < megabytes * 1e6; call++) {
    const lines = [
      rpc({ sessionUpdate: 'tool_call', toolCallId: `r${call}`, title: `Read src/file${call}.ts`, kind: 'read', status: 'completed' }),
      rpc({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Looking at the *tests*.' } }),
      rpc({
        sessionUpdate: 'tool_call',
        toolCallId: `b${call}`,
        title: 'npm test',
        kind: 'execute',
        status: 'in_progress',
        content: [{ type: 'terminal', terminalId: `t${call}` }],
        _meta: { terminal_info: { terminal_id: `t${call}`, cwd: '/repo' } },
      }),
    ]
    for (let piece = 0; piece < 4; piece++)
      lines.push(
        rpc({
          sessionUpdate: 'tool_call_update',
          toolCallId: `b${call}`,
          _meta: { terminal_output: { terminal_id: `t${call}`, data: output } },
        }),
      )
    lines.push(
      rpc({
        sessionUpdate: 'tool_call_update',
        toolCallId: `b${call}`,
        status: 'completed',
        _meta: { terminal_exit: { terminal_id: `t${call}`, exit_code: 0 } },
      }),
    )
    const text = `${lines.join('\n')}\n`
    writeSync(fd, text)
    written += Buffer.byteLength(text)
  }
  closeSync(fd)
}

// The anchor: read the log a line at a time, as the command does, and parse each line.
const PARSE_ONLY = `import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
let count = 0
for await (const line of createInterface({ input: createReadStream(process.argv[2]), crlfDelay: Infinity })) if (line) count += JSON.parse(line) ? 1 : 0
if (count === 0) process.exit(1)
`

// The page-load rows in a sentence: each page's load time and DOM elements, or why they were not measured.
function pageSummary(rows: readonly (readonly string[])[]): string {
  const [first] = rows
  if (first === undefined) return ''
  if (first[1].startsWith('not run')) return `Its ${first[0]} page in Chromium: ${first[1]}.`
  return `Its ${first[0]} page in Chromium: ${rows.map((row) => `${row[1].replace(/ \(.*\)$/, '')} loads in ${row[4]} s with ${row[3]} DOM elements`).join(', ')}.`
}

interface Run {
  readonly status: number | null
  readonly cpu: number
  readonly wall: number
  readonly rss: number
}

// One child under GNU time: its CPU seconds, wall seconds and peak RSS (MiB).
function timed(args: readonly string[]): Run {
  const child = spawnSync('/usr/bin/time', ['-f', 'TIME %U %S %e %M', process.execPath, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 1 << 26,
  })
  const match = /TIME (\S+) (\S+) (\S+) (\d+)/.exec(child.stderr)
  if (!match) throw new Error(`no timing from /usr/bin/time: ${child.stderr.slice(-500)}`)
  return { status: child.status, cpu: Number(match[1]) + Number(match[2]), wall: Number(match[3]), rss: Number(match[4]) / 1024 }
}

// How the contents page and the largest part opened in Chromium, as rows; a row that says why when they could not be opened.
async function pageLoadRows(log: string, contents: string, largestPart: string | undefined): Promise<string[][]> {
  const { chromiumMissing, loadPages } = await pageLoad()
  const pages = [contents, ...(largestPart === undefined ? [] : [largestPart])]
  const notRun = (why: string) => [[log, `not run: ${why}`, '—', '—', '—', '—', loadNow(), commandOf('render')]]
  const missing = chromiumMissing()
  if (missing !== undefined) return notRun(missing)
  try {
    const loads = await loadPages(pages)
    return loads.map((load) => [
      log,
      load.page === contents ? 'the contents (OUT)' : 'the largest part (OUT.N.html)',
      (load.bytes / 1e3).toFixed(0),
      load.elements.toLocaleString('en-US'),
      load.loadSeconds.toFixed(2),
      load.searchReadySeconds.toFixed(2),
      loadNow(),
      commandOf('render'),
    ])
  } catch (error) {
    return notRun(`Chromium failed: ${String(error).split('\n')[0]}`)
  }
}

/** Runs the render section. */
export async function runRender(): Promise<Area> {
  if (!existsSync('/usr/bin/time')) throw new Error('the render section needs GNU time at /usr/bin/time')
  const dir = mkdtempSync(join(tmpdir(), 'tri-bench-render-'))
  try {
    const parseOnly = join(dir, 'parse-only.mjs')
    writeFileSync(parseOnly, PARSE_ONLY)
    const cli = join(root, 'dist/cli/main.js')
    const rows: string[][] = []
    const rates: Record<'text' | 'html', string[]> = { text: [], html: [] }
    const peaks: Record<'text' | 'html', number[]> = { text: [], html: [] }
    let sizes = ''
    let pageRows: string[][] = []
    for (const size of LOG_SIZES_MB) {
      const log = join(dir, `log-${size}.jsonl`)
      writeLog(log, size)
      const megabytes = statSync(log).size / 1e6
      sizes += `${sizes === '' ? '' : ', '}${megabytes.toFixed(0)}`
      const modes = {
        text: [cli, 'render', log, '--format', 'acp', '--cwd', '/repo'],
        html: [cli, 'render', log, '--format', 'acp', '--html', join(dir, 'page.html')],
      }
      const runs: Record<'text' | 'html' | 'anchor', Run[]> = { text: [], html: [], anchor: [] }
      for (let round = 0; round < RUNS; round++) {
        runs.anchor.push(timed([parseOnly, log]))
        runs.text.push(timed(modes.text))
        runs.html.push(timed(modes.html))
      }
      const anchor = median(runs.anchor.map((run) => run.cpu))
      // A long session's page is cut into parts (page.html the contents, page.N.html the parts): how many, and the largest.
      const parts = readdirSync(dir).filter((name) => /^page\.\d+\.html$/.test(name))
      const largest = Math.max(statSync(join(dir, 'page.html')).size, ...parts.map((name) => statSync(join(dir, name)).size)) / 1e6
      if (size === PAGE_LOG_MB) {
        const largestPart = parts.reduce<string | undefined>(
          (found, name) => (found === undefined || statSync(join(dir, name)).size > statSync(join(dir, found)).size ? name : found),
          undefined,
        )
        pageRows = await pageLoadRows(`${megabytes.toFixed(0)} MB`, join(dir, 'page.html'), largestPart && join(dir, largestPart))
      }
      for (const name of parts) rmSync(join(dir, name), { force: true })
      for (const mode of ['text', 'html'] as const) {
        const cpu = median(runs[mode].map((run) => run.cpu))
        const failed = runs[mode].find((run) => run.status !== 0)
        if (failed) throw new Error(`render --${mode} exited with ${failed.status}`)
        const peak = Math.max(...runs[mode].map((run) => run.rss))
        rates[mode].push((megabytes / cpu).toFixed(1))
        peaks[mode].push(peak)
        rows.push([
          `${megabytes.toFixed(0)} MB`,
          mode === 'text'
            ? 'text (stdout)'
            : `HTML page (--html): ${parts.length === 0 ? 'one page' : `${parts.length} parts`}, the largest ${largest.toFixed(1)} MB`,
          cpu.toFixed(2),
          median(runs[mode].map((run) => run.wall)).toFixed(2),
          (megabytes / cpu).toFixed(1),
          anchor.toFixed(2),
          times(cpu / anchor),
          peak.toFixed(0),
          loadNow(),
          commandOf('render'),
        ])
      }
      rmSync(log, { force: true })
    }
    const spread = (values: number[]) => `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`
    return {
      id: 'render',
      title: 'The render command',
      method: `\`tool-render-intent render <log> --format acp\` (the built \`dist/cli/main.js\`) on ACP logs of ${sizes} MB of read cards, message chunks and commands with streamed, coloured terminal output, as text to stdout and as an HTML page (cut into parts of at most 2 MB or 1000 cards and messages, after a page of contents); each run a process of its own under GNU time, ${RUNS} run per size (CPU time: user + system). The anchor, run in turns with it: a Node process that reads the same log a line at a time and parses each line (\`JSON.parse\`), nothing more. MB/s is log megabytes (10^6) per CPU second; the same MB/s at every size is linear time, the same peak RSS flat memory. No target here: the memory bound, from the hostile-input issue, is a 1 GB log rendered within 512 MiB of peak RSS, checked by \`node bench/cli-soak.mjs\` (100, 300 and 1000 MB). The ${PAGE_LOG_MB} MB log's page is then opened as a person opens it, scripts on, in headless Chromium (\`scripts/page-load.mjs\`, through playwright-core: Debian's \`/usr/bin/chromium\`, or \`CHROMIUM_PATH\`; \`apt-get install -y chromium\`), its contents (the page \`--html OUT\` names) and its largest part, each in a fresh context of 1200 × 900: the time from navigation to the load event and to the search script's first count, and the DOM element count once loaded. Without Chromium that table says so.`,
      header: ['log', 'output', 'CPU s', 'wall s', 'MB/s', 'anchor (parse only) CPU s', 'ours ÷ anchor', 'peak RSS MiB', 'load', 'command'],
      rows,
      tables: [
        {
          caption: `The ${PAGE_LOG_MB} MB log's page in headless Chromium:`,
          header: ['log', 'page', 'size kB', 'DOM elements', 'load event s', 'search ready s', 'load', 'command'],
          rows: pageRows,
        },
      ],
      summary: `**\`render\`** of ${sizes} MB ACP logs: ${rates.text.join(' / ')} MB/s as text and ${rates.html.join(' / ')} MB/s as an HTML page, peak RSS ${spread(peaks.text)} MiB and ${spread(peaks.html)} MiB. ${pageSummary(pageRows)}`,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
