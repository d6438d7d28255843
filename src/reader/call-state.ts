// One call as a stream of updates describes it: its card fields merged the
// way a client merges them, and the record it reads back as.
import type { TitleStyle } from '../safety/title-text.js'
import type { SessionMessage, ToolCallRecord, ToolCallStatus } from './records.js'
import { callViewOf, resultViewOf, type CardFields, type TerminalState, terminalOutput } from './views-from-fields.js'

/** One call as the stream has described it so far. */
export interface CallState {
  readonly toolCallId: string
  fields: CardFields
  // The card as it stood before the call started running or its terminal got output.
  announced: CardFields | undefined
  // The call that spawned it, for a sub-agent's call.
  parentToolCallId?: string
  // The terminal its content shows, kept as content changes so a chunk finds its calls without a scan.
  terminalId?: string | undefined
  // The session its updates came in, when the log said it.
  readonly sessionId?: string | undefined
  // Its place in the order calls first appeared.
  readonly item: CallItem
  // Streaming: its record was made and the call forgotten.
  ended?: boolean
}

/** A call's place in the order of first appearance: the record once the call has ended (streaming). */
export interface CallItem {
  record: ToolCallRecord | undefined
  // Or, for a message of the conversation, the message once it is over.
  message?: SessionMessage | undefined
  // An estimate of the record's size in code units, while it waits behind a call still open.
  size: number
}

// A content array the reader may append to, apart from the update it came in.
const copied = (content: unknown): unknown => (Array.isArray(content) ? [...content] : content)

/** The statuses a call ends with. */
export const SETTLED: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled'])
const STATUSES: ReadonlySet<string> = new Set(['pending', 'in_progress', 'completed', 'failed', 'paused', 'cancelled'])

/** A call's record: its card as announced, its status, and its result once it has settled (or what its terminal printed so far). */
export function recordOf(
  call: CallState,
  terminals: ReadonlyMap<string, TerminalState>,
  terminalOf: (fields: CardFields) => string | undefined,
  titles: TitleStyle,
): ToolCallRecord {
  const announced = call.announced ?? call.fields
  const terminalId = terminalOf(announced)
  const state = terminalId === undefined ? undefined : terminals.get(terminalId)
  const view = callViewOf(announced, state, titles)
  const status =
    typeof call.fields.status === 'string' && STATUSES.has(call.fields.status) ? (call.fields.status as ToolCallStatus) : undefined
  const settled = (status !== undefined && SETTLED.has(status)) || state?.exited === true
  const record: { -readonly [K in keyof ToolCallRecord]: ToolCallRecord[K] } = { toolCallId: call.toolCallId, call: view }
  if (typeof call.fields.name === 'string') record.name = call.fields.name
  if (call.parentToolCallId !== undefined) record.parentToolCallId = call.parentToolCallId
  if (status !== undefined) record.status = status
  if (settled) record.result = resultViewOf(announced, call.fields, view, state, terminalOf(call.fields) !== undefined, titles)
  else if (state !== undefined && state.output !== '') record.output = terminalOutput(state)
  return record
}

// The fields a client keeps for a card: a present value replaces, `null` clears.
const FIELDS = ['title', 'kind', 'status', 'content', 'locations', 'rawInput', 'rawOutput', 'name'] as const

/** Applies an update's card fields to `fields` as a client does: a present value replaces, `null` clears, an omitted one stays. */
export function mergeFields(fields: CardFields, update: Record<string, unknown>): void {
  for (const key of FIELDS) {
    if (!(key in update)) continue
    const value = update[key]
    if (value === null || value === undefined) delete fields[key]
    else (fields as Record<string, unknown>)[key] = key === 'content' ? copied(value) : value
  }
}
