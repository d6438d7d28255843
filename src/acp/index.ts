/**
 * The bridge to the Agent Client Protocol (ACP v1): plain `SessionUpdate`
 * objects for a harness to send as `session/update` notifications. Zero
 * runtime dependencies; `@agentclientprotocol/sdk` is used for types only.
 *
 * Most harnesses need only {@link createToolPresenter}, once per session.
 *
 * @module
 */
export type { PermissionRequest } from '../wire/permission.js'
export { permissionOptions } from '../wire/permission.js'
export { TITLE_LENGTH } from '../safety/title-text.js'
export type { AcpPlanByIdUpdate, AcpPlanRemoved } from './call.js'
export type {
  AcpProtocol,
  AcpSubagentNotification,
  PresentationError,
  PresenterProtocol,
  PresenterUpdate,
  ToolPresenter,
  ToolPresenterOptions,
} from './presenter.js'
export { createToolPresenter } from './presenter.js'
export type { ClientProfile } from '../profiles/client-profile.js'
export { CLIENT_PROFILES, clientProfile } from '../profiles/client-profile.js'
export { answerFrom, elicitationFor } from '../wire/elicitation.js'
