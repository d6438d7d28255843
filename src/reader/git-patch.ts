// An ACP v2 diff item read back into files: `changes` name each file by its
// absolute path, the `git_patch` carries the hunks. The patch is parsed with
// the `diff` package.
import { parsePatch } from 'diff'
import type { FileDiff } from '../views.js'

interface DiffChange {
  readonly path: string
  readonly operation?: string
  readonly oldPath?: unknown
}

/**
 * The files of a v2 diff item, one `FileDiff` per hunk (its old side and
 * new side: context, removed and added lines) or per new file (the whole
 * file, `oldText: null`), each under the absolute path of the change its
 * patch name ends with. `undefined` when the item has no patch, or a change
 * the patch does not cover (those changes travel as text beside the item).
 * A `delete` change's diffs say `operation: 'delete'`; a `move` or `copy`
 * change's say so with its `oldPath` (a rename or copy with no hunk gives
 * one diff of no text).
 */
export function gitPatchDiffs(changes: readonly DiffChange[], patch: string | undefined): FileDiff[] | undefined {
  if (patch === undefined || patch === '') return undefined
  let files: ReturnType<typeof parsePatch>
  try {
    files = parsePatch(patch)
  } catch {
    return undefined
  }
  const diffs: FileDiff[] = []
  const covered = new Set<string>()
  for (const file of files) {
    // A deleted file's new name is /dev/null: the old one names it.
    const newName = file.newFileName === '/dev/null' ? undefined : file.newFileName
    const name = stripPrefix(newName ?? file.oldFileName ?? '')
    const change = changes.find((candidate) => candidate.path === name || candidate.path.endsWith(`/${name}`))
    if (change === undefined) return undefined
    covered.add(change.path)
    const added = file.oldFileName === '/dev/null' || change.operation === 'add'
    const operation = operationOf(change)
    if (file.hunks.length === 0 && added) diffs.push({ path: change.path, oldText: null, newText: '' })
    else if (file.hunks.length === 0 && operation !== undefined) diffs.push({ path: change.path, oldText: '', newText: '', ...operation })
    for (const hunk of file.hunks) {
      let oldText = ''
      let newText = ''
      let last = ''
      for (const line of hunk.lines) {
        const sign = line[0]
        if (sign === '\\') {
          // "\ No newline at end of file": the line before it lacks its line feed.
          if (last === ' ' || last === '-') oldText = oldText.slice(0, -1)
          if (last === ' ' || last === '+') newText = newText.slice(0, -1)
          continue
        }
        const text = `${line.slice(1)}\n`
        if (sign !== '+') oldText += text
        if (sign !== '-') newText += text
        last = sign
      }
      diffs.push({ path: change.path, oldText: added ? null : oldText, newText, ...operation })
    }
  }
  for (const change of changes) if (!covered.has(change.path)) return undefined
  return diffs
}

// What a change does besides an edit, as a diff's fields.
function operationOf(change: DiffChange): Pick<FileDiff, 'operation' | 'oldPath'> | undefined {
  if (change.operation === 'delete') return { operation: 'delete' }
  if ((change.operation === 'move' || change.operation === 'copy') && typeof change.oldPath === 'string')
    return { operation: change.operation, oldPath: change.oldPath }
  return undefined
}

// `b/src/a.ts` -> `src/a.ts`; git quotes aside, which parsePatch leaves as they are.
const stripPrefix = (name: string) => (name.startsWith('a/') || name.startsWith('b/') ? name.slice(2) : name)
