// The last step before an update leaves the library, in one place: it must
// serialise, be bounded and hold only well-formed strings, whatever the
// views, arguments and results it was built from held.
import { isJsonSafe, jsonSafeCopy } from '../safety/json-safe.js'

/**
 * `update` itself when it is plain JSON within `UPDATE_LIMITS` (the common
 * case: one walk, no copy), else a plain-JSON copy with visible markers;
 * `onProblems` hears what the copy changed. Every update the library sends,
 * of either protocol version, passes here last.
 */
export function safeUpdate<Update>(update: Update, onProblems?: (problems: readonly string[]) => void): Update {
  if (isJsonSafe(update)) return update
  const copy = jsonSafeCopy(update, 'update')
  if (copy.problems.length > 0) onProblems?.(copy.problems)
  return copy.value as Update
}
