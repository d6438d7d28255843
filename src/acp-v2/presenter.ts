// The per-session state of a v2 harness: which card each pending call was
// shown with, its display terminal and its output stream, so every later
// update matches. The same life as the v1 presenter, in v2's shapes.
import { boundedText } from '../safety/bounded-text.js'
import { isToolResultView, parseToolCallView, parseToolResultView } from '../guards.js'
import { isJsonSafe, jsonSafeCopy } from '../safety/json-safe.js'
import { markdownInline, markdownLine } from '../safety/markdown-text.js'
import { resolvePath } from '../safety/paths.js'
import { isRecord } from '../internal/record.js'
import { sanitizeTerminalOutput } from '../safety/terminal-output.js'
import type { ContentBlock, GenericCallView, PlanCallView, TerminalCallView, ToolCallView, ToolResult, ToolResultView } from '../views.js'
import { DEFAULT_MAX_OUTPUT_LENGTH } from '../acp/call.js'
import type { CommandContext } from '../acp/command-text.js'
import { TerminalStream } from '../acp/output-stream.js'
import { permissionOptions } from '../acp/permission.js'
import {
  DEFAULT_OUTPUT_INTERVAL,
  type AnyToolDefinition,
  type CallOptions,
  type CancelOptions,
  type PresentationError,
} from '../acp/presenter.js'
import { safeUpdate } from '../acp/safe-update.js'
import { type BridgeOptions, buildToolCall, type CallUpdates, DEFAULT_PLAN_ID, planUpdate } from './call.js'
import { buildToolResult, type ResultBridgeOptions, settle, terminalEnd, terminalExit, terminalOutputChunk } from './result.js'
import type { AcpV2PermissionRequest, AcpV2TerminalOutputChunk, AcpV2ToolCallUpdate, AcpV2ToolKind, AcpV2Update } from './types.js'
import type { PermissionOption } from './sdk.js'
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

/**
 * What {@link createToolPresenter} takes, once per ACP v2 session: the same
 * options as the v1 presenter's, so a harness serving both versions passes
 * one object.
 */
