import { describe, expect, it } from 'vitest'
import { copilotCliPresenters, globTool, grepTool } from 'tool-render-intent/presenters'
import { findTool } from '../../src/internal/tool-lookup.js'
import { toolsByName } from '../../src/internal/session-options.js'
import { type AgentToolsFixture, describeParity, describeProperties, plainView } from './agent-family.js'
import fixture from './fixtures/agent-tools/copilot-cli.json' with { type: 'json' }

const cwd = { cwd: '/repo' }
const tools = toolsByName(copilotCliPresenters)
const tool = (name: string) => findTool(tools, name)!
const call = (name: string, args: unknown) => plainView(tool(name).presentCall?.(args, cwd))

const EXAMPLES = {
  view: { view_range: [1, 30] },
  ask_user: { choices: ['PostgreSQL (Recommended)', 'SQLite'] },
}

// The calls of a published Copilot CLI 1.0.34 session (Mai0313/VibeCodingTracker, tests/fixtures/sessions/copilot.jsonl).
describe("GitHub Copilot CLI's tools, as its sessions show them", () => {
  it('renders the calls of a real session with their own cards', () => {
    expect(call('report_intent', { intent: 'Investigating Rust doc tools' })).toEqual({
      card: 'generic',
      kind: 'think',
      title: 'Investigating Rust doc tools',
      rawInput: { intent: 'Investigating Rust doc tools' },
    })
    expect(call('view', { path: '/home/wei/repo/VibeCodingTracker/Cargo.toml' })).toMatchObject({
      kind: 'read',
      locations: [{ path: '/home/wei/repo/VibeCodingTracker/Cargo.toml', line: 1 }],
    })
    expect(call('web_search', { query: 'best Rust documentation generation tools' })).toMatchObject({
      kind: 'fetch',
      title: 'Search "best Rust documentation generation tools"',
    })
  })

  it('views a range of lines, and creates and edits files with diffs', () => {
    expect(call('view', { path: '/repo/src/main.py', view_range: [150, 200] })).toMatchObject({
      title: 'Read src/main.py (150 - 200)',
      locations: [{ path: '/repo/src/main.py', line: 150 }],
    })
    expect(call('view', { path: '/repo/a.py', view_range: [10, -1] })).toMatchObject({ title: 'Read a.py (from line 10)' })
    expect(call('create', { path: '/repo/a.txt', file_text: 'hi' })).toMatchObject({
      card: 'diff',
      diffs: [{ path: '/repo/a.txt', oldText: null, newText: 'hi' }],
    })
    expect(call('edit', { path: '/repo/src/users.js', old_str: 'let userId = guid();', new_str: 'let userID = guid();' })).toMatchObject({
      card: 'diff',
      title: 'Edit src/users.js',
      diffs: [{ oldText: 'let userId = guid();', newText: 'let userID = guid();' }],
    })
  })

  it('runs a sync command in a terminal, an async one as a background job, and talks to it by shellId', () => {
    expect(call('bash', { command: 'cargo fmt --check', description: 'Check formatting', initial_wait: 30 })).toEqual({
      card: 'terminal',
      title: 'cargo fmt --check',
      description: 'Check formatting',
    })
    expect(call('bash', { command: 'npm run dev', mode: 'async' })).toMatchObject({
      card: 'generic',
      kind: 'execute',
      title: 'npm run dev',
    })
    expect(call('powershell', { command: 'azd up --no-prompt' })).toMatchObject({ card: 'terminal', title: 'azd up --no-prompt' })
    expect(call('read_bash', { shellId: '3' })).toMatchObject({ kind: 'read', title: 'Read output from background job 3' })
    expect(call('write_bash', { shellId: '3', input: 'y{enter}' })).toMatchObject({ kind: 'execute', title: 'Write to session 3' })
    expect(call('stop_bash', { shellId: '3' })).toMatchObject({ kind: 'execute', title: 'Kill background job 3' })
    expect(call('list_bash', {})).toMatchObject({ title: 'List background jobs' })
  })

  it("searches with Claude Code's grep and glob", () => {
    expect(tool('grep')).toBe(grepTool)
    expect(tool('glob')).toBe(globTool)
  })

  it('shows questions, memories, SQL, sub-agents and the end of the task', () => {
    expect(call('ask_user', { question: 'What database should I use?', choices: ['PostgreSQL', 'SQLite'] })).toMatchObject({
      kind: 'other',
      title: 'What database should I use?',
    })
    expect(call('store_memory', { subject: 'testing', fact: 'Run cargo test' })).toMatchObject({ title: 'Remember: testing' })
    expect(call('sql', { query: "UPDATE todos SET status = 'done' WHERE id = 'x'", description: 'Mark done' })).toEqual({
      card: 'generic',
      kind: 'execute',
      title: 'Mark done',
      content: [{ type: 'text', text: "```sql\nUPDATE todos SET status = 'done' WHERE id = 'x'\n```" }],
      rawInput: { query: "UPDATE todos SET status = 'done' WHERE id = 'x'", description: 'Mark done' },
    })
    expect(call('task', { description: 'Explore', prompt: 'Find it', agent_type: 'explore' })).toMatchObject({
      kind: 'think',
      title: 'Explore',
    })
    expect(call('read_agent', { agent_id: 'a1', wait: true })).toMatchObject({ title: 'Read agent a1' })
    expect(call('task_complete', { summary: 'Done.' })).toMatchObject({
      title: 'Task complete',
      content: [{ type: 'text', text: 'Done.' }],
    })
    expect(call('fetch_copilot_cli_documentation', {})).toMatchObject({ kind: 'fetch' })
  })
})

describe("Copilot CLI's MCP tools, named <server>-<tool>, and both common spellings", () => {
  it('are generic cards titled with the server and the tool', () => {
    expect(call('github-mcp-server-get_file_contents', { path: 'README.md' })).toEqual({
      card: 'generic',
      kind: 'other',
      title: 'github-mcp-server - get_file_contents (MCP)',
      rawInput: { path: 'README.md' },
    })
    expect(call('github-mcp-server-list', {})).toMatchObject({ title: 'github-mcp-server - list (MCP)' })
    expect(call('playwright-browser_navigate', {})).toMatchObject({ title: 'playwright - browser_navigate (MCP)' })
    expect(call('my-server-browser_navigate', {})).toMatchObject({ title: 'my-server - browser_navigate (MCP)' })
    expect(call('context7-resolve-library-id', {})).toMatchObject({ title: 'context7 - resolve-library-id (MCP)' })
    expect(call('mcp__github__create_issue', {})).toMatchObject({ title: 'github - create_issue (MCP)' })
    expect(call('mcp_github_create_issue', {})).toMatchObject({ title: 'github - create_issue (MCP)' })
  })

  it("leave Copilot CLI's own tools to their presenters, an MCP-routed web_search too", () => {
    expect(call('web_search', { query: 'acp' })).toMatchObject({ kind: 'fetch' })
    expect(findTool(tools, 'some_future_tool')).toBeUndefined()
    expect(findTool(tools, '-tool')).toBeUndefined()
    expect(findTool(tools, 'server-')).toBeUndefined()
  })
})

describeParity(copilotCliPresenters, fixture as unknown as AgentToolsFixture, EXAMPLES)
describeProperties(copilotCliPresenters, fixture as unknown as AgentToolsFixture, EXAMPLES, {
  'mcp__*': 'mcp__[x](y)__<img>',
  'mcp_*': 'mcp_x_<img>',
  '*-*': '[x](y)-<img>',
})
