// The `subagent_update` that announces a sub-agent's child session on its
// parent session and patches it: the same shape in ACP v1's and v2's
// unstable schemas. Its title is the spawning call's card title, its state
// the call's life mirrored (running, waiting, idle with a stop reason).
import type { SubagentChanged, SubagentWork } from '../lifecycle/events.js'
import { boundedMarkdownInline, markdownInline, markdownLine } from '../safety/markdown-text.js'
import { shownTitle, type TitleStyle } from '../safety/title-text.js'

/** The longest title or description a child session gets, in code units as shown: a label, not a report. */
export const SUBAGENT_LABEL_LENGTH = 1024

/** A child session's work state, as both schemas' `StateUpdate` spells it. */
export type SubagentState =
  | { state: 'running' }
  | { state: 'requires_action' }
  | { state: 'idle'; stopReason: 'end_turn' | 'error' | 'cancelled' }

/** The `subagent_update` arm of `SessionUpdate` (ACP v1 and v2, unstable), as the encoders build it. */
export interface SubagentUpdateFields {
  sessionUpdate: 'subagent_update'
  sessionId: string
  title?: string
  description?: string
  cwd?: string
  capabilities?: { cancel?: Record<string, never> }
  state?: SubagentState
}

/**
 * The whole `subagent_update` for the event's child (the session leaves out
 * what the client has already): the spawning card's title and the
 * description on one line, visible markers for invisible characters, at most
 * {@link SUBAGENT_LABEL_LENGTH} code units, escaped for Markdown unless the
 * client shows titles as plain text (the card's title is plain in the view;
 * a command's, which a card shows as plain text, is escaped here too: a
 * session's title is not a command).
 */
export function subagentUpdate({ call, child, work }: SubagentChanged, titles: TitleStyle): SubagentUpdateFields {
  const { view } = call
  const shown = view.card === 'plan' ? (view.title ?? 'Update the plan') : view.title
  const title = titles === 'plain' ? shown : view.card === 'terminal' ? markdownInline(shown) : markdownLine(shown)
  const update: SubagentUpdateFields = {
    sessionUpdate: 'subagent_update',
    sessionId: child.sessionId,
    title: shownTitle(title, 'other', SUBAGENT_LABEL_LENGTH),
  }
  if (child.description !== undefined) update.description = label(child.description, titles)
  if (child.cwd !== undefined) update.cwd = child.cwd
  update.capabilities = child.cancellable ? { cancel: {} } : {}
  if (work !== undefined) update.state = stateOf(work)
  return update
}

// Text the harness wrote, as a one-line label.
function label(text: string, titles: TitleStyle): string {
  return titles === 'markdown' ? boundedMarkdownInline(text, SUBAGENT_LABEL_LENGTH) : shownTitle(text, 'other', SUBAGENT_LABEL_LENGTH)
}

function stateOf(work: SubagentWork): SubagentState {
  switch (work) {
    case 'running':
      return { state: 'running' }
    case 'waiting':
      return { state: 'requires_action' }
    case 'done':
      return { state: 'idle', stopReason: 'end_turn' }
    case 'failed':
      return { state: 'idle', stopReason: 'error' }
    case 'cancelled':
      return { state: 'idle', stopReason: 'cancelled' }
  }
}
