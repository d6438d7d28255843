// An ACP v2 diff item read back into files: `changes` name each file by its
// absolute path, the `git_patch` carries the hunks. The patch is read with
// the package's own parser (the one `parseAgentPatch` exports), so the
// reader needs no runtime dependency.
import { parseAgentPatch } from '../presenters/patch-parser.js'
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
 * patch name ends with. `undefined` when the item has no patch, a patch
 * that is not a unified diff that parses, or a change the patch does not
 * cover (those changes travel as text beside the item). A `delete`
 * change's diffs say `operation: 'delete'`; a `move` or `copy` change's say
 * so with its `oldPath` (a rename or copy with no hunk gives one diff of no
 * text).
 */
export function gitPatchDiffs(changes: readonly DiffChange[], patch: string | undefined): FileDiff[] | undefined {
  if (patch === undefined || patch === '') return undefined
  const parsed = parseAgentPatch(patch)
  // The encoder writes git's unified diffs only: a codex envelope is not one.
  if (!parsed.ok || parsed.format !== 'unified') return undefined
  const diffs: FileDiff[] = []
  const covered = new Set<string>()
  for (const file of parsed.files) {
    // A deleted file has no new path: its old one names it.
    const name = file.newPath ?? file.oldPath ?? ''
    const change = changes.find((candidate) => candidate.path === name || candidate.path.endsWith(`/${name}`))
    if (change === undefined) return undefined
    covered.add(change.path)
    const added = file.change === 'add' || change.operation === 'add'
    const operation = operationOf(change)
    if (file.hunks.length === 0 && added) diffs.push({ path: change.path, oldText: null, newText: '' })
    else if (file.hunks.length === 0 && operation !== undefined) diffs.push({ path: change.path, oldText: '', newText: '', ...operation })
    for (const hunk of file.hunks)
      diffs.push({ path: change.path, oldText: added ? null : hunk.oldText, newText: hunk.newText, ...operation })
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
