import { describe, expect, it } from 'vitest'
import { kimiCliPresenters } from 'tool-render-intent/presenters'
import { taskOutputTool, taskStopTool } from '../../src/presenters/claude-code.js'
import { askUserQuestionTool } from '../../src/presenters/interaction.js'
import { findTool } from '../../src/internal/tool-lookup.js'
import { toolsByName } from '../../src/internal/session-options.js'
import { type AgentToolsFixture, describeParity, describeProperties, plainView } from './agent-family.js'
import fixture from './fixtures/agent-tools/kimi-cli.json' with { type: 'json' }

const cwd = { cwd: '/repo' }
const tools = toolsByName(kimiCliPresenters)
const tool = (name: string) => findTool(tools, name)!
const call = (name: string, args: unknown) => plainView(tool(name).presentCall?.(args, cwd))

const EXAMPLES = {
  StrReplaceFile: { edit: { old: 'a', new: 'b' } },
  WriteFile: { mode: 'overwrite' },
  SetTodoList: { todos: [{ title: 'Ship', status: 'done' }] },
  AskUserQuestion: {
    questions: [{ question: 'Which?', header: 'Pick', options: [{ label: 'A', description: 'first' }], multi_select: false }],
  },
  ExitPlanMode: { options: [{ label: 'Small', description: 'one file' }] },
}

