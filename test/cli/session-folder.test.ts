// `render FOLDER --out DIR`: one page per log, an index linking them, and
// every file that is not a log named on stderr with a non-zero exit.
import { execFileSync, spawnSync } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')
const example = join(root, 'examples/sessions/cart-fix.claude-code.jsonl')
const cli = (...args: string[]) => spawnSync(process.execPath, [join(root, 'dist/cli/main.js'), ...args], { encoding: 'utf8' })

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs', '--package'], { cwd: root, stdio: 'inherit' })
})

/** A folder of two sessions (one in a subfolder), with `extra` files beside them. */
function folder(extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'tri-folder-'))
  copyFileSync(example, join(dir, 'cart-fix.jsonl'))
  mkdirSync(join(dir, 'older'))
  copyFileSync(join(root, 'test/cli/fixtures/gemini-cli-session.jsonl'), join(dir, 'older', 'gemini.jsonl'))
  mkdirSync(join(dir, '.hidden'))
  writeFileSync(join(dir, '.hidden', 'not-read.jsonl'), 'not json\n')
  writeFileSync(join(dir, 'notes.txt'), 'not a log, not looked at\n')
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, name), text)
  return dir
}

describe('render FOLDER --out DIR', () => {
  it('writes one page per log under DIR, mirroring the folder, and an index that links each', () => {
    const dir = folder()
    const out = join(dir, 'site')
    const run = cli('render', dir, '--out', out, '--title', 'My <sessions>')
    expect(run.stderr).toContain('2 session pages and an index written to')
    expect(run.status).toBe(0)
    expect(existsSync(join(out, 'cart-fix.jsonl.html'))).toBe(true)
    expect(existsSync(join(out, 'older/gemini.jsonl.html'))).toBe(true)
    const index = readFileSync(join(out, 'index.html'), 'utf8')
    expect(index).toContain('<title>My &lt;sessions&gt;</title>')
    expect(index).toContain(
      '<a href="./cart-fix.jsonl.html">cart-fix.jsonl</a></td><td>claude-code</td><td>2026-11-30T10:01:00.000Z</td><td>1</td><td>7</td><td>The cart total test fails. Fix it.</td>',
    )
    expect(index).toContain('<a href="./older/gemini.jsonl.html">older/gemini.jsonl</a></td><td>gemini-cli</td>')
    expect(index).not.toContain('not-read')
    // The output folder inside the input is not read as logs on a second run.
    expect(cli('render', dir, '--out', out).status).toBe(0)
  })

  it('reads a Kimi CLI session once: its wire log, not the context beside it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tri-kimi-'))
    const session = join(dir, 'wd_shop', 'session_1')
    mkdirSync(session, { recursive: true })
    copyFileSync(join(root, 'test/cli/fixtures/kimi-cli-context.jsonl'), join(session, 'context.jsonl'))
    copyFileSync(join(root, 'test/cli/fixtures/kimi-cli-wire.jsonl'), join(session, 'wire.jsonl'))
    const out = join(dir, 'site')
    const run = cli('render', dir, '--out', out)
    expect(run.status).toBe(0)
    expect(existsSync(join(out, 'wd_shop/session_1/wire.jsonl.html'))).toBe(true)
    expect(existsSync(join(out, 'wd_shop/session_1/context.jsonl.html'))).toBe(false)
    // Alone, a context is read.
    const only = mkdtempSync(join(tmpdir(), 'tri-kimi-'))
    copyFileSync(join(root, 'test/cli/fixtures/kimi-cli-context.jsonl'), join(only, 'context.jsonl'))
    expect(cli('render', only, '--out', join(only, 'site')).status).toBe(0)
    expect(existsSync(join(only, 'site', 'context.jsonl.html'))).toBe(true)
  })

  it('reads an opencode storage tree as one page per session, not a page per message or part', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tri-opencode-'))
    cpSync(join(root, 'test/cli/fixtures/opencode-storage'), join(dir, 'storage'), { recursive: true })
    const out = join(dir, 'site')
    const run = cli('render', dir, '--out', out)
    expect(run.stderr).toContain('2 session pages and an index written to')
    expect(run.status).toBe(0)
    const sessions = 'storage/session/9f1c2d3e4b5a69788796a5b4c3d2e1f001234567'
    const index = readFileSync(join(out, 'index.html'), 'utf8')
    expect(index).toContain(
      `<a href="./${sessions}/ses_3a1f0c9e2ffe1QbX7kV2mJ4nHd.json.html">${sessions}/ses_3a1f0c9e2ffe1QbX7kV2mJ4nHd.json</a></td><td>opencode</td><td>2026-03-02T09:00:00.000Z</td><td>1</td><td>2</td><td>The cart total test fails. Run it and fix the total.</td>`,
    )
    expect(index).toContain(`${sessions}/ses_3a1e77d01ffeGq0aZ1bX2cY3dE.json</a></td><td>opencode</td>`)
    expect(existsSync(join(out, 'storage/message'))).toBe(false)
    expect(existsSync(join(out, 'storage/part'))).toBe(false)
    const page = readFileSync(join(out, `${sessions}/ses_3a1f0c9e2ffe1QbX7kV2mJ4nHd.json.html`), 'utf8')
    expect(page).toContain('<span class="tri-note">9120 in, 60 out tokens</span>')
    expect(page).toContain('18300 in, 100 out tokens in all')
    // One session file alone, with --html, is read from the tree around it.
    const one = join(dir, 'one.html')
    expect(cli('render', join(dir, sessions, 'ses_3a1e77d01ffeGq0aZ1bX2cY3dE.json'), '--html', one).status).toBe(0)
    expect(readFileSync(one, 'utf8')).toContain('List the files')
  })

  it('names each file that is not a log on stderr, leaves it out of the index, and exits 1', () => {
    const dir = folder({ 'broken.jsonl': 'not json\n', 'a <b>.json': '{"unrelated": true}\n' })
    const out = mkdtempSync(join(tmpdir(), 'tri-out-'))
    const run = cli('render', dir, '--out', out)
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('2 files skipped, not a log this tool reads: "a <b>.json", "broken.jsonl"')
    const index = readFileSync(join(out, 'index.html'), 'utf8')
    expect(index).toContain('<p class="tri-note">2 sessions</p>')
    expect(index).not.toContain('broken')
  })

  it('says clearly what is wrong with the command line, exit status 2', () => {
    const dir = folder()
    const noOut = cli('render', dir)
    expect(noOut.status).toBe(2)
    expect(noOut.stderr).toContain('LOG is a folder; say where its pages go with --out DIR')
    const html = cli('render', dir, '--html', join(dir, 'x.html'))
    expect(html.status).toBe(2)
    expect(html.stderr).toContain('write its pages with --out DIR, not --html')
    const outForOne = cli('render', example, '--out', dir)
    expect(outForOne.status).toBe(2)
    expect(outForOne.stderr).toContain('--out is for a folder of logs')
  })

  it('reports a folder without logs and exits 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tri-empty-'))
    const run = cli('render', dir, '--out', join(dir, 'site'))
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('holds no log')
  })
})
