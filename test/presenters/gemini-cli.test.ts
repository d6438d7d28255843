import { describe, expect, it } from 'vitest'
import { geminiCliPresenters } from 'tool-render-intent/presenters'
import { geminiMcpToolName } from '../../src/presenters/mcp.js'
import { findTool } from '../../src/internal/tool-lookup.js'
import { toolsByName } from '../../src/internal/session-options.js'
import { type AgentToolsFixture, describeParity, describeProperties, fullArgs, kindOf, plainView } from './agent-family.js'
import fixture from './fixtures/agent-tools/gemini-cli.json' with { type: 'json' }

const cwd = { cwd: '/repo' }
const tools = toolsByName(geminiCliPresenters)
const tool = (name: string) => findTool(tools, name)!
const call = (name: string, args: unknown) => plainView(tool(name).presentCall?.(args, cwd))
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] })

// Shapes a JSON type cannot say: the list items the tools read.
const EXAMPLES = {
  write_todos: { todos: [{ description: 'Write the parser', status: 'blocked' }] },
  ask_user: {
    questions: [{ question: 'Which database?', header: 'Database', type: 'choice', options: [{ label: 'SQLite', description: 'a file' }] }],
  },
  read_many_files: { include: ['src/**/*.ts'] },
  activate_skill: { name: 'pdf' },
  invoke_agent: { agent_name: 'codebase_investigator', prompt: 'Find the parser' },
  read_background_output: { pid: 42 },
  search_file_content: { pattern: 'TODO' },
}

