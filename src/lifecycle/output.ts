// Output: the pieces a running command prints, decoded per stream, bounded
// and sanitised, appended to its display terminal or shown in a snapshot of
// its text now and then; and what a stream still holds once the command is
// over.
import { readField } from '../internal/session-options.js'
import { boundedMarkdownInline } from '../safety/markdown-text.js'
import { putCall, reported, type SessionEvent, type SessionState, waiting } from './actions.js'
import { type CallRecord, commandOf, type Utf8Decoder } from './call-record.js'
import { SNAPSHOT_LENGTH, TerminalStream, TextStream } from './output-stream.js'

type Out = SessionEvent[]

declare const TextDecoder: new (label: 'utf-8') => Utf8Decoder

/** The output step: a piece of a command's output, for a call shown as a terminal. */
export function stepOutput(state: SessionState, toolCallId: string, chunk: unknown, options: unknown, out: Out): void {
  const found = waiting(state, toolCallId, 'output', out)
  if (!found) return
  try {
    if (found.view.card !== 'terminal') throw new Error(`output: the call "${toolCallId}" is not shown as a terminal`)
    const text = typeof chunk === 'string' ? chunk : decoded(state, found, chunk, options)
    if (text !== '') streamed(state, state.calls.get(toolCallId) ?? found, text, out)
  } catch (error) {
    out.push(reported(toolCallId, found.toolName, 'result', error))
  }
}

// Bytes as text: UTF-8, decoded as a stream per source, so a character cut between pieces is whole.
function decoded(state: SessionState, call: CallRecord, chunk: unknown, options: unknown): string {
  if (!(chunk instanceof Uint8Array))
    throw new TypeError(`output: a piece of output must be a string or a Uint8Array, got ${chunk === null ? 'null' : typeof chunk}`)
  const source = readField(options, 'source') === 'stderr' ? 'stderr' : 'stdout'
  let decoders = call.decoders
  if (!decoders) {
    decoders = new Map()
    putCall(state, { ...call, decoders })
  }
  let decoder = decoders.get(source)
  if (!decoder) {
    decoder = new TextDecoder('utf-8')
    decoders.set(source, decoder)
  }
  return decoder.decode(chunk, { stream: true })
}

// The call's stream, made on its first piece.
function streamOf<Stream extends TerminalStream | TextStream>(state: SessionState, call: CallRecord, make: () => Stream): Stream {
  if (call.stream) return call.stream as Stream
  const stream = make()
  putCall(state, { ...(state.calls.get(call.toolCallId) ?? call), stream })
  return stream
}

const terminalStream = (state: SessionState, call: CallRecord) =>
  streamOf(state, call, () => new TerminalStream(state.settings.maxOutputLength, state.settings.outputInterval))

const textStream = (state: SessionState, call: CallRecord) => streamOf(state, call, () => new TextStream(state.settings.maxOutputLength))

// A piece into the call's stream: appended to its display terminal, or
// shown in a snapshot of its text now and then.
function streamed(state: SessionState, call: CallRecord, chunk: string, out: Out): void {
  const { settings } = state
  if (call.terminal) {
    const data = terminalStream(state, call).push(chunk, settings.now())
    if (data !== '') out.push({ type: 'output', call: state.calls.get(call.toolCallId) ?? call, data })
    return
  }
  const text = textStream(state, call)
  text.push(chunk)
  const at = settings.now()
  const current = state.calls.get(call.toolCallId) ?? call
  if (at - current.lastSnapshot < settings.outputInterval) return
  // Snapshots share one budget, the output bound, so a long run cannot send without end.
  const snapshot = text.snapshot()
  // The description as the card shows it (escaped and marked, at most SNAPSHOT_LENGTH code units), as of the output.
  const description = commandOf(current.view)?.description
  const cost = snapshot.length + (description ? boundedMarkdownInline(description, SNAPSHOT_LENGTH).length : 0)
  if (current.snapshotsSent + cost > settings.maxOutputLength) {
    putCall(state, { ...current, lastSnapshot: at })
    return
  }
  const next: CallRecord = { ...current, lastSnapshot: at, snapshotsSent: current.snapshotsSent + cost }
  putCall(state, next)
  out.push({ type: 'snapshot', call: next, text: snapshot })
}

/**
 * What a stream that will get no more pieces still holds: the decoders'
 * last bytes (a character cut off at the end shows as U+FFFD), and what the
 * bound or the sanitiser held back.
 */
export function ending(state: SessionState, call: CallRecord): string {
  const { maxOutputLength, outputInterval } = state.settings
  let rest = ''
  if (call.decoders) for (const decoder of call.decoders.values()) rest += decoder.decode()
  if (call.terminal) {
    const stream = call.stream instanceof TerminalStream ? call.stream : new TerminalStream(maxOutputLength, outputInterval)
    return stream.push(rest) + stream.end()
  }
  if (!call.stream && rest === '') return ''
  const text = call.stream instanceof TextStream ? call.stream : new TextStream(maxOutputLength)
  text.push(rest)
  return text.end()
}
