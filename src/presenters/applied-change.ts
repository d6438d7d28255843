// The applied-change meta: what a write or an edit really changed, computed
// once when the tool runs, persisted beside the result, and read back by the
// result presenters so live and replayed sessions render the same.
import { structuredPatch } from 'diff'
import { isRecord } from '../internal/record.js'

/**
 * One hunk of an applied change: the old and new text of a run of whole
 * lines (the changed lines plus up to 3 lines of context on each side), and
 * `line`, the 1-based line in the file AFTER the change where `newText`
 * starts. Both texts are exact substrings of the file before and after, line
 * endings included (CRLF stays CRLF). `oldText: null` marks a created file.
 *
 * A hunk carries no path: the tool's arguments name the file, and the meta
 * must never disagree with them. The result presenters add the path.
 */
export interface AppliedHunk {
  /** The hunk's lines before the change, context included; `null` for a created file. */
  readonly oldText: string | null
  /** The same lines after the change, context included. */
  readonly newText: string
  /** 1-based start line of `newText` in the new file; 1 for a created file. */
  readonly line: number
}

/**
 * The presentation meta of a `write` or `edit` result: plain JSON, safe to
 * persist. `hunks` is empty when nothing changed. `skipped: 'too-large'`
 * (always with no hunks) says the change was past the size bound, so the
 * result presenter shows the call-time diff instead.
 *
 * @example
 * const meta: AppliedChangeMeta = { hunks: [{ oldText: 'a\nb\n', newText: 'a\nB\n', line: 1 }] }
 * const big: AppliedChangeMeta = { hunks: [], skipped: 'too-large' }
 */
export type AppliedChangeMeta =
  | {
      /** The changed regions, in file order; empty when nothing changed. */
      readonly hunks: readonly AppliedHunk[]
    }
  | {
      /** Always empty: no hunks were computed. */
      readonly hunks: readonly []
      /** The change was past the size bound; the result shows the call-time diff instead. */
      readonly skipped: 'too-large'
    }

/** The fields of {@link AppliedChangeMeta}: what the file tools' result presenters read. */
export const APPLIED_CHANGE_META_KEYS: readonly string[] = ['hunks', 'skipped']

/** Bounds for {@link computeEditMeta} and {@link computeWriteMeta}. */
export interface AppliedChangeOptions {
  /**
   * The longest text, before or after the change, for which hunks are
   * computed, in UTF-16 code units (`String.length`). Default 10 MiB
   * (10 * 1024 * 1024).
   */
  readonly maxLength?: number | undefined
  /**
   * For an overwrite only: the most changed lines (removed plus added) the
   * line diff looks for before it gives up and marks the change too large.
   * It bounds the diff's running time, which grows with the file's length
   * times this number. Default: 4,000, lowered for long files so that
   * (lines before + lines after) x maxEditLength stays under 10^8
   * (about a second); rewriting a 200,000-line file gets 250.
   */
  readonly maxEditLength?: number | undefined
}

/** The arguments {@link computeEditMeta} needs: an edit tool's own arguments fit. */
export interface EditReplacement {
  /** The exact text replaced; empty or not found in the file gives no hunks. */
  readonly old_string: string
  /** The text put in its place. */
  readonly new_string: string
  /** Replace every occurrence of `old_string`, not only the first; `null` is absent (not all). */
  readonly replace_all?: boolean | null | undefined
}

/** Lines of context around each change. */
export const CONTEXT_LINES = 3

/** The default {@link AppliedChangeOptions.maxLength}: 10 MiB of UTF-16 code units. */
export const DEFAULT_MAX_LENGTH = 10 * 1024 * 1024

/** The default {@link AppliedChangeOptions.maxEditLength} for files short enough. */
export const DEFAULT_MAX_EDIT_LENGTH = 4000

// The line diff's work (lines times changed lines) that the default allows.
const DIFF_WORK_BUDGET = 1e8

