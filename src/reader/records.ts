import type { PlanEntry, ToolCallView, ToolResultView } from '../views.js'

/** Where a call stands: ACP v1's four statuses and v2's `paused` and `cancelled`. */
export type ToolCallStatus = 'pending' | 'in_progress' | 'completed' | 'failed' | 'paused' | 'cancelled'

/**
 * One call of a session with what became of it: what the ACP readers
 * ({@link readAcpUpdates}) return and what `renderToolCallHtml`
 * (`tool-render-intent/html`) shows. A plan is a record of its own, with
 * the plan as its call.
 */
export interface ToolCallRecord {
  /** The call's id (for a plan: its plan id, `'plan'` in ACP v1). */
  readonly toolCallId: string
  /** The tool's programmatic name, when the stream said it. */
  readonly name?: string | undefined
  /** The call that spawned it, for a sub-agent's call (`_meta.claudeCode.parentToolUseId`). */
  readonly parentToolCallId?: string | undefined
  /** The card the call was announced with. */
  readonly call: ToolCallView
  /** The card its result settled it with; absent while it has not finished. */
  readonly result?: ToolResultView | undefined
  /** The last status the stream gave; absent for a plan. */
  readonly status?: ToolCallStatus | undefined
  /** What a running command has printed so far, when no result carries it yet. */
  readonly output?: string | undefined
  /** For a plan: its earlier versions, oldest first (the call shows the latest). */
  readonly history?: readonly (readonly PlanEntry[])[] | undefined
  /** For a plan: how many versions before `history` were not kept. */
  readonly historyLeftOut?: number | undefined
}

/**
 * One message of the conversation, as the page shows it between the cards:
 * a user prompt, the assistant's text (Markdown) or its thinking. What the
 * log does not say (a timestamp, the model, tokens) is absent.
 */
export interface SessionMessage {
  /** Who wrote it: the user, the assistant, or the assistant's thinking. */
  readonly role: 'user' | 'assistant' | 'thought'
  /** The text, as the log holds it (chunks joined); Markdown for the assistant. */
  readonly text: string
  /** When it was written, as the log says it (ISO 8601 in Claude Code and codex logs). */
  readonly timestamp?: string | undefined
  /** The model that wrote it. */
  readonly model?: string | undefined
  /** Tokens the turn used, where the log has them. */
  readonly inputTokens?: number | undefined
  readonly outputTokens?: number | undefined
}
