// One plan (by plan id) as a stream of updates describes it, and its record.
import type { PlanEntry } from '../views.js'
import type { ToolCallRecord } from './records.js'

/** One plan (by plan id) as the stream has described it: its latest entries and the versions before. */
export interface PlanState {
  readonly planId: string
  latest: PlanEntry[]
  // The earlier versions kept, oldest first, and how many before them were not kept.
  readonly history: PlanEntry[][]
  leftOut: number
}

/** The earlier versions of a plan kept for its card; older ones are counted. */
export const PLAN_HISTORY = 100
/** A plan's record: its latest entries, the earlier versions as its history. */
export function planRecord(state: PlanState): ToolCallRecord {
  const record: { -readonly [K in keyof ToolCallRecord]: ToolCallRecord[K] } = {
    toolCallId: state.planId,
    call: { card: 'plan', entries: state.latest },
  }
  if (state.history.length > 0) record.history = [...state.history]
  if (state.leftOut > 0) record.historyLeftOut = state.leftOut
  return record
}

/** Whether two versions of a plan list the same entries. */
export const samePlan = (a: readonly PlanEntry[], b: readonly PlanEntry[]): boolean =>
  a.length === b.length &&
  a.every((entry, index) => entry.content === b[index].content && entry.status === b[index].status && entry.priority === b[index].priority)
