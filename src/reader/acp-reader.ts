// ACP `session/update` payloads, v1 and v2, read back into the calls they
// describe: the bridge run in reverse. Each update is applied the way a
// client applies it (a present field replaces, `null` clears, an omitted one
// stays), so the reading holds whatever subset of fields each update carries.
import type { SessionMessage, ToolCallRecord } from './records.js'
import { isRecord } from '../internal/record.js'
import type { PlanEntry } from '../views.js'
import { base64Utf8 } from './base64.js'
import type { CardFields, TerminalState } from './views-from-fields.js'
import { unescapeMarkdownInline } from '../safety/markdown-unescape.js'
import type { TitleStyle } from '../safety/title-text.js'
import { type CallItem, type CallState, mergeFields, recordOf, SETTLED } from './call-state.js'
import { PLAN_HISTORY, type PlanState, planRecord, samePlan } from './plan-state.js'
import { sizeOf } from './record-size.js'
import { MESSAGE_LENGTH, MESSAGE_META_KEY, type MessageState, ROLES } from './session-messages.js'
import { RecentIds } from '../internal/recent-ids.js'

// Past this many code units of ended calls waiting behind a call still open, that call is shown as it stands.
const HELD_BACK = 16 * 1024 * 1024
// Streaming: the ids of calls given out that are kept, to name a late update for one; past this, the oldest go.
const SHOWN_IDS = 65_536
// What a terminal no call shows keeps of its output (a call may show it later): past twice this many
// code units, the last this many (so that each code unit is copied a bounded number of times).
const UNSHOWN_OUTPUT = 1024 * 1024

/**
 * Why the reader ignored a payload: `not a tool call` for a session update
 * of a kind the reader has no card for (a message chunk, a mode change),
 * the others for a payload it could not apply.
 */
export type IgnoredReason =
  | 'not a tool call'
  | 'not an object'
  | 'unknown update kind'
  | 'no tool call id'
  | 'no terminal id'
  | 'bad base64'
  | 'unknown tool call id'
  | 'call already shown'
  | 'malformed'

// Session update kinds that carry no card: read and passed over.
const NOT_CARDS: ReadonlySet<string> = new Set([
  'user_message_chunk',
  'agent_message_chunk',
  'agent_thought_chunk',
  'available_commands_update',
  'current_mode_update',
  'config_option_update',
  'session_info_update',
  'usage_update',
  'subagent_update',
  'message_chunk',
  'thought_chunk',
])

/** Options for {@link createAcpReader}. */
export interface AcpReaderOptions {
  /**
   * The protocol version the session negotiated, when known. On v1, a
   * `tool_call_update` (or a permission request's `toolCall`) for an id no
   * `tool_call` announced is shown as a failed `Tool call not found` card,
   * as Zed shows it; v2's `tool_call_update` creates the card. When not
   * given, the updates say: the first that only one version sends decides,
   * v1 for a `tool_call`, a `plan` or a `tool_call_update` with v1's
   * display-terminal `_meta` keys, v2 for a `tool_call_content_chunk`,
   * `terminal_update`, `terminal_output_chunk` or `plan_update`; until
   * one comes, a `tool_call_update` creates its card.
   */
  readonly protocolVersion?: number | undefined
  /**
   * How the client the updates were sent to shows titles and plan entries
   * (the presenter's `titles` style): `'markdown'` (default) takes out the
   * escapes the encoder added for Markdown, so titles and entries read back
   * as the plain text the views held; `'plain'` reads them as they are.
   */
  readonly titles?: TitleStyle | undefined
  /**
   * Streams the records instead of keeping them: each call's record goes
   * here once the call has ended (settled, and its terminal, if it shows
   * one, exited; or its turn ended; or {@link AcpReader.end}), and the reader
   * forgets the call. Records come in the order the calls first appeared:
   * an ended call waits behind an earlier one still open, up to 16 Mi code
   * units of waiting records, past which the open call is given as it
   * stands (and its later updates are ignored as `call already shown`).
   * Plans come at {@link AcpReader.end}, one record per plan. Memory stays
   * near the largest call rather than the log: the reader keeps the ids of
   * the last 65,536 calls it gave out, so that a late update for one is
   * ignored as `call already shown`; one for an older id is read as a new
   * call's (see {@link AcpReader.forgottenIds}).
   */
  readonly onRecord?: ((record: ToolCallRecord) => void) | undefined
  /**
   * With `onRecord`: the conversation too. Each message (user, assistant,
   * thinking: consecutive chunks of one kind joined, at most 4 Mi code units
   * kept) goes here once something else follows it, in its place among
   * the records, with the timestamp, model and tokens its first chunk
   * gives under {@link MESSAGE_META_KEY}.
   */
  readonly onMessage?: ((message: SessionMessage) => void) | undefined
}

