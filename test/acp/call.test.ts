import { describe, expect, it } from 'vitest'
import { toolCallUpdate } from '../../src/acp/call.js'
import type { FileDiff, ToolCallView } from '../../src/views.js'

const session = { terminalOutput: false, cwd: '/repo' }
const withTerminal = { terminalOutput: true, cwd: '/repo' }

describe('a generic call', () => {
  it('carries the title, the kind, the content as content entries and absolute locations', () => {
    const view: ToolCallView = {
      card: 'generic',
      title: 'Read src/a.ts',
      kind: 'read',
      content: [{ type: 'text', text: 'hello' }],
      locations: [{ path: 'src/a.ts', line: 3 }],
    }
    expect(toolCallUpdate('c1', view, session)).toStrictEqual({
      sessionUpdate: 'tool_call',
      toolCallId: 'c1',
      title: 'Read src/a.ts',
      kind: 'read',
      status: 'pending',
      content: [{ type: 'content', content: { type: 'text', text: 'hello' } }],
      locations: [{ path: '/repo/src/a.ts', line: 3 }],
    })
  })

  it('defaults the kind to other', () => {
    expect(toolCallUpdate('c1', { card: 'generic', title: 't' }, session).kind).toBe('other')
  })

  it("sends the view's rawInput, else the option's", () => {
    const own = toolCallUpdate('c1', { card: 'generic', title: 't', rawInput: { a: 1 } }, { ...session, rawInput: { b: 2 } })
    const fallback = toolCallUpdate('c1', { card: 'generic', title: 't' }, { ...session, rawInput: { b: 2 } })
    expect(own.rawInput).toStrictEqual({ a: 1 })
    expect(fallback.rawInput).toStrictEqual({ b: 2 })
  })

  it('leaves out content, locations and rawInput the view does not have', () => {
    const update = toolCallUpdate('c1', { card: 'generic', title: 't' }, session)
    expect(Object.keys(update)).toStrictEqual(['sessionUpdate', 'toolCallId', 'title', 'kind', 'status'])
  })

  it('carries image blocks as they are', () => {
    const image = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' } as const
    expect(toolCallUpdate('c1', { card: 'generic', title: 't', content: [image] }, session).content).toStrictEqual([
      { type: 'content', content: image },
    ])
  })
})

describe('the status of a call', () => {
  it('is pending unless the options say otherwise', () => {
    expect(toolCallUpdate('c1', { card: 'generic', title: 't' }, session).status).toBe('pending')
    expect(toolCallUpdate('c1', { card: 'generic', title: 't' }, { ...session, status: 'in_progress' }).status).toBe('in_progress')
  })

  it('names the tool when the options give a name, and sends rawOutput when given', () => {
    const update = toolCallUpdate('c1', { card: 'generic', title: 't' }, { ...session, name: 'grep', rawOutput: 'x' })
    expect(update.name).toBe('grep')
    expect(update.rawOutput).toBe('x')
  })
})

describe('a diff call', () => {
  it('has kind edit, one diff per file with an absolute path, and the locations', () => {
    const view: ToolCallView = {
      card: 'diff',
      title: 'Edit a.ts',
      diffs: [
        { path: 'a.ts', oldText: 'let a = 1', newText: 'let a = 2' },
        { path: '/elsewhere/new.ts', oldText: null, newText: 'x' },
      ],
      locations: [{ path: './a.ts' }],
    }
    expect(toolCallUpdate('c2', view, { ...session, rawInput: { file_path: 'a.ts' } })).toStrictEqual({
      sessionUpdate: 'tool_call',
      toolCallId: 'c2',
      title: 'Edit a.ts',
      kind: 'edit',
      status: 'pending',
      content: [
        { type: 'diff', path: '/repo/a.ts', oldText: 'let a = 1', newText: 'let a = 2' },
        { type: 'diff', path: '/elsewhere/new.ts', oldText: null, newText: 'x' },
      ],
      locations: [{ path: '/repo/a.ts' }],
      rawInput: { file_path: 'a.ts' },
    })
  })

  it("has kind delete when every file is deleted and move when every file is moved; v1's diff has no operation, so the entries stay as they are", () => {
    const deleted: ToolCallView = {
      card: 'diff',
      title: 'Delete a.ts',
      diffs: [{ path: 'a.ts', oldText: 'gone\n', newText: '', operation: 'delete' }],
    }
    expect(toolCallUpdate('d1', deleted, session)).toStrictEqual({
      sessionUpdate: 'tool_call',
      toolCallId: 'd1',
      title: 'Delete a.ts',
      kind: 'delete',
      status: 'pending',
      content: [{ type: 'diff', path: '/repo/a.ts', oldText: 'gone\n', newText: '' }],
    })
    const moved: ToolCallView = {
      card: 'diff',
      title: 'Move a.ts → b.ts',
      diffs: [{ path: 'b.ts', oldText: 'x\n', newText: 'y\n', operation: 'move', oldPath: 'a.ts' }],
    }
    expect(toolCallUpdate('d2', moved, session)).toMatchObject({
      kind: 'move',
      content: [{ type: 'diff', path: '/repo/b.ts', oldText: 'x\n', newText: 'y\n' }],
    })
    // A move that does not name where it came from, or a mix of operations, is an edit.
    const edit = (diffs: FileDiff[]) => toolCallUpdate('d3', { card: 'diff', title: 'x', diffs }, session).kind
    expect(edit([{ path: 'b.ts', oldText: '', newText: '', operation: 'move' }])).toBe('edit')
    expect(
      edit([
        { path: 'a.ts', oldText: '', newText: '', operation: 'delete' },
        { path: 'b.ts', oldText: 'b', newText: 'B' },
      ]),
    ).toBe('edit')
  })
})

