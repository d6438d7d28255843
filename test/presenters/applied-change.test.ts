import { structuredPatch } from 'diff'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type AppliedHunk,
  appliedHunksOf,
  CONTEXT_LINES,
  computeEditMeta,
  computeMultiEditMeta,
  computeWriteMeta,
  DEFAULT_MAX_LENGTH,
  type EditReplacement,
  editMeta,
  multiEditMeta,
  writeMeta,
} from '../../src/presenters/applied-change.js'
import { propertyRuns } from '../property-runs.js'

const lines = (count: number, name = 'l') => Array.from({ length: count }, (_, index) => `${name}${index + 1}\n`)

// Where 0-based line `line` starts in `text`.
function lineStart(text: string, line: number): number {
  let at = 0
  for (let index = 0; index < line; index++) at = text.indexOf('\n', at) + 1
  return at
}

// A slow, array-based model of the edit hunks, to hold the linear one to.
function naiveEditHunks(before: string, oldString: string, newString: string, all: boolean): AppliedHunk[] {
  const sites: number[] = []
  for (let at = before.indexOf(oldString); at !== -1; at = before.indexOf(oldString, at + oldString.length)) {
    sites.push(at)
    if (!all) break
  }
  const lineOf = (position: number) => before.slice(0, position).split('\n').length - 1
  const total = before.split('\n').length - 1
  const ranges: { from: number; to: number; sites: number[]; before: number }[] = []
  sites.forEach((site, index) => {
    const from = Math.max(0, lineOf(site) - 3)
    const to = Math.min(total, lineOf(site + oldString.length - 1) + 3)
    const last = ranges.at(-1)
    if (last && from <= last.to + 1) {
      last.to = Math.max(last.to, to)
      last.sites.push(site)
    } else ranges.push({ from, to, sites: [site], before: index })
  })
  const shift = newString.split('\n').length - oldString.split('\n').length
  return ranges.map((range) => {
    const start = lineStart(before, range.from)
    const next = before.indexOf('\n', lineStart(before, range.to))
    const end = next === -1 ? before.length : next + 1
    let newText = ''
    let copied = start
    for (const site of range.sites) {
      newText += before.slice(copied, site) + newString
      copied = site + oldString.length
    }
    return { oldText: before.slice(start, end), newText: newText + before.slice(copied, end), line: range.from + 1 + range.before * shift }
  })
}

describe('computeEditMeta: one hunk per site with three lines of context', () => {
  it('an edit on the first line takes the three lines after it as context', () => {
    const before = lines(6).join('')
    expect(computeEditMeta(before, { old_string: 'l1', new_string: 'L1' })).toEqual({
      hunks: [{ oldText: 'l1\nl2\nl3\nl4\n', newText: 'L1\nl2\nl3\nl4\n', line: 1 }],
    })
  })

  it('an edit on the last line of a file without a final newline keeps it without one', () => {
    const before = 'l1\nl2\nl3\nl4\nl5\nl6'
    expect(computeEditMeta(before, { old_string: 'l6', new_string: 'L6' })).toEqual({
      hunks: [{ oldText: 'l3\nl4\nl5\nl6', newText: 'l3\nl4\nl5\nL6', line: 3 }],
    })
  })

  it('an edit in the middle of a long file shows only its neighbourhood', () => {
    const before = lines(20).join('')
    expect(computeEditMeta(before, { old_string: 'l10\n', new_string: 'ten\nTEN\n' })).toEqual({
      hunks: [{ oldText: 'l7\nl8\nl9\nl10\nl11\nl12\nl13\n', newText: 'l7\nl8\nl9\nten\nTEN\nl11\nl12\nl13\n', line: 7 }],
    })
  })

  it('keeps CRLF line endings exactly as the file has them', () => {
    const before = 'a\r\nb\r\nc\r\nd\r\ne\r\n'
    expect(computeEditMeta(before, { old_string: 'd', new_string: 'D' })).toEqual({
      hunks: [{ oldText: 'a\r\nb\r\nc\r\nd\r\ne\r\n', newText: 'a\r\nb\r\nc\r\nD\r\ne\r\n', line: 1 }],
    })
  })

  it('an edit that deletes everything gives the whole old text and an empty new text at line 1', () => {
    expect(computeEditMeta('a\nb\n', { old_string: 'a\nb\n', new_string: '' })).toEqual({
      hunks: [{ oldText: 'a\nb\n', newText: '', line: 1 }],
    })
  })

  it('an edit that empties a line keeps the line in both texts', () => {
    expect(computeEditMeta('x\nkeep\n', { old_string: 'x', new_string: '' })).toEqual({
      hunks: [{ oldText: 'x\nkeep\n', newText: '\nkeep\n', line: 1 }],
    })
  })

  it('without replace_all only the first site is shown', () => {
    const before = ['x\n', ...lines(10), 'x\n'].join('')
    expect(computeEditMeta(before, { old_string: 'x', new_string: 'y' }).hunks).toEqual([
      { oldText: 'x\nl1\nl2\nl3\n', newText: 'y\nl1\nl2\nl3\n', line: 1 },
    ])
  })

  it('an empty old_string or one not in the file gives no hunks', () => {
    expect(computeEditMeta('abc\n', { old_string: '', new_string: 'x' })).toEqual({ hunks: [] })
    expect(computeEditMeta('abc\n', { old_string: 'zz', new_string: 'x' })).toEqual({ hunks: [] })
  })
})

