// Other agents' todo lists as the session plan: their statuses and
// priorities mapped onto ACP's three statuses and three priorities, the
// agent's own word kept in the entry where ACP has none for it.
import type { PlanEntry } from '../views.js'

type PlanStatus = PlanEntry['status']

// The words that mean an ACP status outright: the entry shows them as that status alone.
const SAME_AS: Readonly<Record<string, PlanStatus>> = {
  pending: 'pending',
  todo: 'pending',
  open: 'pending',
  in_progress: 'in_progress',
  completed: 'completed',
  done: 'completed',
  closed: 'completed',
}

// The words ACP has no status for, with the status the entry takes and the
// word it keeps. A blocked step is still to do (pending); a cancelled one
// will never be done, so it is no longer outstanding (completed): shown as
// pending, a plan with a cancelled step would never finish. Either way the
// word stays in the entry, so nobody reads "cancelled" as "done".
const NEAREST: Readonly<Record<string, PlanStatus>> = {
  blocked: 'pending',
  cancelled: 'completed',
  canceled: 'completed',
}

const PRIORITIES: Readonly<Record<string, NonNullable<PlanEntry['priority']>>> = {
  high: 'high',
  // Qwen Code's task list has a fourth priority above high.
  critical: 'high',
  medium: 'medium',
  low: 'low',
}

/**
 * One plan entry for a todo item of any agent, whatever words its list
 * uses: `pending`, `todo` and `open` are `pending`; `in_progress` is
 * `in_progress`; `completed`, `done` (Kimi CLI) and `closed` are
 * `completed`. ACP has no status for the others, so the entry takes the
 * nearest one and keeps the agent's word after the text: `blocked`
 * (Gemini CLI, Qwen Code) is `pending` with ` (blocked)`, `cancelled`
 * (Gemini CLI, opencode, Qwen Code) is `completed` with ` (cancelled)`
 * (it is no longer outstanding), and any other word is `pending` with the
 * word in brackets. The priority is `high`, `medium` or `low` as given
 * (Qwen Code's `critical` is `high`), else `medium`. The text is plain, as
 * every plan entry's.
 *
 * @example
 * planEntryFor('Fix the parser', 'blocked') // { content: 'Fix the parser (blocked)', status: 'pending', priority: 'medium' }
 * planEntryFor('Ship', 'done', 'high') // { content: 'Ship', status: 'completed', priority: 'high' }
 */
export function planEntryFor(text: string, status: unknown, priority?: unknown): PlanEntry {
  const word = typeof status === 'string' ? status : ''
  const same = Object.hasOwn(SAME_AS, word) ? SAME_AS[word] : undefined
  const nearest = same ?? (Object.hasOwn(NEAREST, word) ? NEAREST[word] : 'pending')
  return {
    content: same !== undefined || word === '' ? text : `${text} (${word})`,
    status: nearest,
    priority: typeof priority === 'string' && Object.hasOwn(PRIORITIES, priority) ? PRIORITIES[priority] : 'medium',
  }
}