// Kimi CLI's own ACP card: "Name: key-arg", no kind, no locations.
describe("Kimi CLI's tools, under its names and fields, with kinds and locations its ACP mapping leaves out", () => {
  it('reads lines from line_offset, and the last lines for a negative one', () => {
    expect(call('ReadFile', { path: '/repo/a.py', line_offset: 10, n_lines: 5 })).toMatchObject({
      kind: 'read',
      title: 'Read a.py (10 - 14)',
      locations: [{ path: '/repo/a.py', line: 10 }],
      rawInput: { path: '/repo/a.py', line_offset: 10, n_lines: 5 },
    })
    expect(call('ReadFile', { path: '/repo/a.py', line_offset: -100 })).toEqual({
      card: 'generic',
      kind: 'read',
      title: 'Read a.py (last 100 lines)',
      locations: [{ path: '/repo/a.py' }],
      rawInput: { path: '/repo/a.py', line_offset: -100 },
    })
    expect(call('ReadMediaFile', { path: '/repo/shot.png' })).toMatchObject({ kind: 'read', title: 'Read media shot.png' })
  })

  it('writes as a new-file diff, and an append as the text added at the file', () => {
    expect(call('WriteFile', { path: '/repo/a.txt', content: 'hi' })).toMatchObject({
      card: 'diff',
      diffs: [{ path: '/repo/a.txt', oldText: null, newText: 'hi' }],
    })
    expect(call('WriteFile', { path: '/repo/log.txt', content: 'more\n', mode: 'append' })).toEqual({
      card: 'generic',
      kind: 'edit',
      title: 'Append to log.txt',
      content: [{ type: 'text', text: '```\nmore\n\n```' }],
      locations: [{ path: '/repo/log.txt' }],
      rawInput: { path: '/repo/log.txt', content: 'more\n', mode: 'append' },
    })
  })

  it('replaces one edit or a list of them, one diff each', () => {
    expect(call('StrReplaceFile', { path: '/repo/a.ts', edit: { old: 'a', new: 'b', replace_all: true } })).toMatchObject({
      card: 'diff',
      title: 'Edit a.ts (every occurrence)',
      diffs: [{ path: '/repo/a.ts', oldText: 'a', newText: 'b' }],
    })
    expect(
      call('StrReplaceFile', {
        path: '/repo/a.ts',
        edit: [
          { old: 'a', new: 'b' },
          { old: 'c', new: 'd' },
        ],
      }),
    ).toMatchObject({
      card: 'diff',
      diffs: [{ oldText: 'a' }, { oldText: 'c' }],
    })
  })

  it('runs Shell in a terminal and titles Grep as the ripgrep line it runs', () => {
    expect(call('Shell', { command: 'pytest', description: 'Run tests', timeout: 60 })).toEqual({
      card: 'terminal',
      title: 'pytest',
      description: 'Run tests',
    })
    expect(call('Grep', { pattern: 'def ', path: '/repo/src', ignore_case: true, output_mode: 'count', after_context: 2 })).toMatchObject({
      kind: 'search',
      title: 'grep -i -A 2 -c "def " src',
    })
    expect(call('Glob', { pattern: '*.py', directory: '/repo/src' })).toMatchObject({ kind: 'search', locations: [{ path: '/repo/src' }] })
  })

  it('makes SetTodoList the session plan, done as completed, and a call without todos only reads the list', () => {
    expect(
      call('SetTodoList', {
        todos: [
          { title: 'Read', status: 'done' },
          { title: 'Write', status: 'in_progress' },
          { title: 'Ship', status: 'pending' },
        ],
      }),
    ).toEqual({
      card: 'plan',
      title: 'Update todo list',
      entries: [
        { content: 'Read', status: 'completed', priority: 'medium' },
        { content: 'Write', status: 'in_progress', priority: 'medium' },
        { content: 'Ship', status: 'pending', priority: 'medium' },
      ],
    })
    expect(call('SetTodoList', {})).toMatchObject({ card: 'generic', kind: 'think', title: 'Read todo list' })
  })

  it('fetches and searches the web, and shows sub-agents, thoughts, D-Mails and plans', () => {
    expect(call('FetchURL', { url: 'https://a.com' })).toMatchObject({ kind: 'fetch', title: 'Fetch https://a.com' })
    expect(call('SearchWeb', { query: 'acp', limit: 5 })).toMatchObject({ kind: 'fetch', title: 'Search "acp"' })
    expect(call('Agent', { description: 'Find it', prompt: 'Look', subagent_type: 'coder' })).toMatchObject({
      kind: 'think',
      title: 'Find it',
    })
    expect(call('Think', { thought: 'Maybe the cache' })).toMatchObject({
      kind: 'think',
      title: 'Think',
      content: [{ type: 'text', text: 'Maybe the cache' }],
    })
    expect(call('SendDMail', { message: 'Try B', checkpoint_id: 3 })).toMatchObject({ title: 'Send D-Mail to checkpoint 3' })
    expect(call('ExitPlanMode', EXAMPLES.ExitPlanMode)).toMatchObject({
      kind: 'switch_mode',
      title: 'Approve plan',
      content: [{ type: 'text', text: 'Small: one file' }],
    })
    expect(call('EnterPlanMode', {})).toMatchObject({ kind: 'switch_mode' })
  })

  it("shares Claude Code's presenters where the names and fields are the same", () => {
    expect(tool('AskUserQuestion')).toBe(askUserQuestionTool)
    expect(tool('TaskOutput')).toBe(taskOutputTool)
    expect(tool('TaskStop')).toBe(taskStopTool)
    expect(call('TaskList', { active_only: true })).toMatchObject({ kind: 'read', title: 'List background jobs' })
  })
})

describe("Kimi CLI's MCP tools, named by the tool's own name alone", () => {
  it('are generic cards titled with the tool: the name does not hold the server', () => {
    expect(call('create_issue', { title: 'Flaky test' })).toEqual({
      card: 'generic',
      kind: 'other',
      title: 'create_issue (MCP)',
      rawInput: { title: 'Flaky test' },
    })
    expect(call('n21st_magic_component_builder', {})).toMatchObject({ title: 'n21st_magic_component_builder (MCP)' })
  })

  it("leave Kimi CLI's own tools to their presenters, and claim no capitalised name", () => {
    for (const { name } of (fixture as unknown as AgentToolsFixture).tools) expect(tool(name).name).toBe(name)
    expect(findTool(tools, 'SomeFutureTool')).toBeUndefined()
    expect(findTool(tools, '')).toBeUndefined()
  })
})

describeParity(kimiCliPresenters, fixture as unknown as AgentToolsFixture, EXAMPLES)
describeProperties(kimiCliPresenters, fixture as unknown as AgentToolsFixture, EXAMPLES, { '*': '[x](y)<img>' })
