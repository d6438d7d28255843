// Plans by id beyond a todo list: the plan a call proposes as a document
// (Markdown, or a file), and the removal of a plan the client keeps once
// what it belonged to is over. Only for a client that keeps plans by id.
import { boundedText } from '../safety/bounded-text.js'
import { isAbsolutePath, normalizePath } from '../safety/paths.js'
import { isRecord } from '../internal/record.js'
import { reported, rememberPlan, type SessionEvent, type SessionState } from './actions.js'
import type { CallRecord } from './call-record.js'
import { PROPOSED_PLAN_ID, type PlanDocumentShown, subagentPlanId } from './events.js'

type Out = SessionEvent[]

/** The most code units of a proposed plan's Markdown, or of its file's URI: past it the middle is left out, marked. */
export const PLAN_DOCUMENT_LENGTH = 256 * 1024

/** The id of the plan a call proposes: the session's one proposal, or a sub-agent's own. */
export const proposedPlanId = (parentToolCallId: string | undefined): string =>
  parentToolCallId === undefined ? PROPOSED_PLAN_ID : `${subagentPlanId(parentToolCallId)}/${PROPOSED_PLAN_ID}`

// A path as a `file://` URI: each segment percent-encoded, a drive or a UNC host kept as such.
function fileUri(path: string): string {
  const normal = normalizePath(path)
  const unc = normal.startsWith('\\\\')
  const segments = normal.replace(/\\/g, '/').split('/')
  const encoded = segments.map((segment, index) =>
    index === 1 && !unc && /^[A-Za-z]:$/.test(segment) ? segment : encodeURIComponent(segment),
  )
  if (unc) return `file://${encoded.slice(2).join('/')}`
  // A drive path (`C:/plans/a.md`) gets the empty authority and a leading slash.
  return /^[A-Za-z]:$/.test(segments[0]) ? `file:///${segments[0]}/${encoded.slice(1).join('/')}` : `file://${encoded.join('/')}`
}

/**
 * The plan a complete call proposes (its tool's `presentPlan`), for a
 * client that keeps plans by id: Markdown bounded by
 * {@link PLAN_DOCUMENT_LENGTH} (the encoder marks what it hides), a file by its absolute path as a `file://`
 * URI. A path that is not absolute proposes nothing (the card names it); a
 * presenter that throws or gives something else is reported.
 */
export function proposedPlan(state: SessionState, call: CallRecord, out: Out): void {
  const present = call.tool?.presentPlan
  if (!state.settings.plansById || typeof present !== 'function') return
  try {
    const document: unknown = present(call.input)
    if (document === undefined) return
    let content: PlanDocumentShown['content']
    if (isRecord(document) && document.format === 'markdown' && typeof document.markdown === 'string')
      content = { type: 'markdown', content: boundedText(document.markdown, PLAN_DOCUMENT_LENGTH) }
    else if (isRecord(document) && document.format === 'file' && typeof document.path === 'string') {
      if (!isAbsolutePath(document.path)) return
      const uri = fileUri(document.path)
      if (uri.length > PLAN_DOCUMENT_LENGTH) throw new TypeError(`presentPlan: the path is longer than ${PLAN_DOCUMENT_LENGTH} code units`)
      content = { type: 'file', uri }
    } else throw new TypeError('presentPlan: expected { format: "markdown", markdown } or { format: "file", path }')
    const planId = proposedPlanId(call.parentToolCallId)
    rememberPlan(state, planId, call, true)
    out.push({ type: 'plan-document', call, planId, content })
  } catch (error) {
    out.push(reported(call.toolCallId, call.toolName, 'call', error))
  }
}

/**
 * The plans by id that end with a call: a sub-agent's plans once its
 * spawning call is over, however it ended; the plan a call proposed when
 * it was declined, cancelled or failed (the user did not take it). Each is
 * a `plan-removed`, once.
 */
export function endedPlans(state: SessionState, call: CallRecord, rejected: boolean, out: Out): void {
  if (state.shownPlans.size === 0) return
  for (const [planId, plan] of state.shownPlans) {
    const over = plan.spawner === call.toolCallId || (plan.proposal && rejected && plan.toolCallId === call.toolCallId)
    if (!over) continue
    state.shownPlans.delete(planId)
    out.push({ type: 'plan-removed', call, planId })
  }
}
