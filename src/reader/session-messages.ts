// The conversation between the calls: the messages the chunks write, and
// the `_meta` key a replay tells their timestamp, model and tokens under.
import type { CallItem } from './call-state.js'
import type { SessionMessage } from './records.js'

/** A message being written: its pieces so far, and how much past the bound was not kept. */
export interface MessageState {
  readonly role: SessionMessage['role']
  readonly pieces: string[]
  length: number
  dropped: number
  readonly meta: Record<string, unknown> | undefined
  readonly item: CallItem
}

/** The longest message kept, in code units; the rest is counted and said. */
export const MESSAGE_LENGTH = 4 * 1024 * 1024
/**
 * The `_meta` key under which a message chunk (`user_message_chunk`,
 * `agent_message_chunk`, `agent_thought_chunk`) says what ACP itself does
 * not carry: `{ timestamp?: string, model?: string, inputTokens?: number,
 * outputTokens?: number }`, read onto the {@link SessionMessage} the chunk
 * starts. Write it when you replay a log of your own that has them (the
 * `render` command does for the agents' own logs it replays); a field of another
 * type is left out.
 *
 * @example
 * reader.read({
 *   sessionUpdate: 'agent_message_chunk',
 *   content: { type: 'text', text: 'Done.' },
 *   _meta: { [MESSAGE_META_KEY]: { timestamp: '2026-01-05T10:00:00Z', model: 'claude-sonnet-4-5' } },
 * })
 */
export const MESSAGE_META_KEY = 'tool-render-intent/message'

/** The role of the message each message chunk kind writes. */
export const ROLES: Readonly<Record<string, SessionMessage['role']>> = {
  user_message_chunk: 'user',
  agent_message_chunk: 'assistant',
  agent_thought_chunk: 'thought',
}
