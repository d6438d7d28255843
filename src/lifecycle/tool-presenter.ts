// The session presenter's interface, written once for every protocol
// version: each version names what it sends in a type map (`AcpProtocol`
// in `tool-render-intent/acp`, `AcpV2Protocol` in `tool-render-intent/acp-v2`).
// Types only.
import type { ToolDefinition } from '../define-tool.js'
import type { ToolResult } from '../views.js'
import type { ElicitationAnswer, ElicitationFor } from '../wire/elicitation.js'
import type { EventType, UpdatesByEvent } from './events.js'
import type {
  CallOptions,
  CancelOptions,
  DeclineOptions,
  ElicitOptions,
  OutputOptions,
  ProgressOptions,
  SubagentOptions,
} from './options.js'

/**
 * What one protocol version's presenter sends and says about its client: a
 * type map, one per version. Code that serves several versions is generic
 * over it (`<P extends PresenterProtocol>(presenter: ToolPresenter<P>) => …`).
 */
export interface PresenterProtocol {
  /** The protocol version: 1 or 2. */
  readonly version: number
  /** For each lifecycle event, the update type this version sends for it. */
  readonly updates: UpdatesByEvent
  /** The parameters of `session/request_permission`, without `sessionId`. */
  readonly prompt: object
  /** One choice of a permission prompt, as this version's SDK types it. */
  readonly permissionOption: object
  /** Whether the client shows display-only terminals (`true` for every v2 client). */
  readonly terminalOutput: boolean
  /** The `_meta` key terminal output goes under (v1 only). */
  readonly terminalOutputKey: string | undefined
  /** Whether the client takes sub-agents' child sessions (`true` for every v2 client). */
  readonly subagents: boolean
}

/** The updates protocol `P` sends for the lifecycle events `K`. */
export type UpdatesOf<P extends PresenterProtocol, K extends EventType> = P['updates'][K]

/** Every update a presenter for protocol `P` may send, whatever the method (proposed plans and removals go to `onPlan` alone). */
export type PresenterUpdate<P extends PresenterProtocol> = UpdatesOf<P, Exclude<EventType, 'plan-document' | 'plan-removed'>>

/** What `permission` takes. */
export interface PermissionRequestOptions<Option extends object = object> {
  /** For a call not announced yet: the tool's name, to present its card in the prompt. */
  readonly toolName?: string | undefined
  /**
   * The call's arguments: for a call not announced yet, to present its
   * card; for one announced, new arguments that re-present it, so the prompt
   * shows the call that will run.
   */
  readonly args?: unknown
  /**
   * For a write or an edit: the meta its result will carry, computed from
   * the file as it is now (`computeWriteMeta`, `computeEditMeta`,
   * `computeMultiEditMeta`), so the prompt shows the change as it will be
   * applied (every `replace_all` site; a write over an existing file as a
   * change, not a new file) instead of the arguments alone.
   */
  readonly meta?: unknown
  /** The choices to offer; default `permissionOptions` (allow once, allow always, reject). */
  readonly options?: readonly Option[] | undefined
}

/**
 * What {@link ToolPresenterMethods.answer} gives: the {@link ElicitationAnswer}
 * (`answered`, `declined`, `cancelled` or `invalid`) and `updates`, the
 * updates that settle the call's card with it, to send. `invalid` has no
 * updates: the call still waits, for another `elicit` or your own `result`.
 */
export type PresenterAnswer<Update> = ElicitationAnswer & { readonly updates: readonly Update[] }

/**
 * The methods of a session presenter, for protocol `P`: what every version
 * has. Every method is total: it never throws, and returns the updates to
 * send, in order (often one, sometimes none).
 *
 * A call's life: `call` (then more `call`s with `partial: true` while the
 * arguments stream in, and one without when they are complete), `start`
 * when it runs, `output` for each piece a command prints, then `result`, or
 * `cancel` when it will not finish, `decline` when it will not run. A
 * method for an id that is not waiting (never announced, or already
 * finished) returns `[]` and is reported; so does every method for an id
 * past 1,024 code units, which no session takes (a prompt for it is refused).
 */
