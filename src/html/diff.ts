// The diff arm: one table per file with old and new line numbers, the lines
// changed together paired up and their changed words marked. The line diff is
// the text renderer's, with its bound on work; the word diff is the `diff`
// package's, only for pairs of lines short enough to compare cheaply.
import { diffWordsWithSpace } from 'diff'
import { hidingInDiffs, hidingWarning } from '../safety/hiding-warning.js'
import { displayPath } from '../safety/paths.js'
import { diffHunks } from '../text/unified-diff.js'
import type { FileDiff, FileLocation } from '../views.js'
import { markedHtml } from './markers.js'

/** The longest line, in UTF-16 code units, whose words are compared with its pair. */
const MAX_WORD_DIFF_LINE = 1000

/** What the diff arm reads from the render options. */
export interface DiffTableOptions {
  readonly cwd: string | undefined
  readonly maxDiffLines: number
}

/**
 * Each file of `diffs` as a `<table class="tri-diff">` under a caption
 * naming the file (relative to the cwd when inside it): context rows, removed
 * rows (`tri-del`) and added rows (`tri-add`) with their line numbers, a
 * hunk separator row per `@@`. A file too large to diff shows a row saying
 * so, then its old text as removed rows and its new text as added rows, each
 * in half the rows left. Past `maxDiffLines` rows in all, a note says how
 * many were left out.
 *
 * Line numbers are the file's where they are known: a new file's, or a
 * diff's whose start line `locations` gives (paired one to one with
 * `diffs`, same path, as an applied change gives them). A snippet whose
 * place in the file is not known (an edit's old and new string) is numbered
 * from 1 within the snippet, under a row that says so, never a made-up `@@`.
 */
export function diffTablesHtml(diffs: readonly FileDiff[], options: DiffTableOptions, locations?: readonly FileLocation[]): string {
  // The tables mark what hides; the warning says so before them, as the wire's card does.
  const warning = hidingWarning(
    hidingInDiffs(diffs, (path) => displayPath(path, options.cwd) || path),
    'change',
  )
  let html = warning === undefined ? '' : `<p class="tri-warning">${markedHtml(warning)}</p>`
  let budget = options.maxDiffLines
  // How far the old file's lines stand from the new one's, per path, after the hunks so far.
  const shift = new Map<string, number>()
  for (let index = 0; index < diffs.length; index++) {
    const file = diffs[index]
    const start = startLine(file, diffs, locations, index)
    const shown = displayPath(file.path, options.cwd) || file.path
    const note = file.oldText === null ? ' <span class="tri-note">(new file)</span>' : ''
    html += `<table class="tri-diff"><caption>${markedHtml(shown)}${note}</caption><tbody>`
    const [before, after] = comparedTexts(file)
    const hunks = diffHunks(before, after)
    if (hunks === undefined) {
      // No line diff: the old text then the new, each in half of what is left of the budget.
      html += `<tr class="tri-hunk"><td colspan="3">(too large to diff: ${lineCount(before)} lines replaced by ${lineCount(after)} lines, both shown)</td></tr>`
      const half = Math.max(0, Math.ceil(budget / 2))
      const removed = wholeTextRows(before, 'tri-del', half)
      const added = wholeTextRows(after, 'tri-add', Math.max(0, budget - Math.min(half, lineCount(before))))
      html += removed.html + added.html
      budget -= removed.shown + added.shown
      html += '</tbody></table>'
      if (removed.left > 0 || added.left > 0)
        html += `<p class="tri-note">${leftOut(removed.left, 'old')}${removed.left > 0 && added.left > 0 ? '; ' : ''}${leftOut(added.left, 'new')}</p>`
      continue
    }
    if (hunks.length === 0) {
      html += `<tr class="tri-hunk"><td colspan="3">${file.oldText === null ? '(new empty file)' : '(no changes)'}</td></tr>`
    }
    const earlier = shift.get(file.path) ?? 0
    for (const hunk of hunks) {
      if (budget <= 0) break
      const newStart = start === undefined ? hunk.newStart : hunk.newStart + start - 1
      const oldStart = start === undefined ? hunk.oldStart : hunk.oldStart + start - 1 - earlier
      html +=
        start === undefined
          ? '<tr class="tri-hunk"><td colspan="3">(where in the file: not known; lines numbered within the snippet)</td></tr>'
          : `<tr class="tri-hunk"><td colspan="3">@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@</td></tr>`
      const rows = hunkRows(hunk.lines, oldStart, newStart)
      const kept = Math.min(rows.length, Math.max(0, budget))
      for (let index = 0; index < kept; index++) html += rows[index]
      budget -= rows.length
    }
    if (start !== undefined) shift.set(file.path, earlier + lineCount(after) - lineCount(before))
    html += '</tbody></table>'
  }
  if (budget < 0) html += `<p class="tri-note">… ${-budget} more diff ${budget === -1 ? 'line' : 'lines'} not shown</p>`
  return html
}

