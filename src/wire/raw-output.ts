// A result's structured value as `rawOutput`, for clients that show it
// (Emacs agent-shell renders `rawOutput.formatted_output`; codex-acp sends
// `formatted_output` and `exit_code` for a command: reference notes,
// acp-facts, "Other clients" and "Other agents' ACP mappings"). Off for
// Zed, which shows rawOutput as JSON only when a card has no other content:
// there it would duplicate the card. JSON-safe and bounded whatever the
// result holds.
import type { CallFinished } from '../lifecycle/events.js'
import { boundedConsoleText, boundedVisibleText } from '../safety/bounded-text.js'
import { type JsonLimits, jsonSafeCopy } from '../safety/json-safe.js'

/** The bounds of a result's `meta` in `rawOutput`: a summary beside the card, not a second copy of a large value. */
export const RAW_OUTPUT_LIMITS: JsonLimits = { maxDepth: 16, maxStringLength: 16 * 1024, maxTotalLength: 256 * 1024 }

/** `rawOutput` as the encoders send it: codex-acp's two fields, then the result's own meta. */
export interface RawOutputFields {
  /** What the call printed (a command's output, SGR dropped, the rest marked) or said (its text content), bounded by `maxOutputLength`. */
  formatted_output: string
  /** A command's exit code; null when it was ended by a signal or gave none. Only for a command's result. */
  exit_code?: number | null
  /** The result's `meta`, a plain-JSON copy within {@link RAW_OUTPUT_LIMITS}. */
  meta?: unknown
}

/** The `rawOutput` of a finished call, read from its view and the result as the session saw it (plain JSON). */
export function rawOutputOf({ view, outcome }: CallFinished, maxOutputLength: number): RawOutputFields {
  const result = outcome as { content?: unknown; meta?: unknown } | null
  if (view.card === 'terminal') {
    const raw: RawOutputFields = {
      formatted_output: boundedConsoleText(view.output ?? '', maxOutputLength),
      exit_code: view.exitCode ?? null,
    }
    return withMeta(raw, result)
  }
  return withMeta({ formatted_output: boundedVisibleText(textOf(result?.content), maxOutputLength) }, result)
}

function withMeta(raw: RawOutputFields, result: { meta?: unknown } | null): RawOutputFields {
  const meta = result?.meta
  if (meta !== undefined && meta !== null) raw.meta = jsonSafeCopy(meta, 'rawOutput.meta', RAW_OUTPUT_LIMITS).value
  return raw
}

// The text blocks of a result's content, one after the other.
function textOf(content: unknown): string {
  if (!Array.isArray(content)) return ''
  let text = ''
  for (const block of content) {
    const piece = (block as { type?: unknown; text?: unknown } | null)?.type === 'text' ? (block as { text: unknown }).text : undefined
    if (typeof piece === 'string') text = text === '' ? piece : `${text}\n${piece}`
  }
  return text
}

/** `updates` with `rawOutput` on the last card update (the one that settles the call), where the profile sends it. */
export function withRawOutput<Update>(updates: Update[], raw: RawOutputFields): Update[] {
  for (let index = updates.length - 1; index >= 0; index--) {
    const update = updates[index] as { sessionUpdate?: unknown; rawOutput?: unknown }
    if (update.sessionUpdate === 'tool_call_update') {
      update.rawOutput = raw
      break
    }
  }
  return updates
}
