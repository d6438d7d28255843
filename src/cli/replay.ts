// Replaying an agent's own log through the session presenter, the live path:
// each tool call and each result goes through the same presenters a harness
// uses, and the updates they produce are what the page shows.
import { createToolPresenter } from '../acp/index.js'
import type { AnyToolDefinition } from '../acp/presenter.js'
import { isRecord } from '../internal/record.js'
import { MAX_TOOL_CALL_ID_LENGTH } from '../lifecycle/call-record.js'
import { IDS_KEPT, RecentIds } from '../internal/recent-ids.js'
import type { ContentBlock, ToolResult } from '../views.js'

/** Where a replay's updates go, and what it tells about the log, each with the log line it came from. */
export interface ReplaySink {
  /** One update, as a live session would have sent it, with the session it came in when the log says it. */
  update(update: unknown, line: number, sessionId?: string): void
  /** A prompt's response: the session's turn ended, with its `stopReason`. */
  endTurn?(stopReason: unknown, sessionId: string | undefined): void
  /**
   * A sub-agent whose entries the agent keeps in a log of their own has
   * ended (its Task's result, at `line`, named it): the caller may read that
   * log into the replay now, so that its calls come right under the Task.
   */
  subagent?(agentId: string, line: number): void
  /** Something the log did that is shown but worth saying (a reused id, a result for a call never made). */
  note(line: number, what: NoteKind, detail: string): void
  /** A call or result that could not be shown (the presenter refused it and sent nothing), with why. */
  problem?(line: number, detail: string): void
  /** The log id of an older call was forgotten, to keep the ids remembered within their bound. */
  forgot?(): void
}

/**
 * What a replay reports about a log: each is shown, not dropped. A call
 * shown as its presenter's fallback (`shown as a generic card`) says why.
 */
export type NoteKind =
  | 'reused tool id'
  | 'result for an unknown call'
  | 'update for an unknown call'
  | 'tool call id cut'
  | 'shown as a generic card'

// How many code units of an id past the bound stay in the id it is shown under.
const CUT_ID_KEPT = 64

/**
 * The id a log's tool call id is shown under: the id itself within the
 * 1,024 code units a session takes; past it, its first 64 code units and
 * how long it was (`toolu_xxx… (id cut: 2006 code units)`), so the call is
 * still shown, under an id that says it was cut.
 */
export function shownId(id: string): string {
  if (id.length <= MAX_TOOL_CALL_ID_LENGTH) return id
  const high = id.charCodeAt(CUT_ID_KEPT - 1)
  const kept = high >= 0xd800 && high <= 0xdbff ? CUT_ID_KEPT - 1 : CUT_ID_KEPT
  return `${id.slice(0, kept)}… (id cut: ${id.length} code units)`
}

/** The report for an id {@link shownId} cut. */
export const cutIdDetail = (id: string): string =>
  `${printable(id)} is ${id.length} code units long, past the ${MAX_TOOL_CALL_ID_LENGTH} a session takes; shown as its first ${CUT_ID_KEPT} then "(id cut: ${id.length} code units)"`

/** A session presenter that replays calls and results, with the ids the log gave them. */
export interface Replay {
  /**
   * A call: a reused id is shown as its own call under an id of its own, and
   * noted. `parentToolCallId` is the log's id of the call that spawned it (a
   * sub-agent's call), when the log says it.
   */
  call(toolCallId: string, toolName: string, args: unknown, line: number, parentToolCallId?: string): void
  /** A result: one for a call the log never made is shown as a failed `Tool call not found` card, and noted. */
  result(toolCallId: string, result: ToolResult, line: number): void
  /**
   * A call the log records as cancelled (stopped by the user, or its turn
   * interrupted): ended through the presenter's `cancel`, with `output` (what
   * a command printed before it stopped, for a call shown as a terminal)
   * streamed first. One for a call the log never made is noted as a result
   * for it is.
   */
  cancel(toolCallId: string, line: number, output?: string): void
  /** Every call not ended yet is cancelled: the log says its turn was interrupted. */
  cancelOpen(line: number): void
  /** The tool name of the call a result for `toolCallId` goes to, if the log made it. */
  nameOf(toolCallId: string): string | undefined
}

/**
 * A replay through a v1 presenter whose client shows display terminals, with
 * the agent's presenters. It remembers the ids of the last `idsKept` calls
 * (65,536): a result for an older one is read as for a call never made.
 */