// A fresh object each time: a caller may hold on to the meta it gets.
const tooLarge = (): AppliedChangeMeta => ({ hunks: [], skipped: 'too-large' })

// Walks a text's lines forward only, so every newline is found exactly once.
// It remembers where the last `context` + 1 lines start (a ring of that
// many slots), which is how far back a hunk's leading context can reach.
class LineCursor {
  line = 0
  start = 0
  private next: number
  private readonly starts: number[]

  constructor(
    private readonly text: string,
    context: number,
  ) {
    this.next = text.indexOf('\n')
    this.starts = new Array<number>(context + 1).fill(0)
  }

  // Moves to the line that holds `position` (a line holds its own newline).
  moveTo(position: number): void {
    while (this.next !== -1 && this.next < position) {
      this.start = this.next + 1
      this.line++
      this.starts[this.line % this.starts.length] = this.start
      this.next = this.text.indexOf('\n', this.start)
    }
  }

  // Where line `line` starts; only the current line and the `context` before it are known.
  startOf(line: number): number {
    return this.starts[line % this.starts.length]
  }

  // Where the current line ends, its newline included.
  end(): number {
    return this.next === -1 ? this.text.length : this.next + 1
  }
}

// Where the `count`th line after the one ending at `from` ends, newline
// included, or the end of the text.
function endAfterLines(text: string, from: number, count: number): number {
  let end = from
  for (let index = 0; index < count && end < text.length; index++) {
    const newline = text.indexOf('\n', end)
    end = newline === -1 ? text.length : newline + 1
  }
  return end
}

function countNewlines(text: string): number {
  let count = 0
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++
  return count
}

/**
 * The applied change of an edit: one hunk per replacement site (every site
 * with `replace_all`, else the first), each with 3 lines of context,
 * neighbouring hunks merged when their contexts overlap or touch. Runs in
 * time linear in `before` plus the output: sites are found with `indexOf`
 * and line numbers counted as it goes; no diff algorithm is involved.
 *
 * Lines end at `\n`; a `\r` before it stays part of the line, so CRLF files
 * come back with their CRLFs. An empty `old_string` or one not found in
 * `before` gives no hunks. Past the size bound the meta is
 * `{ hunks: [], skipped: 'too-large' }`.
 *
 * @param before The file's text before the edit.
 * @example
 * computeEditMeta('a\nb\nc\n', { old_string: 'b', new_string: 'B' })
 * // { hunks: [{ oldText: 'a\nb\nc\n', newText: 'a\nB\nc\n', line: 1 }] }
 */
export function computeEditMeta(before: string, args: EditReplacement, options: AppliedChangeOptions = {}): AppliedChangeMeta {
  return editMeta(before, args, options, CONTEXT_LINES)
}

/** @internal {@link computeEditMeta} with `context` lines of context; the tests vary it. */
export function editMeta(before: string, args: EditReplacement, options: AppliedChangeOptions, context: number): AppliedChangeMeta {
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH
  const { old_string: oldString, new_string: newString } = args
  if (before.length > maxLength) return tooLarge()
  if (oldString === '') return { hunks: [] }

  const sites: number[] = []
  for (let at = before.indexOf(oldString); at !== -1; at = before.indexOf(oldString, at + oldString.length)) {
    sites.push(at)
    if (!args.replace_all) break
  }
  if (before.length + sites.length * (newString.length - oldString.length) > maxLength) return tooLarge()

  // Each site shifts later lines by this much in the new file.
  const lineShift = countNewlines(newString) - countNewlines(oldString)
  const cursor = new LineCursor(before, context)
  const hunks: AppliedHunk[] = []
  let index = 0
  while (index < sites.length) {
    // A hunk opens at this site: its leading context and new-file line.
    cursor.moveTo(sites[index])
    const firstLine = Math.max(0, cursor.line - context)
    const start = cursor.startOf(firstLine)
    const line = firstLine + 1 + index * lineShift
    let newText = ''
    let copied = start
    let lastLine: number
    let lastEnd: number
    // Takes sites while the next one's leading context overlaps or touches this one's trailing context.
    for (;;) {
      const site = sites[index]
      newText += before.slice(copied, site) + newString
      copied = site + oldString.length
      cursor.moveTo(copied - 1)
      lastLine = cursor.line
      lastEnd = cursor.end()
      index++
      if (index === sites.length) break
      cursor.moveTo(sites[index])
      if (cursor.line - context > lastLine + context + 1) break
    }
    const end = endAfterLines(before, lastEnd, context)
    newText += before.slice(copied, end)
    hunks.push({ oldText: before.slice(start, end), newText, line })
  }
  return { hunks }
}

