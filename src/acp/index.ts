/**
 * The bridge to the Agent Client Protocol (ACP v1): plain `SessionUpdate`
 * objects for a harness to send as `session/update` notifications. Zero
 * runtime dependencies; `@agentclientprotocol/sdk` is used for types only.
 *
 * Most harnesses need only {@link createToolPresenter}, once per session.
 *
 * @module
 */
export type { AcpPlanUpdate, AcpToolCall, BridgeOptions } from './call.js'
export { DEFAULT_MAX_OUTPUT_LENGTH, toolCallUpdate } from './call.js'
export type { AcpToolCallUpdate, ResultBridgeOptions } from './result.js'
export { toolResultUpdates } from './result.js'
export type { CommandContext } from '../wire/command-text.js'
export { consoleFence } from './console-fence.js'
export type { TerminalOutputKey } from './capabilities.js'
export { supportsSubagents, supportsTerminalOutput, terminalOutputKey } from './capabilities.js'
export { SNAPSHOT_LENGTH, SNAPSHOT_LINES } from '../lifecycle/output-stream.js'
export { TITLE_LENGTH } from '../safety/title-text.js'
export type { PermissionRequest } from '../wire/permission.js'
export { permissionOptions } from '../wire/permission.js'
export type {
  AcpSubagentUpdate,
  AcpToolUpdate,
  AnyToolDefinition,
  CallOptions,
  CancelOptions,
  DeclineOptions,
  OutputOptions,
  PermissionRequestOptions,
  PresentationError,
  ProgressOptions,
  SubagentOptions,
  ToolPresenter,
  ToolPresenterOptions,
} from './presenter.js'
export { createToolPresenter, DEFAULT_OUTPUT_INTERVAL } from './presenter.js'
export type { ElicitationAnswer, ElicitationFor, ElicitationScope, QuestionAnswer, QuestionToolName } from '../wire/elicitation.js'
export { answerFrom, elicitationFor, FORM_TEXT_LENGTH, supportsFormElicitation } from '../wire/elicitation.js'
