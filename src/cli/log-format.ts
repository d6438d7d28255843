// Which agent wrote a log: told by the shape of its first recognisable lines.
import { isRecord } from '../internal/record.js'

/** The logs the CLI reads: an ACP JSON-RPC log, a Claude Code session, a codex rollout. */
export type LogFormat = 'acp' | 'claude-code' | 'codex'

/** The format the first lines that say anything point at; `undefined` when none does. */
export function detectLogFormat(values: readonly unknown[]): LogFormat | undefined {
  for (const value of values.slice(0, 200)) {
    if (!isRecord(value)) continue
    if (value.jsonrpc === '2.0') return 'acp'
    if (
      'payload' in value &&
      typeof value.type === 'string' &&
      ['session_meta', 'response_item', 'event_msg', 'turn_context'].includes(value.type)
    )
      return 'codex'
    if ((value.type === 'user' || value.type === 'assistant') && isRecord(value.message)) return 'claude-code'
  }
  return undefined
}
