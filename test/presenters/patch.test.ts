import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { applyPatchTool } from 'tool-render-intent/presenters'
import { nodeTypes, parse, UNSAFE_TYPES } from './markdown-tree.js'
import { wireTitle } from '../../src/safety/title-text.js'

const cwd = { cwd: '/repo' }
const fixture = (name: string) => readFileSync(new URL(`./fixtures/patches/${name}`, import.meta.url), 'utf8')

const envelope = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n')

describe('apply_patch: the input', () => {
  it('takes the patch as the whole input (codex freeform), as input, or as patch', () => {
    const patch = envelope('*** Add File: a.txt', '+a')
    const expected = {
      card: 'diff',
      title: 'Add a.txt',
      diffs: [{ path: 'a.txt', oldText: null, newText: 'a\n' }],
      locations: [{ path: 'a.txt', line: 1 }],
    }
    expect(applyPatchTool.presentCall?.(patch, cwd)).toEqual(expected)
    expect(applyPatchTool.presentCall?.({ input: patch }, cwd)).toEqual(expected)
    expect(applyPatchTool.presentCall?.({ patch }, cwd)).toEqual(expected)
  })

  it('gives undefined for anything else', () => {
    expect(applyPatchTool.presentCall?.({ input: 3 }, cwd)).toBeUndefined()
    expect(applyPatchTool.presentCall?.(['*** Begin Patch'], cwd)).toBeUndefined()
  })
})

describe('apply_patch: one diff card, one diff per file', () => {
  it('shows an add with no old text, a delete with empty new text, an update and a move with both paths', () => {
    const view = applyPatchTool.presentCall?.(
      envelope(
        '*** Add File: /repo/docs/new.md',
        '+# New',
        '*** Delete File: old.txt',
        '*** Update File: src/a.ts',
        '@@ function a()',
        '-  return 1',
        '+  return 2',
        '*** Update File: src/b.ts',
        '*** Move to: src/c.ts',
        '@@',
        ' keep',
        '-x',
      ),
      cwd,
    )
    expect(view).toEqual({
      card: 'diff',
      title: 'Patch 4 files: add docs/new.md, delete old.txt, edit src/a.ts, move src/b.ts → src/c.ts',
      diffs: [
        { path: '/repo/docs/new.md', oldText: null, newText: '# New\n' },
        { path: 'old.txt', oldText: '', newText: '', operation: 'delete' },
        { path: 'src/a.ts', oldText: '  return 1\n', newText: '  return 2\n' },
        { path: 'src/c.ts', oldText: 'keep\nx\n', newText: 'keep\n', operation: 'move', oldPath: 'src/b.ts' },
      ],
      locations: [{ path: '/repo/docs/new.md', line: 1 }, { path: 'old.txt' }, { path: 'src/a.ts' }, { path: 'src/c.ts' }],
    })
  })

  it('titles a single file by what happens to it', () => {
    const title = (...lines: string[]) => applyPatchTool.presentCall?.(envelope(...lines), cwd)?.title
    expect(title('*** Delete File: a')).toBe('Delete a')
    expect(title('*** Update File: a', '@@', '-x', '+y')).toBe('Edit a')
    expect(title('*** Update File: a', '*** Move to: b', '@@', '-x', '+y')).toBe('Move a → b')
  })

  it('names five files and sums up the rest', () => {
    const adds = Array.from({ length: 7 }, (_, index) => [`*** Add File: f${index}`, '+x']).flat()
    expect(applyPatchTool.presentCall?.(envelope(...adds), cwd)?.title).toBe(
      'Patch 7 files: add f0, add f1, add f2, add f3, add f4, and 2 more',
    )
  })

  it('shows a git patch: removed text of a delete, renames, binary files and mode changes', () => {
    const view = applyPatchTool.presentCall?.(fixture('git-diff.patch'), cwd)
    if (view?.card !== 'diff') throw new Error('not a diff card')
    expect(view.diffs).toHaveLength(14)
    expect(view.title).toBe(
      'Patch 14 files: edit crlf.txt, delete delete-me.txt, edit dir with space/file name.txt, edit données/été.txt, add icon.bin (binary), and 9 more',
    )
    expect(view.diffs.find((diff) => diff.path === 'delete-me.txt')).toEqual({
      path: 'delete-me.txt',
      oldText: 'this file goes away\nand its second line\n',
      newText: '',
      operation: 'delete',
    })
    expect(view.diffs.find((diff) => diff.path === 'src/new.ts')).toEqual({
      path: 'src/new.ts',
      oldText: null,
      newText: 'export const created = 1\n',
    })
    expect(view.diffs.find((diff) => diff.path === 'new-name.txt')).toEqual({
      path: 'new-name.txt',
      oldText: '',
      newText: '',
      operation: 'move',
      oldPath: 'old-name.txt',
    })
    // Each file of the fixture on its own: the title of a single file.
    const titles = fixture('git-diff.patch')
      .split(/^(?=diff --git )/m)
      .map((file) => applyPatchTool.presentCall?.(file, cwd)?.title)
    expect(titles).toContain('Move old-name.txt → new-name.txt')
    expect(titles).toContain('Move src/util.ts → src/helpers.ts')
    expect(titles).toContain('Edit logo.png (binary)')
    expect(titles).toContain('Edit script.sh (mode 100644 → 100755)')
    const copies = fixture('git-diff-copies.patch')
      .split(/^(?=diff --git )/m)
      .map((file) => applyPatchTool.presentCall?.(file, cwd)?.title)
    expect(copies).toContain('Copy src/app.ts → src/app-copy.ts')
  })

  it("follows each file's first hunk at its new line", () => {
    const view = applyPatchTool.presentCall?.(fixture('git-diff.patch'), cwd)
    expect(view?.card === 'diff' && view.locations?.find((location) => location.path === 'src/app.ts')).toEqual({
      path: 'src/app.ts',
      line: 1,
    })
    expect(view?.card === 'diff' && view.locations?.find((location) => location.path === 'src/helpers.ts')).toEqual({
      path: 'src/helpers.ts',
      line: 3,
    })
  })

  it('joins the hunks of a file in order, with a location at each hunk', () => {
    const view = applyPatchTool.presentCall?.('--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+A\n@@ -9 +9 @@\n-b\n+B\n', cwd)
    expect(view).toMatchObject({
      diffs: [{ path: 'x', oldText: 'a\nb\n', newText: 'A\nB\n' }],
      locations: [
        { path: 'x', line: 1 },
        { path: 'x', line: 9 },
      ],
    })
  })

  it('keeps paths in the title as written; as Zed gets it, escaped and on one line', () => {
    const plain = applyPatchTool.presentCall?.(envelope('*** Add File: [x](https://e)\u2028<img>.md', '+a'), cwd)?.title ?? ''
    const title = wireTitle(plain, 'edit', 'markdown')
    for (const type of UNSAFE_TYPES) expect(nodeTypes(parse(title)).has(type)).toBe(false)
    expect(title).not.toMatch(/[\n\u2028]/)
  })
})

