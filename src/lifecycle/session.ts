// One call lifecycle for every protocol: looks each call's tool up, presents
// it, checks and trusts its views, bounds and sanitises its output, and keeps
// each method total. It emits neutral events; a protocol's encoder turns
// them into that protocol's updates.
import { wantsDisplayTerminal } from './display-terminal.js'
import type { ToolDefinition } from '../define-tool.js'
import { normalizeContentBlock } from '../content-blocks.js'
import { parseToolCallView, parseToolResultView } from '../guards.js'
import { isJsonSafe, isJsonShape, type JsonLimits, jsonInputCost, jsonSafeCopy, UPDATE_LIMITS } from '../safety/json-safe.js'
import { boundedMarkdownInline, markdownLine } from '../safety/markdown-text.js'
import { isAbsolutePath, resolvePath } from '../safety/paths.js'
import { diffKind } from '../internal/diff-kind.js'
import { isRecord } from '../internal/record.js'
import { findTool } from '../internal/tool-lookup.js'
import { isTrustedPresenter } from '../internal/trusted-presenters.js'
import {
  nonNegative,
  positiveInteger,
  readField,
  readPartial,
  readSignal,
  readString,
  sessionCwd,
  sessionHome,
  toolsByName,
} from '../internal/session-options.js'
import type { ContentBlock, GenericCallView, ToolCallView, ToolResult, ToolResultView } from '../views.js'
import type {
  CallPhase,
  CallState,
  CardView,
  ChildSession,
  CommandContext,
  Encoder,
  EncoderSettings,
  LifecycleEvent,
  PermissionChoice,
  SubagentWork,
} from './events.js'
import { ClientCards } from './client-cards.js'
import { SNAPSHOT_LENGTH, TerminalStream, TextStream } from './output-stream.js'
import { tooLongToShow } from './too-long-to-show.js'
import { shownTitle, TITLE_LENGTH } from '../safety/title-text.js'

import { DEFAULT_MAX_OUTPUT_LENGTH, DEFAULT_OUTPUT_INTERVAL, DEFAULT_PARTIAL_INTERVAL } from './limits.js'

// A result is read, never sent as it is: what its presenter makes of it is
// bounded (maxOutputLength) and checked on its way out. So no string in it
// is cut here: a cut here would make a command's output differ from what
// was streamed, and its marker count the cut, not the output.
const RESULT_LIMITS: JsonLimits = { ...UPDATE_LIMITS, maxStringLength: Number.POSITIVE_INFINITY, maxTotalLength: Number.POSITIVE_INFINITY }

/**
 * A tool definition of any argument and meta type. (`any`, not `unknown`:
 * a definition typed for its own `Meta` must fit in the same list.)
 */
export type AnyToolDefinition = ToolDefinition<any, any>

/** What went wrong inside a presenter, reported to `onError`. */
export interface PresentationError {
  /**
   * The id of the call, as passed to the method (anything but a string is
   * named by its type, as `(number)`; a string past the 1,024 code units a
   * tool call id may have, by its length).
   */
  readonly toolCallId: string
  /** `''` for a method whose call is not waiting. */
  readonly toolName: string
  /** Which side failed: the call's (`call`, `permission`) or the result's (`output`, `result`, `cancel`). */
  readonly phase: 'call' | 'result'
  /**
   * What the presenter threw; the `InvalidViewError` (naming the field) for
   * a view that does not fit the union or a result content block that does
   * not; or an `Error` saying that the tool is unknown, has no call
   * presenter, that its presenter returned no view (the arguments did not
   * match its guard), that a value was not plain JSON and what was put in
   * its place, or that a method came for a call that is not waiting.
   */
  readonly error: unknown
}

/** What a session presenter takes, once per session; each protocol's options add to it. */
export interface SessionOptions {
  /** The tools with presenters; two with the same name are a `TypeError`. */
  readonly tools: readonly AnyToolDefinition[]
  /** The session's working directory: an absolute POSIX or Windows path, else a `TypeError`. */
  readonly cwd: string
  /**
   * The user's home directory, absolute (else a `TypeError`): a `~/…` path
   * the model wrote is expanded against it in titles, locations and diffs.
   * Without it such a path is shown as written and never placed in a
   * location (it is never joined to the cwd).
   */
  readonly home?: string | undefined
  /**
   * How the client shows titles and plan entries: `'markdown'` (the
   * default: Zed renders them as Markdown, so file names and other text the
   * model wrote are escaped to show literally) or `'plain'`, for clients
   * that show them as text (acpx, logs), which get them without the
   * escapes. A command's title is never escaped either way.
   */
  readonly titles?: 'markdown' | 'plain' | undefined
  /**
   * The most text one call sends, in UTF-16 code units: its text content,
   * and a command's output. Past it the text keeps its head and tail around
   * a marker saying how much was left out. Default 4 Mi
   * ({@link DEFAULT_MAX_OUTPUT_LENGTH}).
   */
  readonly maxOutputLength?: number | undefined
  /**
   * For clients without display terminals: the least time, in the units of
   * `now` (milliseconds), between two snapshots of a running command's
   * output. Default 1000.
   */
  readonly outputInterval?: number | undefined
  /**
   * While a call's arguments stream in (`partial: true`): the least time, in
   * the units of `now`, between two partial sightings that are presented.
   * Those in between are skipped (the next one carries their arguments, and
   * the complete call always shows the final card). Default 100.
   */
  readonly partialInterval?: number | undefined
  /**
   * The clock for `outputInterval` and `partialInterval`; default `Date.now`. Inject one to make
   * tests deterministic, or to replay a log with the times it recorded.
   */
  readonly now?: (() => number) | undefined
  /**
   * Told about every call that falls back to a generic card: an unknown
   * tool, a presenter that returns `undefined`, throws or returns an invalid
   * view; about a result presenter that throws or returns an invalid view,
   * result content outside the vocabulary, a method for an id that is not
   * waiting; and about every value that had to be copied to serialise
   * (arguments, a result, a view, an update). The card still renders. If
   * `onError` itself throws, that is swallowed: rendering goes on.
   */
  readonly onError?: ((report: PresentationError) => void) | undefined
}

