import { describe, expect, it } from 'vitest'
import { editTool, qwenCodePresenters } from 'tool-render-intent/presenters'
import type { QwenTask } from '../../src/presenters/qwen-code.js'
import { nextQwenTaskList, qwenTaskListPlan } from '../../src/presenters/qwen-code.js'
import { findTool } from '../../src/internal/tool-lookup.js'
import { toolsByName } from '../../src/internal/session-options.js'
import { type AgentToolsFixture, describeParity, describeProperties, fullArgs, kindOf, plainView } from './agent-family.js'
import acpKinds from './fixtures/agent-tools/qwen-code-acp-kinds.json' with { type: 'json' }
import fixture from './fixtures/agent-tools/qwen-code.json' with { type: 'json' }

const cwd = { cwd: '/repo' }
const tools = toolsByName(qwenCodePresenters)
const tool = (name: string) => findTool(tools, name)!
const call = (name: string, args: unknown) => plainView(tool(name).presentCall?.(args, cwd))
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] })

const EXAMPLES = {
  agent: { description: 'Find it', prompt: 'Look', subagent_type: 'general-purpose' },
  task: { description: 'Find it', prompt: 'Look' },
  task_list: {},
  save_memory: { fact: 'Tests run with npm test' },
  skill: { skill: 'pdf' },
  exit_plan_mode: { plan: '1. Do it' },
  web_fetch: { url: 'https://a.com', prompt: 'Summarise' },
  web_search: { query: 'acp' },
  lsp: { operation: 'hover', file_path: '/repo/a.ts' },
  ask_user_question: { questions: [{ question: 'Which?', options: [{ label: 'A' }] }] },
  search_file_content: { pattern: 'TODO' },
  replace: { file_path: '/repo/a.ts', old_string: 'a', new_string: 'b', expected_replacements: 2 },
  todo_write: { todos: [{ id: '1', content: 'Ship', status: 'pending' }] },
  notebook_edit: { notebook_path: '/repo/a.ipynb', cell_type: 'code', edit_mode: 'replace' },
}

const created = (json: object) =>
  text(`Task created successfully.\n\n<system-reminder>\nNew task created: ${JSON.stringify(json, null, 2)}\nContinue.\n</system-reminder>`)

