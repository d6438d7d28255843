// The ACP SDK's types this entry point uses, imported in one place. Type-only:
// nothing of the SDK runs. `resolution-mode` lets the CommonJS declarations
// reach the SDK's ES-module-only types (TypeScript 5.3+).
import type {
  ClientCapabilities,
  ContentBlock,
  PermissionOption,
  RequestPermissionRequest,
  SessionUpdate,
  ToolCallContent,
  ToolCallLocation,
  ToolCallStatus,
  ToolKind,
} from '@agentclientprotocol/sdk' with { 'resolution-mode': 'import' }
// `subagent_update` is in the SDK's unstable schema only.
import type { SubagentUpdate } from '@agentclientprotocol/sdk/unstable' with { 'resolution-mode': 'import' }
// So are plans by id (`plan_update`, for a client that declares `plan`).
import type { PlanRemoved, PlanUpdate } from '@agentclientprotocol/sdk/unstable' with { 'resolution-mode': 'import' }

export type {
  ClientCapabilities,
  ContentBlock,
  PermissionOption,
  RequestPermissionRequest,
  SessionUpdate,
  ToolCallContent,
  ToolCallLocation,
  ToolCallStatus,
  SubagentUpdate,
  PlanRemoved,
  PlanUpdate,
  ToolKind,
}