export interface ToolPresenterMethods<P extends PresenterProtocol> {
  /**
   * Announces a call the first time an id is seen (v1: a `tool_call`; v2:
   * the `tool_call_update` that creates the card, after the
   * `terminal_update` creating a terminal card's terminal; a plan card is a
   * plan update instead), and re-presents it on every later call for the
   * same id: title, kind, content, locations and rawInput, never a status
   * nor a second terminal. With `partial: true` nothing is reported for
   * arguments the presenter does not recognise yet, and a later partial
   * call it still cannot present sends nothing.
   */
  call(toolCallId: string, toolName: string, args: unknown, options?: CallOptions): UpdatesOf<P, 'shown' | 'plan'>[]
  /** The call has started running: a `tool_call_update` with status `in_progress`. */
  start(toolCallId: string): UpdatesOf<P, 'started'>[]
  /**
   * A piece of a running command's output, for a call shown as a terminal:
   * a string, or bytes (a `Buffer` from a child process) decoded as UTF-8
   * per call and per `options.source`, so a character cut between two
   * pieces is never lost, and stdout and stderr fed separately never mix
   * their cut characters.
   *
   * - A display terminal gets the piece appended (v1: under
   *   `_meta.terminal_output` or `_meta.terminal_output_delta`; v2: a
   *   base64 `terminal_output_chunk`), sanitised (state is kept across
   *   pieces, so a sequence cut in two is handled as one) and within the
   *   output bound: past half of it, the rest is held back and the result
   *   sends its tail.
   * - A v1 client without terminals gets, at most once per
   *   `outputInterval`, a snapshot of the card: the description and a
   *   `console` block with the last lines so far. In between it gets
   *   nothing; the result shows it all.
   */
  output(toolCallId: string, chunk: string | Uint8Array, options?: OutputOptions): UpdatesOf<P, 'output' | 'snapshot'>[]
  /**
   * The same as the overload below, naming the tool that returned the
   * result (the definition the call was made with, such as `bashTool`): its
   * `meta` is then checked at compile time against the tool's own meta type
   * (`BashResultMeta` rejects `{ exit_code: 1 }`). A tool other than the
   * call's is reported.
   */
  result<Meta>(
    toolCallId: string,
    result: ToolResult<Meta>,
    tool: ToolDefinition<any, Meta>,
  ): UpdatesOf<P, 'finished' | 'plan-failed' | 'plan'>[]
  /**
   * The updates for a call's result; the call is then finished (and a
   * session plan its tool keeps, such as a task list, is sent when the
   * result changed it). After streamed pieces, a display terminal gets only
   * what was not streamed yet when the final output continues the streamed
   * text; when it does not (a harness that post-processed the output), a
   * line saying so and the whole final output follow what was streamed.
   * Either way every piece sent for the call concatenates to the sanitised
   * output, and each `… N characters left out …` counts exactly what it
   * stands for. The final output continues the stream when it is at least
   * as long and agrees with it on its first and last 16 Ki code units (all
   * of a stream up to 32 Ki), so a result after a stream of any length costs
   * only what is left to send; a client without terminals gets its
   * `console` block from what the stream marked and bounded as it came.
   */
  result(toolCallId: string, result: ToolResult): UpdatesOf<P, 'finished' | 'plan-failed' | 'plan'>[]
  /**
   * The final updates of a call that will not finish, which is then
   * forgotten: status `failed` in v1 (it has no cancelled status),
   * `cancelled` in v2. A display terminal gets what was held back and its
   * exit with no exit code and the signal; a command shown as text gets its
   * output so far and a line saying it was cancelled.
   */
  cancel(toolCallId: string, options?: CancelOptions): UpdatesOf<P, 'cancelled'>[]
  /**
   * The final updates of a call that will not run because the user or the
   * harness's policy said no; it is then forgotten. Status `failed` (v1) or
   * `cancelled` (v2), and the card's content replaced by `Declined: this
   * call did not run.` and the reason, if given: never terminal output or
   * an exit code, so it does not look like a command that ran, failed or
   * was cancelled.
   */
  decline(toolCallId: string, options?: DeclineOptions): UpdatesOf<P, 'declined'>[]
  /**
   * A heartbeat for a call that runs long (a sub-agent, a slow build): a
   * `tool_call_update` with `_meta.claudeCode.toolResponse.elapsedTimeSeconds`
   * as claude-agent-acp sends it, and `_meta['tool-render-intent/progress']`
   * with `elapsedMs` and the message (plain text, at most 1,024 code units).
   * The first heartbeat of a call not started yet also sets `in_progress`.
   */
  progress(toolCallId: string, options?: ProgressOptions): UpdatesOf<P, 'progress'>[]
  /**
   * The call waits (on the user, on a rate limit). Neither version has a
   * status for it (v1 has none; the v2 draft at its head has no `paused`,
   * which SDK 2.4.0's schema had), so nothing is sent and the card keeps
   * its `pending` or `in_progress`; a child session the call spawned is
   * `requires_action` where the client takes `subagent_update` (see
   * `subagent`). `start`, a piece of output or a heartbeat resumes it.
   */
  pause(toolCallId: string): UpdatesOf<P, 'paused'>[]
  /**
   * Announces the child session a call's sub-agent runs in (the call that
   * spawned it: a `Task` or `Agent` call), in the shape the client decodes
   * (`subagents`), then patches it; for any other client
   * `[]`, and the link is `parentToolCallId` alone. Send it on this session,
   * the parent, before any update of the child session.
   *
   * - v1 for a client that declares `clientCapabilities.subagents`, and v2:
   *   `subagent_update`: its `sessionId`, the call card's title, the
   *   `description`, the `cwd`, its capabilities (`cancel` when
   *   `cancellable`, else none) and its state. A later one sends only what
   *   changed, the card's title included.
   * - v1 for Zed and JetBrains AIR (their profiles): the open RFD's
   *   `subagent_spawned` (`subagentSessionId`, `name` = the description or
   *   the card's title, `task` = the card's title, `prompt` when given,
   *   `capabilities.cancel` a boolean), once; then only
   *   `subagent_state_update` (`completed`, `failed`, `cancelled`).
   * - The state follows the call by itself: with the session's
   *   `onSubagent`, the call's `result` (idle `end_turn`, or `error`),
   *   `cancel`, `decline` and `forget` (idle `cancelled`), and `pause`
   *   (`requires_action`) / `start` or a heartbeat (`running`), send the
   *   child's update there. Without `onSubagent`, call `subagent` again (the
   *   call stays known for this once it is over): it sends where the work is.
   * - Title, name, task and description are one line, with visible markers
   *   for invisible characters, at most 1,024 code units, and escaped for
   *   Markdown unless `titles` is `'plain'`; a prompt keeps its lines, at
   *   most 64 Ki code units, links and images escaped for Markdown clients.
   * - Reported, sending nothing: a call never announced or shown only as a
   *   plan, a `sessionId` that is not a non-empty string or is not the
   *   call's child's. A `cwd` that is not absolute is reported and left out.
   *
   * @example
   * // The Task call toolu_1 spawns a sub-agent; it runs in the session child-1.
   * const later: AcpSubagentNotification[] = []
   * const parent = createToolPresenter({ tools: presenters, clientInfo, clientCapabilities, cwd, onSubagent: (u) => later.push(u) })
   * await send(parent.subagent('toolu_1', { sessionId: 'child-1', description: 'Explore', prompt }))
   * const child = createToolPresenter({ tools: presenters, clientInfo, clientCapabilities, cwd })
   * // …its calls go on child-1 (with parentToolCallId: 'toolu_1'); when it is done:
   * await send(parent.result('toolu_1', { content }))
   * await send(later.splice(0)) // the child settled: completed (Zed) or idle, end_turn
   */
  subagent(toolCallId: string, options: SubagentOptions): UpdatesOf<P, 'subagent'>[]
  /**
   * The parameters of `session/request_permission` (add `sessionId`): the
   * prompt shows what the card shows, and the choices (default
   * `permissionOptions`). Valid under the version's schema.
   *
   * - v1: `{toolCall, options}`: the command as the title, the diff of a
   *   write or an edit, the title, kind and locations of anything else. For
   *   a call already announced the prompt's `toolCall` updates its card in
   *   place: a display terminal gets no content, which would replace the
   *   terminal block.
   * - v2: `{title, description?, subject, options}`: a command gets `Run`
   *   and the command as the title and a `command` subject (the exact
   *   command, its absolute cwd, the tool call id and, once announced, the
   *   terminal id); anything else a `tool_call` subject clients apply like
   *   a `tool_call_update`.
   * - A plan gets a card of its own here. With `args`, an announced call is
   *   presented again from them first; with `meta`, a write's or an edit's
   *   diff is the change as it will be applied.
   * - A prompt with nothing to show (an id that is not a non-empty string,
   *   a call that is over, one not announced and given no `toolName`, or a
   *   `toolName` other than the call's) cannot be approved: its title says
   *   why, its only choices reject, and it is reported to `onError`.
   * - For a call not announced yet, pass `toolName` and `args`: the prompt
   *   carries the whole card (v1: without a display terminal, which only a
   *   `tool_call` can create). Nothing is remembered: the `call` that
   *   follows announces it as usual.
   */
  permission(toolCallId: string, options?: PermissionRequestOptions<P['permissionOption']>): P['prompt']
  /**
   * The `elicitation/create` params that ask a waiting question tool's
   * call of the user as a form (Claude Code's `AskUserQuestion`, Gemini
   * CLI's `ask_user`, opencode's `question`, Qwen Code's
   * `ask_user_question`): one field per question (`q1`, `q2`, …), a
   * single- or multi-select of its options with a written answer beside
   * it (`q1_other`), a text or a yes/no field; the request names the call
   * (`toolCallId`), so the client can show the form with its card. The
   * same request as `elicitationFor` gives, from what the call was
   * announced with.
   *
   * Never throws: `{ ok: false, error }` says why nothing is to be sent: a
   * client that did not declare form elicitation
   * (`clientCapabilities.elicitation.form`, read once at creation; the
   * error names it), a call that is not waiting, a tool that is not a
   * question tool, arguments that are not questions (naming the field), a
   * `sessionId` that is not a non-empty string. The card stays a question
   * card, as without elicitation.
   *
   * @example
   * const asked = presenter.elicit('toolu_1', { sessionId })
   * if (asked.ok) {
   *   const answer = presenter.answer('toolu_1', await connection.request('elicitation/create', asked.request))
   *   await send(answer.updates) // the card shows the answers
   *   if (answer.outcome !== 'invalid') toolResult = answer.result // the tool's own result, for the model
   * }
   */
  elicit(toolCallId: string, options: ElicitOptions): ElicitationFor
  /**
   * The client's response to {@link ToolPresenterMethods.elicit}'s form, as
   * the question tool's own result (see `answerFrom`), and the updates that
   * finish the call with it: the card shows each question's answer (or
   * `Declined` / `Cancelled`, the call failed), and the call is over, as
   * after `result`. A bad or partial response (a missing answer, a value
   * that is no option, a field the form lacks, an unknown action, an id
   * that is not waiting) is `invalid`: the error names the field, the
   * answers that could be read and the response are kept, nothing is sent
   * and the call still waits. Never throws.
   */
  answer(toolCallId: string, response: unknown): PresenterAnswer<UpdatesOf<P, 'finished' | 'plan-failed' | 'plan'>>
  /**
   * Drops the memory of a call without sending anything for its card (Zed
   * marks a cancelled v1 turn's cards itself); a child session it spawned
   * is settled `cancelled` through the session's `onSubagent`. Returns
   * whether it was known.
   */
  forget(toolCallId: string): boolean
}

