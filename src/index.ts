/**
 * tool-render-intent: how agent tool calls render, as a closed card-tagged
 * union. Start with {@link ToolCallView} and {@link defineTool}.
 *
 * @module
 */
export type {
  AudioBlock,
  BlobResourceContents,
  ContentAnnotations,
  ContentBlock,
  ContentMeta,
  DiffCallView,
  DiffResultView,
  EmbeddedResourceBlock,
  FileDiff,
  FileLocation,
  FileOperation,
  GenericCallView,
  GenericResultView,
  ImageBlock,
  PlanCallView,
  PlanEntry,
  PresentContext,
  ResourceLinkBlock,
  TerminalCallView,
  TerminalResultView,
  TextBlock,
  TextResourceContents,
  ToolCallKind,
  ToolCallView,
  ToolResult,
  ToolResultView,
} from './views.js'
export type { ArgsOf, PlanDocument, SessionPlan, ToolDefinition, ToolSpec } from './define-tool.js'
export { defineTool } from './define-tool.js'
export { assertNever } from './assert-never.js'
export { InvalidViewError, isInvalidViewError } from './invalid-view-error.js'
export { isToolCallView, isToolResultView, parseToolCallView, parseToolResultView } from './guards.js'