describe("Qwen Code's tools, under its names and fields", () => {
  it('reads from a 0-based offset: offset 0 is line 1', () => {
    expect(call('read_file', { file_path: '/repo/a.ts', offset: 0, limit: 10 })).toMatchObject({
      title: 'Read a.ts (1 - 10)',
      locations: [{ path: '/repo/a.ts', line: 1 }],
    })
    expect(call('read_file', { file_path: '/repo/a.ts', offset: 99, limit: 1 })).toMatchObject({ title: 'Read a.ts (100 - 100)' })
  })

  it('edits and writes with Claude Code shapes, and the older replace with Gemini CLI shapes', () => {
    expect(tool('edit')).toBe(editTool)
    expect(call('write_file', { file_path: '/repo/a.txt', content: 'hi' })).toMatchObject({ card: 'diff', title: 'Write a.txt' })
    expect(call('replace', EXAMPLES.replace)).toMatchObject({ card: 'diff', title: 'Edit a.ts (every occurrence)' })
  })

  it('runs a shell command in a terminal, directory its cwd, and searches case-insensitively', () => {
    expect(call('run_shell_command', { command: 'npm test', directory: '/repo/pkg', description: 'Run tests' })).toEqual({
      card: 'terminal',
      title: 'npm test',
      description: 'Run tests',
      cwd: '/repo/pkg',
    })
    expect(call('run_shell_command', { command: 'npm run dev', is_background: true })).toMatchObject({ card: 'generic', kind: 'execute' })
    expect(call('grep_search', { pattern: 'TODO', glob: '*.ts', limit: 20 })).toMatchObject({
      kind: 'search',
      title: 'grep -i | head -20 --include="*.ts" "TODO"',
    })
    expect(call('list_directory', { path: '/repo/src' })).toMatchObject({ kind: 'read', title: 'List src' })
  })

  it('folds task_create and task_update into the session plan, blocked pending with its word kept', () => {
    let tasks: readonly QwenTask[] = []
    tasks = nextQwenTaskList(
      tasks,
      'task_create',
      { title: 'Write the parser' },
      created({ id: 't1', title: 'Write the parser', status: 'pending', priority: 'critical' }),
    )
    tasks = nextQwenTaskList(tasks, 'task_create', { title: 'Ship' }, created({ id: 't2', title: 'Ship', status: 'pending' }))
    tasks = nextQwenTaskList(tasks, 'task_update', { taskId: 't1', status: 'in_progress' }, text('Task updated successfully.'))
    tasks = nextQwenTaskList(tasks, 'task_update', { taskId: 't2', status: 'blocked' }, text('Task updated successfully.'))
    expect(qwenTaskListPlan(tasks)).toEqual({
      card: 'plan',
      title: 'Update tasks',
      entries: [
        { content: 'Write the parser', status: 'in_progress', priority: 'high' },
        { content: 'Ship (blocked)', status: 'pending', priority: 'medium' },
      ],
    })
    expect(tool('task_create').sessionPlan).toBe(tool('task_update').sessionPlan)
  })

  it('leaves the task list as it was for a failed call, an unknown task or a result it cannot read', () => {
    const tasks: readonly QwenTask[] = [{ id: 't1', title: 'Ship', status: 'pending' }]
    expect(nextQwenTaskList(tasks, 'task_update', { taskId: 't9', status: 'completed' }, text('ok'))).toBe(tasks)
    expect(nextQwenTaskList(tasks, 'task_create', { title: 'X' }, { ...created({ id: 't3', title: 'X' }), isError: true })).toBe(tasks)
    expect(nextQwenTaskList(tasks, 'task_create', { title: 'X' }, text('New task created: {broken'))).toBe(tasks)
    expect(nextQwenTaskList(tasks, 'read_file', { file_path: 'a' }, text('x'))).toBe(tasks)
  })

  it('titles the task cards in words, a status as written', () => {
    expect(call('task_create', { title: 'Ship', description: 'Cut a release' })).toMatchObject({
      kind: 'think',
      title: 'Create task: Ship',
    })
    expect(call('task_update', { taskId: 't1', status: 'cancelled' })).toMatchObject({ title: 'Update task t1 (cancelled)' })
  })

  it('tells the two task_stop and task_output tools apart by how they spell the id', () => {
    // The task list's (taskId): cancel a task, record a task's findings.
    expect(call('task_stop', { taskId: 't1', reason: 'not needed' })).toMatchObject({
      kind: 'think',
      title: 'Cancel task t1',
      content: [{ type: 'text', text: 'not needed' }],
    })
    expect(call('task_output', { taskId: 't1', output: 'Found it' })).toMatchObject({
      kind: 'think',
      title: 'Record output for task t1',
    })
    // The background tasks' (task_id): stop a background agent or shell, read its output.
    expect(call('task_stop', { task_id: 'b1' })).toMatchObject({ kind: 'execute', title: 'Kill background job b1' })
    expect(call('task_output', { task_id: 'b1' })).toMatchObject({ kind: 'read', title: 'Read output from background job b1' })
  })

  it('cancels in the session plan the task a task-list task_stop names, and the subtasks its result lists', () => {
    const tasks: readonly QwenTask[] = [
      { id: 't1', title: 'Parser', status: 'in_progress' },
      { id: 't2', title: 'Lexer', status: 'pending' },
      { id: 't3', title: 'Ship', status: 'pending' },
    ]
    const next = nextQwenTaskList(tasks, 'task_stop', { taskId: 't1' }, text('Cancelled 2 task(s): t1, t2\n\n<system-reminder>\n…'))
    expect(next.map((task) => task.status)).toEqual(['cancelled', 'cancelled', 'pending'])
    expect(nextQwenTaskList(tasks, 'task_stop', { task_id: 't1' }, text('Cancelled'))).toBe(tasks)
    expect(nextQwenTaskList(tasks, 'task_stop', { taskId: 't9' }, text('Task "t9" not found.'))).toBe(tasks)
  })

  it('zooms into an image as a read of it, and edits a notebook with Claude Code’s shape', () => {
    expect(call('zoom_image', { file_path: '/repo/shot.png', x1: 0, y1: 0, x2: 500, y2: 250 })).toEqual({
      card: 'generic',
      kind: 'read',
      title: 'Zoom into shot.png (0,0 - 500,250)',
      locations: [{ path: '/repo/shot.png' }],
      rawInput: { file_path: '/repo/shot.png', x1: 0, y1: 0, x2: 500, y2: 250 },
    })
    expect(kindOf(call('notebook_edit', { notebook_path: '/repo/a.ipynb', cell_id: 'c1', new_source: 'x = 1' }))).toBe('edit')
  })

  it('makes the older todo_write the session plan too', () => {
    expect(call('todo_write', { todos: [{ id: '1', content: 'Ship', status: 'completed' }] })).toEqual({
      card: 'plan',
      title: 'Update todo list',
      entries: [{ content: 'Ship', status: 'completed', priority: 'medium' }],
    })
  })

  it('shows sub-agents, memory, skills, plans, questions and both MCP spellings', () => {
    expect(call('agent', EXAMPLES.agent)).toMatchObject({ kind: 'think', title: 'Find it' })
    expect(call('save_memory', { fact: 'npm test' })).toMatchObject({ title: 'Save memory', content: [{ type: 'text', text: 'npm test' }] })
    expect(call('skill', { skill: 'pdf' })).toMatchObject({ title: 'Load skill: pdf' })
    expect(call('exit_plan_mode', { plan: 'Do it' })).toMatchObject({ kind: 'switch_mode' })
    expect(call('lsp', EXAMPLES.lsp)).toMatchObject({ kind: 'search', title: 'LSP hover a.ts' })
    expect(call('mcp__github__create_issue', {})).toMatchObject({ title: 'github - create_issue (MCP)' })
    expect(call('mcp_github_create_issue', {})).toMatchObject({ title: 'github - create_issue (MCP)' })
  })
})