describe("Gemini CLI's tools, under its names and fields", () => {
  it('reads a range of lines, start_line to end_line inclusive', () => {
    expect(call('read_file', { file_path: '/repo/src/a.ts', start_line: 10, end_line: 14 })).toMatchObject({
      card: 'generic',
      kind: 'read',
      title: 'Read src/a.ts (10 - 14)',
      locations: [{ path: '/repo/src/a.ts', line: 10 }],
    })
    expect(call('read_file', { file_path: '/repo/a.ts', start_line: 5 })).toMatchObject({ title: 'Read a.ts (from line 5)' })
    expect(tool('read_file').presentResult?.({ file_path: '/repo/a.ts' }, text('const a = 1\n'), cwd)).toEqual({
      card: 'generic',
      content: [{ type: 'text', text: '```typescript\nconst a = 1\n```' }],
    })
  })

  it('writes a file as a new-file diff, and replaces with a diff; allow_multiple replaces every occurrence', () => {
    expect(call('write_file', { file_path: '/repo/a.txt', content: 'hi\n' })).toEqual({
      card: 'diff',
      title: 'Write a.txt',
      diffs: [{ path: '/repo/a.txt', oldText: null, newText: 'hi\n' }],
      locations: [{ path: '/repo/a.txt' }],
    })
    expect(
      call('replace', { file_path: '/repo/a.ts', instruction: 'rename', old_string: 'a', new_string: 'b', allow_multiple: true }),
    ).toMatchObject({ card: 'diff', title: 'Edit a.ts (every occurrence)', diffs: [{ path: '/repo/a.ts', oldText: 'a', newText: 'b' }] })
  })

  it('runs a shell command in a terminal, dir_path its cwd, and a background one as a job', () => {
    expect(call('run_shell_command', { command: 'npm test', description: 'Run tests', dir_path: 'pkg' })).toEqual({
      card: 'terminal',
      title: 'npm test',
      description: 'Run tests',
      cwd: 'pkg',
    })
    expect(call('run_shell_command', { command: 'npm run dev', is_background: true })).toMatchObject({ card: 'generic', kind: 'execute' })
    expect(tool('run_shell_command').presentResult?.({ command: 'false' }, { content: [], meta: { exitCode: 1 } })).toMatchObject({
      card: 'terminal',
      exitCode: 1,
    })
    expect(tool('run_shell_command').presentPartialCall?.({ command: 'npm' })).toEqual({ card: 'terminal', title: 'npm' })
  })

  it('titles a search as the grep it runs: case-insensitive unless case_sensitive, names_only as -l', () => {
    expect(call('grep_search', { pattern: 'TODO', dir_path: '/repo/src', include_pattern: '*.ts', names_only: true })).toMatchObject({
      kind: 'search',
      title: 'grep -i -l --include="*.ts" "TODO" src',
    })
    expect(call('grep_search', { pattern: 'x', case_sensitive: true, context: 2 })).toMatchObject({ title: 'grep -C 2 "x"' })
    expect(call('search_file_content', { pattern: 'x' })).toMatchObject({ title: 'grep -i "x"' })
    expect(call('glob', { pattern: '*.ts', dir_path: '/repo/src' })).toMatchObject({ kind: 'search', locations: [{ path: '/repo/src' }] })
    expect(call('list_directory', { dir_path: '/repo/src' })).toMatchObject({ kind: 'read', title: 'List src' })
    expect(call('read_many_files', { include: ['a.ts', 'b.ts', 'c.ts', 'd.ts'], exclude: ['*.md'] })).toMatchObject({
      kind: 'read',
      title: 'Read files a.ts, b.ts, c.ts, and 1 more (excluding *.md)',
    })
  })

  it('titles web_fetch with the URLs its prompt names, the prompt as its text', () => {
    expect(call('web_fetch', { prompt: 'Summarise https://a.com/x and https://b.org.' })).toMatchObject({
      kind: 'fetch',
      title: 'Fetch https://a.com/x, https://b.org',
      content: [{ type: 'text', text: 'Summarise https://a.com/x and https://b.org.' }],
    })
    expect(call('web_fetch', { prompt: 'no address' })).toMatchObject({ title: 'Fetch' })
    expect(call('google_web_search', { query: 'acp' })).toMatchObject({ kind: 'fetch', title: 'Search "acp"' })
  })

  it('makes write_todos the session plan, blocked pending and cancelled completed, each word kept', () => {
    expect(
      call('write_todos', {
        todos: [
          { description: 'Read the spec', status: 'completed' },
          { description: 'Write the parser', status: 'in_progress' },
          { description: 'Wait for review', status: 'blocked' },
          { description: 'Old idea', status: 'cancelled' },
          { description: 'Ship', status: 'pending' },
        ],
      }),
    ).toEqual({
      card: 'plan',
      title: 'Update todo list',
      entries: [
        { content: 'Read the spec', status: 'completed', priority: 'medium' },
        { content: 'Write the parser', status: 'in_progress', priority: 'medium' },
        { content: 'Wait for review (blocked)', status: 'pending', priority: 'medium' },
        { content: 'Old idea (cancelled)', status: 'completed', priority: 'medium' },
        { content: 'Ship', status: 'pending', priority: 'medium' },
      ],
    })
    expect(tool('write_todos').presentResult?.({ todos: [] }, text('ok'), cwd)).toEqual({ card: 'generic' })
  })

  it('switches modes with switch_mode cards, and runs sub-agents and skills as think and other cards', () => {
    expect(call('enter_plan_mode', { reason: 'Big change' })).toMatchObject({ kind: 'switch_mode', title: 'Enter plan mode' })
    expect(call('exit_plan_mode', { plan_filename: 'refactor.md' })).toMatchObject({
      kind: 'switch_mode',
      title: 'Approve plan refactor.md',
    })
    expect(tool('exit_plan_mode').promptTitle).toBe('Ready to code?')
    expect(call('invoke_agent', { agent_name: 'codebase_investigator', prompt: 'Find it' })).toMatchObject({
      kind: 'think',
      title: 'codebase_investigator',
      content: [{ type: 'text', text: 'Find it' }],
    })
    expect(call('activate_skill', { name: 'pdf' })).toMatchObject({ title: 'Load skill: pdf' })
    expect(call('ask_user', EXAMPLES.ask_user)).toMatchObject({ kind: 'other', title: 'Which database?' })
    expect(call('complete_task', { result: 'Found it' })).toMatchObject({ kind: 'think', content: [{ type: 'text', text: 'Found it' }] })
  })

  it("shows the tracker's tasks as think cards, a status ACP lacks as written", () => {
    expect(call('tracker_create_task', { title: 'Parser', description: 'Write it', type: 'task' })).toMatchObject({
      kind: 'think',
      title: 'Create task: Parser',
    })
    expect(call('tracker_update_task', { id: 't1', status: 'blocked' })).toMatchObject({ title: 'Update task t1 (blocked)' })
    expect(call('tracker_add_dependency', { taskId: 't2', dependencyId: 't1' })).toMatchObject({ title: 'Task t2 waits for task t1' })
  })

  it('reads the background shell and the MCP resources', () => {
    expect(call('read_background_output', { pid: 42 })).toMatchObject({ kind: 'read', title: 'Read output from background job 42' })
    expect(call('list_background_processes', {})).toMatchObject({ title: 'List background jobs' })
    expect(call('read_mcp_resource', { uri: 'file:///a' })).toMatchObject({ kind: 'read', title: 'Read MCP resource file:///a' })
  })

  it('names MCP tools mcp_<server>_<tool>, one underscore each, in plain titles', () => {
    expect(geminiMcpToolName('mcp_github_create_issue')).toEqual({ server: 'github', tool: 'create_issue' })
    expect(geminiMcpToolName('mcp__github__create_issue')).toBeUndefined()
    expect(geminiMcpToolName('mcp_github')).toBeUndefined()
    expect(call('mcp_github_create_issue', { title: 'x' })).toEqual({
      card: 'generic',
      kind: 'other',
      title: 'github - create_issue (MCP)',
      rawInput: { title: 'x' },
    })
  })
})