export function createReplay(tools: readonly AnyToolDefinition[], cwd: string, sink: ReplaySink, idsKept = IDS_KEPT): Replay {
  // What the presenter reported while it was given one call or result, for the sink.
  const errors: string[] = []
  const presenter = createToolPresenter({
    tools,
    cwd,
    clientCapabilities: { _meta: { terminal_output: true } },
    onError: ({ error }) => {
      errors.push(error instanceof Error ? error.message : String(error))
    },
  })
  // The id each log id now stands for (its latest call), and the tool name of each id given out: the recent ones.
  const current = new RecentIds<string>(idsKept)
  const names = new RecentIds<string>(idsKept)
  // The ids given out whose calls have not ended yet.
  const open = new Set<string>()
  // The updates of one presenter method, and what it reported: nothing sent is a problem, a fallback a note.
  const emit = (updates: readonly unknown[], line: number) => {
    for (const update of updates) sink.update(update, line)
    for (const error of errors.splice(0)) {
      if (updates.length === 0) sink.problem?.(line, error)
      else sink.note(line, 'shown as a generic card', error)
    }
  }
  const unknown = (toolCallId: string, line: number) => {
    sink.note(line, 'result for an unknown call', `${printable(toolCallId)} was never called; shown as a failed card`)
    // Read back (ACP v1) as Zed shows it: a failed `Tool call not found` card.
    sink.update({ sessionUpdate: 'tool_call_update', toolCallId: shownId(toolCallId), status: 'failed' }, line)
  }
  // v1 has no cancelled status, so its cancel says `failed`; the client, whose
  // turn was cancelled, marks the card cancelled (as Zed does, and as the reader
  // does for a prompt's `stopReason: "cancelled"`): the replay is that client.
  const cancelled = (id: string, line: number) => {
    open.delete(id)
    const updates = presenter
      .cancel(id)
      .map((update) => (isRecord(update) && update.status === 'failed' ? { ...update, status: 'cancelled' } : update))
    emit(updates, line)
  }
  return {
    call(toolCallId, toolName, args, line, parentToolCallId) {
      const base = shownId(toolCallId)
      if (base !== toolCallId) sink.note(line, 'tool call id cut', cutIdDetail(toolCallId))
      let id = base
      if (names.has(id)) {
        for (let count = 2; names.has(id); count++) id = `${base} (${count})`
        sink.note(line, 'reused tool id', `${printable(toolCallId)} is used again; shown as its own call ${printable(id)}`)
      }
      if (current.set(toolCallId, id)) sink.forgot?.()
      names.set(id, toolName)
      open.add(id)
      const parent = parentToolCallId === undefined ? undefined : (current.get(parentToolCallId) ?? shownId(parentToolCallId))
      emit(
        parent === undefined ? presenter.call(id, toolName, args) : presenter.call(id, toolName, args, { parentToolCallId: parent }),
        line,
      )
    },
    result(toolCallId, result, line) {
      const id = current.get(toolCallId)
      if (id === undefined) {
        unknown(toolCallId, line)
        return
      }
      open.delete(id)
      emit(presenter.result(id, result), line)
    },
    cancel(toolCallId, line, output) {
      const id = current.get(toolCallId)
      if (id === undefined) {
        unknown(toolCallId, line)
        return
      }
      if (!open.has(id)) return
      if (output !== undefined && output !== '') emit(presenter.output(id, output), line)
      cancelled(id, line)
    },
    cancelOpen(line) {
      for (const id of [...open]) cancelled(id, line)
    },
    nameOf(toolCallId) {
      const id = current.get(toolCallId)
      return id === undefined ? undefined : names.get(id)
    },
  }
}

/** The updates a replay gave, collected (for a log already in memory). */
export function collected(): { sink: ReplaySink; updates: unknown[] } {
  const updates: unknown[] = []
  return { sink: { update: (update) => updates.push(update), note: () => {} }, updates }
}

/** A tool result's content as blocks: a string is one text block; blocks pass as they are (the presenter checks them). */
export function contentOf(content: unknown): ContentBlock[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }]
  if (Array.isArray(content)) return content as ContentBlock[]
  return []
}

// Past this many code units a quoted value in a message is cut.
const PRINTABLE_LENGTH = 80

/**
 * `value` quoted for a message on a terminal: printable ASCII as it is,
 * anything else as a `\u{…}` escape (no control, bidi or escape sequence
 * reaches stderr), at most 80 characters then `…`.
 */
export function printable(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value)
  let out = '"'
  for (let index = 0; index < text.length && index < PRINTABLE_LENGTH; index++) {
    const code = text.charCodeAt(index)
    out += code >= 0x20 && code < 0x7f && code !== 0x22 && code !== 0x5c ? text[index] : `\\u{${code.toString(16)}}`
  }
  return `${out}"${text.length > PRINTABLE_LENGTH ? '…' : ''}`
}