describe('computeEditMeta: neighbouring sites share a hunk', () => {
  it('two sites on one line give one hunk', () => {
    expect(computeEditMeta('a x b x\n', { old_string: 'x', new_string: 'yy', replace_all: true })).toEqual({
      hunks: [{ oldText: 'a x b x\n', newText: 'a yy b yy\n', line: 1 }],
    })
  })

  it('sites whose contexts overlap merge into one hunk', () => {
    const text = lines(12)
    text[3] = 'x\n'
    text[6] = 'x\n'
    const { hunks } = computeEditMeta(text.join(''), { old_string: 'x', new_string: 'y', replace_all: true })
    expect(hunks).toEqual([
      {
        oldText: 'l1\nl2\nl3\nx\nl5\nl6\nx\nl8\nl9\nl10\n',
        newText: 'l1\nl2\nl3\ny\nl5\nl6\ny\nl8\nl9\nl10\n',
        line: 1,
      },
    ])
  })

  it('sites whose contexts touch merge into one hunk', () => {
    const text = lines(20)
    text[4] = 'x\n' // context lines 2..8 (1-based 2..8 around line 5)
    text[11] = 'x\n' // context starts on line 9: touches
    const { hunks } = computeEditMeta(text.join(''), { old_string: 'x', new_string: 'y', replace_all: true })
    expect(hunks).toHaveLength(1)
    expect(hunks[0]).toEqual({
      oldText: text.slice(1, 15).join(''),
      newText: text.slice(1, 15).join('').replaceAll('x', 'y'),
      line: 2,
    })
  })

  it('sites one untouched line apart stay separate hunks, the second at its new-file line', () => {
    const text = lines(20)
    text[4] = 'x\n'
    text[12] = 'x\n'
    const { hunks } = computeEditMeta(text.join(''), { old_string: 'x\n', new_string: 'y\nz\n', replace_all: true })
    expect(hunks).toEqual([
      { oldText: text.slice(1, 8).join(''), newText: text.slice(1, 8).join('').replace('x\n', 'y\nz\n'), line: 2 },
      // The first site added a line, so line 10 of the old file is line 11 of the new one.
      { oldText: text.slice(9, 16).join(''), newText: text.slice(9, 16).join('').replace('x\n', 'y\nz\n'), line: 11 },
    ])
  })
})

