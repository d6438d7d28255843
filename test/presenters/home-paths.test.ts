// `~/…` paths: expanded with the context's home, never joined to the cwd.
import { describe, expect, it } from 'vitest'
import { editTool, globTool, lsTool, multiEditTool, notebookEditTool, readTool, writeTool } from 'tool-render-intent/presenters'
import { viewImageTool } from '../../src/presenters/codex.js'

const withHome = { cwd: '/repo', home: '/home/me' }
const withoutHome = { cwd: '/repo' }

describe('a ~ path with a home directory', () => {
  it('is expanded in the title, the locations and the diffs', () => {
    expect(readTool.presentCall?.({ file_path: '~/.claude/CLAUDE.md' }, withHome)).toMatchObject({
      title: 'Read /home/me/.claude/CLAUDE.md',
      locations: [{ path: '/home/me/.claude/CLAUDE.md', line: 1 }],
    })
    expect(writeTool.presentCall?.({ file_path: '~/notes.md', content: 'hi' }, withHome)).toEqual({
      card: 'diff',
      title: 'Write /home/me/notes.md',
      diffs: [{ path: '/home/me/notes.md', oldText: null, newText: 'hi' }],
      locations: [{ path: '/home/me/notes.md' }],
    })
    expect(globTool.presentCall?.({ pattern: '*.md', path: '~/.claude/commands' }, withHome)).toMatchObject({
      locations: [{ path: '/home/me/.claude/commands' }],
    })
  })

  it('shows relative to the cwd when the home directory holds the cwd', () => {
    expect(readTool.presentCall?.({ file_path: '~/repo/a.ts' }, { cwd: '/home/me/repo', home: '/home/me' })?.title).toBe('Read a.ts')
  })

  it('gives the applied change at the expanded path', () => {
    const result = writeTool.presentResult?.({ file_path: '~/notes.md', content: 'hi' }, { content: [] }, withHome)
    expect(result).toMatchObject({ card: 'diff', diffs: [{ path: '/home/me/notes.md' }] })
  })
})

describe('a ~ path without a home directory', () => {
  it('is shown as written and left out of the locations', () => {
    expect(readTool.presentCall?.({ file_path: '~/.claude/CLAUDE.md' }, withoutHome)).toEqual({
      card: 'generic',
      kind: 'read',
      // `~` is escaped: two of them would make a subscript in Zed.
      title: 'Read ~/.claude/CLAUDE.md',
      locations: undefined,
      rawInput: { file_path: '~/.claude/CLAUDE.md' },
    })
    for (const [tool, args] of [
      [globTool, { pattern: '*.md', path: '~/.claude/commands' }],
      [lsTool, { path: '~/.claude' }],
      [viewImageTool, { path: '~/shot.png' }],
    ] as const) {
      expect(tool.presentCall?.(args, withoutHome)).toMatchObject({ locations: undefined })
    }
  })

  it('makes a change to the file a generic edit card, with no diff that would name /repo/~', () => {
    const calls = [
      [writeTool, { file_path: '~/notes.md', content: 'hi' }, 'Write ~/notes.md'],
      [editTool, { file_path: '~/notes.md', old_string: 'a', new_string: 'b' }, 'Edit ~/notes.md'],
      [multiEditTool, { file_path: '~/notes.md', edits: [{ old_string: 'a', new_string: 'b' }] }, 'Edit ~/notes.md'],
      [notebookEditTool, { notebook_path: '~/a.ipynb', cell_id: 'c1', new_source: 'x' }, 'Edit cell c1 in ~/a.ipynb'],
    ] as const
    for (const [tool, args, title] of calls) {
      expect(tool.presentCall?.(args, withoutHome)).toEqual({ card: 'generic', kind: 'edit', title, rawInput: args })
      expect(tool.presentResult?.(args, { content: [{ type: 'text', text: 'done' }] }, withoutHome)).toEqual({
        card: 'generic',
        content: [{ type: 'text', text: 'done' }],
      })
    }
  })

  it('is not mistaken for a file named ~alice in the cwd', () => {
    expect(readTool.presentCall?.({ file_path: '~alice/a.ts' }, withoutHome)).toMatchObject({ locations: [{ path: '~alice/a.ts' }] })
  })
})
