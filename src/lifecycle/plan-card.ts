// A plan as a tool card, for the one place it needs one: a permission
// prompt (a plan has no card of its own; the client shows it in its plan view).
import type { CardView } from './events.js'
import { markdownInline, markdownLine } from '../safety/markdown-text.js'
import type { ContentBlock, PlanCallView } from '../views.js'

/** A plan as a card, for the one place it needs one: a prompt. Its entries as a Markdown checklist. */
export function planCard(view: PlanCallView): CardView {
  return { card: 'generic', kind: 'think', title: markdownLine(view.title ?? 'Update the plan'), content: planChecklist(view) }
}

function planChecklist(view: PlanCallView): ContentBlock[] {
  let text = ''
  for (const entry of view.entries)
    text += `${text ? '\n' : ''}- [${entry.status === 'completed' ? 'x' : ' '}] ${markdownInline(entry.content)}`
  return text ? [{ type: 'text', text }] : []
}
