import { describe, expect, it } from 'vitest'
import { goosePresenters } from 'tool-render-intent/presenters'
import { findTool } from '../../src/internal/tool-lookup.js'
import { toolsByName } from '../../src/internal/session-options.js'
import { type AgentToolsFixture, describeParity, describeProperties, plainView } from './agent-family.js'
import fixture from './fixtures/agent-tools/goose.json' with { type: 'json' }

const cwd = { cwd: '/repo' }
const tools = toolsByName(goosePresenters)
const tool = (name: string) => findTool(tools, name)!
const call = (name: string, args: unknown) => plainView(tool(name).presentCall?.(args, cwd))

const EXAMPLES = {
  developer__text_editor: { command: 'view', view_range: [1, 10], diff: null },
}

// goose's ACP mapping: read → kind read and a location; write, str_replace,
// insert → kind edit, a location and a diff; shell → execute and a terminal.
describe("goose's tools, with the kinds and locations of goose's own ACP mapping", () => {
  it('reads with a location, and writes and replaces with diffs', () => {
    expect(call('read', { path: '/repo/a.rs' })).toMatchObject({
      kind: 'read',
      title: 'Read a.rs',
      locations: [{ path: '/repo/a.rs', line: 1 }],
    })
    expect(call('write', { path: '/repo/a.rs', text: 'fn main() {}' })).toMatchObject({
      card: 'diff',
      diffs: [{ path: '/repo/a.rs', oldText: null, newText: 'fn main() {}' }],
      locations: [{ path: '/repo/a.rs' }],
    })
    expect(call('str_replace', { path: '/repo/a.rs', old_str: 'a', new_str: 'b' })).toMatchObject({
      card: 'diff',
      diffs: [{ path: '/repo/a.rs', oldText: 'a', newText: 'b' }],
    })
  })

  it('inserts after line position: the new text starts at the next line, nothing replaced', () => {
    expect(call('insert', { path: '/repo/a.txt', new_str: 'b\n', position: 1 })).toEqual({
      card: 'diff',
      title: 'Insert into a.txt at line 2',
      diffs: [{ path: '/repo/a.txt', oldText: '', newText: 'b\n' }],
      locations: [{ path: '/repo/a.txt', line: 2 }],
    })
    expect(call('insert', { path: '/repo/a.txt', new_str: 'top\n', position: 0 })).toMatchObject({ title: 'Insert into a.txt at line 1' })
    expect(call('insert', { path: '/repo/a.txt', new_str: 'x', position: -3 })).toMatchObject({
      title: 'Insert into a.txt',
      locations: [{ path: '/repo/a.txt' }],
    })
  })

  it('runs shell and developer__shell in a terminal', () => {
    expect(call('shell', { command: 'cargo test' })).toEqual({ card: 'terminal', title: 'cargo test' })
    expect(call('developer__shell', { command: 'ls' })).toEqual({ card: 'terminal', title: 'ls' })
  })

  it('gives developer__text_editor the card of each command it runs', () => {
    expect(call('developer__text_editor', { command: 'view', path: '/repo/a.rs', view_range: [5, 9] })).toMatchObject({
      kind: 'read',
      title: 'Read a.rs (5 - 9)',
      locations: [{ path: '/repo/a.rs', line: 5 }],
    })
    expect(call('developer__text_editor', { command: 'view', path: '/repo/a.rs', view_range: [5, -1] })).toMatchObject({
      title: 'Read a.rs (from line 5)',
    })
    expect(call('developer__text_editor', { command: 'write', path: '/repo/a.rs', file_text: 'x' })).toMatchObject({
      card: 'diff',
      diffs: [{ oldText: null, newText: 'x' }],
    })
    expect(call('developer__text_editor', { command: 'str_replace', path: '/repo/a.rs', old_str: 'a', new_str: 'b' })).toMatchObject({
      card: 'diff',
      diffs: [{ oldText: 'a', newText: 'b' }],
    })
    expect(call('developer__text_editor', { command: 'insert', path: '/repo/a.rs', new_str: 'x', insert_line: 3 })).toMatchObject({
      title: 'Insert into a.rs at line 4',
    })
    expect(call('developer__text_editor', { command: 'undo_edit', path: '/repo/a.rs' })).toMatchObject({
      kind: 'edit',
      title: 'Undo the last edit of a.rs',
      locations: [{ path: '/repo/a.rs' }],
    })
    expect(
      call('developer__text_editor', { command: 'str_replace', path: '/repo', diff: '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n' }),
    ).toMatchObject({
      card: 'diff',
      diffs: [{ path: 'x', oldText: 'a\n', newText: 'b\n' }],
    })
    expect(call('developer__text_editor', { command: 'fold', path: '/repo/a.rs' })).toMatchObject({
      kind: 'other',
      title: 'Text editor fold a.rs',
    })
  })

  it('shows what the tool returned as the result', () => {
    expect(
      tool('insert').presentResult?.({ path: 'a', new_str: 'b', position: 0 }, { content: [{ type: 'text', text: 'done' }] }, cwd),
    ).toEqual({
      card: 'generic',
      content: [{ type: 'text', text: 'done' }],
    })
  })
})

describe("goose's later developer tools", () => {
  it('writes and edits files as diffs, lists a tree as a read, and runs a shell command with a timeout', () => {
    expect(call('developer__file_write', { path: '/repo/a.rs', content: 'fn main() {}\n' })).toMatchObject({
      card: 'diff',
      title: 'Write a.rs',
      diffs: [{ path: '/repo/a.rs', oldText: null, newText: 'fn main() {}\n' }],
    })
    expect(call('developer__file_edit', { path: '/repo/a.rs', before: 'hello', after: 'world' })).toMatchObject({
      card: 'diff',
      diffs: [{ path: '/repo/a.rs', oldText: 'hello', newText: 'world' }],
    })
    expect(call('developer__tree', { path: '/repo/src', depth: 2 })).toMatchObject({ kind: 'read', title: 'List src' })
    expect(call('developer__shell', { command: 'cargo test', timeout_secs: 600 })).toMatchObject({ card: 'terminal', title: 'cargo test' })
  })
})

describe("goose's extension tools, named <extension>__<tool>", () => {
  it('are generic cards titled with the extension and the tool', () => {
    expect(call('github__create_issue', { title: 'Flaky test' })).toEqual({
      card: 'generic',
      kind: 'other',
      title: 'github - create_issue (MCP)',
      rawInput: { title: 'Flaky test' },
    })
    expect(call('computercontroller__web_scrape', {})).toMatchObject({ title: 'computercontroller - web_scrape (MCP)' })
  })

  it("leave the developer extension's tools with presenters of their own to them", () => {
    expect(call('developer__shell', { command: 'ls' })).toMatchObject({ card: 'terminal', title: 'ls' })
    expect(call('developer__text_editor', { command: 'view', path: '/repo/a.ts' })).not.toMatchObject({
      title: expect.stringContaining('MCP'),
    })
    expect(findTool(tools, 'str_replace')?.name).toBe('str_replace')
    expect(findTool(tools, 'github__')).toBeUndefined()
    expect(findTool(tools, 'single_underscore')).toBeUndefined()
  })
})

describeParity(goosePresenters, fixture as unknown as AgentToolsFixture, EXAMPLES)
describeProperties(goosePresenters, fixture as unknown as AgentToolsFixture, EXAMPLES, { '*__*': '[x](y)__<img>' })
