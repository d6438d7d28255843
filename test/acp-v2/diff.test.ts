// The `git_patch` of a v2 diff, fed to the real git: `git apply --check`
// accepts it against the file as it was, and `git apply` turns that file into
// the file as the tool left it.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { type AcpV2Update, createToolPresenter } from 'tool-render-intent/acp-v2'
import { toolCallUpdates } from '../../src/acp-v2/call.js'
import { toolResultUpdates } from '../../src/acp-v2/result.js'
import { computeEditMeta, computeWriteMeta } from 'tool-render-intent/presenters'
import { applyPatchTool, editTool, writeTool } from 'tool-render-intent/presenters'
import type { DiffResultView } from 'tool-render-intent'
import { checkV2Update } from './fixtures/acp-v2-schema.js'
import { soak } from '../property-runs.js'

const hasGit = spawnSync('git', ['--version']).status === 0
const roots: string[] = []
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

// A fresh repository holding `files` (null: absent), as the session cwd.
function repository(files: Record<string, string | null>): string {
  const root = mkdtempSync(join(tmpdir(), 'tri-acp-v2-'))
  roots.push(root)
  expect(spawnSync('git', ['init', '-q', root]).status).toBe(0)
  for (const [path, text] of Object.entries(files)) {
    if (text === null) continue
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

function git(root: string, args: string[], input: string) {
  const run = spawnSync('git', ['-c', 'core.autocrlf=false', ...args], { cwd: root, input, encoding: 'utf8' })
  return { status: run.status, stderr: run.stderr }
}

// Checks the patch, applies it, and returns the files afterwards.
function apply(root: string, patch: string, paths: readonly string[]): Record<string, string> {
  // Whitespace warnings (trailing spaces, CRs) are the file's, not errors.
  const check = git(root, ['apply', '--check', '--whitespace=nowarn', '-'], patch)
  expect(check.stderr, patch).toBe('')
  expect(check.status).toBe(0)
  expect(git(root, ['apply', '--whitespace=nowarn', '-'], patch).status).toBe(0)
  return Object.fromEntries(paths.map((path) => [path, readFileSync(join(root, path), 'utf8')]))
}

type Diff = { type: 'diff'; changes: { operation: string; path: string }[]; patch?: { format: string; text: string } }
const diffOf = (updates: readonly AcpV2Update[]): Diff => {
  for (const update of updates) expect(checkV2Update(update)).toStrictEqual([])
  const card = updates.find((update) => update.sessionUpdate === 'tool_call_update' && update.content)
  return (card as { content: Diff[] }).content.find((item) => item.type === 'diff')!
}

// The result of an edit, as the session presenter shows it.
function editResult(root: string, path: string, before: string, args: { old_string: string; new_string: string; replace_all?: boolean }) {
  const presenter = createToolPresenter({ tools: [editTool], cwd: root })
  presenter.call('e', 'edit', { file_path: join(root, path), ...args })
  return presenter.result('e', { content: [{ type: 'text', text: 'ok' }], meta: computeEditMeta(before, args) })
}

const replaceAll = (text: string, args: { old_string: string; new_string: string; replace_all?: boolean }) =>
  args.replace_all ? text.split(args.old_string).join(args.new_string) : text.replace(args.old_string, () => args.new_string)

describe.skipIf(!hasGit)('the git_patch of an applied edit', () => {
  const cases: [string, string, { old_string: string; new_string: string; replace_all?: boolean }][] = [
    ['one line in the middle', 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n', { old_string: 'e', new_string: 'E' }],
    ['the first line', 'first\n2\n3\n4\n5\n', { old_string: 'first', new_string: 'FIRST\nextra' }],
    ['the last line, without a line feed', '1\n2\n3\nlast', { old_string: 'last', new_string: 'LAST' }],
    ['adding a line feed at the end', '1\n2\nend', { old_string: 'end', new_string: 'end\n' }],
    ['removing lines', 'keep\ndrop 1\ndrop 2\nkeep\n', { old_string: 'drop 1\ndrop 2\n', new_string: '' }],
    ['CRLF line endings', 'a\r\nb\r\nc\r\nd\r\n', { old_string: 'b', new_string: 'B' }],
    [
      'every site, far apart (two hunks)',
      `x = 1\n${'filler\n'.repeat(20)}x = 1\n`,
      { old_string: 'x = 1', new_string: 'x = 2', replace_all: true },
    ],
    ['every site, close together (one merged hunk)', 'x\ny\nx\ny\nx\n', { old_string: 'x', new_string: 'z', replace_all: true }],
    ['text with backticks, quotes and a lone CR', 'const a = `x`\r "q" \\ \n', { old_string: '`x`', new_string: '"y"' }],
  ]

  it.each(cases)('%s: git apply turns the file before into the file after', (_name, before, args) => {
    const root = repository({ 'src/a.ts': before })
    const diff = diffOf(editResult(root, 'src/a.ts', before, args))
    expect(diff.changes).toStrictEqual([{ operation: 'modify', path: join(root, 'src/a.ts'), fileType: 'text' }])
    expect(diff.patch?.format).toBe('git_patch')
    expect(apply(root, diff.patch!.text, ['src/a.ts'])['src/a.ts']).toBe(replaceAll(before, args))
  })

  // git apply accepts a hunk at an offset, so applying alone would not catch a second hunk
  // whose header ignores the first hunk's shift: the headers are pinned exactly.
  it('numbers each hunk of a multi-hunk edit from where the hunks before it leave the file', () => {
    const before = `${['a', 'b', 'c', 'x', 'd', 'e', 'f'].join('\n')}\n${'filler\n'.repeat(10)}${['g', 'h', 'i', 'x', 'j', 'k', 'l'].join('\n')}\n`
    const args = { old_string: 'x', new_string: 'x1\nx2\nx3', replace_all: true }
    const diff = diffOf(editResult('/repo', 'f.txt', before, args))
    const headers = diff.patch!.text.split('\n').filter((line) => line.startsWith('@@'))
    expect(headers).toStrictEqual(['@@ -1,7 +1,9 @@', '@@ -18,7 +20,9 @@'])
  })

  it('names a file git quotes (a space, a non-ASCII character) the way git does', () => {
    for (const path of ['dir with space/a b.txt', 'café/naïve.txt', 'tab\there.txt', 'quote"d.txt', 'back\\slash.txt']) {
      const before = 'one\ntwo\n'
      const root = repository({ [path]: before })
      const diff = diffOf(editResult(root, path, before, { old_string: 'two', new_string: 'TWO' }))
      expect(apply(root, diff.patch!.text, [path])[path]).toBe('one\nTWO\n')
    }
  })

  it('names the same file in changes and in the patch when its name holds a backslash (POSIX cwd)', () => {
    const path = 'dir/a\\b.txt'
    const root = repository({ [path]: 'one\n', 'dir/a/b.txt': 'other\n' })
    const diff = diffOf(editResult(root, path, 'one\n', { old_string: 'one', new_string: 'ONE' }))
    expect(diff.changes).toStrictEqual([{ operation: 'modify', path: join(root, path), fileType: 'text' }])
    expect(apply(root, diff.patch!.text, [path, 'dir/a/b.txt'])).toStrictEqual({ [path]: 'ONE\n', 'dir/a/b.txt': 'other\n' })
  })

  it('of an empty line removed from a run of them applies, the file going on after it', () => {
    // The change goes first: with no context after it, git would anchor the hunk to the file's end.
    const before = '\n\n\n\n '
    const args = { old_string: '\n', new_string: '', replace_all: false }
    const root = repository({ 'f.txt': before })
    const diff = diffOf(editResult(root, 'f.txt', before, args))
    expect(apply(root, diff.patch!.text, ['f.txt'])['f.txt']).toBe('\n\n\n ')
  })

  it('of any edit of any file applies to give the edited file', () => {
    const line = fc.stringMatching(/^[a-c ]{0,4}$/)
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 30 }),
        fc.boolean(),
        fc.boolean(),
        fc.stringMatching(/^[a-c\n]{1,4}$/),
        fc.stringMatching(/^[a-d\n]{0,5}$/),
        fc.boolean(),
        (lines, finalNewline, crlf, oldString, newString, all) => {
          const eol = crlf ? '\r\n' : '\n'
          const before = lines.join(eol) + (finalNewline ? eol : '')
          const args = { old_string: oldString, new_string: newString, replace_all: all }
          const meta = computeEditMeta(before, args)
          fc.pre(meta.hunks.length > 0 && replaceAll(before, args) !== before)
          const root = repository({ 'f.txt': before })
          const diff = diffOf(editResult(root, 'f.txt', before, args))
          expect(apply(root, diff.patch!.text, ['f.txt'])['f.txt']).toBe(replaceAll(before, args))
        },
      ),
      { numRuns: soak ? 60 : 12 },
    )
  }, 120_000)
})

