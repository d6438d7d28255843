// The ACP SDK's experimental v2 types this entry point uses, imported in one
// place. Type-only: nothing of the SDK runs. `resolution-mode` lets the
// CommonJS declarations reach the SDK's ES-module-only types (TypeScript 5.3+).
import type {
  PermissionOption,
  PlanUpdate,
  RequestPermissionRequest,
  TerminalOutputChunk,
  TerminalUpdate,
  ToolCallContent,
  ToolCallStatus,
  ToolCallUpdate,
  ToolKind,
} from '@agentclientprotocol/sdk/experimental/v2' with { 'resolution-mode': 'import' }

export type {
  PermissionOption,
  PlanUpdate,
  RequestPermissionRequest,
  TerminalOutputChunk,
  TerminalUpdate,
  ToolCallContent,
  ToolCallStatus,
  ToolCallUpdate,
  ToolKind,
}
