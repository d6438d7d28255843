/**
 * The bridge to the Agent Client Protocol (ACP v1): plain `SessionUpdate`
 * objects for a harness to send as `session/update` notifications. Zero
 * runtime dependencies; `@agentclientprotocol/sdk` is used for types only.
 *
 * Most harnesses need only {@link createToolPresenter}, once per session.
 *
 * @module
 */
export type { AcpToolCall, BridgeOptions } from './call.js'
export { toolCallUpdate } from './call.js'
export type { AcpToolCallUpdate, ResultBridgeOptions } from './result.js'
export { toolResultUpdates } from './result.js'
export { consoleFence } from './console-fence.js'
export { supportsTerminalOutput } from './capabilities.js'
export type { AnyToolDefinition, PresentationError, ToolPresenter, ToolPresenterOptions } from './presenter.js'
export { createToolPresenter } from './presenter.js'
