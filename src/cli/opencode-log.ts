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

/**
 * A replay of an opencode run's events fed one line at a time; its updates go
 * to `sink`, and `end` sends what it held. A `step_finish` event's `tokens`
 * go on the text the step ended with (each text or reasoning chunk is held
 * until the next line says whether it was), else on the next one, added up
 * over the steps between as Kimi CLI's are. A text line that names its
 * `model` (an export's, from its message) says it; one with `role: "user"`
 * (an export's prompt) is the user's.
 */
export function createOpencodeReplay(cwd: string, sink: ReplaySink): ((line: unknown, lineNumber: number) => void) & { end(): void } {
  const replay = createReplay(opencodePresenters, cwd, sink)
  let tokens: { inputTokens: number; outputTokens: number } | undefined
  // The last text or reasoning chunk, not sent yet, and its line.
  let held:
    | { update: { sessionUpdate: string; content: unknown; _meta: Record<string, Record<string, unknown>> }; line: number }
    | undefined
  const send = () => {
    if (held === undefined) return
    const meta = held.update._meta[MESSAGE_META_KEY]
    if (tokens !== undefined) Object.assign(meta, tokens)
    tokens = undefined
    sink.update(held.update, held.line)
    held = undefined
  }
  const read = (line: unknown, lineNumber: number): void => {
    if (!isRecord(line)) return
    if (line.type === 'step_finish' && isRecord(line.part)) {
      const used = stepTokens(line.part.tokens)
      if (used !== undefined)
        tokens = {
          inputTokens: (tokens?.inputTokens ?? 0) + used.inputTokens,
          outputTokens: (tokens?.outputTokens ?? 0) + used.outputTokens,
        }
      send()
      return
    }
    const part = isToolPart(line) ? line : line.part
    if (isToolPart(part)) {
      const { state } = part
      if (state.status !== 'completed' && state.status !== 'error') return
      send()
      replay.call(part.callID, part.tool, state.input, lineNumber)
      if (state.status === 'error' && state.error === ABORTED) {
        // What a command printed before it stopped stays in its running state's metadata.
        const output = part.tool === 'bash' && isRecord(state.metadata) ? state.metadata.output : undefined
        replay.cancel(part.callID, lineNumber, typeof output === 'string' ? output : undefined)
      } else replay.result(part.callID, resultOf(part.tool, state), lineNumber)
      return
    }
    if (!isRecord(part) || typeof part.text !== 'string' || part.text === '') return
    const sessionUpdate =
      line.type === 'text'
        ? line.role === 'user'
          ? 'user_message_chunk'
          : 'agent_message_chunk'
        : line.type === 'reasoning'
          ? 'agent_thought_chunk'
          : undefined
    if (sessionUpdate === undefined) return
    const meta: Record<string, unknown> = {}
    if (typeof line.timestamp === 'number' && Number.isFinite(line.timestamp) && Math.abs(line.timestamp) <= MAX_TIME)
      meta.timestamp = new Date(line.timestamp).toISOString()
    if (typeof line.model === 'string' && line.model !== '') meta.model = line.model
    send()
    const update = { sessionUpdate, content: { type: 'text', text: part.text }, _meta: { [MESSAGE_META_KEY]: meta } }
    // A prompt used no tokens of its own: it goes at once, and tokens still waiting stay for the answer.
    if (sessionUpdate === 'user_message_chunk') sink.update(update, lineNumber)
    else held = { update, line: lineNumber }
  }
  return Object.assign(read, { end: send })
}

// The error opencode's session processor gives each tool part still running
// when its turn stops (the user aborted it): the call was cancelled, not failed.
const ABORTED = 'Tool execution aborted'

// The largest time a Date holds, in milliseconds either side of 1970.
const MAX_TIME = 8.64e15

/**
 * A step's `tokens` (`{input, output, reasoning, cache: {read, write}}`) as
 * the other readers count them: input with the cached tokens read and
 * written, output with the reasoning; `undefined` when it says neither.
 */
function stepTokens(value: unknown): { inputTokens: number; outputTokens: number } | undefined {
  if (!isRecord(value)) return undefined
  const count = (n: unknown) => (Number.isSafeInteger(n) && (n as number) >= 0 ? (n as number) : 0)
  const cache = isRecord(value.cache) ? value.cache : {}
  if (![value.input, value.output].some((n) => Number.isSafeInteger(n) && (n as number) >= 0)) return undefined
  const inputTokens = count(value.input) + count(cache.read) + count(cache.write)
  const outputTokens = count(value.output) + count(value.reasoning)
  return Number.isSafeInteger(inputTokens) && Number.isSafeInteger(outputTokens) ? { inputTokens, outputTokens } : undefined
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
  line.end()
  return { updates, cwd }
}
