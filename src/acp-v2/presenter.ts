// The ACP v2 session presenter: the one call lifecycle (src/lifecycle),
// encoded as v2 `session/update`s.
import {
  createSession,
  type PermissionRequestOptions as SharedPermissionRequestOptions,
  type PresenterProtocol,
  type SessionOptions,
  type ToolPresenter as SharedToolPresenter,
} from '../lifecycle/session.js'
import { acpV2Encoder } from './encoder.js'
import type { PermissionOption } from './sdk.js'
import type { AcpV2Protocol, AcpV2SubagentUpdate, AcpV2UnstablePlanUpdate } from './types.js'
import { supportsFormElicitation } from '../wire/elicitation.js'
import { CLIENT_PROFILES, type ClientProfile, type ClientProfileName, readProfile } from '../profiles/client-profile.js'

/**
 * What {@link createToolPresenter} takes, once per ACP v2 session: the same
 * options as the v1 presenter's, so a harness serving both versions passes
 * one object.
 */
export interface ToolPresenterOptions extends SessionOptions {
  /**
   * As the client sent them in `initialize` (v1's `clientCapabilities` or
   * v2's `capabilities`), read once, here, for `elicitation.form` alone
   * (see `elicit`): v2 display terminals need no capability, every v2
   * client gets them.
   */
  readonly clientCapabilities?: unknown
  /**
   * The client's profile: default `'v2'` (Markdown titles). A
   * {@link ClientProfile} or its name; its title style, `rawOutput` and
   * `readCards` are read (every
   * v2 client gets agent-owned terminals).
   */
  readonly profile?: ClientProfile | ClientProfileName | undefined
  /**
   * Where a child session's `subagent_update` goes when its spawning call's
   * own step moves or settles it (see the presenter's `subagent`): queue it
   * and send it after the method's own updates.
   */
  readonly onSubagent?: ((update: AcpV2SubagentUpdate) => void) | undefined
  /**
   * Where what the v2 draft's unstable schema adds to plans goes (its
   * items plans are by id already, each a `plan_update` in the method's own
   * updates): a plan a call proposes as a document (the tool's
   * `presentPlan`) as a `plan_update` of `type: 'markdown'` or `'file'`, id
   * `'proposed-plan'` (a sub-agent's `subagent:<id>/proposed-plan`), and a
   * `plan_removed` for a plan that is over (a sub-agent's once its spawning
   * call ended; a proposal declined, cancelled, forgotten or failed).
   * Without it, neither is sent. Queue them and send them after the
   * method's own updates.
   */
  readonly onPlan?: ((update: AcpV2UnstablePlanUpdate) => void) | undefined
}

/** What `permission` takes: the choices typed with v2's `PermissionOption`. */
export type PermissionRequestOptions = SharedPermissionRequestOptions<PermissionOption>

/**
 * One ACP v2 session's presenter: the shared `ToolPresenter` (documented
 * once for every version) over {@link AcpV2Protocol}, v2's updates. Serve v1
 * and v2 with one piece of tool code by being generic over the protocol:
 * `<P extends PresenterProtocol>(presenter: ToolPresenter<P>) => …`.
 */
export type ToolPresenter<P extends PresenterProtocol = AcpV2Protocol> = SharedToolPresenter<P>

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
 * import { methods, type SessionUpdate } from '@agentclientprotocol/sdk/experimental/v2'
 * import { createToolPresenter } from 'tool-render-intent/acp-v2'
 * import { presenters } from 'tool-render-intent/presenters'
 *
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
  const session = createSession<AcpV2Protocol>(
    { ...options, titles: options.titles ?? profile.titles, shellReads: options.shellReads ?? profile.readCards === true },
    (settings) => acpV2Encoder(settings, profile.rawOutput),
    { formElicitation: readForms(options.clientCapabilities), onPlanTakes: 'unstable' },
  )
  return { protocolVersion: 2, terminalOutput: true, terminalOutputKey: undefined, subagents: true, ...session }
}

// Capabilities are the client's JSON, read once; a hostile getter reads as "none".
function readForms(capabilities: unknown): boolean {
  try {
    return supportsFormElicitation(capabilities as never)
  } catch {
    return false
  }
}
