// One harness, both protocols: the presenter for the version `initialize`
// settled on.
import { createToolPresenter as createV1Presenter, type ToolPresenter as V1ToolPresenter } from '../acp/presenter.js'
import { createToolPresenter, type ToolPresenter, type ToolPresenterOptions } from './presenter.js'

/**
 * The protocol version an agent serving both ACP v1 and the v2 draft answers
 * `initialize` with, from the version the client asked for: 2 for 2 or
 * later (the newest this library speaks), 1 for anything else (1, or a
 * value that is not an integer). ACP's rule: answer the requested version
 * when supported, else your latest; a client asking for 1 cannot speak 2.
 *
 * @example
 * negotiateProtocolVersion(2) // 2
 * negotiateProtocolVersion(3) // 2
 * negotiateProtocolVersion(1) // 1
 */
export function negotiateProtocolVersion(requested: unknown): 1 | 2 {
  return typeof requested === 'number' && Number.isInteger(requested) && requested >= 2 ? 2 : 1
}

/** What {@link createNegotiatedPresenter} takes: the presenter options and the negotiated version. */
export interface NegotiatedPresenterOptions extends ToolPresenterOptions {
  /**
   * The protocol version the agent answered `initialize` with (see
   * {@link negotiateProtocolVersion}): 1 or 2, else a `TypeError`.
   */
  readonly protocolVersion: number
}

/** The v1 presenter, tagged with its protocol version. */
export type V1NegotiatedPresenter = V1ToolPresenter & { readonly protocolVersion: 1 }

/**
 * A presenter for the negotiated protocol: the v1 one (`tool-render-intent/acp`)
 * or the v2 one. Both have the same methods taking the same arguments; their
 * updates differ in shape, so narrow on `protocolVersion` where the type matters.
 */
export type NegotiatedPresenter = V1NegotiatedPresenter | ToolPresenter

/**
 * The session presenter for the protocol version `initialize` settled on,
 * for a harness that serves ACP v1 and the v2 draft from one code path:
 * v1's `createToolPresenter` (which reads `clientCapabilities` for display
 * terminals) for 1, this entry point's for 2. Either way the presenter has
 * `protocolVersion`, and every method returns the updates to send as
 * `session/update` notifications on that connection.
 *
 * A harness behind the SDK's `agentProtocolRouter()` knows the version per
 * connection already and can call either `createToolPresenter` directly.
 *
 * @throws TypeError for a `protocolVersion` other than 1 or 2, and for the
 * options either presenter rejects (a `cwd` that is not absolute, …).
 *
 * @example
 * // initialize: answer with negotiateProtocolVersion(params.protocolVersion), and keep it
 * const presenter = createNegotiatedPresenter({ protocolVersion, tools: presenters, clientCapabilities, cwd: params.cwd })
 * for (const update of presenter.call(id, 'bash', { command: 'npm test' })) await connection.notify('session/update', { sessionId, update })
 * if (presenter.protocolVersion === 2) { … } // v2-only handling, typed
 */
export function createNegotiatedPresenter(options: NegotiatedPresenterOptions): NegotiatedPresenter {
  const { protocolVersion, ...rest } = options
  if (protocolVersion === 2) return createToolPresenter(rest)
  if (protocolVersion === 1) return { ...createV1Presenter(rest as Parameters<typeof createV1Presenter>[0]), protocolVersion: 1 }
  throw new TypeError(
    `createNegotiatedPresenter: options.protocolVersion must be 1 or 2 (the version answered in initialize), got ${String(protocolVersion)}`,
  )
}