/**
 * The applied change of a write. `before: null` means the file was created:
 * one whole-file hunk with `oldText: null` at line 1. An overwrite gives
 * contextual hunks (3 lines of context) from the `diff` package's
 * `structuredPatch`; an overwrite with identical text gives no hunks. Past
 * either bound of `options` the meta is `{ hunks: [], skipped: 'too-large' }`.
 *
 * @param before The file's text before the write, or `null` if it did not exist.
 * @param after The text written.
 * @example
 * computeWriteMeta(null, 'hello\n') // { hunks: [{ oldText: null, newText: 'hello\n', line: 1 }] }
 * computeWriteMeta('a\n', 'a\n') // { hunks: [] }
 */
export function computeWriteMeta(before: string | null, after: string, options: AppliedChangeOptions = {}): AppliedChangeMeta {
  return writeMeta(before, after, options, CONTEXT_LINES)
}

/** @internal {@link computeWriteMeta} with `context` lines of context; the tests vary it. */
export function writeMeta(before: string | null, after: string, options: AppliedChangeOptions, context: number): AppliedChangeMeta {
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH
  if (after.length > maxLength || (before !== null && before.length > maxLength)) return tooLarge()
  if (before === null) return { hunks: [{ oldText: null, newText: after, line: 1 }] }
  if (before === after) return { hunks: [] }
  const lines = countNewlines(before) + countNewlines(after) + 2
  const maxEditLength = options.maxEditLength ?? Math.max(1, Math.min(DEFAULT_MAX_EDIT_LENGTH, Math.floor(DIFF_WORK_BUDGET / lines)))
  const patch = structuredPatch('', '', before, after, undefined, undefined, { context, maxEditLength })
  if (!patch) return tooLarge()
  return { hunks: patch.hunks.map((hunk) => hunkText(hunk.lines, hunk.newStart)) }
}

// Rebuilds a unified-diff hunk's exact texts: each line gets its newline back
// unless the "\ No newline at end of file" marker follows it.
function hunkText(lines: readonly string[], newStart: number): AppliedHunk {
  let oldText = ''
  let newText = ''
  for (let index = 0; index < lines.length; index++) {
    const mark = lines[index][0]
    if (mark === '\\') continue
    const text = lines[index].slice(1) + (lines[index + 1]?.[0] === '\\' ? '' : '\n')
    if (mark !== '+') oldText += text
    if (mark !== '-') newText += text
  }
  // A hunk that empties the file starts "at line 0"; the schema wants 1 or more.
  return { oldText, newText, line: Math.max(1, newStart) }
}

// A changed region of the current text: [start, end) there replaced
// [origStart, origEnd) of the text before the first edit. Regions are kept
// in order and apart (never touching), so the text between two of them is
// the same in both texts.
interface Region {
  readonly start: number
  readonly end: number
  readonly origStart: number
  readonly origEnd: number
}

// Where `oldString` is replaced in `text`: every site with replace_all,
// else the first. An empty old string replaces only an empty text (the
// content of a file being created).
function sitesOf(text: string, edit: EditReplacement): number[] {
  const { old_string: oldString } = edit
  if (oldString === '') return text === '' ? [0] : []
  const sites: number[] = []
  for (let at = text.indexOf(oldString); at !== -1; at = text.indexOf(oldString, at + oldString.length)) {
    sites.push(at)
    if (!edit.replace_all) break
  }
  return sites
}

