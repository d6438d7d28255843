// A proposed plan (Markdown or a file) and a plan's removal as the unstable
// schema's `plan_update` / `plan_removed`: the same shapes in ACP v1's
// unstable schema and the v2 draft's.
import type { PlanDocumentShown } from '../lifecycle/events.js'
import { markedCharacterReferences } from '../safety/character-references.js'
import { visibleText } from '../safety/visible-text.js'

/** A proposed plan's `plan_update`: Markdown with every hiding character marked (as a text block's), or the file's URI. */
export function planDocumentUpdate(planId: string, content: PlanDocumentShown['content']) {
  return content.type === 'markdown'
    ? {
        sessionUpdate: 'plan_update' as const,
        plan: { type: 'markdown' as const, planId, content: markedCharacterReferences(visibleText(content.content)) },
      }
    : { sessionUpdate: 'plan_update' as const, plan: { type: 'file' as const, planId, uri: content.uri } }
}

/** The `plan_removed` of a plan by id. */
export const planRemovedUpdate = (planId: string) => ({ sessionUpdate: 'plan_removed' as const, planId })
