/**
 * tool-render-intent: how agent tool calls render, as a closed card-tagged
 * union. Start with {@link ToolCallView} and {@link defineTool}.
 *
 * @module
 */
export type * from './views.js'
export type { SessionPlan, ToolDefinition, ToolSpec } from './define-tool.js'
export { defineTool } from './define-tool.js'
export { assertNever } from './assert-never.js'
export { InvalidViewError, isInvalidViewError } from './invalid-view-error.js'
export { isToolCallView, isToolResultView, parseToolCallView, parseToolResultView } from './guards.js'
