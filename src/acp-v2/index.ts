/**
 * The bridge to the ACP v2 draft (`@agentclientprotocol/sdk/experimental/v2`):
 * the same views and the same session presenter as `tool-render-intent/acp`,
 * emitting v2 `session/update` payloads. Zero runtime dependencies; the SDK
 * is used for types only. The v2 protocol is a draft and may change.
 *
 * Most harnesses need only {@link createToolPresenter}, once per session; one
 * that serves v1 and v2 puts a v1 agent and a v2 agent behind the SDK's
 * `agentProtocolRouter()`, each with its own version's presenter.
 *
 * @module
 */
export type { AcpV2PermissionRequest, AcpV2Protocol, AcpV2SubagentUpdate, AcpV2Update } from './types.js'
export type { ToolPresenter, ToolPresenterOptions } from './presenter.js'
export { createToolPresenter } from './presenter.js'
export type { PresentationError, PresenterProtocol, PresenterUpdate } from '../lifecycle/session.js'
export { TITLE_LENGTH } from '../safety/title-text.js'
export { permissionOptions } from '../wire/permission.js'
export type { ClientProfile } from '../profiles/client-profile.js'
export { CLIENT_PROFILES, clientProfile } from '../profiles/client-profile.js'
export { answerFrom, elicitationFor } from '../wire/elicitation.js'