describe('apply_patch: a patch that does not parse', () => {
  it('is a generic edit card naming the problem and its line, with the patch in a fence it cannot close', () => {
    const patch = '*** Begin Patch\n*** Update File: a.md\n@@\n+```\n+[x](https://e)\n'
    expect(applyPatchTool.presentCall?.(patch, cwd)).toEqual({
      card: 'generic',
      kind: 'edit',
      title: 'Apply patch',
      content: [
        { type: 'text', text: "The patch does not parse: line 5: The last line of the patch must be \\'\\*\\*\\* End Patch\\'" },
        { type: 'text', text: '````diff\n*** Begin Patch\n*** Update File: a.md\n@@\n+```\n+[x](https://e)\n````' },
      ],
      rawInput: patch,
    })
  })

  it('shows an envelope with no operation as a generic card that says so', () => {
    expect(applyPatchTool.presentCall?.(envelope(), cwd)).toMatchObject({
      card: 'generic',
      kind: 'edit',
      content: [{ type: 'text', text: 'The patch changes no file.' }],
    })
  })
})

describe('apply_patch: the result', () => {
  it("fences the tool's output and shows an error as returned", () => {
    const output = 'Success. Updated the following files:\nM src/a.ts\n'
    expect(applyPatchTool.presentResult?.('x', { content: [{ type: 'text', text: output }] })).toEqual({
      card: 'generic',
      content: [{ type: 'text', text: '```\nSuccess. Updated the following files:\nM src/a.ts\n```' }],
    })
    const content = [{ type: 'text', text: 'Failed to find context' }] as const
    expect(applyPatchTool.presentResult?.('x', { content, isError: true })).toEqual({ card: 'generic', content })
  })
})

describe('an apply_patch result', () => {
  const envelope = '*** Begin Patch\n*** Add File: src/b.ts\n+export {}\n*** Update File: src/a.ts\n@@\n-x\n+y\n*** End Patch'

  it('that is not an error keeps the diffs on the card, since its content replaces the call’s', () => {
    const call = applyPatchTool.presentCall?.(envelope, { cwd: '/repo' })
    const result = applyPatchTool.presentResult?.(
      envelope,
      { content: [{ type: 'text', text: 'Success. Updated the following files:\nA src/b.ts\nM src/a.ts\n' }] },
      { cwd: '/repo' },
    )
    expect(call?.card).toBe('diff')
    expect(result).toStrictEqual({
      card: 'diff',
      diffs: (call as { diffs: unknown }).diffs,
      locations: (call as { locations: unknown }).locations,
    })
  })

  it('that is an error shows the error', () => {
    const result = applyPatchTool.presentResult?.(
      envelope,
      { content: [{ type: 'text', text: 'patch failed' }], isError: true },
      { cwd: '/repo' },
    )
    expect(result).toStrictEqual({ card: 'generic', content: [{ type: 'text', text: 'patch failed' }] })
  })
})
