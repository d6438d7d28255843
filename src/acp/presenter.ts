// The per-session state a harness holds: which card each pending call was
// shown with, so its result can be rendered to match.
import type { ClientCapabilities, PermissionOption, ToolKind } from './sdk.js'
import type { ToolDefinition } from '../define-tool.js'
import { normalizeContentBlock } from '../content-blocks.js'
import { parseToolCallView, parseToolResultView } from '../guards.js'
import { isJsonSafe, isJsonShape, jsonInputCost, jsonSafeCopy } from '../safety/json-safe.js'
import { markdownLine } from '../safety/markdown-text.js'
import type { ContentBlock, GenericCallView, PlanCallView, ToolCallView, ToolResult, ToolResultView } from '../views.js'
import { markdownInline } from '../safety/markdown-text.js'
import { type AcpPlanUpdate, type AcpToolCall, type BridgeOptions, buildToolCall, DEFAULT_MAX_OUTPUT_LENGTH, planUpdate } from './call.js'
import { type TerminalOutputKey, terminalOutputKey } from './capabilities.js'
import { type CommandContext, commandTextEntries, consoleBlock } from './command-text.js'
import { type PermissionRequest, permissionOptions } from './permission.js'
import { TerminalStream, TextStream } from './output-stream.js'
import { type AcpToolCallUpdate, buildToolResult, type ResultBridgeOptions, terminalExitUpdate, terminalOutputUpdate } from './result.js'
import { isSafeToolUpdate, safeUpdate } from './safe-update.js'
import { isTrustedPresenter } from '../internal/trusted-presenters.js'
import { isRecord } from '../internal/record.js'
import { toolCallUpdateOf } from './updates.js'
import {
  nonNegative,
  positiveInteger,
  readField,
  readPartial,
  readSignal,
  readString,
  sessionCwd,
  toolsByName,
} from '../internal/session-options.js'

/** The default {@link ToolPresenterOptions.outputInterval}: one snapshot a second at most. */
export const DEFAULT_OUTPUT_INTERVAL = 1000

/**
 * A tool definition of any argument and meta type. (`any`, not `unknown`:
 * a definition typed for its own `Meta` must fit in the same list.)
 */
export type AnyToolDefinition = ToolDefinition<any, any>

/** What went wrong inside a presenter, reported to `onError`. */
export interface PresentationError {
  /** The id of the call, as passed to `call` or `result`. */
  readonly toolCallId: string
  /** `''` for a result whose call was never announced. */
  readonly toolName: string
  /** Which presenter failed: `presentCall` or `presentResult`. */
  readonly phase: 'call' | 'result'
  /**
   * What the presenter threw; the `InvalidViewError` (naming the field) for
   * a view that does not fit the union or a result content block that does
   * not; or an `Error` saying that the tool is unknown, has no call
   * presenter, that its presenter returned no view (the arguments did not
   * match its guard), that a value was not plain JSON and what was put in
   * its place, or that a result came for a call never announced.
   */
  readonly error: unknown
}

/** What {@link createToolPresenter} takes, once per ACP session. */
export interface ToolPresenterOptions {
  /** The tools with presenters; two with the same name are a `TypeError`. */
  readonly tools: readonly AnyToolDefinition[]
  /** As the client sent them in `initialize`; read once, here. */
  readonly clientCapabilities?: ClientCapabilities | null | undefined
  /** The session's working directory: an absolute POSIX or Windows path, else a `TypeError`. */
  readonly cwd: string
  /**
   * The most text one call sends, in UTF-16 code units: its text content,
   * and a command's output. Past it the text keeps its head and tail around
   * a marker saying how much was left out. Default 4 MiB
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
   * The clock for `outputInterval`; default `Date.now`. Inject one to make
   * tests deterministic, or to replay a log with the times it recorded.
   */
  readonly now?: (() => number) | undefined
  /**
   * Told about every call that falls back to a generic card: an unknown
   * tool, a presenter that returns `undefined`, throws or returns an invalid
   * view; about a result presenter that throws or returns an invalid view,
   * result content outside the vocabulary, and a result for a call never
   * announced; and about every value that had to be copied to serialise
   * (arguments, a result, a view). The card still renders. If `onError`
   * itself throws, that is swallowed: rendering goes on.
   */
  readonly onError?: ((report: PresentationError) => void) | undefined
}