describe.skipIf(!hasGit)('the git_patch of a write', () => {
  // The result's updates come from the pure bridge: the session presenter leaves out a diff the card already shows.
  const writeResult = (root: string, path: string, existing: string | null, content: string) => {
    const presenter = createToolPresenter({ tools: [writeTool], cwd: root })
    const args = { file_path: join(root, path), content }
    const call = presenter.call('w', 'write', args)
    const view = writeTool.presentResult!(args, { content: [], meta: computeWriteMeta(existing, content) }, { cwd: root })!
    return { call, result: toolResultUpdates('w', view, { cwd: root, callCard: 'diff' }) }
  }

  it('creating a file adds it whole, at call time and at result time', () => {
    const root = repository({})
    const { call, result } = writeResult(root, 'src/new.ts', null, 'export {}\nconst x = 1')
    for (const updates of [call, result]) {
      const diff = diffOf(updates)
      expect(diff.changes).toStrictEqual([{ operation: 'add', path: join(root, 'src/new.ts'), fileType: 'text' }])
      expect(diff.patch!.text).toContain('new file mode 100644\n--- /dev/null\n+++ b/src/new.ts\n@@ -0,0 +1,2 @@\n')
    }
    expect(apply(root, diffOf(result).patch!.text, ['src/new.ts'])['src/new.ts']).toBe('export {}\nconst x = 1')
  })

  it('creating an empty file adds it with no hunk', () => {
    const root = repository({})
    const diff = diffOf(writeResult(root, 'empty.txt', null, '').result)
    expect(diff.patch!.text).toBe('diff --git a/empty.txt b/empty.txt\nnew file mode 100644\n')
    expect(apply(root, diff.patch!.text, ['empty.txt'])['empty.txt']).toBe('')
  })

  it('overwriting a file patches the lines that changed', () => {
    const before = `${Array.from({ length: 40 }, (_, index) => `line ${index}`).join('\n')}\n`
    const after = `${before.replace('line 3\n', 'line three\n').replace('line 30\n', '')}appended`
    const root = repository({ 'doc.txt': before })
    const diff = diffOf(writeResult(root, 'doc.txt', before, after).result)
    expect(diff.changes).toStrictEqual([{ operation: 'modify', path: join(root, 'doc.txt'), fileType: 'text' }])
    expect(apply(root, diff.patch!.text, ['doc.txt'])['doc.txt']).toBe(after)
  })
})