// One edit, applied to `text` and to its regions in one pass: sites and
// regions that overlap or touch become one region. A position p outside
// every region maps to p - shift(p) in the original, shift being what the
// regions before p added to the length; that holds again afterwards.
function applyEdit(
  text: string,
  regions: readonly Region[],
  sites: readonly number[],
  oldLength: number,
  newString: string,
): { text: string; regions: Region[] } {
  const out: Region[] = []
  const delta = newString.length - oldLength
  let built = ''
  let copied = 0
  // What the sites before the current position add to the text's length.
  let added = 0
  // What the regions before the current position add to the length over the original.
  let grown = 0
  let site = 0
  let region = 0
  while (site < sites.length || region < regions.length) {
    const fromSite = region === regions.length || (site < sites.length && sites[site] < regions[region].start)
    const start = fromSite ? sites[site] : regions[region].start
    let end = start
    let clusterAdded = 0
    let clusterGrown = 0
    // Takes every site and region that starts at or before the cluster's end.
    for (;;) {
      if (site < sites.length && sites[site] <= end) {
        const at = sites[site++]
        built += text.slice(copied, at) + newString
        copied = at + oldLength
        if (copied > end) end = copied
        clusterAdded += delta
      } else if (region < regions.length && regions[region].start <= end) {
        const taken = regions[region++]
        if (taken.end > end) end = taken.end
        clusterGrown += taken.end - taken.start - (taken.origEnd - taken.origStart)
      } else break
    }
    out.push({
      start: start + added,
      end: end + added + clusterAdded,
      origStart: start - grown,
      origEnd: end - grown - clusterGrown,
    })
    added += clusterAdded
    grown += clusterGrown
  }
  return { text: built + text.slice(copied), regions: out }
}

// The hunks of the regions: each widened to whole lines with `context` lines
// of context, neighbours merged when their contexts overlap or touch. Both
// sides of a hunk cover the same unchanged text around the regions, so
// each is an exact substring of its file.
function regionHunks(before: string, after: string, regions: readonly Region[], context: number): AppliedHunk[] {
  const cursor = new LineCursor(after, context)
  const hunks: AppliedHunk[] = []
  let index = 0
  while (index < regions.length) {
    let region = regions[index]
    cursor.moveTo(region.start)
    const firstLine = Math.max(0, cursor.line - context)
    const newStart = cursor.startOf(firstLine)
    const oldStart = region.origStart - (region.start - newStart)
    const line = firstLine + 1
    let newEnd: number
    for (;;) {
      // As computeEditMeta: the rest of the line the old text ends on, then
      // `context` lines (just those when it ends with its line). The text after the
      // region is the same on both sides, so one count serves both.
      const atLineStart = region.origEnd === 0 || before.charCodeAt(region.origEnd - 1) === 10
      newEnd = endAfterLines(after, region.end, atLineStart ? context : context + 1)
      index++
      if (index === regions.length) break
      cursor.moveTo(regions[index].start)
      if (cursor.startOf(Math.max(0, cursor.line - context)) > newEnd) break
      region = regions[index]
    }
    const oldEnd = region.origEnd + (newEnd - region.end)
    const oldText = before.slice(oldStart, oldEnd)
    const newText = after.slice(newStart, newEnd)
    // Edits that undo each other within a hunk leave it unchanged: not a change to show.
    if (oldText !== newText) hunks.push({ oldText, newText, line })
  }
  return hunks
}

