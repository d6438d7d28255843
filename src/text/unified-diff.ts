// The diff arm: one unified diff per file, computed with the `diff` package,
// then a `N files, +A -R` footer. Large diffs are cut at a line bound so a
// rewritten lockfile cannot flood the terminal, and the line diff itself has
// a bound on its work, so a rewritten lockfile cannot hang the renderer.

import { structuredPatch, type StructuredPatchHunk } from 'diff'
import { hidingInDiffs, hidingWarning } from '../safety/hiding-warning.js'
import { displayPath, isAbsolutePath } from '../safety/paths.js'
import type { FileDiff } from '../views.js'
import { visibleControls } from './control-chars.js'
import { paint } from './palette.js'

/** Lines of context around each change, as in `diff -u` and `git diff`. */
const CONTEXT_LINES = 3

/**
 * The most changed lines (removals plus additions) the line diff looks for
 * in one file before it gives up and shows a summary instead. A file with
 * more changed lines than this would also show more diff lines than the
 * default `maxDiffLines` lets through.
 */
export const MAX_EDIT_LENGTH = 2000

// The line diff's work, (lines before + lines after) x the edit length it
// looks for, that a file may take: about half a second at most.
const DIFF_WORK_BUDGET = 1e8

/** What the diff arm needs from the render options, resolved. */
export interface UnifiedDiffOptions {
  readonly color: boolean
  readonly cwd: string | undefined
  readonly maxDiffLines: number
}

/**
 * The unified diff of `diffs` as lines: per file `--- a/path` / `+++ b/path`
 * (`--- /dev/null` for a new file, whose text is all additions), its `@@`
 * hunks, then one footer line `N files, +A -R`. Past `maxDiffLines` diff
 * lines the rest is replaced by one marker line; the footer still counts the
 * whole change.
 *
 * The line diff of each file is bounded: it looks for at most
 * {@link MAX_EDIT_LENGTH} changed lines, and fewer for long files so that
 * (lines before + lines after) x that bound stays under 10^8 (a file of
 * 200,000 lines before and after gets 249). Past the bound the file shows
 * one summary line instead of hunks,
 * `(12,000 lines replaced by 11,500 lines; too large to diff)`, and the
 * footer counts all of its lines as removed and added. A new file, or a file
 * emptied, needs no search and is never summarised. The bound is on work,
 * not on time, so the output stays deterministic.
 *
 * When the texts hold characters that hide (bidi controls, zero-width and
 * other invisible characters, controls), a warning line comes first, naming
 * each as the markers do with the lines it stands on (`hidingWarning`).
 */
export function unifiedDiffLines(diffs: readonly FileDiff[], options: UnifiedDiffOptions): string[] {
  const { color } = options
  const limit = Number.isFinite(options.maxDiffLines) ? Math.max(0, Math.floor(options.maxDiffLines)) : Infinity
  const lines: string[] = []
  let omitted = 0
  let added = 0
  let removed = 0
  // The diff lines mark what hides; the warning says so before them, as the wire's card does.
  const warning = hidingWarning(
    hidingInDiffs(diffs, (path) => displayPath(path, options.cwd) || path),
    'change',
  )
  if (warning !== undefined) lines.push(paint('boldRed', visibleControls(warning), color))
  const limitFrom = lines.length
  // Keeps a diff line while under the bound; counts it as left out past it.
  const push = (line: string) => {
    if (lines.length - limitFrom < limit) lines.push(line)
    else omitted++
  }
  for (const file of diffs) {
    // A path equal to the cwd displays as '': keep it as given rather than show nothing.
    const shown = displayPath(file.path, options.cwd) || file.path
    const path = visibleControls(shown)
    // git's a/ b/ prefixes only make sense on a relative path.
    const relative = !isAbsolutePath(shown)
    const oldName = file.oldText === null ? '/dev/null' : relative ? `a/${path}` : path
    const newName = relative ? `b/${path}` : path
    push(paint('bold', `--- ${oldName}`, color))
    push(paint('bold', `+++ ${newName}`, color))
    const [before, after] = comparedTexts(file)
    const hunks = diffHunks(before, after)
    if (hunks === undefined) {
      const oldCount = lineCount(before)
      const newCount = lineCount(after)
      removed += oldCount
      added += newCount
      push(paint('dim', `(${linesPhrase(oldCount)} replaced by ${linesPhrase(newCount)}; too large to diff)`, color))
      continue
    }
    if (hunks.length === 0) push(paint('dim', file.oldText === null ? '(new empty file)' : '(no changes)', color))
    for (const hunk of hunks) {
      // Unified diff convention: an empty side's start is the line before it.
      const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart
      const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart
      push(paint('cyan', `@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`, color))
      for (const line of hunk.lines) {
        const sign = line.charCodeAt(0)
        if (sign === 0x2b /* + */) added++
        else if (sign === 0x2d /* - */) removed++
        const text = diffLineText(line)
        // '+' green, '-' red, '\ No newline at end of file' dim, context plain.
        push(
          sign === 0x2b
            ? paint('green', text, color)
            : sign === 0x2d
              ? paint('red', text, color)
              : sign === 0x5c
                ? paint('dim', text, color)
                : text,
        )
      }
    }
  }
  if (omitted > 0) lines.push(paint('dim', `… ${omitted} more diff ${omitted === 1 ? 'line' : 'lines'} not shown`, color))
  const files = `${diffs.length} ${diffs.length === 1 ? 'file' : 'files'}`
  lines.push(`${files}, ${paint('green', `+${added}`, color)} ${paint('red', `-${removed}`, color)}`)
  return lines
}