/**
 * One ACP session's presenter, for protocol `P` (`AcpProtocol` from
 * `tool-render-intent/acp`, `AcpV2Protocol` from `tool-render-intent/acp-v2`):
 * the methods of {@link ToolPresenterMethods} and what the session knows of
 * its client. Each entry point's `createToolPresenter` makes one.
 *
 * @example
 * // Tool code shared by a harness that serves v1 and v2: generic over the protocol.
 * async function runLs<P extends PresenterProtocol>(presenter: ToolPresenter<P>, send: (updates: readonly PresenterUpdate<P>[]) => Promise<void>) {
 *   await send(presenter.call('call_1', 'bash', { command: 'ls' }))
 *   await send(presenter.start('call_1'))
 *   await send(presenter.result('call_1', { content: [{ type: 'text', text: 'a.ts\n' }], meta: { exitCode: 0 } }))
 * }
 */
export interface ToolPresenter<P extends PresenterProtocol> extends ToolPresenterMethods<P> {
  /** The protocol this presenter speaks. */
  readonly protocolVersion: P['version']
  /** Whether this session's client shows display-only terminals (always, in v2). */
  readonly terminalOutput: P['terminalOutput']
  /** The `_meta` key this client takes terminal output under, when it shows v1 terminals; `undefined` in v2. */
  readonly terminalOutputKey: P['terminalOutputKey']
  /**
   * Whether this session's client takes sub-agents' child sessions (v1: it
   * declared `clientCapabilities.subagents`, v1's unstable capability, or
   * its profile decodes `subagent_spawned`, as Zed's and JetBrains AIR's
   * do; v2: always): then {@link ToolPresenterMethods.subagent} announces
   * them and a sub-agent's calls go on its own session, each naming its
   * spawning call in `_meta.claudeCode.parentToolUseId`. Without it, send
   * them on this session, with `parentToolCallId`.
   */
  readonly subagents: P['subagents']
}
