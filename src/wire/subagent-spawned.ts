// The child-session updates of the open ACP sub-agent RFD
// (agentclientprotocol/agent-client-protocol PR #1992), as Zed decodes them
// before typed dispatch. Facts, from zed-industries/zed
// `crates/agent_servers/src/acp/subagent_updates.rs` (checked 2026-12-04):
// - `sessionUpdate: "subagent_spawned"`: `subagentSessionId` (required: a
//   spawn without it is reported as malformed), `name` ("display name of the
//   subagent, e.g. the agent type"), `task` ("what the parent asked the
//   subagent to do, as a short description"), `prompt` (optional: "the exact
//   prompt", shown as the child's first user message), `capabilities.cancel`
//   (a boolean, serde camelCase; absent = not permitted). `name` and `task`
//   default to "".
// - `sessionUpdate: "subagent_state_update"`: `subagentSessionId`, `state`
//   (snake_case): completed | failed | cancelled | disconnected, terminal
//   states only: there is no running state and no patch of a spawned child.
// - A child's own updates are tied to the spawning call by
//   `_meta.claudeCode.parentToolUseId` (the spawn does not name the call).
// claude-agent-acp 0.101.0 sends `subagent_spawned` to JetBrains AIR
// (reference notes, acp-facts); its exact fields there were not re-checked.
import type { SubagentChanged, SubagentWork } from '../lifecycle/events.js'
import { boundedMarkdownInline, markdownBlock, markdownInline, markdownLine } from '../safety/markdown-text.js'
import { boundedText, boundedVisibleText } from '../safety/bounded-text.js'
import { shownTitle, type TitleStyle } from '../safety/title-text.js'
import { SUBAGENT_LABEL_LENGTH } from './subagent-update.js'

/** The longest prompt a `subagent_spawned` carries, in code units: past it the prompt is cut with a visible marker. */
export const SUBAGENT_PROMPT_LENGTH = 64 * 1024

/**
 * `subagent_spawned`, the open ACP sub-agent RFD's announcement, as Zed
 * decodes it: `subagentSessionId`, `name`, `task`, `prompt?`,
 * `capabilities.cancel` (a boolean). In no SDK schema yet.
 */
export interface AcpSubagentSpawned {
  sessionUpdate: 'subagent_spawned'
  subagentSessionId: string
  name: string
  task: string
  prompt?: string
  capabilities: { cancel: boolean }
}

/**
 * `subagent_state_update`, the open RFD's settling of a child session, as
 * Zed decodes it: `subagentSessionId` and `state` (we send completed,
 * failed, cancelled; Zed also reads `disconnected`). In no SDK schema yet.
 */
export interface AcpSubagentStateUpdate {
  sessionUpdate: 'subagent_state_update'
  subagentSessionId: string
  /** The child's end, as Zed's subagent state enum spells it (snake_case). */
  state: 'completed' | 'failed' | 'cancelled' | 'disconnected'
}

// A child session's end, as Zed's `SubagentState` spells it.
type SubagentEndState = AcpSubagentStateUpdate['state']

/**
 * The RFD's updates for the event: `subagent_spawned` when it announces the
 * child (its name the description the harness gave, else the card's title;
 * its task the card's title), then `subagent_state_update` once the work has
 * ended. Nothing else: the shape has no running state and no patch.
 */
export function subagentSpawnedUpdates(
  { call, child, work, first }: SubagentChanged,
  titles: TitleStyle,
): (AcpSubagentSpawned | AcpSubagentStateUpdate)[] {
  const updates: (AcpSubagentSpawned | AcpSubagentStateUpdate)[] = []
  if (first) {
    const { view } = call
    const shown = view.card === 'plan' ? (view.title ?? 'Update the plan') : view.title
    const task = shownTitle(
      titles === 'plain' ? shown : view.card === 'terminal' ? markdownInline(shown) : markdownLine(shown),
      'other',
      SUBAGENT_LABEL_LENGTH,
    )
    const name = child.description === undefined ? task : label(child.description, titles)
    const spawned: AcpSubagentSpawned = {
      sessionUpdate: 'subagent_spawned',
      subagentSessionId: child.sessionId,
      name,
      task,
      capabilities: { cancel: child.cancellable },
    }
    if (child.prompt !== undefined) spawned.prompt = promptText(child.prompt, titles)
    updates.push(spawned)
  }
  const state = work === undefined ? undefined : endState(work)
  if (state !== undefined) updates.push({ sessionUpdate: 'subagent_state_update', subagentSessionId: child.sessionId, state })
  return updates
}

function label(text: string, titles: TitleStyle): string {
  return titles === 'markdown' ? boundedMarkdownInline(text, SUBAGENT_LABEL_LENGTH) : shownTitle(text, 'other', SUBAGENT_LABEL_LENGTH)
}

// The prompt is a message, not a label: its lines stay, bounded, literal in a Markdown client.
function promptText(text: string, titles: TitleStyle): string {
  return titles === 'markdown' ? markdownBlock(boundedText(text, SUBAGENT_PROMPT_LENGTH)) : boundedVisibleText(text, SUBAGENT_PROMPT_LENGTH)
}

function endState(work: SubagentWork): SubagentEndState | undefined {
  switch (work) {
    case 'running':
    case 'waiting':
      return undefined
    case 'done':
      return 'completed'
    case 'failed':
      return 'failed'
    case 'cancelled':
      return 'cancelled'
  }
}
