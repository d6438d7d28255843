import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { soak } from '../property-runs.js'
import { computeEditMeta, computeMultiEditMeta, type EditReplacement, multiEditTool } from 'tool-render-intent/presenters'
import type { AppliedHunk } from '../../src/presenters/applied-change.js'

const cwd = { cwd: '/repo' }

// The edits applied the slow, obvious way, as the tool applies them.
function applyAll(before: string, edits: readonly EditReplacement[]): string {
  let text = before
  for (const edit of edits) {
    if (edit.old_string === '') continue
    text = edit.replace_all ? text.split(edit.old_string).join(edit.new_string) : text.replace(edit.old_string, () => edit.new_string)
  }
  return text
}

// Where 1-based line `line` starts in `text`.
function lineOffset(text: string, line: number): number {
  let at = 0
  for (let index = 1; index < line; index++) at = text.indexOf('\n', at) + 1
  return at
}

// Checks the hunks are exact, whole-line runs of both texts, in order, and
// that putting each hunk's new text in place of its old text turns the old
// file into the new one.
function expectExactHunks(before: string, after: string, hunks: readonly AppliedHunk[]): void {
  let rebuilt = ''
  let copied = 0
  let delta = 0
  for (const hunk of hunks) {
    const newAt = lineOffset(after, hunk.line)
    const oldAt = newAt - delta
    expect(after.slice(newAt, newAt + hunk.newText.length)).toBe(hunk.newText)
    expect(before.slice(oldAt, oldAt + hunk.oldText!.length)).toBe(hunk.oldText)
    expect(oldAt === 0 || before[oldAt - 1] === '\n').toBe(true)
    expect(oldAt).toBeGreaterThanOrEqual(copied)
    expect(hunk.oldText).not.toBe(hunk.newText)
    rebuilt += before.slice(copied, oldAt) + hunk.newText
    copied = oldAt + hunk.oldText!.length
    delta += hunk.newText.length - hunk.oldText!.length
  }
  expect(rebuilt + before.slice(copied)).toBe(after)
}

describe('multi_edit: the call', () => {
  it('is a diff card titled Edit <path> with one diff per edit, in order', () => {
    const args = {
      file_path: '/repo/src/a.ts',
      edits: [
        { old_string: 'let a = 1', new_string: 'let a = 2' },
        { old_string: '', new_string: 'header' },
        { old_string: 'x', new_string: '', replace_all: true },
        { old_string: '', new_string: '' },
      ],
    }
    expect(multiEditTool.presentCall?.(args, cwd)).toEqual({
      card: 'diff',
      title: 'Edit src/a.ts',
      diffs: [
        { path: '/repo/src/a.ts', oldText: 'let a = 1', newText: 'let a = 2' },
        { path: '/repo/src/a.ts', oldText: null, newText: 'header' },
        { path: '/repo/src/a.ts', oldText: 'x', newText: '' },
      ],
      locations: [{ path: '/repo/src/a.ts' }],
    })
  })

  it('titles the card with the path as written and gives a generic Edit card without a path', () => {
    expect(multiEditTool.presentCall?.({ file_path: '/repo/[x](y).md', edits: [] }, cwd)?.title).toBe('Edit [x](y).md')
    expect(multiEditTool.presentCall?.({ file_path: '', edits: [] }, cwd)).toMatchObject({ card: 'generic', kind: 'edit', title: 'Edit' })
  })

  it('gives undefined for arguments that are not a multi-edit', () => {
    expect(multiEditTool.presentCall?.({ file_path: 'a', edits: [{ old_string: 'a' }] }, cwd)).toBeUndefined()
    expect(multiEditTool.presentCall?.({ file_path: 'a', edits: 'a' }, cwd)).toBeUndefined()
    expect(
      multiEditTool.presentCall?.({ file_path: 'a', edits: [{ old_string: 'a', new_string: 'b', replace_all: 'yes' }] }, cwd),
    ).toBeUndefined()
  })

  it('reads null replace_all as absent', () => {
    expect(
      multiEditTool.presentCall?.({ file_path: 'a', edits: [{ old_string: 'a', new_string: 'b', replace_all: null }] }, cwd),
    ).toMatchObject({ card: 'diff' })
  })
})