describe('computeEditMeta: replace_all with 1,000 sites', () => {
  it('gives 1,000 hunks with exact texts and shifted line numbers when the sites are far apart', () => {
    // Each block is the site line and 7 filler lines, so no two contexts touch.
    const block = (index: number) => ['x\n', ...lines(7, `f${index}.`)]
    const text = Array.from({ length: 1000 }, (_, index) => block(index)).flat()
    const { hunks } = computeEditMeta(text.join(''), { old_string: 'x\n', new_string: 'y\ny\n', replace_all: true })
    expect(hunks).toHaveLength(1000)
    const expected = Array.from({ length: 1000 }, (_, index) => {
      const from = Math.max(0, index * 8 - 3)
      const old = text.slice(from, index * 8 + 4).join('')
      return { oldText: old, newText: old.replace('x\n', 'y\ny\n'), line: from + 1 + index }
    })
    expect(hunks).toEqual(expected)
  })

  it('gives one hunk when the sites are on neighbouring lines', () => {
    const before = `head\n${'x\n'.repeat(1000)}tail\n`
    expect(computeEditMeta(before, { old_string: 'x', new_string: 'y', replace_all: true })).toEqual({
      hunks: [{ oldText: before, newText: `head\n${'y\n'.repeat(1000)}tail\n`, line: 1 }],
    })
  })

  it('gives one hunk when the sites are all on one long line', () => {
    const before = `a\n${'x-'.repeat(1000)}\nb\n`
    expect(computeEditMeta(before, { old_string: 'x', new_string: 'yz', replace_all: true })).toEqual({
      hunks: [{ oldText: before, newText: `a\n${'yz-'.repeat(1000)}\nb\n`, line: 1 }],
    })
  })
})

describe('computeEditMeta agrees with a line-array model', () => {
  const text = fc.string({ unit: fc.constantFrom('a', 'b', '\n', '\r\n', 'ab\n'), maxLength: 60 })
  it('for random texts, sites and replacements', () => {
    fc.assert(
      fc.property(
        text,
        fc.string({ unit: fc.constantFrom('a', 'b', '\n'), minLength: 1, maxLength: 4 }),
        text,
        fc.boolean(),
        (before, oldString, newString, all) => {
          const meta = computeEditMeta(before, { old_string: oldString, new_string: newString, replace_all: all })
          expect(meta.hunks).toEqual(naiveEditHunks(before, oldString, newString, all))
          // Each new text sits at its line in the edited file.
          const after = all ? before.replaceAll(oldString, newString) : before.replace(oldString, () => newString)
          for (const hunk of meta.hunks) expect(after.startsWith(hunk.newText, lineStart(after, hunk.line - 1))).toBe(true)
        },
      ),
      { numRuns: 2000 },
    )
  })
})

describe('computeWriteMeta', () => {
  it('a create is one whole-file hunk with no old text at line 1', () => {
    expect(computeWriteMeta(null, 'a\nb\n')).toEqual({ hunks: [{ oldText: null, newText: 'a\nb\n', line: 1 }] })
  })

  it('an identical overwrite gives no hunks', () => {
    expect(computeWriteMeta('same\n', 'same\n')).toEqual({ hunks: [] })
  })

  it('an overwrite gives contextual hunks, one per separate change', () => {
    const before = lines(20).join('')
    const after = before.replace('l2\n', 'two\n').replace('l15\n', 'fifteen\n')
    expect(computeWriteMeta(before, after)).toEqual({
      hunks: [
        { oldText: 'l1\nl2\nl3\nl4\nl5\n', newText: 'l1\ntwo\nl3\nl4\nl5\n', line: 1 },
        { oldText: 'l12\nl13\nl14\nl15\nl16\nl17\nl18\n', newText: 'l12\nl13\nl14\nfifteen\nl16\nl17\nl18\n', line: 12 },
      ],
    })
  })

  it('keeps CRLF line endings', () => {
    expect(computeWriteMeta('a\r\nb\r\n', 'a\r\nB\r\n')).toEqual({
      hunks: [{ oldText: 'a\r\nb\r\n', newText: 'a\r\nB\r\n', line: 1 }],
    })
  })

  it('keeps a missing final newline on either side', () => {
    expect(computeWriteMeta('a\nb', 'a\nc')).toEqual({ hunks: [{ oldText: 'a\nb', newText: 'a\nc', line: 1 }] })
    expect(computeWriteMeta('a\nb\n', 'a\nb')).toEqual({ hunks: [{ oldText: 'a\nb\n', newText: 'a\nb', line: 1 }] })
  })

  it('an overwrite with an empty text shows everything removed at line 1', () => {
    expect(computeWriteMeta('a\nb\n', '')).toEqual({ hunks: [{ oldText: 'a\nb\n', newText: '', line: 1 }] })
  })

  it('for random texts, each hunk is in the old file and at its line in the new one', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '\n', '\r\n'), maxLength: 40 })
    fc.assert(
      fc.property(text, text, (before, after) => {
        const { hunks } = computeWriteMeta(before, after)
        if (before === after) expect(hunks).toEqual([])
        else expect(hunks.length).toBeGreaterThan(0)
        for (const hunk of hunks) {
          expect(before.includes(hunk.oldText!)).toBe(true)
          expect(after.startsWith(hunk.newText, lineStart(after, hunk.line - 1))).toBe(true)
        }
      }),
      { numRuns: 1000 },
    )
  })
})

