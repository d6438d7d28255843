// The ACP v1 session presenter: the one call lifecycle (src/lifecycle),
// encoded as v1 `session/update`s for this client's terminal support.
import type { ClientCapabilities } from './sdk.js'
import {
  type CallOptions,
  type CancelOptions,
  createSession,
  type DeclineOptions,
  type ProgressOptions,
  type OutputOptions,
  type SessionOptions,
  type SubagentOptions,
} from '../lifecycle/session.js'
import type { ToolDefinition } from '../define-tool.js'
import type { ToolResult } from '../views.js'
import type { PermissionOption } from './sdk.js'
import { supportsSubagents, type TerminalOutputKey, terminalOutputKey } from './capabilities.js'
import { type AcpSubagentUpdate, type AcpToolUpdate, acpEncoder } from './encoder.js'
import type { PermissionRequest } from '../wire/permission.js'
import type { AcpToolCall } from './call.js'
import type { AcpToolCallUpdate } from './result.js'
import { type ClientProfile, type ClientProfileName, clientProfile, readProfile } from '../profiles/client-profile.js'

export type {
  AnyToolDefinition,
  CallOptions,
  CancelOptions,
  DeclineOptions,
  OutputOptions,
  PresentationError,
  ProgressOptions,
  SubagentOptions,
} from '../lifecycle/session.js'
export type { AcpSubagentUpdate, AcpToolUpdate } from './encoder.js'
export { DEFAULT_OUTPUT_INTERVAL } from '../lifecycle/limits.js'

/** What {@link createToolPresenter} takes, once per ACP session. */
export interface ToolPresenterOptions extends SessionOptions {
  /** As the client sent them in `initialize`; read once, here. */
  readonly clientCapabilities?: ClientCapabilities | null | undefined
  /** `InitializeRequest.clientInfo` (`{ name, version }`), as the client sent it: with the capabilities it picks the client's profile (see `clientProfile`). */
  readonly clientInfo?: unknown
  /**
   * The client's profile, overriding the one `clientInfo` and the
   * capabilities pick: a {@link ClientProfile} or its name (`'zed'`,
   * `'plain'`, `'acpx'`, …; see `CLIENT_PROFILES`). Its title style and its
   * terminal convention are then used as they are (a terminal convention the
   * client did not declare is the harness's own choice).
   */
  readonly profile?: ClientProfile | ClientProfileName | undefined
}

/** What {@link ToolPresenter.permission} takes. */
export interface PermissionRequestOptions {
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
  /** The choices to offer; default {@link permissionOptions} (allow once, allow always, reject). */
  readonly options?: readonly PermissionOption[] | undefined
}

/**
 * One ACP session's presenter. Every method is total: it never throws, and
 * returns the updates to send, in order (often one, sometimes none).
 *
 * A call's life: `call` (then more `call`s with `partial: true` while the
 * arguments stream in, and one without when they are complete), `start`
 * when it runs, `output` for each piece a command prints, then `result`, or
 * `cancel` when it will not finish. A method for an id that is not waiting
 * (never announced, or already finished) returns `[]` and is reported; so
 * does every method for an id past 1,024 code units, which no session takes
 * (an id is in every update of its call; a prompt for it is refused).
 */
