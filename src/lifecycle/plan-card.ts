// A plan as a tool card, for the one place it needs one: a permission
// prompt (a plan has no card of its own; the client shows it in its plan view).
import type { CardView } from './events.js'
import { boundedMarkdownInline, markdownLine } from '../safety/markdown-text.js'
import type { ContentBlock, PlanCallView } from '../views.js'

/**
 * The most code units one plan entry shows, after marking and Markdown
 * escaping, as a command's description: a plan is sent whole with every
 * change, so each entry is held to it. The number of entries is not cut
 * (what a plan sends grows with its entries, linearly).
 */
export const PLAN_ENTRY_LENGTH = 4096

/**
 * A plan entry's text as the client shows it: literal Markdown on one line,
 * every invisible character marked, at most {@link PLAN_ENTRY_LENGTH} code
 * units (head and tail around ` … N characters left out … `; see `boundedMarkdownInline`).
 */
export const planEntryText = (content: string): string => boundedMarkdownInline(content, PLAN_ENTRY_LENGTH)

/** A plan as a card, for the one place it needs one: a prompt. Its entries as a Markdown checklist. */
export function planCard(view: PlanCallView): CardView {
  return { card: 'generic', kind: 'think', title: markdownLine(view.title ?? 'Update the plan'), content: planChecklist(view) }
}

function planChecklist(view: PlanCallView): ContentBlock[] {
  let text = ''
  for (const entry of view.entries)
    text += `${text ? '\n' : ''}- [${entry.status === 'completed' ? 'x' : ' '}] ${planEntryText(entry.content)}`
  return text ? [{ type: 'text', text }] : []
}