describe('the size bound', () => {
  it('defaults to 10 MiB of UTF-16 code units', () => {
    expect(DEFAULT_MAX_LENGTH).toBe(10 * 1024 * 1024)
  })

  it('an edit of a file past the bound is marked too large', () => {
    expect(computeEditMeta('abcdef', { old_string: 'a', new_string: 'b' }, { maxLength: 5 })).toEqual({
      hunks: [],
      skipped: 'too-large',
    })
  })

  it('an edit whose result grows past the bound is marked too large', () => {
    expect(computeEditMeta('aaa', { old_string: 'a', new_string: 'bb', replace_all: true }, { maxLength: 5 })).toEqual({
      hunks: [],
      skipped: 'too-large',
    })
    expect(computeEditMeta('aaa', { old_string: 'a', new_string: 'bb' }, { maxLength: 5 }).hunks).toHaveLength(1)
  })

  it('a write past the bound, before or after, is marked too large', () => {
    const tooLarge = { hunks: [], skipped: 'too-large' }
    expect(computeWriteMeta(null, 'abcdef', { maxLength: 5 })).toEqual(tooLarge)
    expect(computeWriteMeta('abcdef', 'a', { maxLength: 5 })).toEqual(tooLarge)
  })

  it('an overwrite that changes more lines than maxEditLength is marked too large', () => {
    const before = lines(50).join('')
    const after = lines(50, 'm').join('')
    expect(computeWriteMeta(before, after, { maxEditLength: 10 })).toEqual({ hunks: [], skipped: 'too-large' })
    expect(computeWriteMeta(before, after).hunks).toHaveLength(1)
  })

  it('the meta survives a JSON round trip unchanged', () => {
    const meta = computeEditMeta('a\r\nb\n', { old_string: 'b', new_string: 'c' })
    expect(JSON.parse(JSON.stringify(meta))).toEqual(meta)
  })
})

describe('appliedHunksOf reads a persisted meta back', () => {
  it('returns the hunks of a valid meta, even one carrying extra keys', () => {
    const hunk = { oldText: 'a', newText: 'b', line: 3, path: '/x' }
    expect(appliedHunksOf({ hunks: [hunk] })).toEqual([hunk])
    expect(appliedHunksOf({ hunks: [] })).toEqual([])
  })

  it('treats a skipped, missing or malformed meta as absent', () => {
    for (const meta of [
      undefined,
      null,
      'x',
      [],
      { hunks: [], skipped: 'too-large' },
      { hunks: 'x' },
      { hunks: [{ oldText: 'a', newText: 'b', line: 0 }] },
      { hunks: [{ oldText: 'a', newText: 'b', line: 1.5 }] },
      { hunks: [{ oldText: 1, newText: 'b', line: 1 }] },
      { hunks: [{ oldText: 'a', line: 1 }] },
    ]) {
      expect(appliedHunksOf(meta)).toBeUndefined()
    }
  })
})

// The hunks the `diff` package gives for the same change, with `context`
// lines of context, as exact texts: each line gets its newline back unless
// the "\ No newline at end of file" marker follows it.
function patchHunks(before: string, after: string, context: number): AppliedHunk[] {
  const patch = structuredPatch('', '', before, after, undefined, undefined, { context })
  return patch.hunks.map((hunk) => {
    let oldText = ''
    let newText = ''
    hunk.lines.forEach((line, index) => {
      if (line[0] === '\\') return
      const text = line.slice(1) + (hunk.lines[index + 1]?.[0] === '\\' ? '' : '\n')
      if (line[0] !== '+') oldText += text
      if (line[0] !== '-') newText += text
    })
    return { oldText, newText, line: Math.max(1, hunk.newStart) }
  })
}

