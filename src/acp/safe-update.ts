// The last step before an update leaves the library: it must serialise, be
// bounded and hold only well-formed strings, whatever the views, arguments
// and results it was built from held.
import { isJsonSafe, jsonSafeCopy } from '../json-safe.js'

/**
 * `update` itself when it is plain JSON within {@link UPDATE_LIMITS} (the
 * common case: one walk, no copy), else a plain-JSON copy with visible
 * markers; `onProblems` hears what the copy changed.
 */
export function safeUpdate<Update>(update: Update, onProblems?: (problems: readonly string[]) => void): Update {
  if (isJsonSafe(update)) return update
  const copy = jsonSafeCopy(update, 'update')
  if (copy.problems.length > 0) onProblems?.(copy.problems)
  return copy.value as Update
}