describe('multi_edit: the result', () => {
  const args = { file_path: '/repo/a.txt', edits: [{ old_string: 'b', new_string: 'B' }] }

  it('shows the applied hunks from the meta, each with its location', () => {
    const meta = computeMultiEditMeta('a\nb\nc\n', args.edits)
    expect(multiEditTool.presentResult?.(args, { content: [{ type: 'text', text: 'ok' }], meta })).toEqual({
      card: 'diff',
      diffs: [{ path: '/repo/a.txt', oldText: 'a\nb\nc\n', newText: 'a\nB\nc\n' }],
      locations: [{ path: '/repo/a.txt', line: 1 }],
    })
  })

  it('falls back to the call-time diffs without usable meta, and shows an error as returned', () => {
    expect(multiEditTool.presentResult?.(args, { content: [], meta: { hunks: [], skipped: 'too-large' } })).toEqual({
      card: 'diff',
      diffs: [{ path: '/repo/a.txt', oldText: 'b', newText: 'B' }],
      locations: [{ path: '/repo/a.txt' }],
    })
    const content = [{ type: 'text', text: 'String not found' }] as const
    expect(multiEditTool.presentResult?.(args, { content, isError: true })).toEqual({ card: 'generic', content })
  })
})

describe('computeMultiEditMeta: one edit gives what computeEditMeta gives', () => {
  it('for any text and edit', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '\n', '\r\n', 'x'), maxLength: 40 })
    fc.assert(
      fc.property(text, text, text, fc.boolean(), (before, oldString, newString, all) => {
        // An edit that changes nothing is no change here (computeEditMeta
        // keeps its hunk), and an empty old string is a create (tested below).
        if (oldString === newString || oldString === '') return
        const edit = { old_string: oldString, new_string: newString, replace_all: all }
        expect(computeMultiEditMeta(before, [edit])).toEqual(computeEditMeta(before, edit))
      }),
      { numRuns: 5_000 },
    )
  })
})

