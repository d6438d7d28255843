// The one way each update is built. Every field is written in one fixed
// order, whatever arm fills it in, so equal inputs serialise to equal JSON:
// replaying a session log gives the same bytes as the live session did.
import type { SessionUpdate, ToolCallContent, ToolCallLocation, ToolCallStatus, ToolKind } from './sdk.js'

/** The `tool_call` arm of ACP's `SessionUpdate`: a call's first appearance. */
export type AcpToolCall = Extract<SessionUpdate, { sessionUpdate: 'tool_call' }>

/** The `tool_call_update` arm of ACP's `SessionUpdate`. */
export type AcpToolCallUpdate = Extract<SessionUpdate, { sessionUpdate: 'tool_call_update' }>

/** What a card's update may carry; absent fields are left out of the update. */
export interface CardFields {
  readonly status?: ToolCallStatus | null | undefined
  readonly title?: string | null | undefined
  readonly kind?: ToolKind | null | undefined
  readonly name?: string | null | undefined
  readonly content?: ToolCallContent[] | undefined
  readonly locations?: ToolCallLocation[] | undefined
  readonly rawInput?: unknown
  readonly rawOutput?: unknown
  readonly _meta?: Record<string, unknown> | null | undefined
}

/**
 * A `tool_call`, its keys in the order `sessionUpdate, toolCallId, title,
 * kind, status, name, content, locations, rawInput, rawOutput, _meta`.
 */
export function toolCallOf(toolCallId: string, title: string, kind: ToolKind, status: ToolCallStatus, fields: CardFields): AcpToolCall {
  const update: AcpToolCall = { sessionUpdate: 'tool_call', toolCallId, title, kind, status }
  if (fields.name !== undefined) update.name = fields.name
  if (fields.content !== undefined) update.content = fields.content
  if (fields.locations !== undefined) update.locations = fields.locations
  if (fields.rawInput !== undefined) update.rawInput = fields.rawInput
  if (fields.rawOutput !== undefined) update.rawOutput = fields.rawOutput
  if (fields._meta !== undefined) update._meta = fields._meta
  return update
}

/**
 * A `tool_call_update`, its keys in the order `sessionUpdate, toolCallId,
 * status, title, kind, name, content, locations, rawInput, rawOutput, _meta`.
 */
export function toolCallUpdateOf(toolCallId: string, fields: CardFields): AcpToolCallUpdate {
  const update: AcpToolCallUpdate = { sessionUpdate: 'tool_call_update', toolCallId }
  if (fields.status !== undefined) update.status = fields.status
  if (fields.title !== undefined) update.title = fields.title
  if (fields.kind !== undefined) update.kind = fields.kind
  if (fields.name !== undefined) update.name = fields.name
  if (fields.content !== undefined) update.content = fields.content
  if (fields.locations !== undefined) update.locations = fields.locations
  if (fields.rawInput !== undefined) update.rawInput = fields.rawInput
  if (fields.rawOutput !== undefined) update.rawOutput = fields.rawOutput
  if (fields._meta !== undefined) update._meta = fields._meta
  return update
}