// A file whose lines are all different (`u1`, `u2`, …) except for blocks of
// marker lines (`x1\nx2\n`) that edits replace with lines found nowhere in it
// (`X1\n`). The unchanged lines are then the only longest common
// subsequence, so any line diff agrees with an edit's own hunks.
const markers = ['x', 'w'] as const
type Marker = (typeof markers)[number]
const changeCase = fc.record({
  context: fc.integer({ min: 0, max: 5 }),
  items: fc.array(fc.constantFrom<'u' | Marker>('u', 'u', 'x', 'w'), { maxLength: 40 }),
  blockLines: fc.record({ x: fc.integer({ min: 1, max: 3 }), w: fc.integer({ min: 1, max: 3 }) }),
  newLines: fc.record({ x: fc.integer({ min: 0, max: 3 }), w: fc.integer({ min: 0, max: 3 }) }),
  all: fc.record({ x: fc.boolean(), w: fc.boolean() }),
  finalNewline: fc.boolean(),
})
type ChangeCase = typeof changeCase extends fc.Arbitrary<infer T> ? T : never

function changeOf({ items, blockLines, newLines, all, finalNewline }: ChangeCase) {
  const block = (name: string, count: number) => Array.from({ length: count }, (_, index) => `${name}${index + 1}\n`).join('')
  // Without replace_all only one block may exist: a second one left in place would give the diff a choice.
  const seen = new Set<string>()
  const kept = items.map((item) => {
    if (item !== 'u' && !all[item] && seen.has(item)) return 'u'
    seen.add(item)
    return item
  })
  let before = kept.map((item, index) => (item === 'u' ? `u${index}\n` : block(item, blockLines[item]))).join('')
  if (!finalNewline && kept.at(-1) === 'u') before = before.slice(0, -1)
  const edits: EditReplacement[] = markers.map((marker) => ({
    old_string: block(marker, blockLines[marker]),
    new_string: block(marker.toUpperCase(), newLines[marker]),
    replace_all: all[marker],
  }))
  return { before, edits }
}

const applied = (text: string, { old_string, new_string, replace_all }: EditReplacement) =>
  replace_all ? text.replaceAll(old_string, () => new_string) : text.replace(old_string, () => new_string)

describe('the hunks agree with the diff package for every context size', () => {
  it('CONTEXT_LINES is what the public functions use', () => {
    const before = lines(30).join('')
    const after = before.replace('l15\n', 'fifteen\n')
    const edit = { old_string: 'l15\n', new_string: 'fifteen\n' }
    expect(computeEditMeta(before, edit)).toEqual(editMeta(before, edit, {}, CONTEXT_LINES))
    expect(computeMultiEditMeta(before, [edit])).toEqual(multiEditMeta(before, [edit], {}, CONTEXT_LINES))
    expect(computeWriteMeta(before, after)).toEqual(writeMeta(before, after, {}, CONTEXT_LINES))
    expect(computeEditMeta(before, edit).hunks[0].oldText).toBe(
      lines(30)
        .slice(14 - CONTEXT_LINES, 15 + CONTEXT_LINES)
        .join(''),
    )
  })

  it('an edit gives the hunks structuredPatch gives, with 0 to 5 lines of context', () => {
    fc.assert(
      fc.property(changeCase, (change) => {
        const { before, edits } = changeOf(change)
        const after = applied(before, edits[0])
        expect(editMeta(before, edits[0], {}, change.context).hunks).toEqual(patchHunks(before, after, change.context))
      }),
      { numRuns: propertyRuns(2000) },
    )
  })

  it('a multi-edit gives the hunks structuredPatch gives, with 0 to 5 lines of context', () => {
    fc.assert(
      fc.property(changeCase, (change) => {
        const { before, edits } = changeOf(change)
        const after = applied(applied(before, edits[0]), edits[1])
        expect(multiEditMeta(before, edits, {}, change.context).hunks).toEqual(patchHunks(before, after, change.context))
      }),
      { numRuns: propertyRuns(2000) },
    )
  })

  it('a write gives the hunks structuredPatch gives, with 0 to 5 lines of context', () => {
    fc.assert(
      fc.property(changeCase, (change) => {
        const { before, edits } = changeOf(change)
        const after = applied(applied(before, edits[0]), edits[1])
        expect(writeMeta(before, after, {}, change.context).hunks).toEqual(patchHunks(before, after, change.context))
      }),
      { numRuns: propertyRuns(500) },
    )
  })
})
