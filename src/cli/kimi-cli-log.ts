// A Kimi CLI session's logs, both in `~/.kimi/sessions/<work dir>/<session>/`:
// - its context (`context.jsonl`): one message a line, `{role, content,
//   tool_calls?, tool_call_id?}`, with `_checkpoint` and `_usage` lines
//   between. An assistant message's `tool_calls` are the calls, a `tool`
//   message the result of its `tool_call_id`;
// - its wire (`wire.jsonl`): a `{type: 'metadata', protocol_version}` line,
//   then each event the agent sent its UI, `{timestamp, message: {type,
//   payload}}`: `TurnBegin` (the prompt), `ContentPart` (text, thinking),
//   `ToolCall`, `ToolResult` (`return_value`: `is_error`, `output`, `message`),
//   `StatusUpdate` (tokens), a sub-agent's as `SubagentEvent`.
// Both are replayed through Kimi CLI's presenters. Neither records the work
// directory: the cwd comes from `--cwd`.
import { isRecord } from '../internal/record.js'
import { kimiCliPresenters } from '../presenters/index.js'
import { MESSAGE_META_KEY } from '../reader/index.js'
import type { ContentBlock } from '../views.js'
import { collected, createReplay, type Replay, type ReplaySink } from './replay.js'

// The roles of a context line: the messages', and Kimi CLI's own bookkeeping.
const ROLES: ReadonlySet<string> = new Set(['user', 'assistant', 'tool', 'system', '_checkpoint', '_usage', '_system_prompt'])

// Kimi CLI wraps what it says to the model about a tool's outcome in these tags.
const SYSTEM_OPEN = '<system>'
const SYSTEM_CLOSE = '</system>'
// A failed `Shell` says its exit code in words.
const FAILED_WITH = /exit code:? (-?\d+)/

/** Whether a line is a Kimi CLI context line (a known role and nothing of another log's shape) or a wire line. */
export const isKimiCliLine = (line: unknown): boolean =>
  isRecord(line) &&
  line.jsonrpc === undefined &&
  (isWireLine(line) ||
    (typeof line.role === 'string' && ROLES.has(line.role) && (line.role.startsWith('_') || 'content' in line || 'tool_calls' in line)))

// A wire line: its metadata header, or an event with its time and its `{type, payload}` envelope.
const isWireLine = (line: Record<string, unknown>): boolean =>
  (line.type === 'metadata' && typeof line.protocol_version === 'string') ||
  (typeof line.timestamp === 'number' && isRecord(line.message) && typeof line.message.type === 'string' && isRecord(line.message.payload))

/** A replay of a Kimi CLI context fed one line at a time; its updates go to `sink`. */
export function createKimiCliReplay(cwd: string, sink: ReplaySink): (line: unknown, lineNumber: number) => void {
  const replay = createReplay(kimiCliPresenters, cwd, sink)
  const wire = wireReplay(replay, sink)
  return (line, lineNumber) => {
    if (!isRecord(line)) return
    if (isWireLine(line)) return wire(line, lineNumber)
    const say = (sessionUpdate: string, text: string) => {
      if (text !== '') sink.update({ sessionUpdate, content: { type: 'text', text } }, lineNumber)
    }
    if (line.role === 'user') say('user_message_chunk', partText(line.content, 'text'))
    else if (line.role === 'assistant') {
      say('agent_thought_chunk', partText(line.content, 'think'))
      say('agent_message_chunk', partText(line.content, 'text'))
      if (!Array.isArray(line.tool_calls)) return
      for (const call of line.tool_calls) {
        if (!isRecord(call) || typeof call.id !== 'string' || !isRecord(call.function)) continue
        const { name, arguments: args } = call.function
        if (typeof name === 'string') replay.call(call.id, name, parseArguments(args), lineNumber)
      }
    } else if (line.role === 'tool' && typeof line.tool_call_id === 'string')
      replay.result(line.tool_call_id, resultOf(line.content, replay.nameOf(line.tool_call_id) === 'Shell'), lineNumber)
  }
}