/** What {@link ToolPresenter.call} takes besides the call itself. */
export interface CallOptions {
  /**
   * The arguments are still streaming in: a presenter that does not
   * recognise them yet is expected and not reported, and the tool's
   * `presentPartialCall` may choose the card. The first sighting fixes
   * whether the call has a display terminal (clients create one only when
   * the call is announced).
   */
  readonly partial?: boolean | undefined
}

/** What {@link ToolPresenter.permission} takes. */
export interface PermissionRequestOptions {
  /** For a call not announced yet: the tool's name, to present its card in the prompt. */
  readonly toolName?: string | undefined
  /** For a call not announced yet: its arguments. */
  readonly args?: unknown
  /** The choices to offer; default {@link permissionOptions} (allow once, allow always, reject). */
  readonly options?: readonly PermissionOption[] | undefined
}

/** What {@link ToolPresenter.cancel} takes. */
export interface CancelOptions {
  /** The signal that stopped the command, such as `SIGTERM`; shown on its terminal or in its text. */
  readonly signal?: string | undefined
}

/** What the session presenter sends: a `tool_call`, a `tool_call_update`, or (for a plan card) a `plan`. */
export type AcpToolUpdate = AcpToolCall | AcpToolCallUpdate | AcpPlanUpdate

/**
 * One ACP session's presenter. Every method is total: it never throws, and
 * returns the updates to send, in order (often one, sometimes none).
 *
 * A call's life: `call` (then more `call`s with `partial: true` while the
 * arguments stream in, and one without when they are complete), `start`
 * when it runs, `output` for each piece a command prints, then `result`, or
 * `cancel` when it will not finish. A method for an id that is not waiting
 * (never announced, or already finished) returns `[]` and is reported.
 */
export interface ToolPresenter {
  /** Whether this session's client shows display-only terminals. */
  readonly terminalOutput: boolean
  /** The `_meta` key this client takes terminal output under, when it shows terminals. */
  readonly terminalOutputKey: TerminalOutputKey | undefined
  /**
   * Announces a call: a `tool_call` the first time an id is seen, and one
   * `tool_call_update` with the re-presented title, kind, content, locations
   * and rawInput on every later call for the same id (never a second
   * `terminal_info`, never a status). With `partial: true` nothing is
   * reported for arguments the presenter does not recognise yet, and a
   * later partial call it still cannot present sends nothing.
   */
  call(toolCallId: string, toolName: string, args: unknown, options?: CallOptions): AcpToolUpdate[]
  /** The call has started running: a `tool_call_update` with status `in_progress`. */
  start(toolCallId: string): AcpToolCallUpdate[]
  /**
   * A piece of a running command's output, for a call shown as a terminal.
   *
   * - A client with display terminals gets one update appending the piece
   *   under `_meta.terminal_output` (or `_meta.terminal_output_delta`),
   *   sanitised (state is kept across pieces, so a sequence cut in two is
   *   handled as one) and within the output bound: past half of it, the
   *   rest is held back and the result sends its tail.
   * - A client without gets, at most once per `outputInterval`, a snapshot
   *   of the card: the description and a `console` block with the last
   *   lines so far. In between it gets nothing; the result shows it all.
   */
  output(toolCallId: string, chunk: string): AcpToolCallUpdate[]
  /**
   * The updates for a call's result; the call is then finished. After
   * streamed pieces, a display terminal gets only what was not streamed yet
   * when the streamed text is a prefix of the final output; when it is not
   * (a harness that post-processed the output), a line saying so and the
   * whole final output follow what was streamed. Either way every `data`
   * sent for the call concatenates to the sanitised output.
   */
  result(toolCallId: string, result: ToolResult): (AcpToolCall | AcpToolCallUpdate)[]
  /**
   * The final update of a call that will not finish, which is then
   * forgotten: status `failed` (ACP v1 has no cancelled status). A display
   * terminal gets what was held back and `terminal_exit` with
   * `exit_code: null` and the signal; a command shown as text gets its
   * output so far and a line saying it was cancelled.
   */
  cancel(toolCallId: string, options?: CancelOptions): AcpToolCallUpdate[]
  /**
   * The parameters of `session/request_permission` (add `sessionId`): the
   * prompt shows what the card shows — the command as the title, the diff of
   * a write or an edit, the title, kind and locations of anything else — and
   * the choices (default {@link permissionOptions}). Valid under the ACP schema.
   *
   * - For a call already announced (the usual order: `call`, then
   *   `permission`, then `start`), the prompt's `toolCall` updates its card
   *   in place: a display terminal gets no content, which would replace the
   *   terminal block; a plan gets a card of its own here.
   * - For a call not announced yet, pass `toolName` and `args`: the prompt
   *   carries the whole card (without a display terminal, which only a
   *   `tool_call` can create). Nothing is remembered: the `call` that
   *   follows announces it as usual.
   */
  permission(toolCallId: string, options?: PermissionRequestOptions): PermissionRequest
  /**
   * Drops the memory of a call without sending anything (Zed marks a
   * cancelled turn's cards itself). Returns whether it was known.
   */
  forget(toolCallId: string): boolean
}

