// An opencode run's event stream (JSONL, `opencode run --format json`): one
// event a line, `{type, timestamp, sessionID, part}`. A `tool_use` event's
// part is a tool call that has ended (`state.status` `completed` or `error`),
// its input and its output in one: replayed as the call and then its result
// through opencode's presenters. A line that is a bare tool part (as
// opencode stores each under `storage/part/`) is read the same way. The
// stream does not record the session's directory: the cwd comes from `--cwd`
// (an `opencode export` document, read by log-document.ts, does).
import { isRecord } from '../internal/record.js'
import { opencodePresenters } from '../presenters/index.js'
import { MESSAGE_META_KEY } from '../reader/index.js'
import type { ContentBlock } from '../views.js'
import { collected, createReplay, type ReplaySink } from './replay.js'

// The event kinds `opencode run --format json` writes.
const EVENTS: ReadonlySet<string> = new Set(['tool_use', 'text', 'reasoning', 'step_start', 'step_finish', 'error'])

/** Whether a line is an opencode run event (or a stored tool part). */
export const isOpencodeLine = (line: unknown): boolean =>
  isRecord(line) &&
  ((typeof line.type === 'string' && EVENTS.has(line.type) && typeof line.sessionID === 'string' && 'timestamp' in line) ||
    isToolPart(line))

const isToolPart = (part: unknown): part is Record<string, unknown> & { callID: string; tool: string; state: Record<string, unknown> } =>
  isRecord(part) && part.type === 'tool' && typeof part.callID === 'string' && typeof part.tool === 'string' && isRecord(part.state)

/** The session directory an opencode export's `info` states (read from a document), if it does. */
export const opencodeCwd = (line: unknown): string | undefined =>
  isRecord(line) && isRecord(line.info) && typeof line.info.directory === 'string' && line.info.directory !== ''
    ? line.info.directory
    : undefined

/** A replay of an opencode run's events fed one line at a time; its updates go to `sink`. */
export function createOpencodeReplay(cwd: string, sink: ReplaySink): (line: unknown, lineNumber: number) => void {
  const replay = createReplay(opencodePresenters, cwd, sink)
  return (line, lineNumber) => {
    if (!isRecord(line)) return
    const part = isToolPart(line) ? line : line.part
    if (isToolPart(part)) {
      const { state } = part
      if (state.status !== 'completed' && state.status !== 'error') return
      replay.call(part.callID, part.tool, state.input, lineNumber)
      replay.result(part.callID, resultOf(part.tool, state), lineNumber)
      return
    }
    if (!isRecord(part) || typeof part.text !== 'string' || part.text === '') return
    const meta =
      typeof line.timestamp === 'number' && Number.isFinite(line.timestamp) ? { timestamp: new Date(line.timestamp).toISOString() } : {}
    const sessionUpdate = line.type === 'text' ? 'agent_message_chunk' : line.type === 'reasoning' ? 'agent_thought_chunk' : undefined
    if (sessionUpdate !== undefined)
      sink.update({ sessionUpdate, content: { type: 'text', text: part.text }, _meta: { [MESSAGE_META_KEY]: meta } }, lineNumber)
  }
}

// An ended call's state as its result: the output, or the error; `bash`'s exit code from its metadata.
function resultOf(
  tool: string,
  state: Record<string, unknown>,
): { content: ContentBlock[]; isError: boolean; meta?: { exitCode: number } } {
  const failed = state.status === 'error'
  const text = failed ? state.error : state.output
  const content: ContentBlock[] = typeof text === 'string' ? [{ type: 'text', text }] : []
  const exit = isRecord(state.metadata) ? state.metadata.exit : undefined
  if (tool !== 'bash' || !Number.isSafeInteger(exit)) return { content, isError: failed }
  return { content, isError: failed || exit !== 0, meta: { exitCode: exit as number } }
}

/** The updates a live session would have sent for the run's tool calls, against `cwd` (default `/`). */
export function opencodeUpdates(lines: readonly unknown[], cwd = '/'): { updates: unknown[]; cwd: string } {
  const { sink, updates } = collected()
  const line = createOpencodeReplay(cwd, sink)
  for (let index = 0; index < lines.length; index++) line(lines[index], index + 1)
  return { updates, cwd }
}
