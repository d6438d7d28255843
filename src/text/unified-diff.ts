// The diff arm: one unified diff per file, computed with the `diff` package,
// then a `N files, +A -R` footer. Large diffs are cut at a line bound so a
// rewritten lockfile cannot flood the terminal.

import { structuredPatch } from 'diff'
import { displayPath, isAbsolutePath } from '../paths.js'
import type { FileDiff } from '../views.js'
import { visibleControls } from './control-chars.js'
import { paint } from './palette.js'

/** Lines of context around each change, as in `diff -u` and `git diff`. */
const CONTEXT_LINES = 3

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
 */
export function unifiedDiffLines(diffs: readonly FileDiff[], options: UnifiedDiffOptions): string[] {
  const { color } = options
  const limit = Number.isFinite(options.maxDiffLines) ? Math.max(0, Math.floor(options.maxDiffLines)) : Infinity
  const lines: string[] = []
  let omitted = 0
  let added = 0
  let removed = 0
  // Keeps a diff line while under the bound; counts it as left out past it.
  const push = (line: string) => {
    if (lines.length < limit) lines.push(line)
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
    const patch = structuredPatch(oldName, newName, ...comparedTexts(file), undefined, undefined, {
      context: CONTEXT_LINES,
    })
    if (patch.hunks.length === 0) push(paint('dim', file.oldText === null ? '(new empty file)' : '(no changes)', color))
    for (const hunk of patch.hunks) {
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
        push(sign === 0x2b ? paint('green', text, color) : sign === 0x2d ? paint('red', text, color) : sign === 0x5c ? paint('dim', text, color) : text)
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
  return snippet ? [oldText + '\n', file.newText + '\n'] : [oldText, file.newText]
}