/** What `call` takes besides the call itself. */
export interface CallOptions {
  /**
   * The arguments are still streaming in: a presenter that does not
   * recognise them yet is expected and not reported, and the tool's
   * `presentPartialCall` may choose the card. The first sighting fixes
   * whether the call has a display terminal (v1 clients create one only when
   * the call is announced).
   */
  readonly partial?: boolean | undefined
  /**
   * The call that spawned this one, for a sub-agent's calls (say, the id of
   * the `Task` or `Agent` call whose agent made it): every update of the
   * call names it, as claude-agent-acp does (`_meta.claudeCode.parentToolUseId`),
   * so a client can show the calls under their task. Read on the first
   * sighting; a value that is not a well-formed, non-empty string is
   * reported and left out.
   */
  readonly parentToolCallId?: string | undefined
}

/** What `progress` takes: a heartbeat for a call that runs long. */
export interface ProgressOptions {
  /** How long the call has run, in milliseconds (a finite number of at least 0). */
  readonly elapsedMs?: number | undefined
  /** What it is doing now, in a few words (plain text; bounded and made safe). */
  readonly message?: string | undefined
}

/**
 * What `subagent` takes: the child session a call's sub-agent runs in. A
 * later `subagent` for the same call may change the description, the cwd
 * and whether it is cancellable; what it leaves out stays.
 */
export interface SubagentOptions {
  /** The child session's id, chosen by the harness: the session the sub-agent's own calls are sent on. */
  readonly sessionId: string
  /** Its role or purpose in a few words, such as the agent's type (plain text; bounded and made safe). */
  readonly description?: string | undefined
  /** Its working directory, when it is not the parent's: an absolute path (anything else is reported and left out). */
  readonly cwd?: string | undefined
  /** Whether the client may stop the child's current work with `session/cancel` on the child session. Default false. */
  readonly cancellable?: boolean | undefined
}

/** What `output` takes besides the piece itself. */
export interface OutputOptions {
  /**
   * Which of the command's streams the piece came from, when the harness
   * feeds them separately: bytes are decoded as UTF-8 per stream, so a
   * character cut between two pieces of one stream is never mixed with the
   * other's. Default `'stdout'`. Pieces that are strings need no decoding.
   */
  readonly source?: 'stdout' | 'stderr' | undefined
}

/** What `cancel` takes. */
export interface CancelOptions {
  /** The signal that stopped the command, such as `SIGTERM`; shown on its terminal or in its text. */
  readonly signal?: string | undefined
}

/** What `decline` takes. */
export interface DeclineOptions {
  /** Why the call will not run, in a sentence the user reads (Markdown-escaped). */
  readonly reason?: string | undefined
}

/** The methods every protocol's session presenter has, over that protocol's updates and prompt. */
export interface Session<Update, Prompt> {
  call(toolCallId: string, toolName: string, args: unknown, options?: CallOptions): Update[]
  start(toolCallId: string): Update[]
  output(toolCallId: string, chunk: string | Uint8Array, options?: OutputOptions): Update[]
  result(toolCallId: string, result: ToolResult, tool?: AnyToolDefinition): Update[]
  cancel(toolCallId: string, options?: CancelOptions): Update[]
  decline(toolCallId: string, options?: DeclineOptions): Update[]
  progress(toolCallId: string, options?: ProgressOptions): Update[]
  pause(toolCallId: string): Update[]
  subagent(toolCallId: string, options: SubagentOptions): Update[]
  permission(toolCallId: string, options?: unknown): Prompt
  forget(toolCallId: string): boolean
}

// The part of the WHATWG TextDecoder the session uses (the global exists in
// Node.js and browsers; its type needs DOM or Node's libs, which the
// declarations do not assume).
interface Utf8Decoder {
  decode(input?: Uint8Array, options?: { stream?: boolean }): string
}
declare const TextDecoder: new (label: 'utf-8') => Utf8Decoder

// What the session remembers of a call until it finishes.
interface LiveCall extends CallState {
  // The definition that renders it, looked up once (a family builds one per lookup).
  readonly tool: AnyToolDefinition | undefined
  input: unknown
  phase: CallPhase
  card: ToolCallView['card']
  kind: string
  terminal: boolean
  view: ToolCallView
  command: CommandContext | undefined
  child: ChildSession | undefined
  // Where a sub-agent it spawned is, as its child session reports it.
  work: SubagentWork
  stream: TerminalStream | TextStream | undefined
  lastSnapshot: number
  // The code units the snapshots of its output have cost so far (for a client without terminals).
  snapshotsSent: number
  // A UTF-8 decoder per output stream, for pieces that come as bytes.
  decoders: Map<string, Utf8Decoder> | undefined
  // When the last partial sighting was presented.
  lastPartial: number
  // How many entries the plan it showed last had: a plan still streaming never shrinks.
  planEntries: number
}

// A call view, with whether one of the library's own presenters made it:
// the proof that it fits the vocabulary travels with the view.
interface PresentedCall {
  readonly view: ToolCallView
  readonly trusted: boolean
}

/**
 * A session: the lifecycle of every call, encoded for one protocol by the
 * encoder `encoderFor` makes from the checked settings.
 *
 * @throws TypeError at creation, naming the option: a `cwd` that is not
 * absolute, two tools with the same name, a bound that is not a positive
 * integer. Nothing after creation throws.
 */
