// The `render` command on a large ACP log, as text and as an HTML page, and
// on a Claude Code session file as a page beside claude-code-log's (when
// CLAUDE_CODE_LOG names it), against a child that only reads the log and
// parses each line: CPU time, MB/s and peak RSS, each run a process of its
// own. The largest logs' pages are then opened in headless Chromium
// (scripts/page-load.mjs): their load time and DOM element count.
import { spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { writeClaudeCodeSession } from './claude-code-session.js'
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

interface Run {
  readonly status: number | null
  readonly cpu: number
  readonly wall: number
  readonly rss: number
}

// One child under GNU time: its CPU seconds, wall seconds and peak RSS (MiB), and the end of its stderr.
function timed(command: string, args: readonly string[]): Run & { readonly stderr: string } {
  const child = spawnSync('/usr/bin/time', ['-f', 'TIME %U %S %e %M', command, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 1 << 26,
  })
  const match = /TIME (\S+) (\S+) (\S+) (\d+)/.exec(child.stderr)
  if (!match) throw new Error(`no timing from /usr/bin/time: ${child.stderr.slice(-500)}`)
  // What the child said last, without GNU time's own words.
  const stderr = child.stderr
    .slice(0, match.index)
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^Command (exited|terminated)/.test(line))
    .slice(-2)
    .map((line) => line.replace(/^\/usr\/bin\/time: /, ''))
    .join(' ')
  return { status: child.status, cpu: Number(match[1]) + Number(match[2]), wall: Number(match[3]), rss: Number(match[4]) / 1024, stderr }
}

/** A kind of log the section renders, and what runs on it. */
interface Input {
  readonly name: string
  readonly format: 'acp' | 'claude-code'
  readonly write: (path: string, megabytes: number) => void
  /** Ours as text too (ACP); or the page only, beside claude-code-log's (Claude Code). */
  readonly text: boolean
}

const INPUTS: readonly Input[] = [
  { name: 'ACP', format: 'acp', write: writeLog, text: true },
  { name: 'Claude Code', format: 'claude-code', write: writeClaudeCodeSession, text: false },
]

// claude-code-log as the person running the bench installed it: the command CLAUDE_CODE_LOG names.
const CLAUDE_CODE_LOG = process.env.CLAUDE_CODE_LOG || undefined

// Its version, when it says one (`--version`).
function versionOf(command: string): string {
  const child = spawnSync(command, ['--version'], { encoding: 'utf8', timeout: 30_000 })
  const version = child.status === 0 ? /\d+\.\d+\S*/.exec(child.stdout)?.[0] : undefined
  return version === undefined ? '' : ` ${version}`
}

// The parts a page `render --html OUT` wrote beside OUT (OUT.N.html), and the largest of OUT and them.
function partsOf(page: string): { readonly parts: string[]; readonly largestPart: string | undefined; readonly largestMB: number } {
  const name = basename(page, '.html')
  const parts = readdirSync(dirname(page))
    .filter((file) => file.startsWith(`${name}.`) && /^\.\d+\.html$/.test(file.slice(name.length)))
    .map((file) => join(dirname(page), file))
  const sizeOf = (path: string) => statSync(path).size
  const largestPart = parts.reduce<string | undefined>(
    (found, path) => (found === undefined || sizeOf(path) > sizeOf(found) ? path : found),
    undefined,
  )
  return { parts, largestPart, largestMB: Math.max(sizeOf(page), ...parts.map(sizeOf)) / 1e6 }
}

/** A page to open in Chromium, and what its row says of it. */
interface PageToLoad {
  readonly log: string
  readonly by: string
  readonly page: string
  readonly path: string
  /** Ours: wait for the search script's first count. */
  readonly searchScript: boolean
}

// How each page opened in Chromium, as rows; one row that says why when none could be opened.
async function pageLoadRows(pages: readonly PageToLoad[]): Promise<string[][]> {
  const { chromiumMissing, loadPages } = await pageLoad()
  const notRun = (why: string) => [
    [pages.map((page) => page.log).find(Boolean) ?? '', '—', `not run: ${why}`, '—', '—', '—', '—', loadNow(), commandOf('render')],
  ]
  const missing = chromiumMissing()
  if (missing !== undefined) return notRun(missing)
  const rows: string[][] = []
  try {
    for (const page of pages) {
      const [load] = await loadPages([page.path], { searchScript: page.searchScript })
      rows.push([
        page.log,
        page.by,
        page.page,
        (load.bytes / 1e3).toFixed(0),
        load.elements.toLocaleString('en-US'),
        load.loadSeconds.toFixed(2),
        load.searchReadySeconds === undefined ? '—' : load.searchReadySeconds.toFixed(2),
        loadNow(),
        commandOf('render'),
      ])
    }
  } catch (error) {
    return notRun(`Chromium failed: ${String(error).split('\n')[0]}`)
  }
  return rows
}