// The v1 display-terminal keys of a `tool_call_update`'s `_meta`.
const V1_TERMINAL_KEYS = ['terminal_info', 'terminal_output', 'terminal_output_delta', 'terminal_exit'] as const

// Whether `update` is one only v1 sends (true), only v2 sends (false), or either (undefined).
function versionSaid(update: Record<string, unknown>): boolean | undefined {
  switch (update.sessionUpdate) {
    case 'tool_call':
    case 'plan':
      return true
    case 'tool_call_content_chunk':
    case 'terminal_update':
    case 'terminal_output_chunk':
    case 'plan_update':
      return false
    case 'tool_call_update': {
      const meta = update._meta
      return isRecord(meta) && V1_TERMINAL_KEYS.some((key) => isRecord(meta[key])) ? true : undefined
    }
    default:
      return undefined
  }
}

/** The title of the card an update for a call never announced gets (ACP v1), as Zed shows it. */
export const TOOL_CALL_NOT_FOUND = 'Tool call not found'

type Item = { readonly call: CallState; readonly item: CallItem } | { readonly plan: PlanState }

/**
 * A reader of one session's `session/update` payloads, fed one at a time.
 * Create one per session with {@link createAcpReader}.
 */
export interface AcpReader {
  /**
   * Applies one payload: the `update` of a `session/update` notification (v1
   * or v2), or the `toolCall` of a `session/request_permission` request (which
   * clients apply to the card as an update). Anything else, or anything
   * malformed, is ignored and counted. Never throws. Returns `undefined`
   * when the payload was applied, else why it was ignored.
   */
  read(update: unknown, sessionId?: string): IgnoredReason | undefined
  /**
   * The prompt's response: its turn is over. With `stopReason`
   * `'cancelled'`, every call of the session (`sessionId`, or every call
   * when not given) not settled yet is marked `cancelled`, as Zed marks
   * them. Streaming, every call of the session still open ends here.
   */
  endTurn(stopReason: unknown, sessionId?: string): void
  /** The log is over: streaming, every call still open and every plan goes to `onRecord`. */
  end(): void
  /**
   * The calls and plans so far, in the order they first appeared (one
   * record per plan id, showing its latest version, with the earlier ones as
   * its `history`). Streaming, only those not given to `onRecord` yet.
   */
  records(): ToolCallRecord[]
  /** How many calls were given to `onRecord` while still open because too much waited behind them. */
  readonly shownOpen: number
  /**
   * Streaming: how many ids of calls already given to `onRecord` the reader
   * no longer keeps (it keeps the last 65,536, so that its memory stays
   * bounded on any log). A later update for a forgotten id is read as for
   * a call never seen: on v1 a failed `Tool call not found` card.
   */
  readonly forgottenIds: number
  /** How many payloads were ignored: not a tool call, terminal or plan update, or malformed. */
  readonly ignored: number
  /**
   * How many terminals got output or an exit that no call's content shows
   * (so no record carries it). While no call shows a terminal, it keeps at
   * most the last 2 Mi code units of its output (at least 1 Mi); a call
   * that shows it later starts its output with a line saying how many
   * earlier characters were not kept.
   */
  readonly unshownTerminals: number
}

