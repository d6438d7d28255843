import { describe, expect, it } from 'vitest'
import { bashTool, opencodePresenters } from 'tool-render-intent/presenters'
import { findTool } from '../../src/internal/tool-lookup.js'
import { toolsByName } from '../../src/internal/session-options.js'
import { type AgentToolsFixture, describeParity, describeProperties, fullArgs, kindOf, plainView } from './agent-family.js'
import fixture from './fixtures/agent-tools/opencode.json' with { type: 'json' }

const cwd = { cwd: '/repo' }
const tools = toolsByName(opencodePresenters)
const tool = (name: string) => findTool(tools, name)!
const call = (name: string, args: unknown) => plainView(tool(name).presentCall?.(args, cwd))

const PATCH = '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-old\n+new\n*** Add File: b.txt\n+hi\n*** End Patch'

const EXAMPLES = {
  todowrite: { todos: [{ content: 'Ship', status: 'cancelled', priority: 'high' }] },
  question: { questions: [{ question: 'Which?', header: 'Pick', options: [{ label: 'A', description: 'the first' }] }] },
  batch: { tool_calls: [{ tool: 'read', parameters: { filePath: 'a.ts' } }] },
  multiedit: { edits: [{ oldString: 'a', newString: 'b' }] },
  apply_patch: { patchText: PATCH },
  patch: { patchText: PATCH },
}

describe("opencode's tools, under its names and camelCase fields", () => {
  it('reads, writes and edits files with filePath, oldString and newString', () => {
    expect(call('read', { filePath: '/repo/src/a.ts', offset: 10, limit: 5 })).toMatchObject({
      kind: 'read',
      title: 'Read src/a.ts (10 - 14)',
      locations: [{ path: '/repo/src/a.ts', line: 10 }],
    })
    expect(call('write', { filePath: '/repo/a.txt', content: 'hi' })).toMatchObject({
      card: 'diff',
      diffs: [{ path: '/repo/a.txt', oldText: null, newText: 'hi' }],
    })
    expect(call('edit', { filePath: '/repo/a.ts', oldString: 'a', newString: 'b', replaceAll: true })).toMatchObject({
      card: 'diff',
      title: 'Edit a.ts (every occurrence)',
      diffs: [{ path: '/repo/a.ts', oldText: 'a', newText: 'b' }],
    })
    expect(
      call('multiedit', {
        filePath: '/repo/a.ts',
        edits: [
          { oldString: 'a', newString: 'b' },
          { oldString: 'c', newString: 'd' },
        ],
      }),
    ).toMatchObject({
      card: 'diff',
      diffs: [
        { oldText: 'a', newText: 'b' },
        { oldText: 'c', newText: 'd' },
      ],
    })
  })

  it("reads apply_patch's patchText: one diff per file, where opencode's own mapping shows none", () => {
    expect(call('apply_patch', { patchText: PATCH })).toMatchObject({
      card: 'diff',
      diffs: [
        { path: 'src/a.ts', oldText: 'old\n', newText: 'new\n' },
        { path: 'b.txt', oldText: null, newText: 'hi\n' },
      ],
    })
    expect(call('patch', { patchText: PATCH })).toMatchObject({ card: 'diff' })
  })

  it('runs bash in a terminal, workdir its cwd', () => {
    expect(tool('bash')).toBe(bashTool)
    expect(call('bash', { command: 'bun test', description: 'Run tests', workdir: 'pkg' })).toEqual({
      card: 'terminal',
      title: 'bun test',
      description: 'Run tests',
      cwd: 'pkg',
    })
  })

  it('searches with include as the file glob, and lists a folder', () => {
    expect(call('grep', { pattern: 'TODO', path: '/repo/src', include: '*.ts' })).toMatchObject({
      kind: 'search',
      title: 'grep --include="*.ts" "TODO" src',
    })
    expect(call('glob', { pattern: '*.ts', path: '/repo' })).toMatchObject({ kind: 'search' })
    expect(call('list', { path: '/repo/src' })).toMatchObject({ kind: 'read', title: 'List src' })
    expect(call('lsp', { operation: 'goToDefinition', filePath: '/repo/a.ts', line: 3, character: 4 })).toMatchObject({
      kind: 'search',
      title: 'LSP goToDefinition a.ts:3',
      locations: [{ path: '/repo/a.ts', line: 3 }],
    })
    // Later versions look a workspace symbol up by query, with no position.
    expect(call('lsp', { operation: 'workspaceSymbol', filePath: '/repo/a.ts', query: 'Parser' })).toMatchObject({
      title: 'LSP workspaceSymbol a.ts "Parser"',
      locations: [{ path: '/repo/a.ts' }],
    })
  })

  it('fetches and searches the web', () => {
    expect(call('webfetch', { url: 'https://a.com', format: 'markdown' })).toMatchObject({ kind: 'fetch', title: 'Fetch https://a.com' })
    expect(call('websearch', { query: 'acp' })).toMatchObject({ kind: 'fetch', title: 'Search "acp"' })
    expect(call('codesearch', { query: 'useEffect' })).toMatchObject({ kind: 'fetch', title: 'Search code "useEffect"' })
  })

  it('makes todowrite the session plan, cancelled completed with its word kept, the priority as given', () => {
    expect(
      call('todowrite', {
        todos: [
          { content: 'Ship', status: 'in_progress', priority: 'high' },
          { content: 'Old idea', status: 'cancelled', priority: 'low' },
        ],
      }),
    ).toEqual({
      card: 'plan',
      title: 'Update todo list',
      entries: [
        { content: 'Ship', status: 'in_progress', priority: 'high' },
        { content: 'Old idea (cancelled)', status: 'completed', priority: 'low' },
      ],
    })
    expect(call('todoread', {})).toMatchObject({ kind: 'think', title: 'Read todo list' })
  })

  it('shows sub-agents, skills, questions, plan modes, batches and invalid calls', () => {
    expect(call('task', { description: 'Find it', prompt: 'Look', subagent_type: 'general' })).toMatchObject({
      kind: 'think',
      title: 'Find it',
    })
    expect(call('skill', { name: 'pdf' })).toMatchObject({ title: 'Load skill: pdf' })
    expect(call('question', EXAMPLES.question)).toMatchObject({ title: 'Which?' })
    expect(call('plan_exit', {})).toMatchObject({ kind: 'switch_mode', title: 'Approve plan' })
    expect(call('plan_enter', {})).toMatchObject({ kind: 'switch_mode', title: 'Enter plan mode' })
    expect(call('batch', { tool_calls: [{ tool: 'read' }, { tool: 'grep' }] })).toMatchObject({ title: 'Run 2 tools: read, grep' })
    expect(call('invalid', { tool: 'reed', error: 'no such tool' })).toMatchObject({
      title: 'Invalid call to reed',
      content: [{ type: 'text', text: 'no such tool' }],
    })
  })
})