// What the session remembers of a call until it finishes.
interface LiveCall {
  readonly toolName: string
  args: unknown
  // The card its result renders for: the announced one, or the one a later call turned it into.
  card: ToolCallView['card']
  kind: ToolKind
  // A display terminal was announced for it; fixed at the first sighting.
  readonly terminal: boolean
  // The client has a tool card for it (a plan alone is not one).
  announced: boolean
  // A plan's own title, for the card a failed plan gets.
  title: string | undefined
  // The view the card shows now.
  view: ToolCallView
  command: CommandContext | undefined
  stream: TerminalStream | TextStream | undefined
  lastSnapshot: number
}

/**
 * The presenter for one ACP session: looks each call's tool up by name, runs
 * its presenter, checks the view and turns it into `session/update`s with
 * the bridge. Create one per session and send every update it returns as
 * the `update` of a `session/update` notification.
 *
 * Nothing is lost and nothing throws. A call whose tool is unknown, whose
 * presenter returns `undefined`, throws or returns an invalid view shows a
 * generic card (title = the tool name, kind `other`, rawInput = the
 * arguments). A result with nothing to say carries the raw result content.
 * `isError` gives status `failed`.
 *
 * Hostile input is made safe on the way: the arguments and the result are
 * read as their JSON round trip would give them (a value that is not plain
 * JSON is copied with visible markers, and reported), output is bounded and
 * sanitised, and every update serialises.
 *
 * Replaying a session log through a fresh presenter gives the same updates,
 * byte for byte, as the live session did: record calls, starts, pieces,
 * results and cancels, and the times `now` returned (snapshots for clients
 * without terminals depend on them). A log of calls and results alone gives
 * the same final card as the streamed run.
 *
 * @throws TypeError at creation, naming the option: a `cwd` that is not
 * absolute, two tools with the same name, a bound that is not a positive
 * integer. These are programming errors; nothing after creation throws.
 *
 * @example
 * const presenter = createToolPresenter({ tools: presenters, clientCapabilities, cwd: params.cwd })
 * const send = (updates) => Promise.all(updates.map((update) => connection.notify('session/update', { sessionId, update })))
 * await send(presenter.call(id, 'bash', { command: 'npm test' }))
 * await send(presenter.start(id))
 * await send(presenter.output(id, 'PASS src/a.test.ts\n'))
 * await send(presenter.result(id, { content, meta: { exitCode: 0 } }))
 */
