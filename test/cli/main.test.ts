// The built command, run as a user runs it.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { SESSION_PAGE_SCRIPT } from '../../src/html/page-script.js'
import { sessionPagePolicy } from '../../src/html/page.js'

const root = join(import.meta.dirname, '../..')
const example = join(root, 'examples/sessions/cart-fix.claude-code.jsonl')
const cli = (...args: string[]) => spawnSync(process.execPath, [join(root, 'dist/cli/main.js'), ...args], { encoding: 'utf8' })

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs', '--package'], { cwd: root, stdio: 'inherit' })
})

describe('tool-render-intent render prints a session as text', () => {
  it('prints each card with its status, without colour when stdout is not a terminal', () => {
    const run = cli('render', example)
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('$ npm test -- cart  [failed]')
    expect(run.stdout).toContain('[x] Run the whole suite')
    expect(run.stdout).not.toContain('\u001b[')
  })
})

describe('tool-render-intent render --html writes one self-contained page', () => {
  it('writes a page with inline CSS, a policy that forbids other scripts and remote loads, and only its own script', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'tri-cli-')), 'page.html')
    const run = cli('render', example, '--html', out)
    expect(run.status).toBe(0)
    const page = readFileSync(out, 'utf8')
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="${sessionPagePolicy(false)}">`)
    expect(page.split('<script>')).toStrictEqual([expect.any(String), `${SESSION_PAGE_SCRIPT}</script>\n</body>\n</html>\n`])
    expect(page).not.toMatch(/<link|<iframe|<img /)
    // The turns' contents: one link per prompt.
    expect(page).toContain(
      '<nav class="tri-contents" aria-label="Turns"><h2>Turns</h2><ol><li><a href="#turn-1">The cart total test fails. Fix it.</a></li></ol>',
    )
    expect(page).toContain('<h2 class="tri-turn" id="turn-1">Turn 1</h2>')
    expect(page.match(/<details class="tri-card/g)).toHaveLength(7)
    expect(page).toContain('&lt;img src=&quot;https://tracker.example/pixel.png&quot;&gt;')
  })

  it('says how far it has read on stderr for a long log', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tri-cli-'))
    const log = join(dir, 'long.jsonl')
    const line = JSON.stringify({
      jsonrpc: '2.0',
      method: 'session/update',
      params: { sessionId: 's', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'x' } } },
    })
    writeFileSync(log, `${line}\n`.repeat(6000))
    const run = cli('render', log, '--html', join(dir, 'long.html'))
    expect(run.status).toBe(0)
    expect(run.stderr).toContain('tool-render-intent: read 6000 lines (100%)')
  })
})

describe('tool-render-intent --version', () => {
  it('prints package.json’s version and exits 0', () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
    expect(cli('--version')).toMatchObject({ status: 0, stdout: `${version}\n`, stderr: '' })
    expect(cli('-v').stdout).toBe(`${version}\n`)
  })
})

describe('tool-render-intent says what is wrong with its arguments', () => {
  it('exits 2 with the usage for an unknown command or format', () => {
    expect(cli('draw', example)).toMatchObject({ status: 2 })
    expect(cli('render', example, '--format', 'yaml').stderr).toContain('--format must be one of acp, claude-code, codex, gemini-cli')
  })

  it('exits 1 for a log it does not recognise', () => {
    const log = join(mkdtempSync(join(tmpdir(), 'tri-cli-')), 'other.jsonl')
    writeFileSync(log, '{"hello":"world"}\n')
    expect(cli('render', log)).toMatchObject({ status: 1 })
  })
})

describe("tool-render-intent render indents a sub-agent's calls under the call that spawned them", () => {
  it('reads the parent from an ACP log and indents the child, and its child further', async () => {
    const { createToolPresenter } = await import('../../src/acp/presenter.js')
    const { presenters } = await import('../../src/presenters/index.js')
    const presenter = createToolPresenter({ tools: presenters, cwd: '/repo' })
    const updates = [
      ...presenter.call('task', 'read', { file_path: '/repo/PLAN.md' }),
      ...presenter.call('child', 'read', { file_path: '/repo/src/a.ts' }, { parentToolCallId: 'task' }),
      ...presenter.call('grandchild', 'read', { file_path: '/repo/src/b.ts' }, { parentToolCallId: 'child' }),
    ]
    const log = updates
      .map((update) => JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update } }))
      .join('\n')
    const file = join(mkdtempSync(join(tmpdir(), 'tri-cli-')), 'nested.jsonl')
    writeFileSync(file, `${log}\n`)
    const run = cli('render', file, '--format', 'acp')
    expect(run.status).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines.find((line) => line.includes('PLAN.md'))).toMatch(/^\S/)
    expect(lines.find((line) => line.includes('src/a.ts'))).toMatch(/^ {2}\S/)
    expect(lines.find((line) => line.includes('src/b.ts'))).toMatch(/^ {4}\S/)
  })

  it('indents the calls of a child session announced with subagent_update under the call that spawned it', async () => {
    const { createToolPresenter } = await import('../../src/acp/presenter.js')
    const { presenters } = await import('../../src/presenters/index.js')
    const make = () => createToolPresenter({ tools: presenters, cwd: '/repo', clientCapabilities: { subagents: {} } as never })
    const parent = make()
    const child = make()
    const notifications = [
      ...parent.call('task', 'task', { description: 'Explore', prompt: 'Look around.' }).map((update) => ['s', update]),
      ...parent.subagent('task', { sessionId: 'child-1' }).map((update) => ['s', update]),
      ...child.call('child', 'read', { file_path: '/repo/src/a.ts' }, { parentToolCallId: 'task' }).map((update) => ['child-1', update]),
    ]
    const log = notifications
      .map(([sessionId, update]) => JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: { sessionId, update } }))
      .join('\n')
    const file = join(mkdtempSync(join(tmpdir(), 'tri-cli-')), 'child-session.jsonl')
    writeFileSync(file, `${log}\n`)
    const run = cli('render', file, '--format', 'acp')
    expect(run.status).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines.find((line) => line.includes('Explore'))).toMatch(/^\S/)
    expect(lines.find((line) => line.includes('src/a.ts'))).toMatch(/^ {2}\S/)
  })
})

describe('tool-render-intent render writes each card once its call has ended', () => {
  const acpLog = (messages: unknown[]) => {
    const file = join(mkdtempSync(join(tmpdir(), 'tri-cli-')), 'session.jsonl')
    writeFileSync(file, `${messages.map((message) => JSON.stringify(message)).join('\n')}\n`)
    return file
  }
  const update = (update: unknown) => ({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update } })

  it('shows a call left running by a cancelled prompt as cancelled', () => {
    const log = acpLog([
      { jsonrpc: '2.0', id: 7, method: 'session/prompt', params: { sessionId: 's', prompt: [] } },
      update({ sessionUpdate: 'tool_call', toolCallId: 'a', title: 'sleep 100', kind: 'execute', status: 'in_progress' }),
      { jsonrpc: '2.0', id: 7, result: { stopReason: 'cancelled' } },
    ])
    const run = cli('render', log, '--format', 'acp', '--cwd', '/repo')
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('[cancelled]')
  })

  it('shows a call an agent’s own log records as cancelled as cancelled, not failed', () => {
    const log = acpLog([
      { sessionId: 's', projectHash: 'h', startTime: 't', lastUpdated: 't', directories: ['/repo'] },
      {
        id: 'm1',
        timestamp: 't',
        type: 'gemini',
        content: '',
        toolCalls: [{ id: 'c1', name: 'run_shell_command', args: { command: 'sleep 100' }, status: 'cancelled' }],
      },
    ])
    const run = cli('render', log)
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('$ sleep 100  [cancelled]')
  })

  it('keeps the order the calls were made in, whichever ended first, in text and on the page', () => {
    const log = acpLog([
      update({ sessionUpdate: 'tool_call', toolCallId: 'a', title: 'Read first.ts', kind: 'read', status: 'in_progress' }),
      update({ sessionUpdate: 'tool_call', toolCallId: 'b', title: 'Read second.ts', kind: 'read', status: 'completed' }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'completed' }),
    ])
    const run = cli('render', log, '--format', 'acp', '--cwd', '/repo')
    expect(run.stdout.indexOf('first.ts')).toBeLessThan(run.stdout.indexOf('second.ts'))
    const out = join(mkdtempSync(join(tmpdir(), 'tri-cli-')), 'page.html')
    expect(cli('render', log, '--format', 'acp', '--html', out).status).toBe(0)
    const page = readFileSync(out, 'utf8')
    expect(page.indexOf('first.ts')).toBeLessThan(page.indexOf('second.ts'))
    expect(page.endsWith('</html>\n')).toBe(true)
  })

  it('reports an update for a call already written, and exits 1', () => {
    const log = acpLog([
      update({ sessionUpdate: 'tool_call', toolCallId: 'a', title: 'Read a.ts', kind: 'read', status: 'completed' }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'a', title: 'Read b.ts' }),
    ])
    const run = cli('render', log, '--format', 'acp', '--cwd', '/repo')
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('line 2: call already shown')
    expect(run.stderr).toContain('1 update for a call already shown')
  })
})

describe('tool-render-intent render shows the change a v2 permission prompt applied', () => {
  it("replaces the edit's call-time snippet with the subject's applied change", async () => {
    const { createToolPresenter } = await import('../../src/acp-v2/presenter.js')
    const { claudeCodePresenters, computeEditMeta } = await import('../../src/presenters/index.js')
    const presenter = createToolPresenter({ tools: claudeCodePresenters, cwd: '/repo' })
    const args = { file_path: '/repo/a.ts', old_string: 'let b = 2', new_string: 'let b = 3' }
    const before = 'let a = 1\nlet b = 2\nlet c = 3\n'
    const rpc = (update: unknown) => ({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update } })
    const messages = [
      ...presenter.call('e', 'Edit', args).map(rpc),
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'session/request_permission',
        params: { sessionId: 's', ...presenter.permission('e', { meta: computeEditMeta(before, args) }) },
      },
      ...presenter.start('e').map(rpc),
    ]
    const dir = mkdtempSync(join(tmpdir(), 'tri-cli-'))
    const log = join(dir, 'v2.jsonl')
    writeFileSync(log, `${messages.map((message) => JSON.stringify(message)).join('\n')}\n`)
    const out = join(dir, 'page.html')
    const run = cli('render', log, '--format', 'acp', '--html', out)
    expect(run.stderr).not.toContain('skipped')
    const page = readFileSync(out, 'utf8')
    expect(page).toContain('@@ -1,3 +1,3 @@')
    expect(page).not.toContain('where in the file: not known')
  })
})

describe("tool-render-intent render --html nests a sub-agent's calls", () => {
  it('indents the calls an ACP log attributes to a Task (by _meta.claudeCode.parentToolUseId) under it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tri-cli-'))
    const rpc = (update: object) => JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update } })
    const log = join(dir, 'subagent.jsonl')
    writeFileSync(
      log,
      `${[
        rpc({ sessionUpdate: 'tool_call', toolCallId: 'task', title: 'Task: find the bug', kind: 'think', status: 'in_progress' }),
        rpc({
          sessionUpdate: 'tool_call',
          toolCallId: 'grep',
          title: 'grep cartTotal',
          kind: 'search',
          status: 'completed',
          _meta: { claudeCode: { parentToolUseId: 'task' } },
        }),
        rpc({ sessionUpdate: 'tool_call_update', toolCallId: 'task', status: 'completed' }),
      ].join('\n')}\n`,
    )
    const out = join(dir, 'subagent.html')
    expect(cli('render', log, '--html', out).status).toBe(0)
    const page = readFileSync(out, 'utf8')
    expect(page.indexOf('id="call-task"')).toBeLessThan(
      page.indexOf('<div class="tri-subagent tri-depth-1"><details class="tri-card tri-generic tri-is-completed" open id="call-grep">'),
    )
  })
})

describe("tool-render-intent render --html nests a Claude Code sub-agent's calls", () => {
  it('indents a call whose stream-json message names its Task (parent_tool_use_id) under the Task', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tri-cli-'))
    const log = join(dir, 'stream.jsonl')
    const assistant = (content: object[], parent: string | null) =>
      JSON.stringify({ type: 'assistant', message: { role: 'assistant', content }, parent_tool_use_id: parent, session_id: 's' })
    const user = (content: object[], parent: string | null) =>
      JSON.stringify({ type: 'user', message: { role: 'user', content }, parent_tool_use_id: parent, session_id: 's' })
    writeFileSync(
      log,
      `${[
        assistant([{ type: 'tool_use', id: 'task', name: 'Task', input: { description: 'Find the bug', prompt: 'Look' } }], null),
        assistant([{ type: 'tool_use', id: 'ls', name: 'Bash', input: { command: 'ls' } }], 'task'),
        user([{ type: 'tool_result', tool_use_id: 'ls', content: 'a.ts' }], 'task'),
        user([{ type: 'tool_result', tool_use_id: 'task', content: 'Found it.' }], null),
      ].join('\n')}\n`,
    )
    const out = join(dir, 'stream.html')
    expect(cli('render', log, '--html', out, '--format', 'claude-code').status).toBe(0)
    const page = readFileSync(out, 'utf8')
    expect(page).toMatch(/id="call-task"[\s\S]*<div class="tri-subagent tri-depth-1"><details [^>]*id="call-ls">/)
  })

  it('indents a session file’s sidechain call under the Task running, and opens no turn for its prompt', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tri-cli-'))
    const log = join(dir, 'session.jsonl')
    const entry = (uuid: string, role: string, content: unknown, isSidechain = false) =>
      JSON.stringify({ type: role, uuid, isSidechain, cwd: '/repo', sessionId: 's', message: { role, content } })
    writeFileSync(
      log,
      `${[
        entry('u1', 'user', 'Find the bug'),
        entry('a1', 'assistant', [{ type: 'tool_use', id: 'task', name: 'Task', input: { description: 'Find it', prompt: 'Look' } }]),
        entry('s1', 'user', 'Look', true),
        entry('s2', 'assistant', [{ type: 'tool_use', id: 'ls', name: 'Bash', input: { command: 'ls' } }], true),
        entry('s3', 'user', [{ type: 'tool_result', tool_use_id: 'ls', content: 'a.ts' }], true),
        entry('u2', 'user', [{ type: 'tool_result', tool_use_id: 'task', content: 'Found it.' }]),
      ].join('\n')}\n`,
    )
    const out = join(dir, 'session.html')
    expect(cli('render', log, '--html', out).status).toBe(0)
    const page = readFileSync(out, 'utf8')
    expect(page).toMatch(/id="call-task"[\s\S]*<div class="tri-subagent tri-depth-1"><details [^>]*id="call-ls">/)
    expect(page).not.toContain('id="turn-2"')
    expect(cli('render', log).stdout).toContain('\n  $ ls')
  })

  it('reads a sub-agent’s own log (subagents/agent-<id>.jsonl) when its Task ends, its calls right under the Task', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tri-cli-'))
    const log = join(dir, 'session.jsonl')
    const entry = (uuid: string, role: string, content: unknown, extra: object = {}) =>
      JSON.stringify({ type: role, uuid, isSidechain: false, cwd: '/repo', sessionId: 's', message: { role, content }, ...extra })
    const call = (id: string, name: string, input: object) => ({ type: 'tool_use', id, name, input })
    writeFileSync(
      log,
      `${[
        entry('u1', 'user', 'Find the bug'),
        entry('a1', 'assistant', [call('task', 'Task', { description: 'Find it', prompt: 'Look' })]),
        entry('u2', 'user', [
          {
            type: 'tool_result',
            tool_use_id: 'task',
            content: [
              { type: 'text', text: 'Found it.' },
              { type: 'text', text: 'agentId: a1b2c3 (for resuming)' },
            ],
          },
        ]),
        entry('a2', 'assistant', [call('after', 'Bash', { command: 'git diff' })]),
        entry('u3', 'user', [{ type: 'tool_result', tool_use_id: 'after', content: '' }]),
      ].join('\n')}\n`,
    )
    mkdirSync(join(dir, 'session', 'subagents'), { recursive: true })
    writeFileSync(
      join(dir, 'session', 'subagents', 'agent-a1b2c3.jsonl'),
      `${[
        entry('s1', 'user', 'Look', { isSidechain: true, agentId: 'a1b2c3' }),
        entry('s2', 'assistant', [call('ls', 'Bash', { command: 'ls' })], { isSidechain: true, agentId: 'a1b2c3' }),
        'not json',
        entry('s3', 'user', [{ type: 'tool_result', tool_use_id: 'ls', content: 'a.ts' }], { isSidechain: true, agentId: 'a1b2c3' }),
      ].join('\n')}\n`,
    )
    const out = join(dir, 'session.html')
    const run = cli('render', log, '--html', out)
    expect(run.stderr).toContain('line 3: not JSON (subagents/agent-a1b2c3.jsonl line 3: it does not parse); skipped')
    expect(run.status).toBe(1)
    const page = readFileSync(out, 'utf8')
    expect(page).toMatch(/id="call-task"[\s\S]*<div class="tri-subagent tri-depth-1"><details [^>]*id="call-ls">[\s\S]*id="call-after"/)
    // In a folder, the sub-agent's log is read with its session, not as a page of its own.
    const site = join(dir, 'site')
    cli('render', dir, '--out', site)
    expect(existsSync(join(site, 'session.jsonl.html'))).toBe(true)
    expect(existsSync(join(site, 'session/subagents/agent-a1b2c3.jsonl.html'))).toBe(false)
  })
})

describe('tool-render-intent render --html shows the conversation', () => {
  it("puts the user's prompt and the assistant's text among the cards, in log order", () => {
    const out = join(mkdtempSync(join(tmpdir(), 'tri-cli-')), 'page.html')
    expect(cli('render', example, '--html', out).status).toBe(0)
    const page = readFileSync(out, 'utf8')
    const prompt = page.indexOf('The cart total test fails. Fix it.')
    const firstCard = page.indexOf('<details class="tri-card')
    const last = page.indexOf('Fixed: the total is summed in cents')
    expect(prompt).toBeGreaterThan(-1)
    expect(prompt).toBeLessThan(firstCard)
    expect(last).toBeGreaterThan(firstCard)
    expect(page).toContain('<time class="tri-note" datetime="2026-11-30T10:01:00.000Z">')
  })

  it('gives an opencode run’s last text the tokens of the step it ended, read when the run is over', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'tri-cli-')), 'page.html')
    const run = cli('render', join(root, 'test/cli/fixtures/opencode-run.jsonl'), '--html', out, '--cwd', '/home/ada/shop')
    expect(run.status).toBe(0)
    const page = readFileSync(out, 'utf8')
    expect(page).toContain('<span class="tri-note">9120 in, 84 out tokens</span></header><div class="tri-markdown"><p>The total ignored')
    expect(page).toContain('9120 in, 84 out tokens in all')
  })

  it('keeps the text output to the calls', () => {
    const run = cli('render', example)
    expect(run.stdout).not.toContain('The cart total test fails. Fix it.')
  })
})