/**
 * Creates a reader for one ACP session's updates. One reader takes both
 * protocol versions (their update kinds differ): v1's `tool_call`,
 * `tool_call_update` (with the display-terminal `_meta` keys
 * `terminal_info`, `terminal_output`, `terminal_output_delta`,
 * `terminal_exit`) and `plan`; v2's `tool_call_update` upserts,
 * `tool_call_content_chunk`, `terminal_update`, `terminal_output_chunk` and
 * `plan_update`.
 *
 * The call view is the card as it stood when the call started running (its
 * first status past `pending`) or its terminal first printed; the result
 * view is what changed after that, once the call settled (`completed`,
 * `failed` or `cancelled`, or its terminal exited). See
 * {@link readAcpUpdates} for what the wire cannot carry.
 */
export function createAcpReader(options: AcpReaderOptions = {}): AcpReader {
  const calls = new Map<string, CallState>()
  const terminals = new Map<string, TerminalState>()
  // The calls whose content shows each terminal.
  const showing = new Map<string, Set<CallState>>()
  const items: Item[] = []
  const plans = new Map<string, PlanState>()
  let ignored = 0
  // v1, v2, or not known yet (then the first update only one version sends decides).
  let v1: boolean | undefined = options.protocolVersion === undefined ? undefined : options.protocolVersion === 1
  const titles = options.titles === 'plain' ? 'plain' : 'markdown'
  const onRecord = options.onRecord
  const onMessage = onRecord === undefined ? undefined : options.onMessage
  let message: MessageState | undefined
  // Streaming: the calls in order of first appearance from `head` on, the ids of those given out, and the size waiting.
  const order: CallItem[] = []
  let head = 0
  const shown = new RecentIds<true>(SHOWN_IDS)
  let waiting = 0
  let shownOpen = 0
  let forgottenIds = 0

  const terminal = (terminalId: string): TerminalState => {
    let state = terminals.get(terminalId)
    if (state === undefined) {
      state = { output: '', exited: false }
      terminals.set(terminalId, state)
    }
    return state
  }

  // The terminal a call's content shows, if any.
  const terminalOf = (fields: CardFields): string | undefined => {
    for (const item of Array.isArray(fields.content) ? fields.content : [])
      if (isRecord(item) && item.type === 'terminal' && typeof item.terminalId === 'string') return item.terminalId
    return undefined
  }

  const freeze = (call: CallState) => {
    if (call.announced !== undefined) return
    call.announced = { ...call.fields }
    if (Array.isArray(call.fields.content)) call.announced.content = [...call.fields.content]
  }

  // Keeps the terminal index in step with a call's content.
  const reindex = (call: CallState) => {
    const terminalId = terminalOf(call.fields)
    if (terminalId === call.terminalId) return
    if (call.terminalId !== undefined) showing.get(call.terminalId)?.delete(call)
    call.terminalId = terminalId
    if (terminalId === undefined) return
    let set = showing.get(terminalId)
    if (set === undefined) {
      set = new Set()
      showing.set(terminalId, set)
    }
    set.add(call)
  }

  function toolCall(update: Record<string, unknown>, create: boolean): IgnoredReason | undefined {
    const id = update.toolCallId
    if (typeof id !== 'string') return 'no tool call id'
    let call = calls.get(id)
    let reason: IgnoredReason | undefined
    if (call === undefined) {
      if (shown.has(id)) return 'call already shown'
      const item: CallItem = { record: undefined, size: 0 }
      call = { toolCallId: id, fields: {}, announced: undefined, sessionId: currentSession, item }
      calls.set(id, call)
      if (onRecord === undefined) items.push({ call, item })
      else order.push(item)
      if (!create && v1 === true) {
        // Zed shows an update for a call it never saw as a failed card; so does the reader.
        call.fields = { title: TOOL_CALL_NOT_FOUND, kind: 'other', status: 'failed' }
        call.announced = { ...call.fields }
        endIfOver(call)
        return 'unknown tool call id'
      }
    } else if (create) {
      // A second `tool_call` for a known id replaces the card, as Zed does: the new one is the card shown.
      call.fields = {}
      call.announced = undefined
    }
    const status = update.status
    const meta = isRecord(update._meta) ? update._meta : undefined
    const output =
      meta &&
      (isRecord(meta.terminal_output)
        ? meta.terminal_output
        : isRecord(meta.terminal_output_delta)
          ? meta.terminal_output_delta
          : undefined)
    const exit = meta && isRecord(meta.terminal_exit) ? meta.terminal_exit : undefined
    // A sub-agent's call names the call that spawned it (claude-agent-acp's key).
    const parent = meta && isRecord(meta.claudeCode) ? meta.claudeCode.parentToolUseId : undefined
    if (typeof parent === 'string' && parent !== id) call.parentToolCallId = parent
    if (Object.keys(call.fields).length > 0 && ((typeof status === 'string' && status !== 'pending') || output || exit)) freeze(call)
    mergeFields(call.fields, update)
    if ('content' in update) reindex(call)
    if (meta && isRecord(meta.terminal_info) && typeof meta.terminal_info.terminal_id === 'string') {
      const state = terminal(meta.terminal_info.terminal_id)
      if (typeof meta.terminal_info.cwd === 'string') state.cwd = meta.terminal_info.cwd
    }
    if (output && typeof output.terminal_id === 'string' && typeof output.data === 'string') printed(output.terminal_id, output.data, false)
    else if (output) reason = 'malformed'
    if (exit && typeof exit.terminal_id === 'string') {
      const state = terminal(exit.terminal_id)
      state.exited = true
      state.exitCode = typeof exit.exit_code === 'number' ? exit.exit_code : undefined
      state.signal = typeof exit.signal === 'string' && exit.signal !== '' ? exit.signal : undefined
      endCallsShowing(exit.terminal_id)
    }
    endIfOver(call)
    return reason
  }

  function terminalUpdate(update: Record<string, unknown>): IgnoredReason | undefined {
    if (typeof update.terminalId !== 'string') return 'no terminal id'
    let reason: IgnoredReason | undefined
    const state = terminal(update.terminalId)
    if (typeof update.command === 'string') state.command = update.command
    if (typeof update.cwd === 'string') state.cwd = update.cwd
    if (typeof update.output === 'string') {
      // A snapshot replaces what was printed so far.
      const text = base64Utf8(update.output)
      if (text !== undefined) printed(update.terminalId, text, true)
      else reason = 'bad base64'
    }
    if (isRecord(update.exitStatus)) {
      freezeCallsShowing(update.terminalId)
      state.exited = true
      state.exitCode = typeof update.exitStatus.exitCode === 'number' ? update.exitStatus.exitCode : undefined
      state.signal = typeof update.exitStatus.signal === 'string' && update.exitStatus.signal !== '' ? update.exitStatus.signal : undefined
      endCallsShowing(update.terminalId)
    }
    return reason
  }

  // `text` printed by a terminal, after what it printed so far or (a snapshot) in its place. While no call
  // shows the terminal, at most the last 2 Mi code units are kept (at least 1 Mi), and the rest counted.
  function printed(terminalId: string, text: string, snapshot: boolean): void {
    const state = terminal(terminalId)
    if (snapshot) {
      state.output = text
      state.dropped = undefined
    } else state.output += text
    if (state.output.length <= 2 * UNSHOWN_OUTPUT || (showing.get(terminalId)?.size ?? 0) > 0) return
    let cut = state.output.length - UNSHOWN_OUTPUT
    // A surrogate pair is kept or dropped whole.
    const code = state.output.charCodeAt(cut)
    if (code >= 0xdc00 && code <= 0xdfff) cut++
    state.output = state.output.slice(cut)
    state.dropped = (state.dropped ?? 0) + cut
  }

  function freezeCallsShowing(terminalId: string): void {
    const set = showing.get(terminalId)
    if (set !== undefined) for (const call of set) freeze(call)
  }

  function terminalChunk(update: Record<string, unknown>): IgnoredReason | undefined {
    if (typeof update.terminalId !== 'string') return 'no terminal id'
    if (typeof update.data !== 'string') return 'malformed'
    const text = base64Utf8(update.data)
    if (text === undefined) return 'bad base64'
    freezeCallsShowing(update.terminalId)
    printed(update.terminalId, text, false)
    return undefined
  }

  function contentChunk(update: Record<string, unknown>): IgnoredReason | undefined {
    if (typeof update.toolCallId !== 'string') return 'no tool call id'
    const call = calls.get(update.toolCallId)
    if (call === undefined) return shown.has(update.toolCallId) ? 'call already shown' : 'unknown tool call id'
    if (!isRecord(update.content)) return 'malformed'
    // The reader owns the array (mergeFields copies it), so a chunk is appended in constant time.
    if (Array.isArray(call.fields.content)) call.fields.content.push(update.content)
    else call.fields.content = [update.content]
    // Only a terminal item can change which terminal the card shows: any other chunk leaves the index as it is.
    if (update.content.type === 'terminal') reindex(call)
    return undefined
  }

  function plan(entries: unknown, planId: string): IgnoredReason | undefined {
    if (!Array.isArray(entries)) return 'malformed'
    const read: PlanEntry[] = []
    for (const entry of entries) {
      if (!isRecord(entry) || typeof entry.content !== 'string') continue
      const status = entry.status === 'completed' || entry.status === 'in_progress' ? entry.status : 'pending'
      const priority = entry.priority === 'high' || entry.priority === 'low' ? entry.priority : 'medium'
      read.push({ content: titles === 'plain' ? entry.content : unescapeMarkdownInline(entry.content), status, priority })
    }
    const known = plans.get(planId)
    if (known === undefined) {
      const state: PlanState = { planId, latest: read, history: [], leftOut: 0 }
      plans.set(planId, state)
      if (onRecord === undefined) items.push({ plan: state })
    } else if (!samePlan(known.latest, read)) {
      known.history.push(known.latest)
      if (known.history.length > PLAN_HISTORY) {
        known.history.shift()
        known.leftOut++
      }
      known.latest = read
    }
    return undefined
  }

  // Whether the call is over: settled, and its terminal (if its card shows one) exited.
  const isOver = (call: CallState): boolean => {
    if (typeof call.fields.status !== 'string' || !SETTLED.has(call.fields.status)) return false
    return call.terminalId === undefined || terminals.get(call.terminalId)?.exited === true
  }

  // Streaming: a call that is over gets its record and is forgotten.
  function endIfOver(call: CallState): void {
    if (onRecord !== undefined && isOver(call)) endCall(call)
  }

  function endCall(call: CallState): void {
    if (call.ended === true) return
    call.ended = true
    call.item.record = recordOf(call, terminals, terminalOf, titles)
    calls.delete(call.toolCallId)
    if (shown.set(call.toolCallId, true)) forgottenIds++
    // The terminals only this call showed are forgotten with it.
    for (const terminalId of [call.terminalId, terminalOf(call.announced ?? call.fields)]) {
      if (terminalId === undefined) continue
      const set = showing.get(terminalId)
      set?.delete(call)
      if (set === undefined || set.size === 0) {
        showing.delete(terminalId)
        terminals.delete(terminalId)
      }
    }
    if (order[head] !== call.item) {
      call.item.size = sizeOf(call.item.record)
      waiting += call.item.size
    }
    flush()
  }

  // Gives out the ended records at the front of the order; past the bound, the open call in front as it stands.
  function flush(): void {
    if (onRecord === undefined) return
    while (head < order.length) {
      const item = order[head]
      if (item.message !== undefined) {
        waiting -= item.size
        head++
        const done = item.message
        item.message = undefined
        onMessage?.(done)
        continue
      }
      if (item.record === undefined) {
        if (waiting <= HELD_BACK) break
        const open = openCallOf(item)
        if (open === undefined) break
        shownOpen++
        endCall(open)
        return
      }
      waiting -= item.size
      head++
      const record = item.record
      item.record = undefined
      onRecord(record)
    }
    if (head > 1024 && head * 2 > order.length) {
      order.splice(0, head)
      head = 0
    }
  }

  // The open call an item stands for (found once, when the bound is passed).
  const openCallOf = (item: CallItem): CallState | undefined => {
    for (const call of calls.values()) if (call.item === item) return call
    return undefined
  }

  function endCallsShowing(terminalId: string): void {
    const set = showing.get(terminalId)
    if (set !== undefined) for (const call of [...set]) endIfOver(call)
  }

  // Zed marks a cancelled turn's unsettled cards cancelled.
  function cancelOpenCalls(sessionId: string | undefined): void {
    for (const call of calls.values()) {
      if (sessionId !== undefined && call.sessionId !== undefined && call.sessionId !== sessionId) continue
      if (typeof call.fields.status === 'string' && SETTLED.has(call.fields.status)) continue
      freeze(call)
      call.fields.status = 'cancelled'
    }
  }

  function chunk(update: Record<string, unknown>, role: SessionMessage['role']): IgnoredReason | undefined {
    const content = update.content
    if (!isRecord(content) || content.type !== 'text' || typeof content.text !== 'string') return 'not a tool call'
    if (message?.role !== role) {
      endMessage()
      const item: CallItem = { record: undefined, size: 0 }
      const meta = isRecord(update._meta) && isRecord(update._meta[MESSAGE_META_KEY]) ? update._meta[MESSAGE_META_KEY] : undefined
      message = { role, pieces: [], length: 0, dropped: 0, meta, item }
      order.push(item)
    }
    const room = MESSAGE_LENGTH - message.length
    const kept = content.text.length <= room ? content.text : content.text.slice(0, Math.max(0, room))
    message.pieces.push(kept)
    message.length += kept.length
    message.dropped += content.text.length - kept.length
    return undefined
  }

  // The message being written is over: it takes its place in the order.
  function endMessage(): void {
    const done = message
    if (done === undefined) return
    message = undefined
    let text = done.pieces.join('')
    if (done.dropped > 0) text += `\n\n[… ${done.dropped} more characters of this message not kept]`
    const view: { -readonly [K in keyof SessionMessage]: SessionMessage[K] } = { role: done.role, text }
    const meta = done.meta
    if (meta !== undefined) {
      if (typeof meta.timestamp === 'string') view.timestamp = meta.timestamp
      if (typeof meta.model === 'string') view.model = meta.model
      if (Number.isSafeInteger(meta.inputTokens)) view.inputTokens = meta.inputTokens as number
      if (Number.isSafeInteger(meta.outputTokens)) view.outputTokens = meta.outputTokens as number
    }
    done.item.message = view
    if (order[head] !== done.item) {
      done.item.size = text.length
      waiting += text.length
    }
    flush()
  }

  function apply(update: Record<string, unknown>): IgnoredReason | undefined {
    v1 ??= versionSaid(update)
    const role = onMessage === undefined || typeof update.sessionUpdate !== 'string' ? undefined : ROLES[update.sessionUpdate]
    if (role !== undefined) return chunk(update, role)
    endMessage()
    switch (update.sessionUpdate) {
      case 'tool_call':
        return toolCall(update, true)
      case 'tool_call_update':
        return toolCall(update, false)
      case 'tool_call_content_chunk':
        return contentChunk(update)
      case 'terminal_update':
        return terminalUpdate(update)
      case 'terminal_output_chunk':
        return terminalChunk(update)
      case 'plan':
        return plan(update.entries, 'plan')
      case 'plan_update':
        return isRecord(update.plan)
          ? plan(update.plan.entries, typeof update.plan.planId === 'string' ? update.plan.planId : 'plan')
          : 'malformed'
      default:
        // A permission request's `toolCall` has no `sessionUpdate`: it updates the card.
        if (update.sessionUpdate === undefined) return typeof update.toolCallId === 'string' ? toolCall(update, false) : 'no tool call id'
        return typeof update.sessionUpdate === 'string' && NOT_CARDS.has(update.sessionUpdate) ? 'not a tool call' : 'unknown update kind'
    }
  }

  let currentSession: string | undefined
  return {
    read(update, sessionId) {
      let reason: IgnoredReason | undefined
      currentSession = typeof sessionId === 'string' ? sessionId : undefined
      try {
        reason = isRecord(update) ? apply(update) : 'not an object'
      } catch {
        reason = 'malformed'
      }
      if (reason !== undefined) ignored++
      return reason
    },
    endTurn(stopReason, sessionId) {
      endMessage()
      if (stopReason === 'cancelled') cancelOpenCalls(sessionId)
      if (onRecord === undefined) return
      for (const call of [...calls.values()])
        if (sessionId === undefined || call.sessionId === undefined || call.sessionId === sessionId) endCall(call)
    },
    end() {
      if (onRecord === undefined) return
      endMessage()
      for (const call of [...calls.values()]) endCall(call)
      for (const state of plans.values()) onRecord(planRecord(state))
      plans.clear()
    },
    records() {
      const records: ToolCallRecord[] = []
      for (const item of items) records.push('plan' in item ? planRecord(item.plan) : recordOf(item.call, terminals, terminalOf, titles))
      return records
    },
    get shownOpen() {
      return shownOpen
    },
    get forgottenIds() {
      return forgottenIds
    },
    get ignored() {
      return ignored
    },
    get unshownTerminals() {
      let count = 0
      for (const [terminalId, state] of terminals)
        if ((state.output !== '' || state.exited) && (showing.get(terminalId)?.size ?? 0) === 0) count++
      return count
    },
  }
}

