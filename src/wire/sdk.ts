// The ACP SDK's types for the shapes ACP v1 and the v2 draft share (content
// entries, locations, kinds, permission choices), named from the v1 types in
// one place. Type-only: nothing of the SDK runs. `resolution-mode` lets the
// CommonJS declarations reach the SDK's ES-module-only types (TypeScript 5.3+).
import type {
  ClientCapabilities,
  ContentBlock,
  CreateElicitationRequest,
  CreateElicitationResponse,
  ElicitationPropertySchema,
  ElicitationSchema,
  PermissionOption,
  RequestPermissionRequest,
  ToolCallContent,
  ToolCallLocation,
  ToolKind,
} from '@agentclientprotocol/sdk' with { 'resolution-mode': 'import' }

export type {
  ClientCapabilities,
  ContentBlock,
  CreateElicitationRequest,
  CreateElicitationResponse,
  ElicitationPropertySchema,
  ElicitationSchema,
  PermissionOption,
  RequestPermissionRequest,
  ToolCallContent,
  ToolCallLocation,
  ToolKind,
}