export function createToolPresenter(options: ToolPresenterOptions): ToolPresenter {
  const { onError } = options
  const cwd = sessionCwd(options.cwd)
  // What every presenter of the session is given: one object, frozen, so no presenter can change it for the others.
  const context = Object.freeze({ cwd })
  const tools = toolsByName(options.tools)
  const maxOutputLength = positiveInteger(options.maxOutputLength, 'maxOutputLength', DEFAULT_MAX_OUTPUT_LENGTH)
  const outputInterval = nonNegative(options.outputInterval, 'outputInterval', DEFAULT_OUTPUT_INTERVAL)
  const now = typeof options.now === 'function' ? options.now : Date.now
  const key = readCapability(options.clientCapabilities)
  const terminalOutput = key !== undefined
  const live = new Map<string, LiveCall>()

  // How many reports the session has made: one made while a call is
  // presented means harness code (onError) ran in between.
  let reports = 0
  // Whether the presenter that made the last call view is one of the library's own.
  let trustedView = false

  const report = (toolCallId: string, toolName: string, phase: 'call' | 'result', error: unknown) => {
    reports++
    try {
      onError?.({ toolCallId, toolName, phase, error })
    } catch {
      // A failing error handler must not take the session down with it.
    }
  }

  // A value as its JSON round trip would give it; a copy is reported.
  // With `shapeOnly`, strings are not scanned for lone surrogates (see
  // isJsonShape): for a result only the library's own presenters read, as
  // every string they put in an update is scanned on its way out.
  function plain(value: unknown, what: string, toolCallId: string, toolName: string, phase: 'call' | 'result', shapeOnly = false): unknown {
    if (shapeOnly ? isJsonShape(value) : isJsonSafe(value)) return value
    const copy = jsonSafeCopy(value, what)
    if (copy.problems.length > 0)
      report(toolCallId, toolName, phase, new TypeError(`${what} is not plain JSON: ${copy.problems.join('; ')}`))
    return copy.value
  }

  // The call's arguments as the presenters see them (see `plain`), with what
  // they count as an update's rawInput when they are sent as they came and
  // fit one level down (jsonInputCost; else negative).
  function plainArgs(args: unknown, toolCallId: string, toolName: string): { input: unknown; cost: number } {
    const cost = jsonInputCost(args)
    if (cost !== -1) return { input: args, cost }
    const copy = jsonSafeCopy(args, 'rawInput')
    if (copy.problems.length > 0)
      report(toolCallId, toolName, 'call', new TypeError(`rawInput is not plain JSON: ${copy.problems.join('; ')}`))
    return { input: copy.value, cost: -1 }
  }

  // An update the builders made (a tool_call, a tool_call_update, a plan),
  // checked before it leaves: itself when it serialises (see safeToolUpdate),
  // else its copy, reported. `input` is arguments checked on the way in that
  // nothing but the library's own code has seen since: as the update's
  // rawInput they count `inputCost` without a second walk.
  function deliver<Update extends object>(
    update: Update,
    toolCallId: string,
    toolName: string,
    phase: 'call' | 'result',
    input?: unknown,
    inputCost?: number,
  ): Update {
    return isSafeToolUpdate(update, input, inputCost) ? update : unserialisable(update, toolCallId, toolName, phase)
  }

  // Each of `updates`, delivered in place.
  function deliverEach<Update extends object>(updates: Update[], toolCallId: string, toolName: string, phase: 'call' | 'result'): Update[] {
    for (let index = 0; index < updates.length; index++) updates[index] = deliver(updates[index], toolCallId, toolName, phase)
    return updates
  }

  function unserialisable<Update>(update: Update, toolCallId: string, toolName: string, phase: 'call' | 'result'): Update {
    const copy = jsonSafeCopy(update, 'update')
    if (copy.problems.length > 0)
      report(toolCallId, toolName, phase, new TypeError(`the update did not serialise: ${copy.problems.join('; ')}`))
    return copy.value as Update
  }

  // Any other value sent (a permission request), checked the same way, by the general walk.
  function deliverAny<Update>(update: Update, toolCallId: string, toolName: string, phase: 'call' | 'result'): Update {
    return safeUpdate(update, (problems) =>
      report(toolCallId, toolName, phase, new TypeError(`the update did not serialise: ${problems.join('; ')}`)),
    )
  }

  // The call waiting under `toolCallId`, or a report that there is none.
  function waiting(toolCallId: string, method: string): LiveCall | undefined {
    const call = isId(toolCallId) ? live.get(toolCallId) : undefined
    if (!call) report(idText(toolCallId), '', 'result', new Error(`${method}: no call with the id "${idText(toolCallId)}" is waiting`))
    return call
  }

  const bridgeFor = (call: LiveCall, toolName: string, rawInput: unknown): BridgeOptions => ({
    terminalOutput: call.terminal,
    terminalOutputKey: key,
    cwd,
    rawInput,
    name: toolName,
    maxOutputLength,
  })

  const resultBridge = (call: LiveCall, isError: boolean): ResultBridgeOptions => ({
    terminalOutput: call.terminal,
    terminalOutputKey: key,
    cwd,
    callCard: call.card,
    kind: call.kind,
    isError,
    maxOutputLength,
    command: call.command,
  })

  function call(toolCallId: string, toolName: string, args: unknown, callOptions?: CallOptions): AcpToolUpdate[] {
    if (!isId(toolCallId) || typeof toolName !== 'string') {
      report(
        idText(toolCallId),
        idText(toolName),
        'call',
        new TypeError('call: the tool call id and the tool name must be non-empty strings'),
      )
      return []
    }
    try {
      const partial = readPartial(callOptions)
      const reported = reports
      const { input, cost } = plainArgs(args, toolCallId, toolName)
      const known = live.get(toolCallId)
      const view = presentCall(toolCallId, toolName, input, partial)
      // The arguments were checked, and only the library's own code has seen them since.
      const checked = trustedView && cost >= 0 && reports === reported ? input : undefined
      if (known) return recall(toolCallId, toolName, input, known, view, partial, checked, cost)
      // Partial arguments a presenter cannot show yet: wait for a sighting it
      // can, so the first announcement already has the card the call will keep.
      if (!view && partial && tools.get(toolName)?.presentCall) return []
      const shown = view ?? fallbackView(toolName)
      // The first sighting fixes whether there is a display terminal.
      const entry: LiveCall = {
        toolName,
        args: input,
        card: shown.card,
        kind: 'other',
        terminal: terminalOutput && shown.card === 'terminal',
        announced: shown.card !== 'plan',
        title: undefined,
        view: shown,
        command: undefined,
        stream: undefined,
        lastSnapshot: -Infinity,
      }
      const update = announcement(toolCallId, toolName, input, entry, shown)
      live.set(toolCallId, entry)
      return [deliver(update, toolCallId, toolName, 'call', reports === reported ? checked : undefined, cost)]
    } catch (error) {
      report(toolCallId, toolName, 'call', error)
      return []
    }
  }

  // The first update of a call: its plan, or its tool card (the generic
  // fallback when the card cannot be built).
  function announcement(
    toolCallId: string,
    toolName: string,
    input: unknown,
    entry: LiveCall,
    view: ToolCallView,
  ): AcpToolCall | AcpPlanUpdate {
    if (view.card === 'plan') {
      remember(entry, view, 'think')
      return planUpdate(view)
    }
    let update = tryBuild(toolCallId, toolName, view, bridgeFor(entry, toolName, input))
    let shown: ToolCallView = view
    if (!update) {
      shown = fallbackView(toolName)
      update = buildToolCall(toolCallId, shown, bridgeFor(entry, toolName, input))
    }
    remember(entry, shown, update.kind)
    return update
  }

  // A later sighting of a known call: its plan again, or the same arms sent
  // as an update that keeps the display terminal (if any) and the status.
  function recall(
    toolCallId: string,
    toolName: string,
    input: unknown,
    known: LiveCall,
    presented: ToolCallView | undefined,
    partial: boolean,
    checked: unknown,
    cost: number,
  ): AcpToolUpdate[] {
    const reported = reports
    if (!presented && partial) return []
    known.args = input
    const view = presented ?? fallbackView(toolName)
    if (view.card === 'plan') {
      remember(known, view, 'think')
      return [deliver(planUpdate(view), toolCallId, toolName, 'call')]
    }
    const bridge = bridgeFor(known, toolName, input)
    let shown: ToolCallView = view
    let built = tryBuild(toolCallId, toolName, view, bridge)
    if (!built) {
      shown = fallbackView(toolName)
      built = buildToolCall(toolCallId, shown, bridge)
    }
    const keepsTerminal = known.terminal && shown.card === 'terminal' && known.card === 'terminal'
    remember(known, shown, built.kind)
    const vouched = reports === reported ? checked : undefined
    // A plan shown so far has no card on the client yet: this is its first.
    if (!known.announced) {
      known.announced = true
      return [deliver(built, toolCallId, toolName, 'call', vouched, cost)]
    }
    return [deliver(asUpdate(built, keepsTerminal), toolCallId, toolName, 'call', vouched, cost)]
  }

  function tryBuild(
    toolCallId: string,
    toolName: string,
    view: Exclude<ToolCallView, PlanCallView>,
    bridge: BridgeOptions,
  ): AcpToolCall | undefined {
    try {
      return buildToolCall(toolCallId, view, bridge)
    } catch (error) {
      report(toolCallId, toolName, 'call', error)
      return undefined
    }
  }

  function presentCall(toolCallId: string, toolName: string, args: unknown, partial: boolean): ToolCallView | undefined {
    const tool = tools.get(toolName)
    trustedView = false
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
      trustedView = isTrustedPresenter(present)
      return trustedView ? view : parseToolCallView(view)
    } catch (error) {
      report(toolCallId, toolName, 'call', error)
      return undefined
    }
  }

  function start(toolCallId: string): AcpToolCallUpdate[] {
    const call = waiting(toolCallId, 'start')
    // A plan has no card on the client to start.
    return call?.announced ? [toolCallUpdateOf(toolCallId, { status: 'in_progress' })] : []
  }

  function output(toolCallId: string, chunk: string): AcpToolCallUpdate[] {
    const call = waiting(toolCallId, 'output')
    if (!call) return []
    const { toolName } = call
    try {
      if (call.card !== 'terminal') throw new Error(`output: the call "${toolCallId}" is not shown as a terminal`)
      if (typeof chunk !== 'string') throw new TypeError(`output: a piece of output must be a string, got ${typeof chunk}`)
      if (call.terminal) {
        call.stream ??= new TerminalStream(maxOutputLength)
        const data = (call.stream as TerminalStream).push(chunk)
        return data === '' ? [] : [deliver(terminalOutputUpdate(toolCallId, data, key), toolCallId, toolName, 'result')]
      }
      call.stream ??= new TextStream(maxOutputLength)
      const text = call.stream as TextStream
      text.push(chunk)
      const at = now()
      if (at - call.lastSnapshot < outputInterval) return []
      call.lastSnapshot = at
      const content = commandTextEntries(call.command, cwd, consoleBlock(text.snapshot()), '')
      return content.length === 0 ? [] : [deliver(toolCallUpdateOf(toolCallId, { content }), toolCallId, toolName, 'result')]
    } catch (error) {
      report(toolCallId, toolName, 'result', error)
      return []
    }
  }

  function result(toolCallId: string, result: ToolResult): (AcpToolCall | AcpToolCallUpdate)[] {
    const call = waiting(toolCallId, 'result')
    if (!call) return []
    live.delete(toolCallId)
    const { toolName } = call
    try {
      // The result presenter, read once: the one whose trust decides the checks is the one called.
      const present = tools.get(toolName)?.presentResult
      const trusted = isTrustedPresenter(present)
      const outcome = plain(result, 'result', toolCallId, toolName, 'result', call.announced && trusted)
      const bridge = resultBridge(call, isRecord(outcome) && outcome.isError === true)
      if (!call.announced) return planResult(toolCallId, call, outcome, bridge.isError === true)
      const view = presentResult(toolCallId, call, outcome as ToolResult, present, trusted)
      try {
        if (view?.card === 'terminal' && call.terminal && call.stream instanceof TerminalStream && call.card === 'terminal') {
          const data = call.stream.finish(view.output ?? '')
          const exit = terminalExitUpdate(toolCallId, view, bridge)
          const updates = data === '' ? [exit] : [terminalOutputUpdate(toolCallId, data, key), exit]
          return deliverEach(updates, toolCallId, toolName, 'result')
        }
        if (view && !(view.card === 'generic' && view.content === undefined)) {
          return deliverEach(buildToolResult(toolCallId, view, bridge), toolCallId, toolName, 'result')
        }
      } catch (error) {
        report(toolCallId, toolName, 'result', error)
      }
      // Nothing lost: the raw result content stands in for a missing view.
      const content = rawContent(toolCallId, toolName, outcome)
      const title = view?.card === 'generic' ? view.title : undefined
      const fallback: ToolResultView = title === undefined ? { card: 'generic', content } : { card: 'generic', title, content }
      const updates = buildToolResult(toolCallId, fallback, bridge)
      // A display terminal still needs its end, or it would stay open.
      if (call.terminal && call.card === 'terminal')
        updates.unshift(terminalExitUpdate(toolCallId, {}, { ...bridge, status: updates[0].status ?? 'completed' }))
      return deliverEach(updates, toolCallId, toolName, 'result')
    } catch (error) {
      report(toolCallId, toolName, 'result', error)
      return []
    }
  }

  function cancel(toolCallId: string, cancelOptions?: CancelOptions): AcpToolCallUpdate[] {
    const call = waiting(toolCallId, 'cancel')
    if (!call) return []
    live.delete(toolCallId)
    const { toolName } = call
    try {
      if (!call.announced) return []
      const signal = readSignal(cancelOptions)
      const bridge = { ...resultBridge(call, true), status: 'failed' as const }
      if (call.card !== 'terminal') return [deliver(toolCallUpdateOf(toolCallId, { status: 'failed' }), toolCallId, toolName, 'result')]
      if (call.terminal) {
        const held = call.stream instanceof TerminalStream ? call.stream.end() : ''
        const exit = terminalExitUpdate(toolCallId, { signal }, bridge)
        const updates = held === '' ? [exit] : [terminalOutputUpdate(toolCallId, held, key), exit]
        return deliverEach(updates, toolCallId, toolName, 'result')
      }
      const sofar = call.stream instanceof TextStream ? call.stream.end() : ''
      const ending = signal ? `Cancelled (${markdownInline(signal)})` : 'Cancelled'
      const content = commandTextEntries(call.command, cwd, consoleBlock(sofar), ending)
      return [deliver(toolCallUpdateOf(toolCallId, { status: 'failed', content }), toolCallId, toolName, 'result')]
    } catch (error) {
      report(toolCallId, toolName, 'result', error)
      return []
    }
  }

  function permission(toolCallId: string, request?: PermissionRequestOptions): PermissionRequest {
    const choices = readChoices(request)
    const known = isId(toolCallId) ? live.get(toolCallId) : undefined
    const toolName = known?.toolName ?? readString(request, 'toolName')
    try {
      if (!isId(toolCallId)) throw new TypeError('permission: the tool call id must be a non-empty string')
      let toolCall: AcpToolCallUpdate
      if (known) {
        toolCall = promptOf(toolCallId, known, known.view, known.announced)
        // A plan had no card; the prompt gives it one, which its result must settle.
        known.announced = true
      } else {
        if (toolName === undefined) throw new Error(`permission: the call "${toolCallId}" was not announced, and no toolName was given`)
        const input = plain(readField(request, 'args'), 'rawInput', toolCallId, toolName, 'call')
        const view = presentCall(toolCallId, toolName, input, false) ?? fallbackView(toolName)
        const entry = { toolName, args: input, terminal: false } as LiveCall
        toolCall = promptOf(toolCallId, entry, view, false)
      }
      const { sessionUpdate: _update, ...fields } = toolCall
      return deliverAny({ toolCall: fields, options: choices }, toolCallId, toolName ?? '', 'call')
    } catch (error) {
      report(idText(toolCallId), toolName ?? '', 'call', error)
      return { toolCall: { toolCallId: idText(toolCallId), title: markdownLine(toolName ?? 'Tool call'), kind: 'other' }, options: choices }
    }
  }

  // The prompt's tool call: the card's fields as an update. On a card the
  // client has, content is sent only where it is the point of the prompt (a
  // diff, a command's description) and never over a display terminal.
  function promptOf(toolCallId: string, call: LiveCall, view: ToolCallView, announced: boolean): AcpToolCallUpdate {
    const shown: Exclude<ToolCallView, PlanCallView> =
      view.card === 'plan'
        ? { card: 'generic', kind: 'think', title: markdownLine(call.title ?? 'Update the plan'), content: planChecklist(view) }
        : view
    const built = buildToolCall(toolCallId, shown, bridgeFor(call, call.toolName, call.args))
    const keepsContent = !(call.terminal && shown.card === 'terminal') && !(announced && shown.card === 'generic')
    return toolCallUpdateOf(toolCallId, {
      status: announced ? undefined : 'pending',
      title: built.title,
      kind: built.kind,
      name: built.name,
      content: keepsContent ? built.content : undefined,
      locations: built.locations,
      rawInput: built.rawInput,
    })
  }

  // A plan's result: nothing to show when it worked (the plan view has it);
  // a failure is announced as a failed card, since an update for an id the
  // client never saw would show "tool call not found".
  function planResult(toolCallId: string, call: LiveCall, outcome: unknown, isError: boolean): AcpToolCall[] {
    if (!isError) return []
    const content = rawContent(toolCallId, call.toolName, outcome)
    const view: GenericCallView = { card: 'generic', kind: 'think', title: markdownLine(call.title ?? call.toolName), content }
    const update = buildToolCall(toolCallId, view, { ...bridgeFor(call, call.toolName, call.args), status: 'failed' })
    return [deliver(update, toolCallId, call.toolName, 'result')]
  }

  function presentResult(
    toolCallId: string,
    call: LiveCall,
    result: ToolResult,
    present: AnyToolDefinition['presentResult'],
    trusted: boolean,
  ): ToolResultView | undefined {
    if (!present) return undefined
    try {
      const view = present(call.args, result, context)
      return view === undefined || trusted ? view : parseToolResultView(view)
    } catch (error) {
      report(toolCallId, call.toolName, 'result', error)
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

  return {
    terminalOutput,
    terminalOutputKey: key,
    call,
    start,
    output,
    result,
    cancel,
    permission,
    forget: (toolCallId) => live.delete(toolCallId),
  }
}

// An unknown tool's card: its name, made safe for a Markdown title.
const fallbackView = (toolName: string): GenericCallView => ({ card: 'generic', title: markdownLine(toolName), kind: 'other' })

// What a call's view decides for the rest of its life.
function remember(call: LiveCall, view: ToolCallView, kind: ToolKind | undefined): void {
  // A later view may change the card: a display terminal made generic is
  // replaced by that view's content; a terminal that was not announced as
  // one is shown as text.
  call.card = view.card
  call.kind = kind ?? 'other'
  call.command = view.card === 'terminal' ? { description: view.description, cwd: view.cwd } : undefined
  call.title = view.card === 'plan' ? (view.title ?? 'Update the plan') : view.title
  call.view = view
}

// A `tool_call` for a call the client knows already, as an update: no
// status (it may be running), no `terminal_info`, and no content when the
// display terminal stays.
function asUpdate(toolCall: AcpToolCall, keepsTerminal: boolean): AcpToolCallUpdate {
  return toolCallUpdateOf(toolCall.toolCallId, {
    title: toolCall.title,
    kind: toolCall.kind,
    name: toolCall.name,
    content: keepsTerminal ? undefined : (toolCall.content ?? []),
    locations: toolCall.locations,
    rawInput: toolCall.rawInput,
  })
}

const isId = (value: unknown): value is string => typeof value === 'string' && value !== ''

// An id or name from the harness as text for a report: a string as it is,
// anything else by its type (its own toString may throw).
const idText = (value: unknown): string => (typeof value === 'string' ? value : `(${value === null ? 'null' : typeof value})`)

// The session cwd, checked and normalised once: every path sent resolves against it.
// Capabilities are the client's JSON, read once; a hostile getter reads as "none".
function readCapability(capabilities: unknown): TerminalOutputKey | undefined {
  try {
    return terminalOutputKey(capabilities as ClientCapabilities)
  } catch {
    return undefined
  }
}

const optionKinds = new Set(['allow_once', 'allow_always', 'reject_once', 'reject_always'])

// The harness's own choices when they are well formed, else the usual ones.
function readChoices(options: unknown): PermissionOption[] {
  const choices = readField(options, 'options')
  if (!Array.isArray(choices) || choices.length === 0) return permissionOptions()
  const kept: PermissionOption[] = []
  for (const choice of choices) {
    if (
      !isRecord(choice) ||
      typeof choice.optionId !== 'string' ||
      typeof choice.name !== 'string' ||
      !optionKinds.has(choice.kind as string)
    )
      return permissionOptions()
    kept.push({ optionId: choice.optionId, name: choice.name, kind: choice.kind as PermissionOption['kind'] })
  }
  return kept
}

// A plan as a Markdown checklist, for the one place it needs a card: a prompt.
function planChecklist(view: PlanCallView): ContentBlock[] {
  let text = ''
  for (const entry of view.entries)
    text += `${text ? '\n' : ''}- [${entry.status === 'completed' ? 'x' : ' '}] ${markdownInline(entry.content)}`
  return text ? [{ type: 'text', text }] : []
}
