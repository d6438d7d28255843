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
export type {
  AcpV2PermissionRequest,
  AcpV2PlanUpdate,
  AcpV2UnstablePlanUpdate,
  AcpV2Protocol,
  AcpV2SubagentUpdate,
  AcpV2TerminalOutputChunk,
  AcpV2TerminalUpdate,
  AcpV2ToolCallContent,
  AcpV2ToolCallStatus,
  AcpV2ToolCallUpdate,
  AcpV2ToolKind,
  AcpV2Update,
} from './types.js'
export type { BridgeOptions } from './call.js'
export { DEFAULT_PLAN_ID, toolCallUpdates } from './call.js'
export type { ResultBridgeOptions } from './result.js'
export { toolResultUpdates } from './result.js'
export type { PermissionRequestOptions, ToolPresenter, ToolPresenterOptions } from './presenter.js'
export { createToolPresenter } from './presenter.js'
export type {
  AnyToolDefinition,
  CallOptions,
  CancelOptions,
  DeclineOptions,
  ElicitOptions,
  OutputOptions,
  PresentationError,
  PresenterAnswer,
  PresenterProtocol,
  PresenterUpdate,
  ProgressOptions,
  SubagentOptions,
  ToolPresenterMethods,
  UpdatesOf,
} from '../lifecycle/session.js'
export type { CommandContext } from '../lifecycle/events.js'
export { DEFAULT_MAX_OUTPUT_LENGTH } from '../lifecycle/limits.js'
export { TITLE_LENGTH } from '../safety/title-text.js'
export { permissionOptions } from '../wire/permission.js'
export type { ClientHello, ClientProfile, ClientProfileName } from '../profiles/client-profile.js'
export { CLIENT_PROFILES, clientProfile } from '../profiles/client-profile.js'
export type { ElicitationAnswer, ElicitationFor, ElicitationScope, QuestionAnswer, QuestionToolName } from '../wire/elicitation.js'
export { answerFrom, elicitationFor, FORM_TEXT_LENGTH, supportsFormElicitation } from '../wire/elicitation.js'