export function createSession<Update, Prompt>(
  options: SessionOptions,
  encoderFor: (settings: EncoderSettings) => Encoder<Update, Prompt>,
): Session<Update, Prompt> {
  const { onError } = options
  const cwd = sessionCwd(options.cwd)
  // What every presenter of the session is given: one object, frozen, so no presenter can change it for the others.
  const home = options.home === undefined ? undefined : sessionHome(options.home)
  const context = Object.freeze(home === undefined ? { cwd } : { cwd, home })
  const tools = toolsByName(options.tools)
  const maxOutputLength = positiveInteger(options.maxOutputLength, 'maxOutputLength', DEFAULT_MAX_OUTPUT_LENGTH)
  const outputInterval = nonNegative(options.outputInterval, 'outputInterval', DEFAULT_OUTPUT_INTERVAL)
  const partialInterval = nonNegative(options.partialInterval, 'partialInterval', DEFAULT_PARTIAL_INTERVAL)
  const now = typeof options.now === 'function' ? options.now : Date.now
  const titles = readTitles(options.titles)
  const encoder = encoderFor({ cwd, maxOutputLength, titles })
  // Every id the session has seen: its live call, or null once the call is over (finished,
  // cancelled, declined or forgotten), as an id is never reused. One table: one lookup a call.
  const calls = new Map<string, LiveCall | null>()
  // The plans the session keeps across calls (a task list), by the object that names them.
  const plans = new Map<object, unknown>()
  // The calls that spawned a child session, kept after they are over, by id.
  const spawners = new Map<string, LiveCall>()
  // What the client has of each card: updates carry only what changed.
  const cards = new ClientCards()

  // How many reports the session has made: one made while a call is
  // presented means harness code (onError) ran in between.
  let reports = 0

  function report(toolCallId: string, toolName: string, phase: 'call' | 'result', error: unknown): void {
    reports++
    try {
      onError?.({ toolCallId, toolName, phase, error })
    } catch {
      // A failing error handler must not take the session down with it.
    }
  }

  // The event's updates, each checked by the encoder on its way out (what a
  // check changes is reported), less what the client has already.
  function encode(event: LifecycleEvent, phase: 'call' | 'result', partial = false): Update[] {
    const { toolCallId, toolName } = event.call
    const updates = encoder.encode(event, (problems) =>
      report(toolCallId, toolName, phase, new TypeError(`the update did not serialise: ${problems.join('; ')}`)),
    )
    return encoder.stamp(cards.changes(updates as object[], partial) as Update[], event.call)
  }

  // A value as its JSON round trip would give it; a copy is reported. With
  // `shapeOnly`, strings are not scanned for lone surrogates (see
  // isJsonShape): for a result only the library's own presenters read, as
  // every string they put in an update is scanned on its way out.
  function plain(
    value: unknown,
    what: string,
    toolCallId: string,
    toolName: string,
    phase: 'call' | 'result',
    shapeOnly = false,
    limits = UPDATE_LIMITS,
  ): unknown {
    if (shapeOnly ? isJsonShape(value, limits) : isJsonSafe(value, limits)) return value
    const copy = jsonSafeCopy(value, what, limits)
    if (copy.problems.length > 0)
      report(toolCallId, toolName, phase, new TypeError(`${what} is not plain JSON: ${copy.problems.join('; ')}`))
    return copy.value
  }

  // The call's arguments as the presenters see them (see `plain`), with what
  // they count as an update's rawInput when they are sent as they came and
  // fit one level down (jsonInputCost; else -1).
  function plainArgs(args: unknown, toolCallId: string, toolName: string): { input: unknown; cost: number } {
    const cost = jsonInputCost(args)
    if (cost !== -1) return { input: args, cost }
    const copy = jsonSafeCopy(args, 'rawInput')
    if (copy.problems.length > 0)
      report(toolCallId, toolName, 'call', new TypeError(`rawInput is not plain JSON: ${copy.problems.join('; ')}`))
    return { input: copy.value, cost: -1 }
  }

  // The call waiting under `toolCallId`, or a report that there is none.
  function waiting(toolCallId: string, method: string): LiveCall | undefined {
    const call = isToolCallId(toolCallId) ? calls.get(toolCallId) : undefined
    if (!call)
      report(
        idText(toolCallId),
        '',
        'result',
        new Error(
          isId(toolCallId) && !isToolCallId(toolCallId)
            ? `${method}: ${idProblem(toolCallId)}`
            : `${method}: no call with the id "${idText(toolCallId)}" is waiting`,
        ),
      )
    return call ?? undefined
  }

  function call(toolCallId: string, toolName: string, args: unknown, callOptions?: CallOptions): Update[] {
    if (!isToolCallId(toolCallId) || typeof toolName !== 'string') {
      report(
        idText(toolCallId),
        idText(toolName),
        'call',
        new TypeError(
          isId(toolCallId) && typeof toolName === 'string'
            ? `call: ${idProblem(toolCallId)}`
            : 'call: the tool call id and the tool name must be non-empty strings',
        ),
      )
      return []
    }
    try {
      const partial = readPartial(callOptions)
      const known = calls.get(toolCallId)
      if (known === null) throw new Error(`call: the call "${toolCallId}" is over; a tool call id is never reused`)
      if (known && known.toolName !== toolName)
        throw new Error(`call: the call "${toolCallId}" is a "${known.toolName}" call; it cannot become a "${toolName}" call`)
      let at = 0
      if (partial && known) {
        // Partial sightings coalesce: the next one carries these arguments too.
        at = now()
        if (at - known.lastPartial < partialInterval) return []
      }
      const reported = reports
      const { input, cost } = plainArgs(args, toolCallId, toolName)
      const tool = known ? known.tool : findTool(tools, toolName)
      const presented = presentCall(toolCallId, toolName, tool, input, partial)
      const view = presented?.view
      // The arguments were checked, and only the library's own code has seen them since.
      const checked = presented?.trusted === true && cost >= 0 && reports === reported ? cost : -1
      if (known) {
        // Partial arguments the presenter cannot show yet leave the card as it is.
        if (!view && partial) return []
        if (partial) {
          if (view?.card === 'plan' && view.entries.length < known.planEntries) return []
          known.lastPartial = at
        }
        known.input = input
        return shown(
          known,
          partial ? completeLocations(view ?? fallbackView(toolName), input) : (view ?? fallbackView(toolName)),
          checked,
          reported,
          partial,
        )
      }
      // Partial arguments a presenter cannot show yet: wait for a sighting it
      // can, so the first announcement already has the card the call will keep.
      if (!view && partial && tool?.presentCall) return []
      const first = view ?? fallbackView(toolName)
      // The first sighting fixes whether there is a display terminal.
      const entry: LiveCall = {
        toolCallId,
        toolName,
        tool,
        parentToolCallId: parentOf(callOptions, toolCallId, toolName),
        child: undefined,
        work: 'running',
        input,
        phase: 'plan-only',
        card: first.card,
        kind: 'other',
        terminal: encoder.displayTerminals && wantsDisplayTerminal(first),
        view: first,
        command: undefined,
        stream: undefined,
        lastSnapshot: Number.NEGATIVE_INFINITY,
        snapshotsSent: 0,
        decoders: undefined,
        lastPartial: partial ? now() : Number.NEGATIVE_INFINITY,
        planEntries: 0,
      }
      const updates = shown(entry, partial ? completeLocations(first, input) : first, checked, reported, partial)
      calls.set(toolCallId, entry)
      return updates
    } catch (error) {
      report(toolCallId, toolName, 'call', error)
      return []
    }
  }

  // A sighting of the call: its plan, or its card (the generic fallback when
  // the encoder cannot build the view's).
  function shown(call: LiveCall, view: ToolCallView, checked: number, reported: number, partial: boolean): Update[] {
    if (view.card === 'plan') {
      remember(call, view)
      call.planEntries = view.entries.length
      return encode({ type: 'plan', call, view }, 'call', partial)
    }
    const first = call.phase === 'plan-only'
    const keepsTerminal = call.terminal && view.card === 'terminal' && call.card === 'terminal'
    if (wantsDisplayTerminal(view) && encoder.lateTerminals) call.terminal = true
    const previous = snapshotOf(call)
    remember(call, view)
    if (first) call.phase = 'shown'
    try {
      return encode({ type: 'shown', call, view, first, keepsTerminal, inputCost: reports === reported ? checked : -1 }, 'call', partial)
    } catch (error) {
      report(call.toolCallId, call.toolName, 'call', error)
      Object.assign(call, previous)
      const fallback = fallbackView(call.toolName)
      remember(call, fallback)
      if (first) call.phase = 'shown'
      return encode({ type: 'shown', call, view: fallback, first, keepsTerminal: false, inputCost: -1 }, 'call', partial)
    }
  }

  function presentCall(
    toolCallId: string,
    toolName: string,
    tool: AnyToolDefinition | undefined,
    args: unknown,
    partial: boolean,
  ): PresentedCall | undefined {
    try {
      if (!tool) throw new Error(`no tool named "${toolName}" has a presenter`)
      // Each presenter function is read once: the one that made the view is the one trusted or not.
      const presentFull = tool.presentCall
      if (!presentFull) throw new Error(`the tool "${toolName}" has no presentCall`)
      let present: unknown = presentFull
      let view = typeof presentFull === 'function' ? presentFull.call(tool, args, context) : tool.presentCall(args, context)
      if (view === undefined && partial) {
        const presentPartial = tool.presentPartialCall
        present = presentPartial
        view = typeof presentPartial === 'function' ? presentPartial.call(tool, args, context) : tool.presentPartialCall?.(args, context)
      }
      if (view === undefined) {
        if (partial) return undefined
        throw new Error(`the "${toolName}" presenter returned no view: the arguments did not match`)
      }
      // The library's own presenters give valid views (their property tests prove it); any other is checked.
      const trusted = isTrustedPresenter(present)
      return { view: trusted ? view : parseToolCallView(view), trusted }
    } catch (error) {
      report(toolCallId, toolName, 'call', error)
      return undefined
    }
  }

  function start(toolCallId: string): Update[] {
    const call = waiting(toolCallId, 'start')
    // A plan has no card on the client to start.
    if (!call || call.phase === 'plan-only') return []
    call.phase = 'running'
    call.work = 'running'
    return encode({ type: 'started', call }, 'call')
  }

  function output(toolCallId: string, chunk: string | Uint8Array, outputOptions?: OutputOptions): Update[] {
    const call = waiting(toolCallId, 'output')
    if (!call) return []
    try {
      if (call.card !== 'terminal') throw new Error(`output: the call "${toolCallId}" is not shown as a terminal`)
      const text = typeof chunk === 'string' ? chunk : decoded(call, chunk, outputOptions)
      return text === '' ? [] : streamed(call, text)
    } catch (error) {
      report(toolCallId, call.toolName, 'result', error)
      return []
    }
  }

  // Bytes as text: UTF-8, decoded as a stream per source, so a character cut between pieces is whole.
  function decoded(call: LiveCall, chunk: unknown, outputOptions: OutputOptions | undefined): string {
    if (!(chunk instanceof Uint8Array))
      throw new TypeError(`output: a piece of output must be a string or a Uint8Array, got ${chunk === null ? 'null' : typeof chunk}`)
    const source = readField(outputOptions, 'source') === 'stderr' ? 'stderr' : 'stdout'
    call.decoders ??= new Map()
    let decoder = call.decoders.get(source)
    if (!decoder) {
      decoder = new TextDecoder('utf-8')
      call.decoders.set(source, decoder)
    }
    return decoder.decode(chunk, { stream: true })
  }

  // What the decoders still hold (a character cut off at the end shows as U+FFFD), once the command is over.
  function undecoded(call: LiveCall): string {
    let rest = ''
    if (call.decoders) for (const decoder of call.decoders.values()) rest += decoder.decode()
    call.decoders = undefined
    return rest
  }

  // A piece into the call's stream: appended to its display terminal, or
  // shown in a snapshot of its text now and then.
  function streamed(call: LiveCall, chunk: string): Update[] {
    if (call.terminal) {
      const data = terminalStream(call).push(chunk, now())
      return data === '' ? [] : encode({ type: 'output', call, data }, 'result')
    }
    const text = textStream(call)
    text.push(chunk)
    const at = now()
    if (at - call.lastSnapshot < outputInterval) return []
    call.lastSnapshot = at
    // Snapshots share one budget, the output bound, so a long run cannot send without end.
    const snapshot = text.snapshot()
    // The description as the card shows it (escaped and marked, at most SNAPSHOT_LENGTH code units), as of the output.
    const description = call.command?.description
    const cost = snapshot.length + (description ? boundedMarkdownInline(description, SNAPSHOT_LENGTH).length : 0)
    if (call.snapshotsSent + cost > maxOutputLength) return []
    call.snapshotsSent += cost
    return encode({ type: 'snapshot', call, text: snapshot }, 'result')
  }

  function terminalStream(call: LiveCall): TerminalStream {
    call.stream ??= new TerminalStream(maxOutputLength, outputInterval)
    return call.stream as TerminalStream
  }

  function textStream(call: LiveCall): TextStream {
    call.stream ??= new TextStream(maxOutputLength)
    return call.stream as TextStream
  }

  // What a stream that will get no more pieces still holds: the decoders'
  // last bytes, and what the bound or the sanitiser held back.
  function ending(call: LiveCall): string {
    const rest = undecoded(call)
    if (call.terminal) {
      const stream = terminalStream(call)
      return stream.push(rest) + stream.end()
    }
    if (!call.stream && rest === '') return ''
    const text = textStream(call)
    text.push(rest)
    return text.end()
  }

  function result(toolCallId: string, result: ToolResult, tool?: AnyToolDefinition): Update[] {
    const call = waiting(toolCallId, 'result')
    if (!call) return []
    over(toolCallId)
    const { toolName } = call
    try {
      // The tool the harness says returned this (for its meta's type) must be the call's.
      const named = readField(tool, 'name')
      if (tool !== undefined && named !== toolName)
        report(
          toolCallId,
          toolName,
          'result',
          new TypeError(`result: the call "${toolCallId}" is a "${toolName}" call, not a "${String(named)}" call`),
        )
      // The result presenter, read once: the one whose trust decides the checks is the one called.
      const present = call.tool?.presentResult
      const trusted = isTrustedPresenter(present)
      const announced = call.phase !== 'plan-only'
      const outcome = plain(result, 'result', toolCallId, toolName, 'result', announced && trusted, RESULT_LIMITS)
      const isError = isRecord(outcome) && outcome.isError === true
      call.work = isError ? 'failed' : 'done'
      checkMeta(call, outcome)
      if (!announced) {
        // A plan's result: nothing to show when it worked (the plan view has
        // it); a failure gets a failed card, since an update for an id the
        // client never saw would show "tool call not found".
        if (!isError) return []
        const title = markdownLine(call.view.card === 'plan' ? (call.view.title ?? 'Update the plan') : toolName)
        const view: GenericCallView = { card: 'generic', kind: 'think', title, content: rawContent(toolCallId, toolName, outcome) }
        return encode({ type: 'plan-failed', call, view }, 'result')
      }
      const view = presentResult(call, outcome as ToolResult, present, trusted)
      try {
        if (view && !(view.card === 'generic' && view.content === undefined)) {
          const terminal = view.card === 'terminal' && call.card === 'terminal'
          const stream = terminal ? call.stream : undefined
          const output = view.card === 'terminal' ? (view.output ?? '') : ''
          const rest = call.terminal && stream instanceof TerminalStream ? stream.finish(output) : undefined
          // A command shown as text: its stream has the output marked and bounded so far.
          const shownOutput = !call.terminal && stream instanceof TextStream ? stream.finish(output) : undefined
          return withPlan(
            call,
            outcome,
            encode({ type: 'finished', call, view, isError, rest, shownOutput, closesTerminal: false }, 'result'),
          )
        }
      } catch (error) {
        report(toolCallId, toolName, 'result', error)
      }
      // Nothing lost: the raw result content stands in for a missing view.
      const content = rawContent(toolCallId, toolName, outcome)
      const title = view?.card === 'generic' ? view.title : undefined
      const fallback: ToolResultView = title === undefined ? { card: 'generic', content } : { card: 'generic', title, content }
      const closesTerminal = call.terminal && call.card === 'terminal'
      return withPlan(
        call,
        outcome,
        encode({ type: 'finished', call, view: fallback, isError, rest: undefined, shownOutput: undefined, closesTerminal }, 'result'),
      )
    } catch (error) {
      report(toolCallId, toolName, 'result', error)
      return []
    } finally {
      // The result was compared with what the client has; now the call is over.
      cards.forget(toolCallId)
    }
  }

  function cancel(toolCallId: string, cancelOptions?: CancelOptions): Update[] {
    const call = waiting(toolCallId, 'cancel')
    if (!call) return []
    call.work = 'cancelled'
    over(toolCallId)
    try {
      if (call.phase === 'plan-only') return []
      const held = call.card === 'terminal' ? ending(call) : ''
      return encode({ type: 'cancelled', call, signal: readSignal(cancelOptions), held }, 'result')
    } catch (error) {
      report(toolCallId, call.toolName, 'result', error)
      return []
    } finally {
      cards.forget(toolCallId)
    }
  }

  function permission(toolCallId: string, request?: unknown): Prompt {
    const choices = readChoices(request)
    const entry = isToolCallId(toolCallId) ? calls.get(toolCallId) : undefined
    const known = entry ?? undefined
    const named = readString(request, 'toolName')
    const toolName = known?.toolName ?? named
    const onProblems = (problems: readonly string[]) =>
      report(toolCallId, toolName ?? '', 'call', new TypeError(`the update did not serialise: ${problems.join('; ')}`))
    // Nothing to show means nothing to approve: a prompt whose only choices reject, and a report.
    const refuse = (reason: string): Prompt => {
      report(idText(toolCallId), toolName ?? '', 'call', new Error(`permission: ${reason}`))
      const title = boundedMarkdownInline(`Cannot be approved: ${reason}`, TITLE_LENGTH)
      return encoder.refusedPrompt(isToolCallId(toolCallId) ? toolCallId : undefined, idText(toolCallId), title, rejectChoices(choices))
    }
    try {
      if (!isToolCallId(toolCallId)) return refuse(idProblem(toolCallId))
      if (entry === null) return refuse(`the call "${toolCallId}" is over`)
      if (known && named !== undefined && named !== known.toolName)
        return refuse(`the call "${toolCallId}" is a "${known.toolName}" call, not a "${named}" call`)
      if (!known && toolName === undefined) return refuse(`the call "${toolCallId}" was not announced, and no toolName was given`)
      const args = readField(request, 'args')
      const meta = readField(request, 'meta')
      let call: LiveCall
      let announced = false
      if (known) {
        call = known
        announced = known.phase !== 'plan-only'
        // New arguments re-present the call: the prompt shows the call that will run.
        if (args !== undefined) {
          known.input = plain(args, 'rawInput', toolCallId, known.toolName, 'call')
          remember(known, presentCall(toolCallId, known.toolName, known.tool, known.input, false)?.view ?? fallbackView(known.toolName))
        }
      } else {
        const name = toolName as string
        const input = plain(args, 'rawInput', toolCallId, name, 'call')
        // Nothing is remembered: the `call` that follows announces it as usual.
        const tool = findTool(tools, name)
        call = unannounced(toolCallId, name, tool, input, presentCall(toolCallId, name, tool, input, false)?.view ?? fallbackView(name))
      }
      const view = meta === undefined ? call.view : appliedView(call, meta)
      // What the user approves is what runs: a command or title the prompt would cut is not approvable.
      const unshown = tooLongToShow(view)
      if (unshown !== undefined) return refuse(unshown)
      // A plan had no card; the prompt gives it one, which its result must settle.
      if (known && !announced) known.phase = 'shown'
      const prompt = promptFor(call, view, announced, choices, onProblems)
      if (known) cards.applied(toolCallId, encoder.appliedByPrompt(prompt))
      return prompt
    } catch (error) {
      report(idText(toolCallId), toolName ?? '', 'call', error)
      return refuse('its card could not be built')
    }
  }

  // A call shown only in a prompt: what the encoders need of it, kept nowhere.
  function unannounced(
    toolCallId: string,
    toolName: string,
    tool: AnyToolDefinition | undefined,
    input: unknown,
    view: ToolCallView,
  ): LiveCall {
    const entry: LiveCall = {
      toolCallId,
      toolName,
      tool,
      parentToolCallId: undefined,
      child: undefined,
      work: 'running',
      input,
      phase: 'plan-only',
      card: view.card,
      kind: 'other',
      terminal: false,
      view,
      command: undefined,
      stream: undefined,
      lastSnapshot: 0,
      snapshotsSent: 0,
      decoders: undefined,
      lastPartial: 0,
      planEntries: 0,
    }
    remember(entry, view)
    return entry
  }

  // A file change as it will be applied: the result presenter's diff for
  // the meta the harness computed from the file as it is now (say,
  // `computeWriteMeta` / `computeEditMeta`), in place of the call's
  // argument-only diff. Other cards, and a presenter with no such diff,
  // keep the call's view.
  function appliedView(call: LiveCall, meta: unknown): ToolCallView {
    const view = call.view
    if (view.card !== 'diff') return view
    const present = call.tool?.presentResult
    const applied = presentResult(call, { content: [], meta } as ToolResult, present, isTrustedPresenter(present))
    if (applied?.card !== 'diff') return view
    const locations = applied.locations ?? view.locations
    const title = applied.title ?? view.title
    return locations === undefined
      ? { card: 'diff', title, diffs: applied.diffs }
      : { card: 'diff', title, diffs: applied.diffs, locations }
  }

  // The prompt for a view, or for the fallback card when the encoder cannot build the view's.
  function promptFor(
    call: LiveCall,
    view: ToolCallView,
    announced: boolean,
    choices: readonly PermissionChoice[],
    onProblems: (problems: readonly string[]) => void,
  ): Prompt {
    try {
      return encoder.prompt({ call, view, announced, choices, title: promptTitleOf(call) }, onProblems)
    } catch (error) {
      report(call.toolCallId, call.toolName, 'call', error)
      return encoder.prompt({ call, view: fallbackView(call.toolName), announced, choices, title: undefined }, onProblems)
    }
  }

  // The result's updates, then the session plan its tool keeps (a task
  // list), when the call changed it.
  function withPlan(call: LiveCall, outcome: unknown, updates: Update[]): Update[] {
    const plan = call.tool?.sessionPlan
    if (!isRecord(plan)) return updates
    try {
      const before = plans.has(plan) ? plans.get(plan) : plan.initial
      const after = plan.next(before, call.toolName, call.input, outcome as ToolResult)
      if (after === before) return updates
      plans.set(plan, after)
      const view = parseToolCallView(plan.view(after))
      if (view.card !== 'plan') throw new TypeError(`the session plan of "${call.toolName}" gave a ${view.card} card`)
      updates.push(...encode({ type: 'plan', call, view }, 'result'))
    } catch (error) {
      report(call.toolCallId, call.toolName, 'result', error)
    }
    return updates
  }

  // A meta field the tool's result presenter does not read is reported: a
  // misspelt one would go unnoticed, and the card would say something else.
  function checkMeta(call: LiveCall, outcome: unknown): void {
    const keys = call.tool?.metaKeys
    const meta = isRecord(outcome) ? outcome.meta : undefined
    if (!Array.isArray(keys) || !isRecord(meta)) return
    const unknown = Object.keys(meta).filter((key) => !keys.includes(key))
    if (unknown.length > 0)
      report(
        call.toolCallId,
        call.toolName,
        'result',
        new TypeError(
          `result: meta.${unknown.join(', meta.')} is not read by "${call.toolName}" (it reads ${keys.join(', ') || 'no meta'})`,
        ),
      )
  }

  function presentResult(
    call: LiveCall,
    result: ToolResult,
    present: AnyToolDefinition['presentResult'],
    trusted: boolean,
  ): ToolResultView | undefined {
    if (!present) return undefined
    try {
      const view = present(call.input, result, context)
      return view === undefined || trusted ? view : parseToolResultView(view)
    } catch (error) {
      report(call.toolCallId, call.toolName, 'result', error)
      return undefined
    }
  }

  // `result.content` as the vocabulary can carry it (one bad block would
  // fail the whole update): a block with fields no block has loses them, an
  // unknown block becomes a text block naming it; each change is reported.
  function rawContent(toolCallId: string, toolName: string, result: unknown): ContentBlock[] {
    const content = isRecord(result) && Array.isArray(result.content) ? (result.content as unknown[]) : []
    const blocks: ContentBlock[] = []
    for (let index = 0; index < content.length; index++) {
      const { block, problems } = normalizeContentBlock(content[index])
      for (const problem of problems) report(toolCallId, toolName, 'result', new TypeError(`content[${index}]: ${problem}`))
      blocks.push(block)
    }
    return blocks
  }

  function decline(toolCallId: string, declineOptions?: DeclineOptions): Update[] {
    const call = waiting(toolCallId, 'decline')
    if (!call) return []
    call.work = 'cancelled'
    over(toolCallId)
    try {
      if (call.phase === 'plan-only') return []
      const reason = readString(declineOptions, 'reason')
      return encode({ type: 'declined', call, reason: reason === '' ? undefined : reason }, 'result')
    } catch (error) {
      report(toolCallId, call.toolName, 'result', error)
      return []
    } finally {
      cards.forget(toolCallId)
    }
  }

  function progress(toolCallId: string, progressOptions?: ProgressOptions): Update[] {
    const call = waiting(toolCallId, 'progress')
    if (!call || call.phase === 'plan-only') return []
    try {
      const elapsed = readField(progressOptions, 'elapsedMs')
      const message = readString(progressOptions, 'message')
      const elapsedMs = typeof elapsed === 'number' && Number.isFinite(elapsed) && elapsed >= 0 ? elapsed : undefined
      // The first heartbeat also says the call runs.
      const starts = call.phase !== 'running'
      call.phase = 'running'
      call.work = 'running'
      return encode({ type: 'progress', call, starts, elapsedMs, message: message === '' ? undefined : message }, 'result')
    } catch (error) {
      report(toolCallId, call.toolName, 'result', error)
      return []
    }
  }

  function pause(toolCallId: string): Update[] {
    const call = waiting(toolCallId, 'pause')
    if (!call || call.phase === 'plan-only') return []
    // `start` (or output, or a heartbeat) resumes it.
    call.phase = 'shown'
    call.work = 'waiting'
    return encode({ type: 'paused', call }, 'result')
  }

  function subagent(toolCallId: string, subagentOptions: SubagentOptions): Update[] {
    // A call that spawned a child stays known after it is over: its child reports how its work ended.
    const call = (isToolCallId(toolCallId) && spawners.get(toolCallId)) || waiting(toolCallId, 'subagent')
    if (!call) return []
    try {
      if (call.phase === 'plan-only') throw new Error(`subagent: the call "${toolCallId}" has no card to spawn a session from`)
      const sessionId = readField(subagentOptions, 'sessionId')
      if (!isId(sessionId) || !sessionId.isWellFormed())
        throw new TypeError('subagent: options.sessionId must be a non-empty, well-formed string')
      const known = call.child
      if (known && known.sessionId !== sessionId)
        throw new Error(`subagent: the call "${toolCallId}" runs its sub-agent in the session "${known.sessionId}"`)
      const description = readString(subagentOptions, 'description')
      const cancellable = readField(subagentOptions, 'cancellable')
      call.child = {
        sessionId,
        description: description === undefined || description === '' ? known?.description : description,
        cwd: childCwd(call, readField(subagentOptions, 'cwd')) ?? known?.cwd,
        cancellable: typeof cancellable === 'boolean' ? cancellable : (known?.cancellable ?? false),
      }
      spawners.set(toolCallId, call)
      return encode({ type: 'subagent', call, child: call.child, work: call.work }, 'call')
    } catch (error) {
      report(toolCallId, call.toolName, 'call', error)
      return []
    }
  }

  // A child's cwd: absolute (the schema says so), normalised; anything else is reported and left out.
  function childCwd(call: LiveCall, path: unknown): string | undefined {
    if (path === undefined) return undefined
    if (typeof path === 'string' && isAbsolutePath(path)) return resolvePath(path, cwd)
    report(call.toolCallId, call.toolName, 'call', new TypeError('subagent: options.cwd must be an absolute path'))
    return undefined
  }

  // The spawning call's id, when it is a well-formed, non-empty string.
  function parentOf(callOptions: unknown, toolCallId: string, toolName: string): string | undefined {
    const parent = readField(callOptions, 'parentToolCallId')
    if (parent === undefined) return undefined
    if (isToolCallId(parent) && parent.isWellFormed()) return parent
    report(
      toolCallId,
      toolName,
      'call',
      new TypeError(
        `call: options.parentToolCallId must be a non-empty, well-formed string of at most ${MAX_TOOL_CALL_ID_LENGTH} code units`,
      ),
    )
    return undefined
  }

  function forget(toolCallId: string): boolean {
    const call = calls.get(toolCallId)
    // Its child's work ended with it; `subagent` can still say so.
    if (call) call.work = 'cancelled'
    const known = call != null
    if (known) over(toolCallId)
    cards.forget(toolCallId)
    return known
  }

  // The call is over: it is not waiting any more, and its id is not used again.
  function over(toolCallId: string): void {
    calls.set(toolCallId, null)
  }

  return { call, start, output, result, cancel, decline, progress, pause, subagent, permission, forget }
}

