/**
 * tool-render-intent: how agent tool calls render, as a closed card-tagged
 * union. Start with {@link ToolCallView} and {@link defineTool}.
 *
 * @module
 */
export type {
  ContentBlock,
  DiffCallView,
  DiffResultView,
  FileDiff,
  FileLocation,
  GenericCallView,
  GenericResultView,
  PlanCallView,
  PlanEntry,
  PresentContext,
  TerminalCallView,
  TerminalResultView,
  ToolCallKind,
  ToolCallView,
  ToolResult,
  ToolResultView,
} from './views.js'
export type { SessionPlan, ToolDefinition } from './define-tool.js'
export { defineTool } from './define-tool.js'
export { assertNever } from './assert-never.js'
export { InvalidViewError } from './invalid-view-error.js'
export { isToolCallView, isToolResultView, parseToolCallView, parseToolResultView } from './guards.js'
