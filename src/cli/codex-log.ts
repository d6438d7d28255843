// A codex rollout (JSONL): `function_call`, `custom_tool_call` and
// `local_shell_call` items are calls, their `…_output` items the results,
// replayed through codex's presenters. A hosted `web_search_call` is a call
// and its outcome in one item, without a call id.
import { isRecord } from '../internal/record.js'
import { MESSAGE_META_KEY } from '../reader/index.js'
import { codexPresenters } from '../presenters/index.js'
import { collected, contentOf, createReplay, type ReplaySink } from './replay.js'

// `exec_command` output: a header (`Exit code: N` until early 2026, then
// `Process exited with code N`; `Wall time: …`), then `Output:` and the output.
const EXIT_CODE_LINE = /^(?:Exit code:|Process exited with code) (-?\d+)$/m
const OUTPUT_MARKER = '\nOutput:\n'

/** The session cwd a codex rollout line records (its `session_meta`), if it does. */
export const codexCwd = (line: unknown): string | undefined =>
  isRecord(line) &&
  line.type === 'session_meta' &&
  isRecord(line.payload) &&
  typeof line.payload.cwd === 'string' &&
  line.payload.cwd !== ''
    ? line.payload.cwd
    : undefined

/** A replay of a codex rollout fed one line at a time; its updates go to `sink`. */
export function createCodexReplay(cwd: string, sink: ReplaySink): (line: unknown, lineNumber: number) => void {
  const replay = createReplay(codexPresenters, cwd, sink)
  let searches = 0
  return (line, lineNumber) => {
    if (!isRecord(line) || !isRecord(line.payload)) return
    // The turn was interrupted (`turn_aborted`): the calls it left without output were cancelled.
    if (line.type === 'event_msg' && line.payload.type === 'turn_aborted') replay.cancelOpen(lineNumber)
    if (line.type !== 'response_item') return
    const item = line.payload
    const meta = { [MESSAGE_META_KEY]: typeof line.timestamp === 'string' ? { timestamp: line.timestamp } : {} }
    const say = (sessionUpdate: string, text: string) => {
      if (text !== '') sink.update({ sessionUpdate, content: { type: 'text', text }, _meta: meta }, lineNumber)
    }
    if (item.type === 'message' && (item.role === 'user' || item.role === 'assistant')) {
      say(item.role === 'user' ? 'user_message_chunk' : 'agent_message_chunk', textOf(item.content))
      return
    }
    if (item.type === 'reasoning') {
      say('agent_thought_chunk', textOf(item.summary))
      return
    }
    if (item.type === 'web_search_call') {
      // Ids of their own that a codex call id (`call_…`) cannot take.
      const searchId = typeof item.id === 'string' ? item.id : `web_search ${++searches}`
      replay.call(searchId, 'web_search', isRecord(item.action) ? item.action : {}, lineNumber)
      if (item.status === 'completed') replay.result(searchId, { content: [] }, lineNumber)
      else if (item.status === 'failed') replay.result(searchId, { content: [], isError: true }, lineNumber)
      return
    }
    const id = item.call_id
    if (typeof id !== 'string') return
    if (item.type === 'function_call' && typeof item.name === 'string') {
      replay.call(id, item.name, parseArguments(item.arguments), lineNumber)
    } else if (item.type === 'custom_tool_call' && typeof item.name === 'string') {
      replay.call(id, item.name, typeof item.input === 'string' ? { input: item.input } : item.input, lineNumber)
    } else if (item.type === 'local_shell_call' && isRecord(item.action)) {
      replay.call(id, 'shell', { command: item.action.command, workdir: item.action.working_directory }, lineNumber)
    } else if (item.type === 'function_call_output' || item.type === 'custom_tool_call_output') {
      replay.result(id, resultOf(item.output), lineNumber)
    }
  }
}

/** The updates a live session would have sent for the rollout's tool calls, and the session cwd. */
export function codexUpdates(lines: readonly unknown[], cwdOverride?: string): { updates: unknown[]; cwd: string } {
  let cwd = cwdOverride
  for (let index = 0; cwd === undefined && index < lines.length; index++) cwd = codexCwd(lines[index])
  const { sink, updates } = collected()
  const line = createCodexReplay(cwd ?? '/', sink)
  for (let index = 0; index < lines.length; index++) line(lines[index], index + 1)
  return { updates, cwd: cwd ?? '/' }
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

// Output as codex records it: `{output, metadata: {exit_code}}` as JSON, the
// `exec_command` text with its header, or plain text or content items.
function resultOf(output: unknown): { content: ReturnType<typeof contentOf>; meta?: { exitCode: number }; isError?: boolean } {
  const parsed = parseArguments(output)
  if (isRecord(parsed) && typeof parsed.output === 'string') {
    const exitCode = isRecord(parsed.metadata) && typeof parsed.metadata.exit_code === 'number' ? parsed.metadata.exit_code : undefined
    return exitCode === undefined ? { content: contentOf(parsed.output) } : { content: contentOf(parsed.output), meta: { exitCode } }
  }
  if (typeof output === 'string') {
    const exit = EXIT_CODE_LINE.exec(output)
    const marker = output.indexOf(OUTPUT_MARKER)
    if (exit !== null && marker !== -1)
      return { content: contentOf(output.slice(marker + OUTPUT_MARKER.length)), meta: { exitCode: Number(exit[1]) } }
    return { content: contentOf(output) }
  }
  if (isRecord(output) && Array.isArray(output.content))
    return { content: contentOf(output.content.map(textItem)), isError: output.success === false }
  return { content: contentOf(output) }
}

// The text of a message's content items (or a reasoning summary's), one paragraph each.
function textOf(items: unknown): string {
  if (!Array.isArray(items)) return ''
  const texts: string[] = []
  for (const item of items) if (isRecord(item) && typeof item.text === 'string' && item.text !== '') texts.push(item.text)
  return texts.join('\n\n')
}

// Codex's `input_text` / `output_text` items are text blocks.
const textItem = (item: unknown): unknown =>
  isRecord(item) && (item.type === 'input_text' || item.type === 'output_text') && typeof item.text === 'string'
    ? { type: 'text', text: item.text }
    : item
