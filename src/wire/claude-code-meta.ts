// What claude-agent-acp puts under `_meta.claudeCode`, which clients that
// show its sub-agents and heartbeats already read: the call that spawned a
// sub-agent's call, and how long a call has run. Sent the same way on v1
// and v2, so those clients read ours too.
import { boundedVisibleText } from '../safety/bounded-text.js'

// The longest progress message sent: a status line, not a log.
const MESSAGE_LENGTH = 1024

/**
 * `updates` with every update of the call (`toolCallId`) naming the call
 * that spawned it: `_meta.claudeCode.parentToolUseId`, beside any `_meta`
 * it has. Updates without a `toolCallId` (a plan, a terminal's) are left as
 * they are.
 */
export function withParent<Update>(updates: Update[], parentToolCallId: string | undefined): Update[] {
  if (parentToolCallId === undefined) return updates
  for (const update of updates as { toolCallId?: unknown; _meta?: Record<string, unknown> | null }[]) {
    if (typeof update.toolCallId !== 'string') continue
    const meta = update._meta ?? {}
    const claudeCode = (meta.claudeCode ?? {}) as Record<string, unknown>
    update._meta = { ...meta, claudeCode: { ...claudeCode, parentToolUseId: parentToolCallId } }
  }
  return updates
}

/**
 * The `_meta` of a heartbeat: the elapsed time in seconds as
 * claude-agent-acp sends it (`claudeCode.toolResponse.elapsedTimeSeconds`),
 * and under `tool-render-intent/progress` the milliseconds and the message
 * (escape sequences and control characters shown as markers, `␛[31m`, at most
 * 1,024 code units after marking).
 */
export function progressMeta(elapsedMs: number | undefined, message: string | undefined): Record<string, unknown> {
  const meta: Record<string, unknown> = {}
  if (elapsedMs !== undefined) meta.claudeCode = { toolResponse: { elapsedTimeSeconds: Math.floor(elapsedMs / 1000) } }
  const progress: { elapsedMs?: number; message?: string } = {}
  if (elapsedMs !== undefined) progress.elapsedMs = elapsedMs
  if (message !== undefined) progress.message = boundedVisibleText(message, MESSAGE_LENGTH)
  meta['tool-render-intent/progress'] = progress
  return meta
}
