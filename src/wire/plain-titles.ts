// For clients that show titles and plan entries as plain text (acpx, logs):
// the Markdown escapes Zed needs are taken out again. A command's title is
// never escaped, so it is left as it is.
import { unescapeMarkdownInline } from '../safety/markdown-unescape.js'

/** How a client shows titles and plan entries: as Markdown (Zed), or as plain text. */
export type TitleStyle = 'markdown' | 'plain'

/**
 * `updates` with each card's `title` (unless the call is a command: kind
 * `execute`) and each plan entry's text unescaped, for a client that shows
 * them as plain text. In place; returns `updates`.
 */
export function plainTitles<Update>(updates: Update[], kind: string): Update[] {
  for (const update of updates as Record<string, unknown>[]) {
    if (typeof update.title === 'string' && kind !== 'execute') update.title = unescapeMarkdownInline(update.title)
    // New entries, not the old ones changed: the session keeps the plan it sent to compare the next one with.
    const plan = update.plan as { entries?: unknown } | undefined
    if (Array.isArray(plan?.entries)) update.plan = { ...plan, entries: plainEntries(plan.entries) }
    else if (plan?.entries == null && Array.isArray(update.entries)) update.entries = plainEntries(update.entries)
  }
  return updates
}

const plainEntries = (entries: readonly { content?: unknown }[]) =>
  entries.map((entry) => (typeof entry.content === 'string' ? { ...entry, content: unescapeMarkdownInline(entry.content) } : entry))
