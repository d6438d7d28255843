// The ACP v1 session presenter: the one call lifecycle (src/lifecycle),
// encoded as v1 `session/update`s for this client's terminal support.
import type { ClientCapabilities } from './sdk.js'
import {
  createSession,
  type PresenterProtocol,
  type PermissionRequestOptions as SharedPermissionRequestOptions,
  type SessionOptions,
  type ToolPresenter as SharedToolPresenter,
} from '../lifecycle/session.js'
import type { PermissionOption } from './sdk.js'
import { supportsPlans, supportsSubagents, type TerminalOutputKey, terminalOutputKey } from './capabilities.js'
import type { AcpPlanByIdUpdate, AcpPlanRemoved } from './call.js'
import { type AcpProtocol, type AcpSubagentNotification, acpEncoder } from './encoder.js'
import { supportsFormElicitation } from '../wire/elicitation.js'
import { type ClientProfile, type ClientProfileName, clientProfile, readProfile } from '../profiles/client-profile.js'

export type {
  AnyToolDefinition,
  CallOptions,
  CancelOptions,
  DeclineOptions,
  ElicitOptions,
  OutputOptions,
  PresentationError,
  ProgressOptions,
  SubagentOptions,
} from '../lifecycle/session.js'
export type {
  AcpProtocol,
  AcpSubagentNotification,
  AcpSubagentSpawned,
  AcpSubagentStateUpdate,
  AcpSubagentUpdate,
  AcpToolUpdate,
} from './encoder.js'
export type { PresenterAnswer, PresenterProtocol, PresenterUpdate, ToolPresenterMethods, UpdatesOf } from '../lifecycle/session.js'

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
  /**
   * Where a child session's updates go when its spawning call's own step
   * moves or settles it (see the presenter's `subagent`): in the shape the
   * client decodes, `subagent_update` or Zed's `subagent_state_update`.
   *
   * @example
   * const later: AcpSubagentNotification[] = []
   * const presenter = createToolPresenter({ tools, clientInfo, clientCapabilities, cwd, onSubagent: (update) => later.push(update) })
   * await send(presenter.result('toolu_1', { content })) // the Task call's card
   * await send(later.splice(0)) // then its child: subagent_state_update, completed
   */
  readonly onSubagent?: ((update: AcpSubagentNotification) => void) | undefined
  /**
   * Where plans by id go, for a client that keeps them: one that declares
   * ACP v1's unstable `clientCapabilities.plan` (`{}`), or a profile with
   * `plans: 'plan_update'`. Each is a `plan_update`: the session's plan (id
   * `'plan'`), or a sub-agent's own plan (id `subagent:<spawning call id>`),
   * which never replaces its parent's. A plan a call proposes as a
   * document (the tool's `presentPlan`: `ExitPlanMode`'s Markdown, Gemini
   * CLI's plan file) is a `plan_update` of `type: 'markdown'` or `'file'`,
   * id `'proposed-plan'` (a sub-agent's `subagent:<id>/proposed-plan`),
   * beside the call's card. A plan that is over is a `plan_removed`: a
   * sub-agent's plans once its spawning call ended (however it ended), a
   * proposed plan whose call was declined, cancelled, forgotten or failed;
   * the session's own plan is never removed (an emptied todo list is an
   * empty plan). Queue them and send them after the method's own updates.
   * Without it (or for a client that keeps one plan) the session's plan is
   * the stable `plan` update, a sub-agent's plan is shown as its call's
   * card, and a proposed plan is its call's card alone.
   *
   * @example
   * const later: (AcpPlanByIdUpdate | AcpPlanRemoved)[] = []
   * // clientCapabilities as the client sent them, declaring the unstable `plan: {}`
   * const presenter = createToolPresenter({ tools, clientCapabilities, cwd, onPlan: (update) => later.push(update) })
   * await send(presenter.call('toolu_2', 'TodoWrite', { todos }, { parentToolCallId: 'toolu_1' })) // nothing: a plan has no card
   * await send(later.splice(0)) // plan_update, planId 'subagent:toolu_1'
   */
  readonly onPlan?: ((update: AcpPlanByIdUpdate | AcpPlanRemoved) => void) | undefined
}

/** What `permission` takes: the choices typed with v1's `PermissionOption`. */
export type PermissionRequestOptions = SharedPermissionRequestOptions<PermissionOption>

/**
 * One ACP v1 session's presenter: the shared `ToolPresenter` (documented
 * once for every version) over {@link AcpProtocol}, v1's updates. Serve v1
 * and v2 with one piece of tool code by being generic over the protocol:
 * `<P extends PresenterProtocol>(presenter: ToolPresenter<P>) => …`.
 */
export type ToolPresenter<P extends PresenterProtocol = AcpProtocol> = SharedToolPresenter<P>

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
 * import { methods, type SessionUpdate } from '@agentclientprotocol/sdk'
 * import { createToolPresenter } from 'tool-render-intent/acp'
 * import { presenters } from 'tool-render-intent/presenters'
 *
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
  // A client that declares the unstable capability takes `subagent_update` (claude-agent-acp 0.101.0 does the same); else its profile's shape.
  const shape = chosen?.subagents ?? (readSubagents(options.clientCapabilities) ? 'subagent_update' : profile.subagents)
  // Plans by id for a client that declares `plan` (or a profile that says so), and only through `onPlan`.
  const keeps = chosen?.plans ?? (readPlans(options.clientCapabilities) ? 'plan_update' : profile.plans)
  const plans = typeof options.onPlan === 'function' ? keeps : 'plan'
  const session = createSession<AcpProtocol>(
    {
      ...options,
      titles: options.titles ?? profile.titles,
      shellReads: options.shellReads ?? profile.readCards === true,
      onPlan: plans === 'plan_update' ? options.onPlan : undefined,
    },
    acpEncoder(key, shape, profile.rawOutput, plans, profile.content),
    { formElicitation: readForms(options.clientCapabilities) },
  )
  return { protocolVersion: 1, terminalOutput: key !== undefined, terminalOutputKey: key, subagents: shape !== 'none', ...session }
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

// The same for form elicitation.
function readForms(capabilities: unknown): boolean {
  try {
    return supportsFormElicitation(capabilities as ClientCapabilities)
  } catch {
    return false
  }
}

// The same for plans by id.
function readPlans(capabilities: unknown): boolean {
  try {
    return supportsPlans(capabilities as ClientCapabilities)
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
