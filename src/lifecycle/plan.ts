// Plans: a call whose view is a plan has no card of its own (the client
// shows it in its plan view); a tool may keep a session plan across calls
// (a task list), moved on by each of its results.
import { parseToolCallView } from '../guards.js'
import { isRecord } from '../internal/record.js'
import type { GenericCallView, ToolResult } from '../views.js'
import { rememberPlan, reported, type SessionEvent, type SessionState } from './actions.js'
import type { CallRecord } from './call-record.js'
import { SESSION_PLAN_ID, subagentPlanId } from './events.js'
import { rawContent } from './presenting.js'

type Out = SessionEvent[]

/**
 * The session plan the call's tool keeps, moved on by its result: shown when
 * the result changed it. A sub-agent's calls keep their own plan (its id
 * names the spawning call), sent only to a client that keeps plans by id:
 * the call's card has the result for any other.
 */
export function nextSessionPlan(state: SessionState, call: CallRecord, outcome: unknown, out: Out): void {
  const plan = call.tool?.sessionPlan
  if (!isRecord(plan)) return
  const parent = call.parentToolCallId
  if (parent !== undefined && !state.settings.plansById) return
  try {
    const planId = parent === undefined ? SESSION_PLAN_ID : subagentPlanId(parent)
    let byId = state.plans.get(plan)
    if (!byId) {
      byId = new Map()
      state.plans.set(plan, byId)
    }
    const before = byId.has(planId) ? byId.get(planId) : plan.initial
    const after = plan.next(before, call.toolName, call.input, outcome as ToolResult)
    if (after === before) return
    byId.set(planId, after)
    const view = parseToolCallView(plan.view(after))
    if (view.card !== 'plan') throw new TypeError(`the session plan of "${call.toolName}" gave a ${view.card} card`)
    rememberPlan(state, planId, call, false)
    out.push({ type: 'plan', call, view, planId })
  } catch (error) {
    out.push(reported(call.toolCallId, call.toolName, 'result', error))
  }
}

/**
 * A plan's result: nothing to show when it worked (the plan view has it); a
 * failure gets a failed card, since an update for an id the client never
 * saw would show "tool call not found".
 */
export function planResult(call: CallRecord, outcome: unknown, isError: boolean, out: Out): void {
  if (!isError) return
  const title = call.view.card === 'plan' ? (call.view.title ?? 'Update the plan') : call.toolName
  const view: GenericCallView = { card: 'generic', kind: 'think', title, content: rawContent(call, outcome, out) }
  out.push({ type: 'plan-failed', call, view })
}
