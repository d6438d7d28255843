// The ACP v2 session presenter: the one call lifecycle (src/lifecycle),
// encoded as v2 `session/update`s.
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
import { acpV2Encoder } from './encoder.js'
import type { PermissionOption } from './sdk.js'
import type { AcpV2PermissionRequest, AcpV2SubagentUpdate, AcpV2TerminalOutputChunk, AcpV2ToolCallUpdate, AcpV2Update } from './types.js'
import { CLIENT_PROFILES, type ClientProfile, type ClientProfileName, readProfile } from '../profiles/client-profile.js'

/**
 * What {@link createToolPresenter} takes, once per ACP v2 session: the same
 * options as the v1 presenter's, so a harness serving both versions passes
 * one object.
 */
export interface ToolPresenterOptions extends SessionOptions {
  /**
   * As the client sent them in `initialize` (v1's `clientCapabilities` or
   * v2's `capabilities`). Accepted for symmetry with v1 and not read: v2
   * display terminals need no capability, every v2 client gets them.
   */
  readonly clientCapabilities?: unknown
  /**
   * The client's profile: default `'v2'` (Markdown titles). A
   * {@link ClientProfile} or its name; only its title style is read (every
   * v2 client gets agent-owned terminals).
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
 * One ACP v2 session's presenter: the v1 presenter's methods, returning v2
 * `session/update` payloads. Every method is total: it never throws, and
 * returns the updates to send, in order. A method for an id that is not
 * waiting (never announced, or already finished) returns `[]` and is
 * reported; so does every method for an id past 1,024 code units, which no
 * session takes (a prompt for it is refused).
 */
export interface ToolPresenter {
  /** The protocol this presenter speaks: always 2. */
  readonly protocolVersion: 2
  /** Whether this session's client shows display-only terminals: always, in v2. */
  readonly terminalOutput: true
  /** Whether this session's client takes sub-agents' child sessions: always, in v2 (no capability is needed). */
  readonly subagents: true
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
   * A piece of a running command's output, for a call shown as a terminal
   * (a string, or bytes decoded as UTF-8 per call and per `options.source`,
   * as in v1): one `terminal_output_chunk` with the base64 of the piece, sanitised (state
   * kept across pieces, so a sequence cut in two is handled as one) and
   * within the output bound (past half of it, the rest is held back and the
   * result sends its tail). Exactly the text the v1 presenter streams.
   */
  output(toolCallId: string, chunk: string | Uint8Array, options?: OutputOptions): AcpV2TerminalOutputChunk[]
  /**
   * The same as the overload below, naming the tool that returned the
   * result (the definition the call was made with, such as `bashTool`): its
   * `meta` is then checked at compile time against the tool's own meta type
   * (`BashResultMeta` rejects `{ exit_code: 1 }`). A tool other than the
   * call's is reported.
   */
  result<Meta>(toolCallId: string, result: ToolResult<Meta>, tool: ToolDefinition<any, Meta>): AcpV2Update[]
  /**
   * The updates for a call's result; the call is then finished. A terminal
   * gets only what was not streamed yet (or, when the final output does not
   * continue the streamed text, a line saying so and the whole output, as
   * in v1), then its exit status, then the card its status. A long stream's
   * result costs only what is left to send, as in v1.
   */
  result(toolCallId: string, result: ToolResult): AcpV2Update[]
  /**
   * The final updates of a call that will not finish, which is then
   * forgotten: status `cancelled`. A terminal first gets what was held back
   * and an exit status with the signal (if given).
   */
  cancel(toolCallId: string, options?: CancelOptions): AcpV2Update[]
  /**
   * The final updates of a call that will not run because the user or the
   * harness's policy said no; it is then forgotten. A terminal ends with no
   * exit code; the card gets status `cancelled` and the content
   * `Declined: this call did not run.` and the reason, if given, as in v1.
   */
  decline(toolCallId: string, options?: DeclineOptions): AcpV2Update[]
  /**
   * A heartbeat for a call that runs long (a sub-agent, a slow build): a
   * \`tool_call_update\` with \`_meta.claudeCode.toolResponse.elapsedTimeSeconds\`
   * as claude-agent-acp sends it, and \`_meta['tool-render-intent/progress']\`
   * with \`elapsedMs\` and the message (plain text, at most 1,024 code units).
   * The first heartbeat of a call not started yet also sets \`in_progress\`.
   */
  progress(toolCallId: string, options?: ProgressOptions): AcpV2ToolCallUpdate[]
  /**
   * The call waits (on the user, on a rate limit). Status `paused`.
   * \`start\`, a piece of output or a heartbeat resumes it.
   */
  pause(toolCallId: string): AcpV2ToolCallUpdate[]
  /**
   * The `subagent_update` that announces, then patches, the child session
   * a call's sub-agent runs in (the call that spawned it: a `Task` or
   * `Agent` call), as in v1; every v2 client takes it. Send it on this
   * session, the parent, before any update of the child session.
   *
   * - The first: its `sessionId`, the call card's title, the
   *   `description`, the `cwd`, its capabilities (`cancel` when
   *   `cancellable`, else none) and its state.
   * - The state mirrors the call: `running` (`start`, a heartbeat, or not
   *   started yet), `requires_action` after `pause`, and once the call is
   *   over idle with `end_turn`, `error` or `cancelled` (`cancel`, `decline`,
   *   `forget`). Call `subagent` again after each (the call stays known for
   *   this once it is over); a later one sends only what changed, the
   *   card's title included.
   * - Title and description are one line, with visible markers, at most
   *   1,024 code units, escaped for Markdown unless `titles` is `'plain'`.
   * - Reported, sending nothing: a call never announced or shown only as a
   *   plan, a `sessionId` that is not a non-empty string or is not the
   *   call's child's. A `cwd` that is not absolute is reported and left out.
   *
   * @example
   * await send(parent.subagent('toolu_1', { sessionId: 'child-1', description: 'Explore' }))
   * const child = createToolPresenter({ tools: presenters, cwd })
   * // …its calls go on child-1 (with parentToolCallId: 'toolu_1'); when it is done:
   * await send(parent.result('toolu_1', { content }))
   * await send(parent.subagent('toolu_1', { sessionId: 'child-1' })) // state: idle, end_turn
   */
  subagent(toolCallId: string, options: SubagentOptions): AcpV2SubagentUpdate[]
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
  const profile = options.profile === undefined ? CLIENT_PROFILES.v2 : readProfile(options.profile, 'createToolPresenter')
  const session = createSession({ ...options, titles: options.titles ?? profile.titles }, acpV2Encoder)
  return {
    protocolVersion: 2,
    terminalOutput: true,
    subagents: true,
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
