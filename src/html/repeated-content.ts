// A client without display terminals gets a command's description as the
// card's content, and the result's content resends it before the output
// (an update's content replaces the card's). Shown as it came, the
// description would appear twice: once for the call, once in the result.
import type { ToolCallView, ToolResultView } from '../views.js'

/**
 * The result as a card shows it under its call: a generic result whose
 * content begins with the call's own content (the same blocks, in order)
 * without that repeat. Anything else is returned as it is.
 */
export function withoutRepeatedContent(call: ToolCallView, result: ToolResultView): ToolResultView {
  if (call.card !== 'generic' || result.card !== 'generic') return result
  const before = call.content
  const after = result.content
  if (before === undefined || after === undefined || before.length === 0 || after.length < before.length) return result
  for (let index = 0; index < before.length; index++) if (JSON.stringify(before[index]) !== JSON.stringify(after[index])) return result
  return { ...result, content: after.slice(before.length) }
}
