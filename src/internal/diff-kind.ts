// Internal: not exported from any entry point.
import type { FileDiff } from '../views.js'

/**
 * @internal The kind a diff card is shown with: `delete` when every file it changes
 * is deleted, `move` when every one is moved (a move naming its `oldPath`),
 * else `edit`.
 */
export function diffKind(diffs: readonly FileDiff[]): 'edit' | 'delete' | 'move' {
  if (diffs.length === 0) return 'edit'
  if (diffs.every((diff) => diff.operation === 'delete')) return 'delete'
  if (diffs.every((diff) => diff.operation === 'move' && typeof diff.oldPath === 'string')) return 'move'
  return 'edit'
}