describe.skipIf(!hasGit)('the git_patch of a delete, a move and a copy (apply_patch)', () => {
  type Card = { kind?: string; title?: string }
  const patchCall = (root: string, patch: string) => {
    const updates = createToolPresenter({ tools: [applyPatchTool], cwd: root }).call('p', 'apply_patch', patch)
    return { diff: diffOf(updates), card: updates[0] as Card }
  }

  it('a deleted file whose text the patch carries: a delete change and a patch that removes it', () => {
    const root = repository({ 'gone.txt': 'one\ntwo\n', 'kept.txt': 'k\n' })
    const { diff, card } = patchCall(
      root,
      'diff --git a/gone.txt b/gone.txt\ndeleted file mode 100644\n--- a/gone.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-one\n-two\n',
    )
    expect(card).toMatchObject({ kind: 'delete', title: 'Delete gone.txt' })
    expect(diff.changes).toStrictEqual([{ operation: 'delete', path: join(root, 'gone.txt'), fileType: 'text' }])
    expect(diff.patch!.text).toBe(
      'diff --git a/gone.txt b/gone.txt\ndeleted file mode 100644\n--- a/gone.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-one\n-two\n',
    )
    apply(root, diff.patch!.text, ['kept.txt'])
    expect(existsSync(join(root, 'gone.txt'))).toBe(false)
  })

  it("codex's delete (no text): a delete change, no patch, and the deletion shown as a fenced diff", () => {
    const root = repository({ 'gone.txt': 'one\n' })
    const { diff, card } = patchCall(root, '*** Begin Patch\n*** Delete File: gone.txt\n*** End Patch')
    expect(card).toMatchObject({ kind: 'delete', title: 'Delete gone.txt' })
    expect(diff).toStrictEqual({ type: 'diff', changes: [{ operation: 'delete', path: join(root, 'gone.txt'), fileType: 'text' }] })
    const shown = (card as { content: { type: string; content?: { text: string } }[] }).content[1]
    expect(shown.content?.text).toBe(`\`\`\`diff\n--- ${join(root, 'gone.txt')}\n+++ /dev/null\n\`\`\``)
  })

  it('a pure rename: a move change with both paths and a patch that renames the file', () => {
    const root = repository({ 'old name.txt': 'same\n' })
    const { diff, card } = patchCall(
      root,
      'diff --git "a/old name.txt" "b/new name.txt"\nsimilarity index 100%\nrename from old name.txt\nrename to new name.txt\n',
    )
    expect(card).toMatchObject({ kind: 'move', title: 'Move old name.txt → new name.txt' })
    expect(diff.changes).toStrictEqual([
      { operation: 'move', oldPath: join(root, 'old name.txt'), path: join(root, 'new name.txt'), fileType: 'text' },
    ])
    expect(apply(root, diff.patch!.text, ['new name.txt'])).toStrictEqual({ 'new name.txt': 'same\n' })
    expect(existsSync(join(root, 'old name.txt'))).toBe(false)
  })

  it('a rename with a change: the patch renames the file and applies the hunk', () => {
    const root = repository({ 'src/a.ts': 'a\nb\nc\n' })
    const { diff } = patchCall(
      root,
      'diff --git a/src/a.ts b/src/b.ts\nrename from src/a.ts\nrename to src/b.ts\n--- a/src/a.ts\n+++ b/src/b.ts\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n',
    )
    expect(diff.changes).toStrictEqual([
      { operation: 'move', oldPath: join(root, 'src/a.ts'), path: join(root, 'src/b.ts'), fileType: 'text' },
    ])
    expect(apply(root, diff.patch!.text, ['src/b.ts'])).toStrictEqual({ 'src/b.ts': 'a\nB\nc\n' })
    expect(existsSync(join(root, 'src/a.ts'))).toBe(false)
  })

  it('a copy: a copy change with both paths and a patch that copies the file', () => {
    const root = repository({ 'a.txt': 'x\n' })
    const { diff, card } = patchCall(root, 'diff --git a/a.txt b/b.txt\nsimilarity index 100%\ncopy from a.txt\ncopy to b.txt\n')
    expect(card.kind).toBe('edit')
    expect(diff.changes).toStrictEqual([{ operation: 'copy', oldPath: join(root, 'a.txt'), path: join(root, 'b.txt'), fileType: 'text' }])
    expect(apply(root, diff.patch!.text, ['a.txt', 'b.txt'])).toStrictEqual({ 'a.txt': 'x\n', 'b.txt': 'x\n' })
  })

  it("codex's move with a change (no line numbers): a move change, no patch, and the change shown from the old path to the new", () => {
    const root = repository({ 'a.txt': 'keep\nx\n' })
    const { diff, card } = patchCall(root, '*** Begin Patch\n*** Update File: a.txt\n*** Move to: b.txt\n@@\n keep\n-x\n+y\n*** End Patch')
    expect(card).toMatchObject({ kind: 'move', title: 'Move a.txt → b.txt' })
    expect(diff).toStrictEqual({
      type: 'diff',
      changes: [{ operation: 'move', oldPath: join(root, 'a.txt'), path: join(root, 'b.txt'), fileType: 'text' }],
    })
    const shown = (card as { content: { type: string; content?: { text: string } }[] }).content[1]
    expect(shown.content?.text).toBe(`\`\`\`diff\n--- ${join(root, 'a.txt')}\n+++ ${join(root, 'b.txt')}\n-keep\n-x\n+keep\n+y\n\`\`\``)
  })

  it('a file of several numbered hunks (one diff, its hunks joined) gets no patch that would read them as one hunk', () => {
    const root = repository({})
    const updates = createToolPresenter({ tools: [applyPatchTool], cwd: root }).call(
      'p',
      'apply_patch',
      'diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n@@ -10,2 +10,2 @@\n x\n-y\n+Y\n',
    )
    const diff = diffOf(updates)
    expect(diff).toStrictEqual({ type: 'diff', changes: [{ operation: 'modify', path: join(root, 'f'), fileType: 'text' }] })
    expect((updates[0] as { locations?: unknown }).locations).toStrictEqual([
      { path: join(root, 'f'), line: 1 },
      { path: join(root, 'f'), line: 10 },
    ])
  })

  it('a patch that deletes one file and edits another is an edit', () => {
    const root = repository({ 'a.txt': 'a\n', 'b.txt': 'b\n' })
    const { diff, card } = patchCall(root, '*** Begin Patch\n*** Delete File: a.txt\n*** Update File: b.txt\n@@\n-b\n+B\n*** End Patch')
    expect(card.kind).toBe('edit')
    expect(diff.changes.map((change) => change.operation)).toStrictEqual(['delete', 'modify'])
  })
})

