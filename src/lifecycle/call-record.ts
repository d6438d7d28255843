// What a session remembers of one call, built in one place, and what is
// derived from it: the card, kind and command are the view's, never stored
// beside it; the card's phase and a sub-agent's work are one status.
import type { ToolCallView } from '../views.js'
import { diffKind } from '../internal/diff-kind.js'
import type { CallState, CallStatus, CommandContext, SubagentWork } from './events.js'
import type { TerminalStream, TextStream } from './output-stream.js'
import type { AnyToolDefinition } from './options.js'

// The part of the WHATWG TextDecoder the session uses (the global exists in
// Node.js and browsers; its type needs DOM or Node's libs, which the
// declarations do not assume).
export interface Utf8Decoder {
  decode(input?: Uint8Array, options?: { stream?: boolean }): string
}

/**
 * A call as the session remembers it until it is over. A step replaces the
 * record rather than changing it, so an event's `call` stays what it was;
 * its output stream and decoders are the one part that changes in place
 * (the bytes in flight), and only the session's own steps touch them.
 */
export interface CallRecord extends CallState {
  /** The definition that renders it, looked up once (a family builds one per lookup). */
  readonly tool: AnyToolDefinition | undefined
  readonly stream: TerminalStream | TextStream | undefined
  /** A UTF-8 decoder per output stream, for pieces that come as bytes. */
  readonly decoders: Map<string, Utf8Decoder> | undefined
  /** When the last snapshot of its output was sent (for a client without terminals). */
  readonly lastSnapshot: number
  /** The code units the snapshots of its output have cost so far. */
  readonly snapshotsSent: number
  /** When the last partial sighting was presented. */
  readonly lastPartial: number
  /** How many entries the plan it showed last had: a plan still streaming never shrinks. */
  readonly planEntries: number
}

/** What a new call record is made of; the rest starts empty. */
export interface NewCall {
  readonly toolCallId: string
  readonly toolName: string
  readonly tool: AnyToolDefinition | undefined
  readonly input: unknown
  readonly view: ToolCallView
  readonly terminal: boolean
  readonly parentToolCallId: string | undefined
  readonly lastPartial: number
}

/** The one constructor of a call record: a call the client has no card for yet. */
export function callRecord(call: NewCall): CallRecord {
  return {
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    tool: call.tool,
    input: call.input,
    status: 'plan-only',
    terminal: call.terminal,
    view: call.view,
    parentToolCallId: call.parentToolCallId,
    child: undefined,
    stream: undefined,
    decoders: undefined,
    lastSnapshot: Number.NEGATIVE_INFINITY,
    snapshotsSent: 0,
    lastPartial: call.lastPartial,
    planEntries: 0,
  }
}

/** The kind a view's card is shown with. */
export function kindOf(view: ToolCallView): string {
  switch (view.card) {
    case 'generic':
      return view.kind ?? 'other'
    case 'diff':
      return diffKind(view.diffs)
    case 'terminal':
      return view.kind ?? 'execute'
    case 'plan':
      return 'think'
  }
}

/** For a terminal card: its description and cwd, which every text update of it says again. */
export const commandOf = (view: ToolCallView): CommandContext | undefined =>
  view.card === 'terminal' ? { description: view.description, cwd: view.cwd } : undefined

/** Whether the client has a card for the call (a plan has none until a prompt gives it one). */
export const isAnnounced = (call: CallState): boolean => call.status !== 'plan-only'

/** Whether the call runs (a paused one does not: its next heartbeat says it runs again). */
export const isRunning = (call: CallState): boolean => call.status === 'running'

/** Where a sub-agent's work is, read from the status of the call that spawned it. */
export function workOf(status: CallStatus): SubagentWork {
  switch (status) {
    case 'plan-only':
    case 'shown':
    case 'running':
      return 'running'
    case 'paused':
      return 'waiting'
    case 'done':
    case 'failed':
    case 'cancelled':
      return status
  }
}

// The longest tool call id a session takes, in UTF-16 code units. An id is
// in every update of its call, several times (a terminal's id is the
// call's): a 10 MiB id sent 90 MiB for one `ls`. Past it a method sends
// nothing and reports (a prompt is refused).
export const MAX_TOOL_CALL_ID_LENGTH = 1024

/** A non-empty string. */
export const isId = (value: unknown): value is string => typeof value === 'string' && value !== ''

/** A tool call id the session takes: a non-empty string within the bound. */
export const isToolCallId = (value: unknown): value is string => isId(value) && value.length <= MAX_TOOL_CALL_ID_LENGTH

/** Why `value` is not a tool call id the session takes. */
export const idProblem = (value: unknown): string =>
  isId(value)
    ? `the tool call id is ${value.length} code units long, past the ${MAX_TOOL_CALL_ID_LENGTH} a session takes`
    : 'the tool call id is not a non-empty string'

/**
 * An id or name from the harness as text for a report: a string as it is
 * (one past the id bound by its length), anything else by its type (its own
 * toString may throw).
 */
export const idText = (value: unknown): string =>
  typeof value === 'string'
    ? value.length <= MAX_TOOL_CALL_ID_LENGTH
      ? value
      : `(a string of ${value.length} code units)`
    : `(${value === null ? 'null' : typeof value})`