// The page-load rows in a sentence, by log: each page's load time and DOM elements, or why they were not measured.
function pageSummary(rows: readonly (readonly string[])[]): string {
  const [first] = rows
  if (first === undefined) return ''
  if (first[2].startsWith('not run')) return `The ${PAGE_LOG_MB} MB pages in Chromium: ${first[2]}.`
  const logs = [...new Set(rows.map((row) => row[0]))]
  const said = logs.map((log) => {
    const pages = rows.filter((row) => row[0] === log)
    return `${log}: ${pages.map((row, index) => `${row[1]} ${row[2].replace(/^(the|its) /, '').replace(/ \(.*\)$/, '')} ${row[5]} s (${row[4]}${index === 0 ? ' DOM elements' : ''})`).join(', ')}`
  })
  return `Load event in headless Chromium, ${said.join('; ')}.`
}

/** Runs the render section. */
export async function runRender(): Promise<Area> {
  if (!existsSync('/usr/bin/time')) throw new Error('the render section needs GNU time at /usr/bin/time')
  const dir = mkdtempSync(join(tmpdir(), 'tri-bench-render-'))
  try {
    const parseOnly = join(dir, 'parse-only.mjs')
    writeFileSync(parseOnly, PARSE_ONLY)
    const cli = join(root, 'dist/cli/main.js')
    const node = (args: readonly string[]) => timed(process.execPath, args)
    const theirs = CLAUDE_CODE_LOG === undefined ? undefined : `claude-code-log${versionOf(CLAUDE_CODE_LOG)}`
    const rows: string[][] = []
    // Per input: the figures the summary gives, one per size.
    const said = new Map<
      string,
      {
        sizes: string[]
        text: string[]
        html: string[]
        textPeak: number[]
        htmlPeak: number[]
        htmlWall: string[]
        theirWall: string[]
        theirPeak: string[]
      }
    >()
    let theirFailure = CLAUDE_CODE_LOG === undefined ? 'not run: CLAUDE_CODE_LOG is not set to an installed claude-code-log command' : ''
    const toLoad: PageToLoad[] = []
    // claude-code-log's rows run only with it installed and named: their command says so.
    const theirCommand = '`CLAUDE_CODE_LOG=claude-code-log npm run bench -- render`'
    const row = (log: string, output: string, run: Run, anchor: number, megabytes: number, command = commandOf('render')) => [
      log,
      output,
      run.cpu.toFixed(2),
      run.wall.toFixed(2),
      (megabytes / run.cpu).toFixed(1),
      anchor.toFixed(2),
      times(run.cpu / anchor),
      run.rss.toFixed(0),
      loadNow(),
      command,
    ]
    for (const size of LOG_SIZES_MB) {
      for (const input of INPUTS) {
        const figures = said.get(input.name) ?? {
          sizes: [],
          text: [],
          html: [],
          textPeak: [],
          htmlPeak: [],
          htmlWall: [],
          theirWall: [],
          theirPeak: [],
        }
        said.set(input.name, figures)
        const log = join(dir, `${input.format}-${size}.jsonl`)
        input.write(log, size)
        const megabytes = statSync(log).size / 1e6
        const label = `${megabytes.toFixed(0)} MB ${input.name}`
        figures.sizes.push(megabytes.toFixed(0))
        const page = join(dir, `${input.format}-${size}.html`)
        // In turns: the anchor, ours (text, the page), claude-code-log.
        const anchor = node([parseOnly, log])
        const text = input.text ? node([cli, 'render', log, '--format', input.format, '--cwd', '/repo']) : undefined
        const html = node([cli, 'render', log, '--format', input.format, '--html', page])
        const theirPage = join(dir, `${input.format}-${size}.claude-code-log.html`)
        const their =
          input.format === 'claude-code' && CLAUDE_CODE_LOG !== undefined ? timed(CLAUDE_CODE_LOG, [log, '-o', theirPage]) : undefined
        for (const [mode, run] of [
          ['text', text],
          ['html', html],
        ] as const)
          if (run !== undefined && run.status !== 0)
            throw new Error(`render --${mode} of the ${label} log exited with ${run.status}: ${run.stderr}`)
        // A long session's page is cut into parts (OUT the contents, OUT.N.html the parts): how many, and the largest.
        const { parts, largestPart, largestMB } = partsOf(page)
        if (text !== undefined) {
          rows.push(row(label, 'ours: text (stdout)', text, anchor.cpu, megabytes))
          figures.text.push((megabytes / text.cpu).toFixed(1))
          figures.textPeak.push(text.rss)
        }
        rows.push(
          row(
            label,
            `ours: HTML page (--html), ${parts.length === 0 ? 'one page' : `${parts.length} parts`}, the largest ${largestMB.toFixed(1)} MB`,
            html,
            anchor.cpu,
            megabytes,
          ),
        )
        figures.html.push((megabytes / html.cpu).toFixed(1))
        figures.htmlPeak.push(html.rss)
        figures.htmlWall.push(html.wall.toFixed(2))
        if (input.format === 'claude-code') {
          if (their !== undefined && their.status !== 0)
            theirFailure ||= `failed: CLAUDE_CODE_LOG=${CLAUDE_CODE_LOG} exited with ${their.status}: ${their.stderr}`
          if (their !== undefined && their.status === 0) {
            rows.push(
              row(
                label,
                `${theirs}: one HTML page of ${(statSync(theirPage).size / 1e6).toFixed(1)} MB`,
                their,
                anchor.cpu,
                megabytes,
                theirCommand,
              ),
            )
            figures.theirWall.push(their.wall.toFixed(2))
            figures.theirPeak.push(their.rss.toFixed(0))
          } else
            rows.push([label, `claude-code-log: ${theirFailure}`, '—', '—', '—', anchor.cpu.toFixed(2), '—', '—', loadNow(), theirCommand])
        }
        if (size === PAGE_LOG_MB) {
          toLoad.push({ log: label, by: 'ours', page: 'the contents (OUT)', path: page, searchScript: true })
          if (largestPart !== undefined)
            toLoad.push({ log: label, by: 'ours', page: 'the largest part (OUT.N.html)', path: largestPart, searchScript: true })
          if (their?.status === 0) toLoad.push({ log: label, by: theirs ?? '', page: 'its one page', path: theirPage, searchScript: false })
        } else for (const path of [page, ...parts, theirPage]) rmSync(path, { force: true })
        rmSync(log, { force: true })
      }
    }
    const pageRows = await pageLoadRows(toLoad)
    const spread = (values: number[]) => `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`
    const acp = said.get('ACP')
    const claudeCode = said.get('Claude Code')
    if (acp === undefined || claudeCode === undefined) throw new Error('no figures')
    const against =
      claudeCode.theirWall.length > 0
        ? `, against claude-code-log's ${claudeCode.theirWall.join(' / ')} s and ${claudeCode.theirPeak.join(' / ')} MiB`
        : ` (claude-code-log ${theirFailure})`
    return {
      id: 'render',
      title: 'The render command',
      method: `\`tool-render-intent render <log> --format acp\` (the built \`dist/cli/main.js\`) on ACP logs of ${acp.sizes.join(', ')} MB of read cards, message chunks and commands with streamed, coloured terminal output, as text to stdout and as an HTML page (cut into parts of at most 2 MB or 1000 cards and messages, after a page of contents); and \`render <log> --format claude-code --html\` on Claude Code session files (JSONL, Claude Code's own format) of ${claudeCode.sizes.join(', ')} MB of the same calls, each a prompt every ten calls, reads and test runs as \`tool_use\` and \`tool_result\` entries with their \`toolUseResult\` (\`bench/claude-code-session.ts\`). The row to beat on that input is claude-code-log (daaain/claude-code-log, MIT, a Python tool), its HTML conversion \`claude-code-log <log> -o <page>\`, run when the environment variable \`CLAUDE_CODE_LOG\` names an installed claude-code-log command (as \`pip install claude-code-log\` installs it; the bench installs nothing, and without it the row says not run). Each run is a process of its own under GNU time, in turns, ${RUNS} run per size (CPU time: user + system; peak RSS of the process, a Python one for claude-code-log). The anchor, run in turns with them: a Node process that reads the same log a line at a time and parses each line (\`JSON.parse\`), nothing more. MB/s is log megabytes (10^6) per CPU second; the same MB/s at every size is linear time, the same peak RSS flat memory. No target here: the memory bound, from the hostile-input issue, is a 1 GB log rendered within 512 MiB of peak RSS, checked by \`node bench/cli-soak.mjs\` (100, 300 and 1000 MB). The ${PAGE_LOG_MB} MB logs' pages are then opened as a person opens them, scripts on, in headless Chromium (\`scripts/page-load.mjs\`, through playwright-core: Debian's \`/usr/bin/chromium\`, or \`CHROMIUM_PATH\`; \`apt-get install -y chromium\`): ours, the contents (the page \`--html OUT\` names) and the largest part; claude-code-log's one page. Each in a fresh context of 1200 × 900: the time from navigation to the load event and, on ours, to the search script's first count, and the DOM element count once loaded. Without Chromium that table says so.`,
      header: ['log', 'output', 'CPU s', 'wall s', 'MB/s', 'anchor (parse only) CPU s', '÷ anchor', 'peak RSS MiB', 'load', 'command'],
      rows,
      tables: [
        {
          caption: `The ${PAGE_LOG_MB} MB logs' pages in headless Chromium:`,
          header: ['log', 'by', 'page', 'size kB', 'DOM elements', 'load event s', 'search ready s', 'load', 'command'],
          rows: pageRows,
        },
      ],
      summary: `**\`render\`** of ${acp.sizes.join(', ')} MB ACP logs: ${acp.text.join(' / ')} MB/s as text and ${acp.html.join(' / ')} MB/s as an HTML page, peak RSS ${spread(acp.textPeak)} MiB and ${spread(acp.htmlPeak)} MiB. Of ${claudeCode.sizes.join(', ')} MB Claude Code session files, as an HTML page: ${claudeCode.htmlWall.join(' / ')} s wall and ${claudeCode.htmlPeak.map((peak) => peak.toFixed(0)).join(' / ')} MiB peak RSS${against}. ${pageSummary(pageRows)}`,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