/**
 * Reads a whole session's updates (as {@link createAcpReader} does, one by
 * one) into its calls and plans, in the order they first appeared.
 *
 * Round trip: views sent through this library's session presenters
 * (`tool-render-intent/acp` with display terminals, or
 * `tool-render-intent/acp-v2`) and read back give the same views, except
 * for what the wire cannot carry:
 *
 * - paths come back absolute (resolved against the session cwd), and a
 *   terminal call's `cwd` is always there (the session's when it had none);
 * - a title of any kind but `execute` comes back on one line (each line
 *   break a space), as do plan entries and a v2 terminal's description;
 * - a generic call's `kind` comes back `'other'` when it had none, its
 *   `rawInput` as the tool's arguments when it had none, and none when it
 *   was `null` (`null` clears a field); a plan entry's
 *   `priority` comes back `'medium'` when it had none; a plan's `title` is
 *   not sent;
 * - v1 with display terminals sends no terminal call `description`; a
 *   client without them gets the command as text, read back as a generic
 *   `execute` card whose content is that text;
 * - a result field equal to the call's (the title, the content, the
 *   locations) reads back as not set: an update that says nothing new and
 *   one that repeats a value look the same; a diff result whose diffs equal
 *   the call's reads back as a generic result without content;
 * - a terminal result's output comes back sanitised for a terminal (only
 *   colours and cursor moves) and `''` reads back as no output; an exit code
 *   v1 cannot carry (negative, fractional) as none;
 * - text past the output bound comes back cut, with its marker;
 * - v2 diffs come back per hunk of the git patch (the call's old and new
 *   text when the positions were known or the file is new); diffs whose
 *   positions were not known travel as Markdown text, and the card reads
 *   back as a generic `edit` card showing the patch and that text.
 */
export function readAcpUpdates(
  updates: Iterable<unknown>,
  options: AcpReaderOptions = {},
): { readonly records: ToolCallRecord[]; readonly ignored: number } {
  const reader = createAcpReader(options)
  for (const update of updates) reader.read(update)
  return { records: reader.records(), ignored: reader.ignored }
}
