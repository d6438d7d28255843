// The ACP v2 draft shapes this entry point emits, named from the SDK's
// experimental v2 types (type-only: nothing here exists at run time).
import type {
  PermissionOption,
  PlanRemoved,
  PlanUpdate,
  RequestPermissionRequest,
  SubagentUpdate,
  TerminalOutputChunk,
  TerminalUpdate,
  ToolCallContent,
  ToolCallStatus,
  ToolCallUpdate,
  ToolKind,
  UnstablePlanUpdate,
} from './sdk.js'

/**
 * The `tool_call_update` arm of ACP v2's `SessionUpdate`: an upsert keyed by
 * `toolCallId`. The first one for an id creates the card; later ones patch it
 * (an omitted field stays, `null` clears, a value replaces; `content` and
 * `locations` are replaced whole).
 */
export type AcpV2ToolCallUpdate = ToolCallUpdate & { sessionUpdate: 'tool_call_update' }

/**
 * The `terminal_update` arm of ACP v2's `SessionUpdate`: creates or patches
 * an agent-owned, display-only terminal (its command, cwd, an output
 * snapshot, its exit status).
 */
export type AcpV2TerminalUpdate = TerminalUpdate & { sessionUpdate: 'terminal_update' }

/** The `terminal_output_chunk` arm of ACP v2's `SessionUpdate`: base64 bytes appended to a terminal's output. */
export type AcpV2TerminalOutputChunk = TerminalOutputChunk & { sessionUpdate: 'terminal_output_chunk' }

/** The `plan_update` arm of ACP v2's `SessionUpdate`: a plan, by id, replaced whole. */
export type AcpV2PlanUpdate = PlanUpdate & { sessionUpdate: 'plan_update' }

/**
 * What ACP v2's unstable schema (`@agentclientprotocol/sdk/experimental/v2/unstable`)
 * adds to plans by id, sent through the presenter's `onPlan`: a proposed
 * plan's `plan_update` (`type: 'markdown'` or `'file'`), and `plan_removed`
 * for a plan that is over.
 */
export type AcpV2UnstablePlanUpdate =
  | (UnstablePlanUpdate & { sessionUpdate: 'plan_update' })
  | (PlanRemoved & { sessionUpdate: 'plan_removed' })

/**
 * The `subagent_update` arm of `SessionUpdate` in ACP v2's unstable schema
 * (`@agentclientprotocol/sdk/experimental/v2/unstable`): announces a
 * sub-agent's child session on its parent session, then patches it (title,
 * description, cwd, capabilities, work state).
 */
export type AcpV2SubagentUpdate = SubagentUpdate & { sessionUpdate: 'subagent_update' }

/** Every `session/update` payload the v2 bridge emits for a call (a child session's is {@link AcpV2SubagentUpdate}). */
export type AcpV2Update = AcpV2ToolCallUpdate | AcpV2TerminalUpdate | AcpV2TerminalOutputChunk | AcpV2PlanUpdate

/**
 * The parameters of ACP v2's `session/request_permission`, without
 * `sessionId`: the prompt's `title`, an optional `description`, the
 * `subject` (the tool call, or the command with its cwd) and the `options`.
 */
export type AcpV2PermissionRequest = Omit<RequestPermissionRequest, 'sessionId'>

/** ACP v2's tool-call content: a content block, a diff, or a terminal reference. */
export type AcpV2ToolCallContent = ToolCallContent

/** ACP v2's tool-call status (SDK 2.4.0): v1's four plus `paused` (which the presenter never sends) and `cancelled`. */
export type AcpV2ToolCallStatus = ToolCallStatus

/** ACP v2's tool kind (v1's set, extensible). */
export type AcpV2ToolKind = ToolKind

/**
 * ACP v2, as the session presenter speaks it: for each lifecycle event the
 * updates v2 sends, the prompt, and what the presenter knows of the client
 * (every v2 client shows terminals and takes child sessions).
 * `ToolPresenter<AcpV2Protocol>` is the v2 presenter.
 */
export interface AcpV2Protocol {
  readonly version: 2
  readonly updates: {
    readonly shown: AcpV2ToolCallUpdate | AcpV2TerminalUpdate
    readonly plan: AcpV2PlanUpdate
    readonly 'plan-document': AcpV2UnstablePlanUpdate
    readonly 'plan-removed': AcpV2UnstablePlanUpdate
    readonly started: AcpV2ToolCallUpdate
    readonly output: AcpV2TerminalOutputChunk
    readonly snapshot: AcpV2ToolCallUpdate
    readonly finished: AcpV2Update
    readonly 'plan-failed': AcpV2ToolCallUpdate
    readonly cancelled: AcpV2Update
    readonly declined: AcpV2Update
    readonly progress: AcpV2ToolCallUpdate
    readonly paused: AcpV2ToolCallUpdate
    readonly subagent: AcpV2SubagentUpdate
  }
  readonly prompt: AcpV2PermissionRequest
  readonly permissionOption: PermissionOption
  readonly terminalOutput: true
  readonly terminalOutputKey: undefined
  readonly subagents: true
}
