/**
 * The bridge to the Agent Client Protocol (ACP v1): plain `SessionUpdate`
 * objects for a harness to send as `session/update` notifications. Zero
 * runtime dependencies; `@agentclientprotocol/sdk` is used for types only.
 *
 * Most harnesses need only {@link createToolPresenter}, once per session.
 *
 * @module
 */
export type { AcpPlanByIdUpdate, AcpPlanRemoved, AcpPlanUpdate, AcpToolCall, BridgeOptions } from './call.js'
export { toolCallUpdate } from './call.js'
export { DEFAULT_MAX_OUTPUT_LENGTH } from '../lifecycle/limits.js'
export type { AcpToolCallUpdate, ResultBridgeOptions } from './result.js'
export { toolResultUpdates } from './result.js'
export type { CommandContext } from '../wire/command-text.js'
export { consoleFence } from './console-fence.js'
export type { TerminalOutputKey } from './capabilities.js'
export { supportsPlans, supportsSubagents, supportsTerminalOutput, terminalOutputKey } from './capabilities.js'
export { TITLE_LENGTH } from '../safety/title-text.js'
export type { PermissionRequest } from '../wire/permission.js'
export { permissionOptions } from '../wire/permission.js'
export type {
  AcpProtocol,
  AcpSubagentNotification,
  AcpSubagentSpawned,
  AcpSubagentStateUpdate,
  AcpSubagentUpdate,
  AcpToolUpdate,
  AnyToolDefinition,
  CallOptions,
  CancelOptions,
  DeclineOptions,
  ElicitOptions,
  OutputOptions,
  PermissionRequestOptions,
  PresentationError,
  PresenterAnswer,
  PresenterProtocol,
  PresenterUpdate,
  ProgressOptions,
  SubagentOptions,
  ToolPresenter,
  ToolPresenterMethods,
  ToolPresenterOptions,
  UpdatesOf,
} from './presenter.js'
export { createToolPresenter } from './presenter.js'
export type { ClientHello, ClientProfile, ClientProfileName } from '../profiles/client-profile.js'
export { CLIENT_PROFILES, clientProfile } from '../profiles/client-profile.js'
export type { ElicitationAnswer, ElicitationFor, ElicitationScope, QuestionAnswer, QuestionToolName } from '../wire/elicitation.js'
export { answerFrom, elicitationFor, FORM_TEXT_LENGTH, supportsFormElicitation } from '../wire/elicitation.js'