describe('a terminal call for a client with terminal output', () => {
  it('shows a terminal named by the tool call id, created by _meta.terminal_info with the session cwd', () => {
    expect(toolCallUpdate('c3', { card: 'terminal', title: 'npm test', description: 'Run tests' }, withTerminal)).toStrictEqual({
      sessionUpdate: 'tool_call',
      toolCallId: 'c3',
      title: 'npm test',
      kind: 'execute',
      status: 'pending',
      content: [{ type: 'terminal', terminalId: 'c3' }],
      _meta: { terminal_info: { terminal_id: 'c3', cwd: '/repo' } },
    })
  })

  it("resolves the view's cwd against the session cwd", () => {
    const update = toolCallUpdate('c3', { card: 'terminal', title: 'ls', cwd: '../other/./pkg' }, withTerminal)
    expect(update._meta).toStrictEqual({ terminal_info: { terminal_id: 'c3', cwd: '/other/pkg' } })
  })

  it('keeps rawInput when the options give it', () => {
    expect(
      toolCallUpdate('c3', { card: 'terminal', title: 'ls' }, { ...withTerminal, rawInput: { command: 'ls' } }).rawInput,
    ).toStrictEqual({
      command: 'ls',
    })
  })
})

describe('a terminal call for a client without terminal output', () => {
  it('has kind execute, the command as the title, the description and the working directory as text blocks', () => {
    expect(toolCallUpdate('c4', { card: 'terminal', title: 'npm test', description: 'Run tests', cwd: 'pkg' }, session)).toStrictEqual({
      sessionUpdate: 'tool_call',
      toolCallId: 'c4',
      title: 'npm test',
      kind: 'execute',
      status: 'pending',
      content: [
        { type: 'content', content: { type: 'text', text: 'Run tests' } },
        { type: 'content', content: { type: 'text', text: 'Working directory: /repo/pkg' } },
      ],
    })
  })

  it('leaves the working directory out when it is the session cwd', () => {
    const update = toolCallUpdate('c4', { card: 'terminal', title: 'ls', description: 'List', cwd: '/repo/' }, session)
    expect(update.content).toStrictEqual([{ type: 'content', content: { type: 'text', text: 'List' } }])
  })

  it('shows the description as plain text: it cannot inject a link or an image', () => {
    const update = toolCallUpdate('c4', { card: 'terminal', title: 'ls', description: 'See ![x](https://host/t.png)\n# now' }, session)
    const text = (update.content![0] as { content: { text: string } }).content.text
    expect(text).not.toContain('![x](')
    expect(text).not.toContain('\n')
  })

  it('has no content and no terminal meta when there is no description', () => {
    const update = toolCallUpdate('c4', { card: 'terminal', title: 'ls' }, session)
    expect(update.content).toBeUndefined()
    expect(update._meta).toBeUndefined()
  })
})

describe('paths leaving the bridge', () => {
  it('are normalised when already absolute', () => {
    const update = toolCallUpdate('c5', { card: 'generic', title: 't', locations: [{ path: '/repo/src/../lib/./x.ts' }] }, session)
    expect(update.locations).toStrictEqual([{ path: '/repo/lib/x.ts' }])
  })

  it('recognise Windows drive paths and join relative ones with backslashes', () => {
    const windows = { terminalOutput: true, cwd: 'C:\\work' }
    const view: ToolCallView = {
      card: 'diff',
      title: 'Write',
      diffs: [{ path: 'src\\a.ts', oldText: null, newText: '' }],
      locations: [{ path: 'D:\\x\\..\\y.ts' }],
    }
    const update = toolCallUpdate('c6', view, windows)
    expect(update.content).toStrictEqual([{ type: 'diff', path: 'C:\\work\\src\\a.ts', oldText: null, newText: '' }])
    expect(update.locations).toStrictEqual([{ path: 'D:\\y.ts' }])
    expect(toolCallUpdate('c7', { card: 'terminal', title: 'dir', cwd: 'sub' }, windows)._meta).toStrictEqual({
      terminal_info: { terminal_id: 'c7', cwd: 'C:\\work\\sub' },
    })
  })
})

describe('an unknown card', () => {
  it('is a compile error and, if it escapes the types, a thrown error naming the card', () => {
    expect(() => toolCallUpdate('c8', { card: 'table' } as never, session)).toThrow('toolCallUpdate: unhandled card "table"')
  })
})