// An unknown tool's card: its name, made safe for a Markdown title.
const fallbackView = (toolName: string): GenericCallView => ({ card: 'generic', title: markdownLine(toolName), kind: 'other' })

// What a view decides for the rest of the call's life. A later view may
// change the card: a display terminal made generic is replaced by that
// view's content; a terminal that was not announced as one is shown as text.
function remember(call: LiveCall, view: ToolCallView): void {
  call.card = view.card
  call.kind = kindOf(view)
  call.command = view.card === 'terminal' ? { description: view.description, cwd: view.cwd } : undefined
  call.view = view
}

// A partial sighting's view without the locations whose path may still be
// streaming in: one that ends with the arguments' last string value (no
// later key has arrived to show it is complete). An editor that follows the
// agent would open every half-path.
function completeLocations(view: ToolCallView, args: unknown): ToolCallView {
  if ((view.card !== 'generic' && view.card !== 'diff') || view.locations === undefined) return view
  const last = lastString(args)
  if (last === undefined) return view
  const locations = view.locations.filter((location) => !location.path.endsWith(last))
  if (locations.length === view.locations.length) return view
  const { locations: _dropped, ...rest } = view
  return (locations.length > 0 ? { ...rest, locations } : rest) as ToolCallView
}

// The value of an object's last key, when it is a non-empty string: what a partial-JSON parser may still be growing.
function lastString(args: unknown): string | undefined {
  if (!isRecord(args)) return undefined
  let last: unknown
  for (const key in args) last = args[key]
  return typeof last === 'string' && last !== '' ? last : undefined
}

