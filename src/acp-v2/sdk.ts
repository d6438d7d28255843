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
// `subagent_update` is in the SDK's unstable v2 schema only.
import type {
  PlanRemoved,
  PlanUpdate as UnstablePlanUpdate,
  SubagentUpdate,
} from '@agentclientprotocol/sdk/experimental/v2/unstable' with { 'resolution-mode': 'import' }

export type {
  PermissionOption,
  PlanRemoved,
  PlanUpdate,
  RequestPermissionRequest,
  SubagentUpdate,
  UnstablePlanUpdate,
  TerminalOutputChunk,
  TerminalUpdate,
  ToolCallContent,
  ToolCallStatus,
  ToolCallUpdate,
  ToolKind,
}