// A CR LF file's lines keep their CR: drop it, as a CR LF ending is shown as a plain line end.
const diffLineText = (line: string) => visibleControls(line.endsWith('\r') ? line.slice(0, -1) : line)

// Snippets (an edit's old_string and new_string) rarely end in a newline; when
// neither side does, both get one so the diff is not two "\ No newline" markers.
function comparedTexts(file: FileDiff): [string, string] {
  const oldText = file.oldText ?? ''
  const snippet = file.oldText !== null && !oldText.endsWith('\n') && !file.newText.endsWith('\n')
  return snippet ? [`${oldText}\n`, `${file.newText}\n`] : [oldText, file.newText]
}

/** A hunk as the `diff` package gives it. */
type Hunk = StructuredPatchHunk

/**
 * The hunks of the line diff from `before` to `after`, as `structuredPatch`
 * gives them with 3 lines of context, or undefined when the diff needs more
 * work than its bound (see {@link unifiedDiffLines}).
 */
export function diffHunks(before: string, after: string): readonly Hunk[] | undefined {
  if (before === after) return []
  // One side empty: every line of the other is added or removed, no search needed.
  if (before === '') return [wholeTextHunk(after, '+')]
  if (after === '') return [wholeTextHunk(before, '-')]
  const lines = lineCount(before) + lineCount(after) + 2
  const maxEditLength = Math.max(1, Math.min(MAX_EDIT_LENGTH, Math.floor(DIFF_WORK_BUDGET / lines)))
  return structuredPatch('', '', before, after, undefined, undefined, { context: CONTEXT_LINES, maxEditLength })?.hunks
}

// The one hunk that adds (or removes) every line of `text`, as the `diff`
// package would give it: a line ending is not part of the line, and a last
// line without one is followed by the "\ No newline at end of file" marker.
function wholeTextHunk(text: string, sign: '+' | '-'): Hunk {
  const lines = text.split('\n')
  const complete = lines.at(-1) === ''
  if (complete) lines.pop()
  const count = lines.length
  for (let index = 0; index < count; index++) lines[index] = sign + lines[index]
  if (!complete) lines.push('\\ No newline at end of file')
  return sign === '+'
    ? { oldStart: 1, oldLines: 0, newStart: 1, newLines: count, lines }
    : { oldStart: 1, oldLines: count, newStart: 1, newLines: 0, lines }
}

// Lines in a text as a diff counts them: a final line ending starts no new line.
function lineCount(text: string): number {
  if (text === '') return 0
  let count = 0
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++
  return text.endsWith('\n') ? count : count + 1
}

// `1 line`, `12,000 lines`: thousands grouped with commas, whatever the locale.
function linesPhrase(count: number): string {
  const digits = String(count)
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1)
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`
  return `${grouped} ${count === 1 ? 'line' : 'lines'}`
}