// What `remember` changes, to undo it when a view cannot be encoded.
const snapshotOf = (call: LiveCall) => ({ card: call.card, kind: call.kind, command: call.command, view: call.view })

// The titles option: absent means Markdown; anything but the two names is a TypeError.
function readTitles(titles: unknown): 'markdown' | 'plain' {
  if (titles === undefined || titles === 'markdown') return 'markdown'
  if (titles === 'plain') return 'plain'
  throw new TypeError(
    `createToolPresenter: options.titles must be 'markdown' or 'plain', got ${typeof titles === 'string' ? JSON.stringify(titles) : typeof titles}`,
  )
}

// A tool's own prompt title, made safe for Markdown and held to the title bound.
function promptTitleOf(call: LiveCall): string | undefined {
  const title = call.tool?.promptTitle
  return typeof title === 'string' && title !== '' ? shownTitle(markdownLine(title), 'other') : undefined
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

const isId = (value: unknown): value is string => typeof value === 'string' && value !== ''

// The longest tool call id a session takes, in UTF-16 code units. An id is
// in every update of its call, several times (a terminal's id is the
// call's): a 10 MiB id sent 90 MiB for one `ls`. Past it a method sends
// nothing and reports (a prompt is refused).
const MAX_TOOL_CALL_ID_LENGTH = 1024

// A tool call id the session takes: a non-empty string within the bound.
const isToolCallId = (value: unknown): value is string => isId(value) && value.length <= MAX_TOOL_CALL_ID_LENGTH

// Why `value` is not a tool call id the session takes.
const idProblem = (value: unknown): string =>
  isId(value)
    ? `the tool call id is ${value.length} code units long, past the ${MAX_TOOL_CALL_ID_LENGTH} a session takes`
    : 'the tool call id is not a non-empty string'

// An id or name from the harness as text for a report: a string as it is
// (one past the id bound by its length), anything else by its type (its own
// toString may throw).
const idText = (value: unknown): string =>
  typeof value === 'string'
    ? value.length <= MAX_TOOL_CALL_ID_LENGTH
      ? value
      : `(a string of ${value.length} code units)`
    : `(${value === null ? 'null' : typeof value})`

const optionKinds: ReadonlySet<string> = new Set(['allow_once', 'allow_always', 'reject_once', 'reject_always'])

/** The usual choices of a prompt: allow once, allow always, reject. A fresh array each time. */
export function defaultChoices(): PermissionChoice[] {
  return [
    { optionId: 'allow_once', name: 'Allow', kind: 'allow_once' },
    { optionId: 'allow_always', name: 'Always allow', kind: 'allow_always' },
    { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
  ]
}

// The choices of a prompt that must not be approved: the rejecting ones, or Reject alone.
function rejectChoices(choices: readonly PermissionChoice[]): PermissionChoice[] {
  const kept = choices.filter((choice) => choice.kind === 'reject_once' || choice.kind === 'reject_always')
  return kept.length > 0 ? kept : [{ optionId: 'reject_once', name: 'Reject', kind: 'reject_once' }]
}

// The harness's own choices when they are well formed, else the usual ones.
// A choice whose getter throws reads as malformed.
function readChoices(options: unknown): PermissionChoice[] {
  const choices = readField(options, 'options')
  if (!Array.isArray(choices) || choices.length === 0) return defaultChoices()
  const kept: PermissionChoice[] = []
  try {
    for (const choice of choices) {
      if (
        !isRecord(choice) ||
        typeof choice.optionId !== 'string' ||
        typeof choice.name !== 'string' ||
        !optionKinds.has(choice.kind as string)
      )
        return defaultChoices()
      kept.push({ optionId: choice.optionId, name: choice.name, kind: choice.kind as PermissionChoice['kind'] })
    }
  } catch {
    return defaultChoices()
  }
  return kept
}

export type { CardView }
