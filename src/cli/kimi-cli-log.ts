// A Kimi CLI session's context (JSONL, `~/.kimi/sessions/<work dir>/<session>/context.jsonl`):
// one message a line, `{role, content, tool_calls?, tool_call_id?}`, with
// `_checkpoint` and `_usage` lines between. An assistant message's
// `tool_calls` are the calls, a `tool` message the result of its
// `tool_call_id`, replayed through Kimi CLI's presenters. The context does
// not record the work directory: the cwd comes from `--cwd`.
import { isRecord } from '../internal/record.js'
import { kimiCliPresenters } from '../presenters/index.js'
import type { ContentBlock } from '../views.js'
import { collected, createReplay, type ReplaySink } from './replay.js'

// The roles of a context line: the messages', and Kimi CLI's own bookkeeping.
const ROLES: ReadonlySet<string> = new Set(['user', 'assistant', 'tool', 'system', '_checkpoint', '_usage', '_system_prompt'])

// Kimi CLI wraps what it says to the model about a tool's outcome in these tags.
const SYSTEM_OPEN = '<system>'
const SYSTEM_CLOSE = '</system>'
// A failed `Shell` says its exit code in words.
const FAILED_WITH = /exit code:? (-?\d+)/

/** Whether a line is a Kimi CLI context line: a known role and nothing of another log's shape. */
export const isKimiCliLine = (line: unknown): boolean =>
  isRecord(line) &&
  typeof line.role === 'string' &&
  ROLES.has(line.role) &&
  line.jsonrpc === undefined &&
  (line.role.startsWith('_') || 'content' in line || 'tool_calls' in line)

/** A replay of a Kimi CLI context fed one line at a time; its updates go to `sink`. */
export function createKimiCliReplay(cwd: string, sink: ReplaySink): (line: unknown, lineNumber: number) => void {
  const replay = createReplay(kimiCliPresenters, cwd, sink)
  return (line, lineNumber) => {
    if (!isRecord(line)) return
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