export interface ToolPresenter {
  /** Whether this session's client shows display-only terminals. */
  readonly terminalOutput: boolean
  /** The `_meta` key this client takes terminal output under, when it shows terminals. */
  readonly terminalOutputKey: TerminalOutputKey | undefined
  /**
   * Whether this session's client takes sub-agents' child sessions (it
   * declared `clientCapabilities.subagents`, ACP v1's unstable capability):
   * then {@link ToolPresenter.subagent} announces them and a sub-agent's
   * calls go on its own session. Without it, send them on this session,
   * with `parentToolCallId`.
   */
  readonly subagents: boolean
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
   * A piece of a running command's output, for a call shown as a terminal:
   * a string, or bytes (a `Buffer` from a child process) decoded as UTF-8
   * per call and per `options.source`, so a character cut between two
   * pieces is never lost, and stdout and stderr fed separately never mix
   * their cut characters.
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
  output(toolCallId: string, chunk: string | Uint8Array, options?: OutputOptions): AcpToolCallUpdate[]
  /**
   * The same as the overload below, naming the tool that returned the
   * result (the definition the call was made with, such as `bashTool`): its
   * `meta` is then checked at compile time against the tool's own meta type
   * (`BashResultMeta` rejects `{ exit_code: 1 }`). A tool other than the
   * call's is reported.
   */
  result<Meta>(toolCallId: string, result: ToolResult<Meta>, tool: ToolDefinition<any, Meta>): (AcpToolCall | AcpToolCallUpdate)[]
  /**
   * The updates for a call's result; the call is then finished. After
   * streamed pieces, a display terminal gets only what was not streamed yet
   * when the final output continues the streamed text; when it does not
   * (a harness that post-processed the output), a line saying so and the
   * whole final output follow what was streamed. Either way every `data`
   * sent for the call concatenates to the sanitised output, and each
   * `… N characters left out …` counts exactly what it stands for. The
   * final output continues the stream when it is at least as long and
   * agrees with it on its first and last 16 Ki code units (all of a stream
   * up to 32 Ki), so a result after a stream of any length costs only what
   * is left to send; a client without terminals gets its `console` block
   * from what the stream marked and bounded as it came.
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
   * The final update of a call that will not run because the user or the
   * harness's policy said no; it is then forgotten. Status `failed`, and the
   * card's content replaced by `Declined: this call did not run.` and the
   * reason, if given: never terminal output or an exit code, so it does not
   * look like a command that ran, failed or was cancelled.
   */
  decline(toolCallId: string, options?: DeclineOptions): AcpToolCallUpdate[]
  /**
   * A heartbeat for a call that runs long (a sub-agent, a slow build): a
   * \`tool_call_update\` with \`_meta.claudeCode.toolResponse.elapsedTimeSeconds\`
   * as claude-agent-acp sends it, and \`_meta['tool-render-intent/progress']\`
   * with \`elapsedMs\` and the message (plain text, at most 1,024 code units).
   * The first heartbeat of a call not started yet also sets \`in_progress\`.
   */
  progress(toolCallId: string, options?: ProgressOptions): AcpToolCallUpdate[]
  /**
   * The call waits (on the user, on a rate limit). ACP v1 has no such status: nothing is sent, and the card keeps its `in_progress`.
   * \`start\`, a piece of output or a heartbeat resumes it.
   */
  pause(toolCallId: string): AcpToolCallUpdate[]
  /**
   * The `subagent_update` that announces, then patches, the child session
   * a call's sub-agent runs in (the call that spawned it: a `Task` or
   * `Agent` call), for a client that takes child sessions
   * ({@link ToolPresenter.subagents}); for any other client `[]`, and the
   * link is `parentToolCallId` alone. Send it on this session, the parent.
   *
   * - The first, before any update of the child session: its `sessionId`,
   *   the call card's title, the `description`, the `cwd`, its capabilities
   *   (`cancel` when `cancellable`, else none) and its state.
   * - The state mirrors the call: `running` (`start`, a heartbeat, or not
   *   started yet), `requires_action` after `pause`, and once the call is
   *   over idle with `end_turn` (a result), `error` (an error result) or
   *   `cancelled` (`cancel`, `decline`, `forget`). Call `subagent` again
   *   after each (the call stays known for this once it is over); a later
   *   one sends only what changed, the card's title included.
   * - Title and description are one line, with visible markers for
   *   invisible characters, at most 1,024 code units, and escaped for
   *   Markdown unless `titles` is `'plain'`.
   * - Reported, sending nothing: a call never announced or shown only as a
   *   plan, a `sessionId` that is not a non-empty string or is not the
   *   call's child's. A `cwd` that is not absolute is reported and left out.
   *
   * @example
   * // The Task call toolu_1 spawns a sub-agent; it runs in the session child-1.
   * await send(parent.subagent('toolu_1', { sessionId: 'child-1', description: 'Explore' }))
   * const child = createToolPresenter({ tools: presenters, clientCapabilities, cwd })
   * // …its calls go on child-1 (with parentToolCallId: 'toolu_1'); when it is done:
   * await send(parent.result('toolu_1', { content }))
   * await send(parent.subagent('toolu_1', { sessionId: 'child-1' })) // state: idle, end_turn
   */
  subagent(toolCallId: string, options: SubagentOptions): AcpSubagentUpdate[]
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
   * - With `args`, an announced call is presented again from them first;
   *   with `meta`, a write's or an edit's diff is the change as it will be
   *   applied.
   * - A prompt with nothing to show (an id that is not a non-empty string,
   *   a call that is over, one not announced and given no `toolName`, or a
   *   `toolName` other than the call's) cannot be approved: its title says
   *   why, its only choices reject, and it is reported to `onError`.
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
 * // inside `.onRequest(methods.agent.session.prompt, async ({ params: { sessionId }, client }) => …)`
 * const send = async (updates: readonly SessionUpdate[]) => {
 *   for (const update of updates) await client.notify(methods.client.session.update, { sessionId, update })
 * }
 * await send(presenter.call(id, 'bash', { command: 'npm test' }))
 * await send(presenter.start(id))
 * await send(presenter.output(id, 'PASS src/a.test.ts\n'))
 * await send(presenter.result(id, { content, meta: { exitCode: 0 } }))
 */
export function createToolPresenter(options: ToolPresenterOptions): ToolPresenter {
  // The profile decides the title style and the terminal key; `titles` (deprecated) still wins for titles.
  const chosen = options.profile === undefined ? undefined : readProfile(options.profile, 'createToolPresenter')
  const profile = chosen ?? clientProfile({ clientCapabilities: options.clientCapabilities, clientInfo: options.clientInfo })
  const key = chosen === undefined ? readCapability(options.clientCapabilities) : profileTerminalKey(chosen)
  const subagents = readSubagents(options.clientCapabilities)
  const session = createSession({ ...options, titles: options.titles ?? profile.titles }, acpEncoder(key, subagents))
  return {
    terminalOutput: key !== undefined,
    terminalOutputKey: key,
    subagents,
    call: session.call as ToolPresenter['call'],
    start: session.start as ToolPresenter['start'],
    output: session.output as ToolPresenter['output'],
    result: session.result as ToolPresenter['result'],
    cancel: session.cancel as ToolPresenter['cancel'],
    decline: session.decline as ToolPresenter['decline'],
    progress: session.progress as ToolPresenter['progress'],
    pause: session.pause as ToolPresenter['pause'],
    subagent: session.subagent as ToolPresenter['subagent'],
    permission: session.permission,
    forget: session.forget,
  }
}

// A profile's v1 terminal key: none for a client without display terminals (or a v2 profile).
const profileTerminalKey = (profile: ClientProfile): TerminalOutputKey | undefined =>
  profile.terminal === 'terminal_output' || profile.terminal === 'terminal_output_delta' ? profile.terminal : undefined

// Capabilities are the client's JSON, read once; a hostile getter reads as "none".
function readSubagents(capabilities: unknown): boolean {
  try {
    return supportsSubagents(capabilities as ClientCapabilities)
  } catch {
    return false
  }
}

function readCapability(capabilities: unknown): TerminalOutputKey | undefined {
  try {
    return terminalOutputKey(capabilities as ClientCapabilities)
  } catch {
    return undefined
  }
}
