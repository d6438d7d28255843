// The pieces every arm shares: a card's content, diffs and locations in
// ACP's shape, with every path made absolute against the session cwd.
import type { ToolCallContent, ToolCallLocation } from '@agentclientprotocol/sdk'
import { resolvePath } from '../paths.js'
import type { ContentBlock, FileDiff, FileLocation } from '../views.js'

/** Content blocks wrapped as ACP tool-call content. */
export function contentEntries(blocks: readonly ContentBlock[]): ToolCallContent[] {
  const entries: ToolCallContent[] = []
  for (const block of blocks) entries.push({ type: 'content', content: block })
  return entries
}

/** One ACP diff per file, its path absolute. */
export function diffEntries(diffs: readonly FileDiff[], cwd: string): ToolCallContent[] {
  const entries: ToolCallContent[] = []
  for (const diff of diffs) {
    entries.push({ type: 'diff', path: resolvePath(diff.path, cwd), oldText: diff.oldText, newText: diff.newText })
  }
  return entries
}

/** Locations with absolute paths; `line` only where the view set one. */
export function absoluteLocations(locations: readonly FileLocation[], cwd: string): ToolCallLocation[] {
  const absolute: ToolCallLocation[] = []
  for (const location of locations) {
    const entry: ToolCallLocation = { path: resolvePath(location.path, cwd) }
    if (location.line !== undefined) entry.line = location.line
    absolute.push(entry)
  }
  return absolute
}

/** A text block as tool-call content. */
export const textEntry = (text: string): ToolCallContent => ({ type: 'content', content: { type: 'text', text } })