// The wire's events, one line at a time: the prompt, the text and thinking
// (each event a chunk, with its time), the calls and their results, the
// tokens of the steps since the last chunk (on the next one), and a
// sub-agent's calls under the call that spawned it. Other events (steps,
// hooks, approvals) are passed over.
function wireReplay(replay: Replay, sink: ReplaySink): (line: Record<string, unknown>, lineNumber: number) => void {
  let tokens: Record<string, number> | undefined
  const event = (message: Record<string, unknown>, timestamp: unknown, lineNumber: number, parent?: string): void => {
    const payload = message.payload as Record<string, unknown>
    const say = (sessionUpdate: string, text: string) => {
      if (text === '') return
      const time = typeof timestamp === 'number' ? isoTime(timestamp) : undefined
      const meta: Record<string, unknown> = time === undefined ? {} : { timestamp: time }
      if (tokens !== undefined) Object.assign(meta, tokens)
      tokens = undefined
      sink.update({ sessionUpdate, content: { type: 'text', text }, _meta: { [MESSAGE_META_KEY]: meta } }, lineNumber)
    }
    switch (message.type) {
      case 'TurnBegin':
      case 'SteerInput':
        if (parent === undefined) say('user_message_chunk', partText(payload.user_input, 'text'))
        return
      case 'ContentPart':
        if (parent === undefined)
          say(
            payload.type === 'think' ? 'agent_thought_chunk' : 'agent_message_chunk',
            partText([payload], payload.type === 'think' ? 'think' : 'text'),
          )
        return
      case 'ToolCall': {
        const call = isRecord(payload.function) ? payload.function : undefined
        if (typeof payload.id === 'string' && typeof call?.name === 'string')
          replay.call(payload.id, call.name, parseArguments(call.arguments), lineNumber, parent)
        return
      }
      case 'ToolResult':
        if (typeof payload.tool_call_id === 'string')
          replay.result(payload.tool_call_id, wireResult(payload.return_value, replay.nameOf(payload.tool_call_id) === 'Shell'), lineNumber)
        return
      case 'StatusUpdate': {
        const usage = isRecord(payload.token_usage) ? payload.token_usage : undefined
        if (usage === undefined || parent !== undefined) return
        let input = 0
        for (const key of ['input_other', 'input_cache_read', 'input_cache_creation'])
          if (Number.isSafeInteger(usage[key])) input += usage[key] as number
        const output = Number.isSafeInteger(usage.output) ? (usage.output as number) : 0
        // Steps without text of their own add up on the next chunk.
        tokens = { inputTokens: (tokens?.inputTokens ?? 0) + input, outputTokens: (tokens?.outputTokens ?? 0) + output }
        return
      }
      case 'SubagentEvent':
        if (isRecord(payload.event) && typeof payload.event.type === 'string' && isRecord(payload.event.payload))
          event(
            payload.event,
            timestamp,
            lineNumber,
            typeof payload.parent_tool_call_id === 'string' ? payload.parent_tool_call_id : parent,
          )
        return
    }
  }
  return (line, lineNumber) => {
    if (isRecord(line.message)) event(line.message, line.timestamp, lineNumber)
  }
}

// A Unix time in seconds as an ISO 8601 string; a time out of Date's range as none.
function isoTime(seconds: number): string | undefined {
  if (!Number.isFinite(seconds)) return undefined
  const date = new Date(seconds * 1000)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

// A wire `ToolReturnValue` as result content: its output (a string or parts),
// failed when `is_error`, with the message as the text when there is no
// output. A `Shell` that did not fail exited 0; one that failed says its code in the message.
function wireResult(value: unknown, shell: boolean): { content: ContentBlock[]; isError: boolean; meta?: { exitCode: number } } {
  const returned = isRecord(value) ? value : { output: value }
  const text = partText(returned.output, 'text')
  const output: ContentBlock[] = text === '' ? [] : [{ type: 'text', text }]
  const message = typeof returned.message === 'string' ? returned.message : ''
  if (returned.is_error !== true)
    return shell ? { content: output, isError: false, meta: { exitCode: 0 } } : { content: output, isError: false }
  const exit = FAILED_WITH.exec(message)
  const shown = output.length > 0 || message === '' ? output : [{ type: 'text' as const, text: message }]
  return exit === null ? { content: shown, isError: true } : { content: shown, isError: true, meta: { exitCode: Number(exit[1]) } }
}

// The text (or thinking) of a message's content, one paragraph a part; a string is text.
function partText(content: unknown, type: 'text' | 'think'): string {
  if (typeof content === 'string') return type === 'text' ? content : ''
  if (!Array.isArray(content)) return ''
  const texts: string[] = []
  for (const part of content) {
    const text = isRecord(part) && part.type === type ? part[type] : undefined
    if (typeof text === 'string' && text !== '') texts.push(text)
  }
  return texts.join('\n\n')
}

// Arguments travel as a JSON string; one that does not parse is passed as it is.
function parseArguments(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

// A tool message as result content: the tool's output parts, without the
// `<system>…</system>` notes about it; failed when a note says `ERROR`, with
// the notes as the text when nothing else is. A `Shell` that did not fail exited 0.
function resultOf(content: unknown, shell: boolean): { content: ContentBlock[]; isError: boolean; meta?: { exitCode: number } } {
  const parts = typeof content === 'string' ? [{ type: 'text', text: content }] : Array.isArray(content) ? content : []
  const output: ContentBlock[] = []
  const notes: string[] = []
  for (const part of parts) {
    if (!isRecord(part)) continue
    if (part.type === 'text' && typeof part.text === 'string') {
      const text = part.text
      if (text.startsWith(SYSTEM_OPEN) && text.endsWith(SYSTEM_CLOSE)) notes.push(text.slice(SYSTEM_OPEN.length, -SYSTEM_CLOSE.length))
      else output.push({ type: 'text', text })
    }
  }
  const failed = notes.some((note) => note.startsWith('ERROR'))
  if (!failed) return shell ? { content: output, isError: false, meta: { exitCode: 0 } } : { content: output, isError: false }
  const message = notes.filter((note) => note !== 'ERROR').join('\n')
  const exit = FAILED_WITH.exec(message)
  const shown = output.length > 0 ? output : [{ type: 'text' as const, text: message }]
  return exit === null ? { content: shown, isError: true } : { content: shown, isError: true, meta: { exitCode: Number(exit[1]) } }
}

/** The updates a live session would have sent for the context's tool calls, against `cwd` (default `/`). */
export function kimiCliUpdates(lines: readonly unknown[], cwd = '/'): { updates: unknown[]; cwd: string } {
  const { sink, updates } = collected()
  const line = createKimiCliReplay(cwd, sink)
  for (let index = 0; index < lines.length; index++) line(lines[index], index + 1)
  return { updates, cwd }
}