// Gemini CLI's own kinds (each tool's Kind, through toAcpToolKind in
// packages/cli/src/acp/acpUtils.ts), and where ours departs, with the reason.
const GEMINI_KINDS: Record<string, string> = {
  read_file: 'read',
  write_file: 'edit',
  replace: 'edit',
  read_many_files: 'read',
  run_shell_command: 'execute',
  grep_search: 'search',
  glob: 'search',
  list_directory: 'search',
  web_fetch: 'fetch',
  google_web_search: 'search',
  write_todos: 'other',
  get_internal_docs: 'think',
  activate_skill: 'other',
  ask_user: 'other',
  enter_plan_mode: 'other',
  exit_plan_mode: 'other',
  tracker_create_task: 'edit',
  tracker_update_task: 'edit',
  tracker_get_task: 'read',
  tracker_list_tasks: 'search',
  tracker_add_dependency: 'edit',
  tracker_visualize: 'read',
  update_topic: 'think',
  complete_task: 'other',
  invoke_agent: 'think',
  read_mcp_resource: 'read',
  list_mcp_resources: 'search',
  read_background_output: 'read',
  list_background_processes: 'read',
}
const DEPARTURES: Record<string, [string, string]> = {
  list_directory: ['read', 'a listing reads a folder, as every other family lists one'],
  google_web_search: ['fetch', 'a web search fetches from outside, as every other family searches the web'],
  write_todos: ['plan', 'the todo list is the session plan, not a tool card'],
  get_internal_docs: ['read', 'it reads documentation'],
  enter_plan_mode: ['switch_mode', 'Kind.Plan has no ACP kind; entering plan mode switches the mode'],
  exit_plan_mode: ['switch_mode', 'the same, leaving it'],
  tracker_create_task: ['think', 'editors read edit as a file change; a task is the agent’s own bookkeeping'],
  tracker_update_task: ['think', 'the same'],
  tracker_get_task: ['think', 'the same'],
  tracker_list_tasks: ['think', 'the same'],
  tracker_add_dependency: ['think', 'the same'],
  tracker_visualize: ['think', 'the same'],
  complete_task: ['think', 'a sub-agent handing back its findings, as a sub-agent call is think'],
}

describe("the kinds of Gemini CLI's own ACP mapping", () => {
  it.each(Object.entries(GEMINI_KINDS))('%s is kind %s, unless a departure says why', (name, theirs) => {
    const schema = (fixture as unknown as AgentToolsFixture).tools.find((tool) => tool.name === name)
    const args = fullArgs(schema?.fields ?? {}, EXAMPLES[name as keyof typeof EXAMPLES] ?? {})
    const ours = kindOf(tool(name).presentCall?.(args, cwd))
    expect(ours).toBe(DEPARTURES[name]?.[0] ?? theirs)
  })
})

describeParity(geminiCliPresenters, fixture as unknown as AgentToolsFixture, EXAMPLES)
describeProperties(geminiCliPresenters, fixture as unknown as AgentToolsFixture, EXAMPLES, { 'mcp_*': 'mcp_[x](y)_<img>' })