export interface ToolPresenterOptions {
  /** The tools with presenters; two with the same name are a `TypeError`. */
  readonly tools: readonly AnyToolDefinition[]
  /**
   * As the client sent them in `initialize` (v1's `clientCapabilities` or
   * v2's `capabilities`). Accepted for symmetry with v1 and not read: v2
   * display terminals need no capability, every v2 client gets them.
   */
  readonly clientCapabilities?: unknown
  /** The session's working directory: an absolute POSIX or Windows path, else a `TypeError`. */
  readonly cwd: string
  /**
   * The most text one call sends, in UTF-16 code units: its text content,
   * and a command's output (counted before base64). Past it the text keeps
   * its head and tail around a marker saying how much was left out. Default
   * 4 Mi ({@link DEFAULT_MAX_OUTPUT_LENGTH}).
   */
  readonly maxOutputLength?: number | undefined
  /**
   * Checked as in v1 (a number of at least 0, else a `TypeError`) and not
   * used: every v2 client has display terminals, so there are no snapshots
   * to space out.
   */
  readonly outputInterval?: number | undefined
  /** Accepted for symmetry with v1 and not used (see `outputInterval`). */
  readonly now?: (() => number) | undefined
  /**
   * Told about every call that falls back to a generic card, every result
   * presenter that fails, result content outside the vocabulary, a method
   * for an id that is not waiting, and every value copied to serialise, as
   * in v1. If `onError` itself throws, that is swallowed.
   */
  readonly onError?: ((report: PresentationError) => void) | undefined
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

/**
 * One ACP v2 session's presenter: the v1 presenter's methods, returning v2
 * `session/update` payloads. Every method is total: it never throws, and
 * returns the updates to send, in order. A method for an id that is not
 * waiting (never announced, or already finished) returns `[]` and is
 * reported.
 */
export interface ToolPresenter {
  /** The protocol this presenter speaks: always 2 (see {@link createNegotiatedPresenter}). */
  readonly protocolVersion: 2
  /** Whether this session's client shows display-only terminals: always, in v2. */
  readonly terminalOutput: true
  /**
   * Announces a call. The first time an id is seen: a `tool_call_update`
   * creating the card (status `pending`), preceded for a terminal card by the
   * `terminal_update` creating its terminal; a plan card is one `plan_update`
   * instead. Later calls for the same id patch the card (title, kind,
   * content, locations, rawInput; never the status) and re-describe the
   * terminal (its command and cwd). With `partial: true`, arguments the
   * presenter does not recognise yet announce nothing and are not reported.
   */
  call(toolCallId: string, toolName: string, args: unknown, options?: CallOptions): AcpV2Update[]
  /** The call has started running: a `tool_call_update` with status `in_progress`. */
  start(toolCallId: string): AcpV2ToolCallUpdate[]
  /**
   * A piece of a running command's output, for a call shown as a terminal:
   * one `terminal_output_chunk` with the base64 of the piece, sanitised (state
   * kept across pieces, so a sequence cut in two is handled as one) and
   * within the output bound (past half of it, the rest is held back and the
   * result sends its tail). Exactly the text the v1 presenter streams.
   */
  output(toolCallId: string, chunk: string): AcpV2TerminalOutputChunk[]
  /**
   * The updates for a call's result; the call is then finished. A terminal
   * gets only what was not streamed yet (or, when the streamed text is not
   * a prefix of the final output, a line saying so and the whole output, as
   * in v1), then its exit status, then the card its status.
   */
  result(toolCallId: string, result: ToolResult): AcpV2Update[]
  /**
   * The final updates of a call that will not finish, which is then
   * forgotten: status `cancelled`. A terminal first gets what was held back
   * and an exit status with the signal (if given).
   */
  cancel(toolCallId: string, options?: CancelOptions): AcpV2Update[]
  /**
   * The parameters of v2's `session/request_permission` (add `sessionId`):
   * a `title` for the prompt, a `description` when the card has one, the
   * `subject` and the choices (default {@link permissionOptions}).
   *
   * - A command (terminal card): `title` `Run` and the command in a code
   *   span, `description` the model's description, and a `command` subject
   *   with the exact command, its absolute cwd, the tool call id and, once
   *   announced, the terminal id. It does not touch the card.
   * - Anything else: `title` the card's title and a `tool_call` subject that
   *   clients apply like a `tool_call_update`: for an announced call the
   *   title, kind, locations and (for a diff) the diff; for one not
   *   announced yet (pass `toolName` and `args`) the whole card, status
   *   `pending`, which creates it. A plan gets a card of its own here.
   */
  permission(toolCallId: string, options?: PermissionRequestOptions): AcpV2PermissionRequest
  /** Drops the memory of a call without sending anything. Returns whether it was known. */
  forget(toolCallId: string): boolean
}

// What the session remembers of a call until it finishes.
interface LiveCall {
  readonly toolName: string
  args: unknown
  card: ToolCallView['card']
  kind: AcpV2ToolKind
  // The client has a tool card for it (a plan alone is not one).
  announced: boolean
  // A display terminal (id = the tool call id) was created for it.
  terminal: boolean
  // A plan's own title, for the card a failed plan gets.
  title: string | undefined
  view: ToolCallView
  command: CommandContext | undefined
  stream: TerminalStream | undefined
}

/**
 * The presenter for one ACP v2 session: the same tools, views, checks and
 * guarantees as the v1 presenter, emitting v2 updates.
 *
 * What changes with v2: no `tool_call` (the first `tool_call_update` creates
 * the card); a terminal card always gets an agent-owned display terminal
 * (`terminal_update` with the command and cwd, output as base64
 * `terminal_output_chunk`s, the exit status at the end), since v2 needs no
 * capability for it; a cancelled call ends `cancelled`; diffs are `changes`
 * plus a `git_patch`; the plan is a `plan_update`; permission prompts carry a
 * title, a description and a subject.
 *
 * What stays: nothing throws after creation, nothing is lost (fallback
 * cards, raw result content), every update serialises, output is bounded
 * and sanitised exactly as in v1, every path is absolute, titles are safe
 * for Markdown, and replaying a log through a fresh presenter gives the same
 * updates byte for byte.
 *
 * @throws TypeError at creation, naming the option, as in v1.
 *
 * @example
 * const presenter = createToolPresenter({ tools: presenters, cwd: params.cwd })
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
  nonNegative(options.outputInterval, 'outputInterval', DEFAULT_OUTPUT_INTERVAL)
  const live = new Map<string, LiveCall>()

  const report = (toolCallId: string, toolName: string, phase: 'call' | 'result', error: unknown) => {
    try {
      onError?.({ toolCallId, toolName, phase, error })
    } catch {
      // A failing error handler must not take the session down with it.
    }
  }

  function plain(value: unknown, what: string, toolCallId: string, toolName: string, phase: 'call' | 'result'): unknown {
    if (isJsonSafe(value)) return value
    const copy = jsonSafeCopy(value, what)
    if (copy.problems.length > 0)
      report(toolCallId, toolName, phase, new TypeError(`${what} is not plain JSON: ${copy.problems.join('; ')}`))
    return copy.value
  }

  function deliver<Update>(update: Update, toolCallId: string, toolName: string, phase: 'call' | 'result'): Update {
    return safeUpdate(update, (problems) =>
      report(toolCallId, toolName, phase, new TypeError(`the update did not serialise: ${problems.join('; ')}`)),
    )
  }

  const deliverAll = <Update>(updates: readonly Update[], toolCallId: string, toolName: string, phase: 'call' | 'result') =>
    updates.map((update) => deliver(update, toolCallId, toolName, phase))

  function waiting(toolCallId: string, method: string): LiveCall | undefined {
    const call = isId(toolCallId) ? live.get(toolCallId) : undefined
    if (!call) report(label(toolCallId), '', 'result', new Error(`${method}: no call with the id "${label(toolCallId)}" is waiting`))
    return call
  }

  const bridgeFor = (toolName: string, rawInput: unknown): BridgeOptions => ({ cwd, rawInput, name: toolName, maxOutputLength })

  const resultBridge = (call: LiveCall, isError: boolean): ResultBridgeOptions => ({
    cwd,
    callCard: call.card,
    kind: call.kind,
    isError,
    maxOutputLength,
    command: call.command,
  })

  function call(toolCallId: string, toolName: string, args: unknown, callOptions?: CallOptions): AcpV2Update[] {
    if (!isId(toolCallId) || typeof toolName !== 'string') {
      report(
        label(toolCallId),
        label(toolName),
        'call',
        new TypeError('call: the tool call id and the tool name must be non-empty strings'),
      )
      return []
    }
    try {
      const partial = readPartial(callOptions)
      const input = plain(args, 'rawInput', toolCallId, toolName, 'call')
      const known = live.get(toolCallId)
      const view = presentCall(toolCallId, toolName, input, partial)
      if (known) return recall(toolCallId, toolName, input, known, view, partial)
      if (!view && partial && tools.get(toolName)?.presentCall) return []
      const shown = view ?? fallbackView(toolName)
      const entry: LiveCall = {
        toolName,
        args: input,
        card: shown.card,
        kind: 'other',
        announced: shown.card !== 'plan',
        terminal: false,
        title: undefined,
        view: shown,
        command: undefined,
        stream: undefined,
      }
      const updates = announcement(toolCallId, toolName, input, entry, shown)
      live.set(toolCallId, entry)
      return deliverAll(updates, toolCallId, toolName, 'call')
    } catch (error) {
      report(toolCallId, toolName, 'call', error)
      return []
    }
  }

  // The first updates of a call: its plan, or its terminal and card.
  function announcement(toolCallId: string, toolName: string, input: unknown, entry: LiveCall, view: ToolCallView): AcpV2Update[] {
    if (view.card === 'plan') {
      remember(entry, view, 'think')
      return [planUpdate(view, DEFAULT_PLAN_ID)]
    }
    const { shown, built } = build(toolCallId, toolName, view, bridgeFor(toolName, input))
    remember(entry, shown, built.card.kind ?? 'other')
    if (built.terminal) entry.terminal = true
    return built.terminal ? [built.terminal, built.card] : [built.card]
  }

  // A later sighting: the plan again, or the card patched (never its
  // status), its terminal re-described or created.
  function recall(
    toolCallId: string,
    toolName: string,
    input: unknown,
    known: LiveCall,
    presented: ToolCallView | undefined,
    partial: boolean,
  ): AcpV2Update[] {
    if (!presented && partial) return []
    known.args = input
    const view = presented ?? fallbackView(toolName)
    if (view.card === 'plan') {
      remember(known, view, 'think')
      return [deliver(planUpdate(view, DEFAULT_PLAN_ID), toolCallId, toolName, 'call')]
    }
    const { shown, built } = build(toolCallId, toolName, view, bridgeFor(toolName, input))
    remember(known, shown, built.card.kind ?? 'other')
    if (built.terminal) known.terminal = true
    const card = built.card
    if (known.announced) {
      // A patch: the status stays; what the new view lacks is cleared.
      delete card.status
      card.content ??= []
      card.locations ??= null
    }
    known.announced = true
    return deliverAll(built.terminal ? [built.terminal, card] : [card], toolCallId, toolName, 'call')
  }

  // The card's updates, or the generic fallback's when they cannot be built.
  function build(
    toolCallId: string,
    toolName: string,
    view: Exclude<ToolCallView, PlanCallView>,
    bridge: BridgeOptions,
  ): { shown: Exclude<ToolCallView, PlanCallView>; built: CallUpdates } {
    try {
      return { shown: view, built: buildToolCall(toolCallId, view, bridge) }
    } catch (error) {
      report(toolCallId, toolName, 'call', error)
      const shown = fallbackView(toolName)
      return { shown, built: buildToolCall(toolCallId, shown, bridge) }
    }
  }

  function presentCall(toolCallId: string, toolName: string, args: unknown, partial: boolean): ToolCallView | undefined {
    const tool = tools.get(toolName)
    try {
      if (!tool) throw new Error(`no tool named "${toolName}" has a presenter`)
      if (!tool.presentCall) throw new Error(`the tool "${toolName}" has no presentCall`)
      let view = tool.presentCall(args, context)
      if (view === undefined && partial) view = tool.presentPartialCall?.(args, context)
      if (view === undefined) {
        if (partial) return undefined
        throw new Error(`the "${toolName}" presenter returned no view: the arguments did not match`)
      }
      return parseToolCallView(view)
    } catch (error) {
      report(toolCallId, toolName, 'call', error)
      return undefined
    }
  }

  function start(toolCallId: string): AcpV2ToolCallUpdate[] {
    const call = waiting(toolCallId, 'start')
    // A plan has no card on the client to start.
    return call?.announced
      ? [
          deliver<AcpV2ToolCallUpdate>(
            { sessionUpdate: 'tool_call_update', toolCallId, status: 'in_progress' },
            toolCallId,
            call.toolName,
            'call',
          ),
        ]
      : []
  }

  function output(toolCallId: string, chunk: string): AcpV2TerminalOutputChunk[] {
    const call = waiting(toolCallId, 'output')
    if (!call) return []
    const { toolName } = call
    try {
      if (call.card !== 'terminal' || !call.terminal) throw new Error(`output: the call "${toolCallId}" is not shown as a terminal`)
      if (typeof chunk !== 'string') throw new TypeError(`output: a piece of output must be a string, got ${typeof chunk}`)
      call.stream ??= new TerminalStream(maxOutputLength)
      const data = call.stream.push(chunk)
      return data === '' ? [] : [deliver(terminalOutputChunk(toolCallId, data), toolCallId, toolName, 'result')]
    } catch (error) {
      report(toolCallId, toolName, 'result', error)
      return []
    }
  }

  function result(toolCallId: string, result: ToolResult): AcpV2Update[] {
    const call = waiting(toolCallId, 'result')
    if (!call) return []
    live.delete(toolCallId)
    const { toolName } = call
    try {
      const outcome = plain(result, 'result', toolCallId, toolName, 'result')
      const bridge = resultBridge(call, isRecord(outcome) && outcome.isError === true)
      if (!call.announced) return planResult(toolCallId, call, outcome, bridge.isError === true)
      const view = presentResult(toolCallId, call, outcome as ToolResult)
      const showsTerminal = call.card === 'terminal' && call.terminal
      try {
        if (view?.card === 'terminal' && showsTerminal) {
          const stream = call.stream ?? new TerminalStream(maxOutputLength)
          return deliverAll(terminalEnd(toolCallId, stream.finish(view.output ?? ''), view, bridge), toolCallId, toolName, 'result')
        }
        if (view && !(view.card === 'generic' && view.content === undefined)) {
          return deliverAll(buildToolResult(toolCallId, view, bridge), toolCallId, toolName, 'result')
        }
      } catch (error) {
        report(toolCallId, toolName, 'result', error)
      }
      // Nothing lost: the raw result content stands in for a missing view.
      const content = rawContent(toolCallId, toolName, outcome)
      const title = view?.card === 'generic' ? view.title : undefined
      const fallback: ToolResultView = title === undefined ? { card: 'generic', content } : { card: 'generic', title, content }
      const updates = buildToolResult(toolCallId, fallback, bridge)
      // A display terminal still needs its end, or it would stay running.
      if (showsTerminal) updates.unshift(terminalExit(toolCallId, undefined, undefined))
      return deliverAll(updates, toolCallId, toolName, 'result')
    } catch (error) {
      report(toolCallId, toolName, 'result', error)
      return []
    }
  }

  function cancel(toolCallId: string, cancelOptions?: CancelOptions): AcpV2Update[] {
    const call = waiting(toolCallId, 'cancel')
    if (!call) return []
    live.delete(toolCallId)
    const { toolName } = call
    try {
      if (!call.announced) return []
      const bridge: ResultBridgeOptions = { ...resultBridge(call, true), status: 'cancelled' }
      if (call.card !== 'terminal' || !call.terminal)
        return [deliver(settle(toolCallId, undefined, 'cancelled', bridge), toolCallId, toolName, 'result')]
      const held = call.stream ? call.stream.end() : ''
      return deliverAll(terminalEnd(toolCallId, held, { signal: readSignal(cancelOptions) }, bridge), toolCallId, toolName, 'result')
    } catch (error) {
      report(toolCallId, toolName, 'result', error)
      return []
    }
  }

  function permission(toolCallId: string, request?: PermissionRequestOptions): AcpV2PermissionRequest {
    const choices = readChoices(request)
    const known = isId(toolCallId) ? live.get(toolCallId) : undefined
    const toolName = known?.toolName ?? readString(request, 'toolName')
    try {
      if (!isId(toolCallId)) throw new TypeError('permission: the tool call id must be a non-empty string')
      let prompt: Omit<AcpV2PermissionRequest, 'options'>
      if (known) {
        prompt = promptOf(toolCallId, known, known.view, known.announced)
        // A plan had no card; a tool_call subject gives it one, which its result must settle.
        if (known.view.card === 'plan') known.announced = true
      } else {
        if (toolName === undefined) throw new Error(`permission: the call "${toolCallId}" was not announced, and no toolName was given`)
        const input = plain(readField(request, 'args'), 'rawInput', toolCallId, toolName, 'call')
        const view = presentCall(toolCallId, toolName, input, false) ?? fallbackView(toolName)
        const entry = { toolName, args: input, terminal: false, title: undefined } as LiveCall
        prompt = promptOf(toolCallId, entry, view, false)
      }
      return deliver({ ...prompt, options: choices }, toolCallId, toolName ?? '', 'call')
    } catch (error) {
      report(label(toolCallId), toolName ?? '', 'call', error)
      const title = markdownLine(toolName || 'Tool call')
      if (!isId(toolCallId)) return { title, options: choices }
      return { title, subject: { type: 'tool_call', toolCall: { toolCallId, title, kind: 'other' } }, options: choices }
    }
  }

  // The prompt for a view: a command subject for a terminal card, else the
  // card as a tool_call subject (content only where it is the point of the
  // prompt: a diff, or a card the prompt creates).
  function promptOf(toolCallId: string, call: LiveCall, view: ToolCallView, announced: boolean): Omit<AcpV2PermissionRequest, 'options'> {
    if (view.card === 'terminal') return commandPrompt(toolCallId, view, call.terminal)
    const shown: Exclude<ToolCallView, PlanCallView> =
      view.card === 'plan'
        ? {
            card: 'generic',
            kind: 'think',
            title: markdownLine(view.title ?? call.title ?? 'Update the plan'),
            content: planChecklist(view),
          }
        : view
    let built: CallUpdates
    try {
      built = buildToolCall(toolCallId, shown, bridgeFor(call.toolName, call.args))
    } catch (error) {
      report(toolCallId, call.toolName, 'call', error)
      built = buildToolCall(toolCallId, fallbackView(call.toolName), bridgeFor(call.toolName, call.args))
    }
    const { sessionUpdate: _update, ...toolCall } = built.card
    if (announced) {
      delete toolCall.status
      if (shown.card === 'generic') delete toolCall.content
    }
    return { title: toolCall.title ?? markdownLine(call.toolName), subject: { type: 'tool_call', toolCall } }
  }

  function commandPrompt(toolCallId: string, view: TerminalCallView, terminal: boolean): Omit<AcpV2PermissionRequest, 'options'> {
    const prompt: Omit<AcpV2PermissionRequest, 'options'> = {
      title: `Run ${codeSpan(view.title)}`,
      subject: {
        type: 'command',
        command: view.title,
        cwd: resolvePath(view.cwd ?? '', cwd),
        toolCallId,
        ...(terminal ? { terminalId: toolCallId } : {}),
      },
    }
    if (view.description) prompt.description = boundedText(markdownInline(view.description), maxOutputLength)
    return prompt
  }

  function planResult(toolCallId: string, call: LiveCall, outcome: unknown, isError: boolean): AcpV2Update[] {
    if (!isError) return []
    const content = rawContent(toolCallId, call.toolName, outcome)
    const view: GenericCallView = { card: 'generic', kind: 'think', title: markdownLine(call.title ?? call.toolName), content }
    const { card } = buildToolCall(toolCallId, view, { ...bridgeFor(call.toolName, call.args), status: 'failed' })
    return [deliver(card, toolCallId, call.toolName, 'result')]
  }

  function presentResult(toolCallId: string, call: LiveCall, result: ToolResult): ToolResultView | undefined {
    const present = tools.get(call.toolName)?.presentResult
    if (!present) return undefined
    try {
      const view = present(call.args, result, context)
      return view === undefined ? undefined : parseToolResultView(view)
    } catch (error) {
      report(toolCallId, call.toolName, 'result', error)
      return undefined
    }
  }

  function rawContent(toolCallId: string, toolName: string, result: unknown): ContentBlock[] {
    const content = isRecord(result) && Array.isArray(result.content) ? (result.content as unknown[]) : []
    try {
      parseToolResultView({ card: 'generic', content })
      return content as ContentBlock[]
    } catch (error) {
      report(toolCallId, toolName, 'result', error)
      return content.filter((block) => isToolResultView({ card: 'generic', content: [block] })) as ContentBlock[]
    }
  }

  return {
    protocolVersion: 2,
    terminalOutput: true,
    call,
    start,
    output,
    result,
    cancel,
    permission,
    forget: (toolCallId) => live.delete(toolCallId),
  }
}

const fallbackView = (toolName: string): GenericCallView => ({ card: 'generic', title: markdownLine(toolName), kind: 'other' })

function remember(call: LiveCall, view: ToolCallView, kind: AcpV2ToolKind): void {
  call.card = view.card
  call.kind = kind
  call.command = view.card === 'terminal' ? { description: view.description, cwd: view.cwd } : undefined
  call.title = view.card === 'plan' ? (view.title ?? 'Update the plan') : view.title
  call.view = view
}

// A command as a Markdown code span, which shows it literally: on one line,
// between backtick runs longer than any inside it, padded when it starts or
// ends with a backtick (or would lose a space to the span's trimming).
function codeSpan(command: string): string {
  const text = sanitizeTerminalOutput(command, 'plain').replace(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/g, ' ')
  let longest = 0
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length)
  const fence = '`'.repeat(longest + 1)
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '') ? ' ' : ''
  return `${fence}${pad}${text}${pad}${fence}`
}

function planChecklist(view: PlanCallView): ContentBlock[] {
  let text = ''
  for (const entry of view.entries)
    text += `${text ? '\n' : ''}- [${entry.status === 'completed' ? 'x' : ' '}] ${markdownInline(entry.content)}`
  return text ? [{ type: 'text', text }] : []
}

const isId = (value: unknown): value is string => typeof value === 'string' && value !== ''

// An id or a name from the harness, as text for a report: a value whose
// `toString` throws must not make a total method throw.
function label(value: unknown): string {
  try {
    return String(value)
  } catch {
    return `[${typeof value}]`
  }
}

const optionKinds = new Set(['allow_once', 'allow_always', 'reject_once', 'reject_always'])

function readChoices(options: unknown): PermissionOption[] {
  const choices = readField(options, 'options')
  if (!Array.isArray(choices) || choices.length === 0) return permissionOptions()
  const kept: PermissionOption[] = []
  try {
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
  } catch {
    return permissionOptions()
  }
  return kept
}