// opencode's own kinds (toToolKind in packages/opencode/src/acp/tool.ts: the
// names it lists, `other` for the rest), and where ours departs, with the reason.
const OPENCODE_KINDS: Record<string, string> = {
  bash: 'execute',
  webfetch: 'fetch',
  edit: 'edit',
  apply_patch: 'edit',
  patch: 'edit',
  write: 'edit',
  grep: 'search',
  glob: 'search',
  read: 'read',
  task: 'think',
}
const DEPARTURES: Record<string, string> = {
  websearch: 'fetch', // a web search fetches from outside, as webfetch
  codesearch: 'fetch', // the same, for code on the web
  list: 'read', // a listing reads a folder
  lsp: 'search', // a language-server lookup searches the code
  todowrite: 'plan', // the todo list is the session plan
  todoread: 'think', // the agent reading its own list back
  plan_enter: 'switch_mode', // they switch the mode
  plan_exit: 'switch_mode',
  multiedit: 'edit', // it edits a file, as edit does
  execute: 'execute', // code mode runs a script
}

describe("the kinds of opencode's own ACP mapping", () => {
  it.each((fixture as unknown as AgentToolsFixture).tools.map((tool) => [tool.name, tool] as const))('%s', (name, schema) => {
    const ours = kindOf(tool(name).presentCall?.(fullArgs(schema.fields ?? {}, EXAMPLES[name as keyof typeof EXAMPLES] ?? {}), cwd))
    expect(ours).toBe(DEPARTURES[name] ?? OPENCODE_KINDS[name] ?? 'other')
  })
})

describe("opencode's tools its registry adds", () => {
  it('reloads the configuration, and runs a code-mode script that calls MCP tools', () => {
    expect(call('reload_config', {})).toEqual({ card: 'generic', kind: 'other', title: 'Reload configuration' })
    expect(call('execute', { code: 'return await tools.github.list_issues({})' })).toEqual({
      card: 'generic',
      kind: 'execute',
      title: 'Run a script with MCP tools',
      content: [{ type: 'text', text: '```typescript\nreturn await tools.github.list_issues({})\n```' }],
      rawInput: { code: 'return await tools.github.list_issues({})' },
    })
  })

  it('names reload_config as itself, not as an MCP server "reload"', () => {
    expect(tool('reload_config').name).toBe('reload_config')
  })
})

describe("opencode's MCP tools, named <server>_<tool> with no prefix", () => {
  it('are generic cards titled with the server and the tool, split at the first underscore', () => {
    expect(call('context7_resolve-library-id', { libraryName: 'vitest' })).toEqual({
      card: 'generic',
      kind: 'other',
      title: 'context7 - resolve-library-id (MCP)',
      rawInput: { libraryName: 'vitest' },
    })
    expect(call('github_create_issue', {})).toMatchObject({ title: 'github - create_issue (MCP)' })
  })

  it("leave opencode's own tools, underscores and all, to their presenters", () => {
    expect(call('apply_patch', { patchText: PATCH })).toMatchObject({ card: 'diff' })
    expect(call('plan_exit', {})).toMatchObject({ kind: 'switch_mode' })
    expect(findTool(tools, 'nounderscore')).toBeUndefined()
    expect(findTool(tools, '_tool')).toBeUndefined()
    expect(findTool(tools, 'server_')).toBeUndefined()
  })
})

describeParity(opencodePresenters, fixture as unknown as AgentToolsFixture, EXAMPLES)
describeProperties(opencodePresenters, fixture as unknown as AgentToolsFixture, EXAMPLES, { '*_*': '[x](y)_<img>' })
