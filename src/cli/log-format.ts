// Which agent wrote a log: told by the shape of its first recognisable lines.
import { isRecord } from '../internal/record.js'
import { isCopilotCliLine } from './copilot-cli-log.js'
import { isGeminiCliLine } from './gemini-cli-log.js'
import { isKimiCliLine } from './kimi-cli-log.js'
import { isOpencodeLine } from './opencode-log.js'
import { isQwenCodeLine } from './qwen-code-log.js'

/** The logs the CLI reads, as `--format` names them. */
export const LOG_FORMATS = ['acp', 'claude-code', 'codex', 'gemini-cli', 'copilot-cli', 'qwen-code', 'kimi-cli', 'opencode'] as const

/**
 * A log the CLI reads: an ACP JSON-RPC log, a Claude Code session, a codex
 * rollout, a Gemini CLI chat, a Copilot CLI session, a Qwen Code session,
 * a Kimi CLI context or an opencode run's events.
 */
export type LogFormat = (typeof LOG_FORMATS)[number]

/** Whether `value` names a format the CLI reads. */
export const isLogFormat = (value: unknown): value is LogFormat => (LOG_FORMATS as readonly unknown[]).includes(value)

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
    if (isCopilotCliLine(value)) return 'copilot-cli'
    if (isGeminiCliLine(value)) return 'gemini-cli'
    // Before Claude Code's: a Qwen Code record has its uuids and types too, but a message of Gemini API parts.
    if (isQwenCodeLine(value)) return 'qwen-code'
    if ((value.type === 'user' || value.type === 'assistant') && isRecord(value.message)) return 'claude-code'
    if (isKimiCliLine(value)) return 'kimi-cli'
    if (isOpencodeLine(value)) return 'opencode'
  }
  return undefined
}
