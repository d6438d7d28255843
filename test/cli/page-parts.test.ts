// A long session's page is cut into parts of bounded size: the page asked
// for becomes the contents, linking each part and each turn in it.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')
const cli = (...args: string[]) => spawnSync(process.execPath, [join(root, 'dist/cli/main.js'), ...args], { encoding: 'utf8' })

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs', '--package'], { cwd: root, stdio: 'inherit' })
})

const rpc = (update: object) => JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update } })

/** An ACP log of `turns` prompts, each followed by `calls` finished commands. */
function log(turns: number, calls: number): string {
  const lines: string[] = []
  for (let turn = 0; turn < turns; turn++) {
    lines.push(rpc({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: `prompt <${turn}>` } }))
    for (let call = 0; call < calls; call++)
      lines.push(rpc({ sessionUpdate: 'tool_call', toolCallId: `c${turn}-${call}`, title: 'ls', kind: 'execute', status: 'completed' }))
  }
  return `${lines.join('\n')}\n`
}

describe('render --html cuts a long session into parts', () => {
  it('keeps a session that fits as one page, with no parts beside it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tri-parts-'))
    writeFileSync(join(dir, 'short.jsonl'), log(3, 10))
    expect(cli('render', join(dir, 'short.jsonl'), '--html', join(dir, 'short.html')).status).toBe(0)
    expect(readdirSync(dir).sort()).toStrictEqual(['short.html', 'short.jsonl'])
  })

  it('writes parts of at most 1000 cards and messages, linked in order, and a contents page of every turn', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tri-parts-'))
    writeFileSync(join(dir, 'long.jsonl'), log(25, 99))
    const run = cli('render', join(dir, 'long.jsonl'), '--html', join(dir, 'long.html'))
    expect(run.status).toBe(0)
    expect(readdirSync(dir).sort()).toStrictEqual(['long.1.html', 'long.2.html', 'long.3.html', 'long.html', 'long.jsonl'])
    const part = (n: number) => readFileSync(join(dir, `long.${n}.html`), 'utf8')
    const pieces = (html: string) => (html.match(/<details class="tri-card|<section class="tri-message/g) ?? []).length
    expect([1, 2, 3].map((n) => pieces(part(n)))).toStrictEqual([1000, 1000, 500])
    expect(part(1)).toContain('<nav class="tri-parts" aria-label="Parts"><a href="long.2.html">Part 2 →</a></nav>')
    expect(part(2)).toContain('Part 2 · <a href="long.1.html">← part 1</a> · <a href="long.html">all turns</a>')
    expect(part(3)).not.toContain('Part 4')
    // Turns are numbered across the parts.
    expect(part(2)).toContain('<h2 class="tri-turn" id="turn-11">Turn 11</h2>')
    const contents = readFileSync(join(dir, 'long.html'), 'utf8')
    expect(contents).toContain('A long session, in 3 parts: 2475 cards, 25 turns.')
    expect(contents).toContain('<li><a href="long.1.html">Part 1</a> <span class="tri-note">turns 1–10</span></li>')
    expect(contents).toContain('<li><a href="long.2.html#turn-11">prompt &lt;10&gt;</a></li>')
    expect(contents).toContain('<li><a href="long.3.html#turn-25">prompt &lt;24&gt;</a></li>')
  })
})