/**
 * The applied change of a multi-edit: the edits applied in order, each to
 * the text the previous ones left (every site with `replace_all`, else the
 * first), and the hunks between the file before the first edit and after
 * the last: 3 lines of context, neighbours merged when their contexts
 * overlap or touch, exact substrings of both texts (CRLF stays CRLF), as
 * {@link computeEditMeta} gives for one edit. An edit that changes a spot
 * another one changed is shown once, as the net change; a spot edited back
 * to what it was shows no hunk.
 *
 * `before: null` means the file did not exist: an edit with an empty
 * `old_string` then gives its content, and the meta is one whole-file hunk
 * with `oldText: null` at line 1, as {@link computeWriteMeta} gives for a
 * create. Otherwise an edit with an empty `old_string`, or one not found,
 * changes nothing (the tool would have refused it). Past the size bound,
 * before or after any edit, the meta is `{ hunks: [], skipped: 'too-large' }`.
 *
 * No diff algorithm is involved: each edit costs time linear in the text's
 * length (the work of applying it) and the hunks time linear in both texts.
 *
 * @param before The file's text before the first edit, or `null` if it did not exist.
 * @example
 * computeMultiEditMeta('a\nb\nc\n', [
 *   { old_string: 'a', new_string: 'A' },
 *   { old_string: 'c', new_string: 'C' },
 * ])
 * // { hunks: [{ oldText: 'a\nb\nc\n', newText: 'A\nb\nC\n', line: 1 }] }
 */
export function computeMultiEditMeta(
  before: string | null,
  edits: readonly EditReplacement[],
  options: AppliedChangeOptions = {},
): AppliedChangeMeta {
  return multiEditMeta(before, edits, options, CONTEXT_LINES)
}

/** @internal {@link computeMultiEditMeta} with `context` lines of context; the tests vary it. */
export function multiEditMeta(
  before: string | null,
  edits: readonly EditReplacement[],
  options: AppliedChangeOptions,
  context: number,
): AppliedChangeMeta {
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH
  if (before !== null && before.length > maxLength) return tooLarge()
  let text = before ?? ''
  let regions: Region[] = []
  for (const edit of edits) {
    const sites = sitesOf(text, edit)
    if (sites.length === 0) continue
    if (text.length + sites.length * (edit.new_string.length - edit.old_string.length) > maxLength) return tooLarge()
    ;({ text, regions } = applyEdit(text, regions, sites, edit.old_string.length, edit.new_string))
  }
  if (before === null) return { hunks: [{ oldText: null, newText: text, line: 1 }] }
  // A region edited back to its old text is no change; dropping it keeps
  // the mapping, as its length is unchanged.
  const changed = regions.filter(
    (region) =>
      region.end - region.start !== region.origEnd - region.origStart ||
      text.slice(region.start, region.end) !== before.slice(region.origStart, region.origEnd),
  )
  return { hunks: regionHunks(before, text, changed, context) }
}

// A plain loop, not a pattern: a replace_all meta can hold a thousand hunks,
// and this runs on every write and edit result.
function isAppliedHunk(hunk: unknown): hunk is AppliedHunk {
  if (!isRecord(hunk)) return false
  const { oldText, newText, line } = hunk
  return (oldText === null || typeof oldText === 'string') && typeof newText === 'string' && Number.isInteger(line) && (line as number) >= 1
}

function appliedHunks(meta: unknown): meta is { hunks: AppliedHunk[] } {
  const hunks = isRecord(meta) ? meta.hunks : undefined
  if (!Array.isArray(hunks)) return false
  for (let index = 0; index < hunks.length; index++) if (!isAppliedHunk(hunks[index])) return false
  return true
}

/**
 * The hunks of a meta read back from a session log, or `undefined` when the
 * value is not a usable {@link AppliedChangeMeta} (missing, malformed, or
 * marked `skipped`). Never throws.
 */
export function appliedHunksOf(meta: unknown): readonly AppliedHunk[] | undefined {
  if (!appliedHunks(meta)) return undefined
  if ((meta as { skipped?: unknown }).skipped !== undefined) return undefined
  return meta.hunks
}
