// A Qwen Code session (JSONL, `~/.qwen/projects/<project>/chats/<session>.jsonl`):
// one `ChatRecord` a line, each with the session's `cwd` and a Gemini API
// `message` (`{role, parts}`). An `assistant` record's `functionCall` parts
// are the calls, a `tool_result` record's `functionResponse` parts (with its
// `toolCallResult` status) the results, replayed through Qwen Code's presenters.
import { isRecord } from '../internal/record.js'
import { qwenCodePresenters } from '../presenters/index.js'
import { MESSAGE_META_KEY } from '../reader/index.js'
import type { ContentBlock } from '../views.js'
import { functionResponses, partsText, responseContent, responseFailed, shellResult } from './genai-parts.js'
import { collected, createReplay, type ReplaySink } from './replay.js'

/** Whether a line is a Qwen Code chat record: a uuid, a session and a message of Gemini API parts (or a system record). */
export const isQwenCodeLine = (line: unknown): boolean =>
  isRecord(line) &&
  typeof line.uuid === 'string' &&
  typeof line.sessionId === 'string' &&
  ((isRecord(line.message) && Array.isArray(line.message.parts)) || (line.type === 'tool_result' && isRecord(line.toolCallResult)))

/** The session cwd a Qwen Code record states (each does), if it does. */
export const qwenCodeCwd = (line: unknown): string | undefined =>
  isRecord(line) && typeof line.cwd === 'string' && line.cwd !== '' ? line.cwd : undefined

/** A replay of a Qwen Code session fed one record at a time; its updates go to `sink`. */
export function createQwenCodeReplay(cwd: string, sink: ReplaySink): (line: unknown, lineNumber: number) => void {
  const replay = createReplay(qwenCodePresenters, cwd, sink)
  // Tool results the record's own `functionCall` id did not pair (an id-less part) go to the call of that name made last.
  const lastOfName = new Map<string, string>()
  return (line, lineNumber) => {
    if (!isRecord(line) || !isRecord(line.message)) return
    const parts = line.message.parts
    const meta = { [MESSAGE_META_KEY]: recordMeta(line) }
    const say = (sessionUpdate: string, text: string) => {
      if (text !== '') sink.update({ sessionUpdate, content: { type: 'text', text }, _meta: meta }, lineNumber)
    }
    if (line.type === 'user') say('user_message_chunk', partsText(parts))
    else if (line.type === 'assistant') {
      say('agent_thought_chunk', partsText(parts, true))
      say('agent_message_chunk', partsText(parts))
      if (!Array.isArray(parts)) return
      for (const part of parts) {
        const call = isRecord(part) && isRecord(part.functionCall) ? part.functionCall : undefined
        if (call === undefined || typeof call.name !== 'string') continue
        const id = typeof call.id === 'string' ? call.id : `${call.name} ${lineNumber}`
        lastOfName.set(call.name, id)
        replay.call(id, call.name, call.args, lineNumber)
      }
    } else if (line.type === 'tool_result') {
      const status = isRecord(line.toolCallResult) ? line.toolCallResult : {}
      const responses = functionResponses(parts)
      for (const { id, name, response } of responses) {
        const callId = id ?? (typeof status.callId === 'string' ? status.callId : name === undefined ? undefined : lastOfName.get(name))
        if (callId === undefined) continue
        const toolName = replay.nameOf(callId)
        const result = resultOf(response, status, toolName)
        // A call the user stopped (or declined) is cancelled, not failed; a shell keeps what it printed.
        if (status.status === 'cancelled')
          replay.cancel(callId, lineNumber, toolName === 'run_shell_command' ? textOf(result.content) : undefined)
        else replay.result(callId, result, lineNumber)
      }
    }
  }
}

// A record's timestamp, model and tokens.
function recordMeta(line: Record<string, unknown>): Record<string, unknown> {
  const meta: Record<string, unknown> = {}
  if (typeof line.timestamp === 'string') meta.timestamp = line.timestamp
  if (typeof line.model === 'string') meta.model = line.model
  const usage = isRecord(line.usageMetadata) ? line.usageMetadata : undefined
  if (usage !== undefined) {
    if (Number.isSafeInteger(usage.promptTokenCount)) meta.inputTokens = usage.promptTokenCount
    if (Number.isSafeInteger(usage.candidatesTokenCount)) meta.outputTokens = usage.candidatesTokenCount
  }
  return meta
}

// A response as result content: failed when the record's status is not `success` or the response is an error.
function resultOf(
  response: unknown,
  status: Record<string, unknown>,
  name: string | undefined,
): { content: ContentBlock[]; isError: boolean; meta?: { exitCode: number } } {
  const content = responseContent(response)
  const failed = (typeof status.status === 'string' && status.status !== 'success') || responseFailed(response)
  if (name !== 'run_shell_command') return { content, isError: failed }
  return shellResult(content, failed)
}

// The first block's text, if it is text.
const textOf = (content: readonly ContentBlock[]): string | undefined => (content[0]?.type === 'text' ? content[0].text : undefined)

/** The updates a live session would have sent for the session's tool calls, and the session cwd. */
export function qwenCodeUpdates(lines: readonly unknown[], cwdOverride?: string): { updates: unknown[]; cwd: string } {
  let cwd = cwdOverride
  for (let index = 0; cwd === undefined && index < lines.length; index++) cwd = qwenCodeCwd(lines[index])
  const { sink, updates } = collected()
  const line = createQwenCodeReplay(cwd ?? '/', sink)
  for (let index = 0; index < lines.length; index++) line(lines[index], index + 1)
  return { updates, cwd: cwd ?? '/' }
}