// A text shown whole as removed (`tri-del`) or added (`tri-add`) rows, at most `limit` of them.
function wholeTextRows(text: string, className: 'tri-del' | 'tri-add', limit: number): { html: string; shown: number; left: number } {
  const total = lineCount(text)
  let html = ''
  let shown = 0
  let from = 0
  while (shown < limit && shown < total) {
    const end = text.indexOf('\n', from)
    const line = end === -1 ? text.slice(from) : text.slice(from, end)
    const number = shown + 1
    const content = lineHtml(line.endsWith('\r') ? line.slice(0, -1) : line)
    html += className === 'tri-del' ? row(className, number, '', '-', content) : row(className, '', number, '+', content)
    shown++
    from = end + 1
  }
  return { html, shown, left: total - shown }
}

const leftOut = (count: number, side: 'old' | 'new') =>
  count === 0 ? '' : `… ${count} more ${count === 1 ? 'line' : 'lines'} of the ${side} text not shown`

// The rows of one hunk: runs of removed lines followed by added lines are
// paired line by line, and each pair gets its changed words marked.
function hunkRows(lines: readonly string[], oldStart: number, newStart: number): string[] {
  const rows: string[] = []
  let oldLine = oldStart
  let newLine = newStart
  let index = 0
  while (index < lines.length) {
    const sign = lines[index][0]
    if (sign === '-') {
      let removedEnd = index
      while (removedEnd < lines.length && lines[removedEnd][0] === '-') removedEnd++
      let addedEnd = removedEnd
      while (addedEnd < lines.length && lines[addedEnd][0] === '+') addedEnd++
      const removed = lines.slice(index, removedEnd).map(body)
      const added = lines.slice(removedEnd, addedEnd).map(body)
      const pairs = Math.min(removed.length, added.length)
      const marked = removed.map((line, at) => (at < pairs ? wordPair(line, added[at]) : undefined))
      for (let at = 0; at < removed.length; at++) rows.push(row('tri-del', oldLine++, '', '-', marked[at]?.[0] ?? lineHtml(removed[at])))
      for (let at = 0; at < added.length; at++) rows.push(row('tri-add', '', newLine++, '+', marked[at]?.[1] ?? lineHtml(added[at])))
      index = addedEnd
    } else if (sign === '+') {
      rows.push(row('tri-add', '', newLine++, '+', lineHtml(body(lines[index]))))
      index++
    } else if (sign === '\\') {
      rows.push(`<tr class="tri-eof"><td></td><td></td><td>${markedHtml(lines[index])}</td></tr>`)
      index++
    } else {
      rows.push(row('tri-ctx', oldLine++, newLine++, ' ', lineHtml(body(lines[index]))))
      index++
    }
  }
  return rows
}

const row = (className: string, oldLine: number | '', newLine: number | '', sign: string, html: string) =>
  `<tr class="${className}"><td class="tri-ln">${oldLine}</td><td class="tri-ln">${newLine}</td><td class="tri-code"><span class="tri-sign">${sign}</span>${html}</td></tr>`

// A diff line without its sign and without the CR of a CR LF ending.
const body = (line: string) => (line.endsWith('\r') ? line.slice(1, -1) : line.slice(1))

const lineHtml = (line: string) => markedHtml(line)

// The removed and the added line with the words only one side has marked.
function wordPair(removed: string, added: string): [string, string] | undefined {
  if (removed.length > MAX_WORD_DIFF_LINE || added.length > MAX_WORD_DIFF_LINE) return undefined
  let before = ''
  let after = ''
  for (const change of diffWordsWithSpace(removed, added)) {
    const html = lineHtml(change.value)
    if (change.removed) before += `<del>${html}</del>`
    else if (change.added) after += `<ins>${html}</ins>`
    else {
      before += html
      after += html
    }
  }
  return [before, after]
}

// The line of the file a diff starts at, when known: 1 for a new file, else its location's line (paired one to one).
function startLine(
  file: FileDiff,
  diffs: readonly FileDiff[],
  locations: readonly FileLocation[] | undefined,
  index: number,
): number | undefined {
  if (file.oldText === null) return 1
  if (locations === undefined || locations.length !== diffs.length) return undefined
  const location = locations[index]
  return location.path === file.path && Number.isSafeInteger(location.line) && (location.line ?? 0) >= 1 ? location.line : undefined
}

// As the text renderer: two snippets without a final newline each get one.
function comparedTexts(file: FileDiff): [string, string] {
  const oldText = file.oldText ?? ''
  const snippet = file.oldText !== null && !oldText.endsWith('\n') && !file.newText.endsWith('\n')
  return snippet ? [`${oldText}\n`, `${file.newText}\n`] : [oldText, file.newText]
}

function lineCount(text: string): number {
  if (text === '') return 0
  let count = 0
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++
  return text.endsWith('\n') ? count : count + 1
}