describe('diffs a patch cannot carry', () => {
  it('a call-time edit (a fragment, no line) lists the change and shows the fragment as a fenced diff', () => {
    const [card] = toolCallUpdates(
      'e',
      { card: 'diff', title: 'Edit a.ts', diffs: [{ path: 'a.ts', oldText: 'x ``` y', newText: 'z' }] },
      { cwd: '/repo' },
    )
    expect(checkV2Update(card)).toStrictEqual([])
    expect((card as { content: unknown }).content).toStrictEqual([
      { type: 'diff', changes: [{ operation: 'modify', path: '/repo/a.ts', fileType: 'text' }] },
      { type: 'content', content: { type: 'text', text: '````diff\n--- /repo/a.ts\n+++ /repo/a.ts\n-x ``` y\n+z\n````' } },
    ])
  })

  it('a file outside the session cwd is listed, shown as text, and left out of the patch of the others', () => {
    const view: DiffResultView = {
      card: 'diff',
      diffs: [
        { path: '/elsewhere/b.txt', oldText: 'b\n', newText: 'B\n' },
        { path: 'in.txt', oldText: 'i\n', newText: 'I\n' },
      ],
      locations: [
        { path: '/elsewhere/b.txt', line: 1 },
        { path: 'in.txt', line: 1 },
      ],
    }
    const [card] = toolResultUpdates('d', view, { cwd: '/repo', callCard: 'diff' }) as unknown as [{ content: unknown[] }]
    expect(checkV2Update(card)).toStrictEqual([])
    expect(card.content).toStrictEqual([
      {
        type: 'diff',
        changes: [
          { operation: 'modify', path: '/elsewhere/b.txt', fileType: 'text' },
          { operation: 'modify', path: '/repo/in.txt', fileType: 'text' },
        ],
        patch: { format: 'git_patch', text: 'diff --git a/in.txt b/in.txt\n--- a/in.txt\n+++ b/in.txt\n@@ -1 +1 @@\n-i\n+I\n' },
      },
      { type: 'content', content: { type: 'text', text: '```diff\n--- /elsewhere/b.txt\n+++ /elsewhere/b.txt\n-b\n+B\n```' } },
    ])
  })

  it('hunks out of order, or overlapping, leave the file out of the patch', () => {
    const view: DiffResultView = {
      card: 'diff',
      diffs: [
        { path: 'a.txt', oldText: 'x\ny\n', newText: 'X\ny\n' },
        { path: 'a.txt', oldText: 'y\n', newText: 'Y\n' },
      ],
      locations: [
        { path: 'a.txt', line: 5 },
        { path: 'a.txt', line: 6 },
      ],
    }
    const [card] = toolResultUpdates('d', view, { cwd: '/repo', callCard: 'diff' }) as unknown as [{ content: Diff[] }]
    expect(card.content[0].patch).toBeUndefined()
    expect(card.content[1]).toMatchObject({ type: 'content' })
  })

  it('Windows paths: relative with forward slashes in the patch, absolute in changes', () => {
    const view: DiffResultView = {
      card: 'diff',
      diffs: [{ path: 'src\\a.ts', oldText: 'a\n', newText: 'b\n' }],
      locations: [{ path: 'src\\a.ts', line: 1 }],
    }
    const [card] = toolResultUpdates('d', view, { cwd: 'C:\\work', callCard: 'diff' }) as unknown as [{ content: Diff[] }]
    expect(card.content[0].changes).toStrictEqual([{ operation: 'modify', path: 'C:\\work\\src\\a.ts', fileType: 'text' }])
    expect(card.content[0].patch!.text.split('\n')[0]).toBe('diff --git a/src/a.ts b/src/a.ts')
  })
})