describe('computeMultiEditMeta: the hunks after every edit', () => {
  it('are exact, whole-line, in order, and turn the old file into the new one, for any edits', () => {
    const unit = fc.constantFrom('a', 'b', 'c', '\n', '\r\n', 'ab\n')
    const text = fc.string({ unit, maxLength: 60 })
    const edit = fc.record({
      old_string: fc.string({ unit, minLength: 1, maxLength: 4 }),
      new_string: fc.string({ unit, maxLength: 4 }),
      replace_all: fc.boolean(),
    })
    fc.assert(
      fc.property(text, fc.array(edit, { maxLength: 6 }), (before, edits) => {
        const after = applyAll(before, edits)
        const meta = computeMultiEditMeta(before, edits)
        expect('skipped' in meta).toBe(false)
        expectExactHunks(before, after, meta.hunks)
        if (before === after) expect(meta.hunks).toEqual([])
      }),
      { numRuns: 10_000 },
    )
  })

  it('merge edits whose contexts touch, and keep apart those that do not', () => {
    const before = Array.from({ length: 20 }, (_, index) => `l${index + 1}\n`).join('')
    const near = computeMultiEditMeta(before, [
      { old_string: 'l2\n', new_string: 'L2\n' },
      { old_string: 'l9\n', new_string: 'L9\n' },
    ])
    expect(near.hunks).toHaveLength(1)
    const far = computeMultiEditMeta(before, [
      { old_string: 'l2\n', new_string: 'L2\n' },
      { old_string: 'l10\n', new_string: 'L10\n' },
    ])
    expect(far.hunks.map((hunk) => hunk.line)).toEqual([1, 7])
  })

  it('are none where later edits undo earlier ones', () => {
    // Found by the property above: the first `c` removed, then put back before `ab`.
    const edits = [
      { old_string: 'c', new_string: '' },
      { old_string: 'ab\n', new_string: 'cab\n' },
    ]
    expect(computeMultiEditMeta('ccab\n', edits)).toEqual({ hunks: [] })
  })

  it('show an edit of an earlier edit once, as the net change', () => {
    const meta = computeMultiEditMeta('one\ntwo\nthree\n', [
      { old_string: 'two', new_string: 'TWO' },
      { old_string: 'TWO\nthree', new_string: '2 and 3' },
    ])
    expect(meta).toEqual({ hunks: [{ oldText: 'one\ntwo\nthree\n', newText: 'one\n2 and 3\n', line: 1 }] })
  })

  it('show nothing for a spot edited back to what it was', () => {
    expect(
      computeMultiEditMeta('a\nb\n', [
        { old_string: 'b', new_string: 'c' },
        { old_string: 'c', new_string: 'b' },
      ]),
    ).toEqual({ hunks: [] })
  })

  it('keep CRLF line endings', () => {
    const meta = computeMultiEditMeta('a\r\nb\r\nc\r\n', [{ old_string: 'b', new_string: 'B' }])
    expect(meta).toEqual({ hunks: [{ oldText: 'a\r\nb\r\nc\r\n', newText: 'a\r\nB\r\nc\r\n', line: 1 }] })
  })

  it('skip an edit not found, and one with an empty old string in a file with text', () => {
    expect(
      computeMultiEditMeta('abc\n', [
        { old_string: 'zz', new_string: 'y' },
        { old_string: '', new_string: 'x' },
      ]),
    ).toEqual({ hunks: [] })
  })
})

describe('computeMultiEditMeta: a created file', () => {
  it('is one whole-file hunk with no old text, whatever the later edits did', () => {
    expect(
      computeMultiEditMeta(null, [
        { old_string: '', new_string: 'hello\nworld\n' },
        { old_string: 'world', new_string: 'there' },
      ]),
    ).toEqual({ hunks: [{ oldText: null, newText: 'hello\nthere\n', line: 1 }] })
  })
})

describe('computeMultiEditMeta: the size bound', () => {
  it('marks a file past the bound, before or after an edit, as too large', () => {
    expect(computeMultiEditMeta('abcdef', [{ old_string: 'a', new_string: 'b' }], { maxLength: 5 })).toEqual({
      hunks: [],
      skipped: 'too-large',
    })
    expect(computeMultiEditMeta('abc', [{ old_string: 'a', new_string: 'aaaaaa' }], { maxLength: 5 })).toEqual({
      hunks: [],
      skipped: 'too-large',
    })
    expect(computeMultiEditMeta('ab', [{ old_string: 'a', new_string: 'A' }], { maxLength: 5 })).toEqual({
      hunks: [{ oldText: 'ab', newText: 'Ab', line: 1 }],
    })
  })

  // A timed run: under `npm run test:soak` only (CI runs it), never on a busy `npm test`.
  it.runIf(soak)('handles thousands of replace_all sites across edits on a long file quickly', () => {
    const before = Array.from({ length: 50_000 }, (_, index) => `line ${index} value\n`).join('')
    const edits = Array.from({ length: 20 }, (_, index) => ({
      old_string: `${index} value`,
      new_string: `${index} VALUE`,
      replace_all: true,
    }))
    const started = performance.now()
    const meta = computeMultiEditMeta(before, [...edits, { old_string: 'value', new_string: 'v', replace_all: true }])
    expect(performance.now() - started).toBeLessThan(3_000)
    expect(meta.hunks).toHaveLength(1)
    expectExactHunks(before, applyAll(before, [...edits, { old_string: 'value', new_string: 'v', replace_all: true }]), meta.hunks)
  })
})