// Where ours departs from Qwen Code's own kinds (fixtures/agent-tools/qwen-code-acp-kinds.json), and why.
const DEPARTURES: Record<string, [string, string]> = {
  list_directory: ['read', 'a listing reads a folder, as every other family lists one'],
  web_search: ['fetch', 'a web search fetches from outside, as every other family searches the web'],
  lsp: ['search', 'a language-server lookup searches the code, as opencode’s lsp'],
  agent: ['think', 'a sub-agent call is think, as every other family’s'],
  skill: ['other', 'loading a skill is other, as every other family’s skill card'],
  ask_user_question: ['other', 'a question to the user is other, as every other family’s'],
  save_memory: ['other', 'it writes the agent’s memory file: other, as Copilot CLI’s store_memory'],
}

describe("the kinds of Qwen Code's own ACP mapping", () => {
  it.each(Object.entries(acpKinds.kinds))('%s is kind %s, unless a departure says why', (name, theirs) => {
    const schema = (fixture as unknown as AgentToolsFixture).tools.find((tool) => tool.name === name)
    const args = fullArgs(schema?.fields ?? {}, EXAMPLES[name as keyof typeof EXAMPLES] ?? {})
    expect(kindOf(tool(name).presentCall?.(args, cwd))).toBe(DEPARTURES[name]?.[0] ?? theirs)
  })

  it('lists a departure only where the kinds differ', () => {
    for (const [name, [ours]] of Object.entries(DEPARTURES)) expect(ours).not.toBe(acpKinds.kinds[name as keyof typeof acpKinds.kinds])
  })
})

describeParity(qwenCodePresenters, fixture as unknown as AgentToolsFixture, EXAMPLES)
describeProperties(qwenCodePresenters, fixture as unknown as AgentToolsFixture, EXAMPLES, {
  'mcp__*': 'mcp__[x](y)__<img>',
  'mcp_*': 'mcp_x_<img>',
})
