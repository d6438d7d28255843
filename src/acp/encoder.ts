// The ACP v1 encoder: lifecycle events as `session/update`s. One small
// function per event, one switch naming them all.
import { commandOf, kindOf } from '../lifecycle/call-record.js'
import type {
  CallFinished,
  CallState,
  Encoder,
  EncoderSettings,
  EventEncoders,
  PermissionChoice,
  ProblemReport,
  PromptEvent,
} from '../lifecycle/events.js'
import { markdownInline } from '../safety/markdown-text.js'
import { declinedText } from '../lifecycle/declined.js'
import { planCard } from '../lifecycle/plan-card.js'
import { planDocumentUpdate, planRemovedUpdate } from '../wire/plan-document.js'
import type { PermissionOption, SubagentUpdate, ToolKind } from './sdk.js'
import {
  type AcpPlanByIdUpdate,
  type AcpPlanRemoved,
  type AcpPlanUpdate,
  type AcpToolCall,
  type BridgeOptions,
  buildToolCall,
  planByIdUpdate,
  planUpdate,
} from './call.js'
import type { TerminalOutputKey } from './capabilities.js'
import { commandTextEntries, consoleBlock } from '../wire/command-text.js'
import { textEntry } from '../wire/tool-call-content.js'
import { progressMeta, withParent } from '../wire/claude-code-meta.js'
import { subagentUpdate } from '../wire/subagent-update.js'
import { type AcpSubagentSpawned, type AcpSubagentStateUpdate, subagentSpawnedUpdates } from '../wire/subagent-spawned.js'

export type { AcpSubagentSpawned, AcpSubagentStateUpdate } from '../wire/subagent-spawned.js'
import type { ClientProfile } from '../profiles/client-profile.js'
import type { PermissionRequest } from '../wire/permission.js'
import {
  type AcpToolCallUpdate,
  buildToolResult,
  type CheckUpdate,
  type ResultBridgeOptions,
  terminalExitUpdate,
  terminalOutputUpdate,
} from './result.js'
import { safeUpdate } from '../wire/safe-update.js'
import { rawOutputOf, withRawOutput } from '../wire/raw-output.js'
import { wireTitle } from '../safety/title-text.js'
import { toolCallUpdateOf } from './updates.js'
import type { CardView } from '../lifecycle/events.js'

/**
 * The `subagent_update` arm of `SessionUpdate` in ACP v1's unstable schema
 * (`@agentclientprotocol/sdk/unstable`): announces a sub-agent's child
 * session on its parent session, then patches it (title, description, cwd,
 * capabilities, work state).
 */
export type AcpSubagentUpdate = SubagentUpdate & { sessionUpdate: 'subagent_update' }

/** Every child-session update v1 sends, in the shape the client's profile decodes ({@link ClientProfile.subagents}). */
export type AcpSubagentNotification = AcpSubagentUpdate | AcpSubagentSpawned | AcpSubagentStateUpdate

/**
 * What the v1 session presenter sends for a call: a `tool_call`, a
 * `tool_call_update`, or (for a plan card) a `plan`, or a `plan_update` for
 * a client that keeps plans by id.
 */
export type AcpToolUpdate = AcpToolCall | AcpToolCallUpdate | AcpPlanUpdate | AcpPlanByIdUpdate

/**
 * ACP v1, as the session presenter speaks it: for each lifecycle event the
 * updates v1 sends, the prompt, and what the presenter knows of the client.
 * `ToolPresenter<AcpProtocol>` is the v1 presenter.
 */
export interface AcpProtocol {
  readonly version: 1
  readonly updates: {
    readonly shown: AcpToolCall | AcpToolCallUpdate
    readonly plan: AcpPlanUpdate
    readonly 'plan-document': AcpPlanByIdUpdate
    readonly 'plan-removed': AcpPlanRemoved
    readonly started: AcpToolCallUpdate
    readonly output: AcpToolCallUpdate
    readonly snapshot: AcpToolCallUpdate
    readonly finished: AcpToolCallUpdate
    readonly 'plan-failed': AcpToolCall
    readonly cancelled: AcpToolCallUpdate
    readonly declined: AcpToolCallUpdate
    readonly progress: AcpToolCallUpdate
    readonly paused: AcpToolCallUpdate
    readonly subagent: AcpSubagentNotification
  }
  readonly prompt: PermissionRequest
  readonly permissionOption: PermissionOption
  readonly terminalOutput: boolean
  readonly terminalOutputKey: TerminalOutputKey | undefined
  readonly subagents: boolean
}

/**
 * The v1 encoder for a client that takes display-terminal output under
 * `key` (none: commands are shown as text), and child sessions in the
 * shape `subagents` names (`'none'`: a sub-agent is linked by `_meta` alone),
 * and a result's `rawOutput` when `rawOutput` is `'result'`, and plans as
 * `plans` names: the session's one `plan`, or `plan_update` by id (a
 * sub-agent's plan its own).
 */
export function acpEncoder(
  key: TerminalOutputKey | undefined,
  subagents: ClientProfile['subagents'],
  rawOutput: ClientProfile['rawOutput'] = 'none',
  plans: ClientProfile['plans'] = 'plan',
  content: ClientProfile['content'] = 'all',
): (settings: EncoderSettings) => Encoder<AcpProtocol['updates'], PermissionRequest> {
  // A client that shows no text content reads what hides in a diff or an input in the title.
  const hidingWarning = content === 'diff-and-terminal' ? 'title' : 'content'
  return ({ cwd, maxOutputLength, titles }) => {
    const bridgeFor = (call: CallState): BridgeOptions => ({
      terminalOutput: call.terminal,
      terminalOutputKey: key,
      cwd,
      rawInput: call.input,
      name: call.toolName,
      maxOutputLength,
      titles,
      hidingWarning,
    })

    const resultBridge = (call: CallState, isError: boolean): ResultBridgeOptions => ({
      terminalOutput: call.terminal,
      terminalOutputKey: key,
      cwd,
      callCard: call.view.card,
      kind: kindOf(call.view) as ToolKind,
      isError,
      maxOutputLength,
      command: commandOf(call.view),
      titles,
      hidingWarning,
    })

    // One arm per event, each typed by what v1 sends for it (AcpProtocol).
    const encoders: EventEncoders<AcpProtocol['updates']> = {
      shown: ({ call, view, first, keepsTerminal }, onProblems) => {
        const built = buildToolCall(call.toolCallId, view, bridgeFor(call))
        return [safeUpdate(first ? built : asUpdate(built, keepsTerminal), onProblems)]
      },
      // A `plan_update` goes to the session's `onPlan`, never into a method's return (typed with the stable schema).
      plan: (event, onProblems) => [
        plans === 'plan_update'
          ? (safeUpdate(planByIdUpdate(event.view, event.planId, titles), onProblems) as unknown as AcpPlanUpdate)
          : safeUpdate(planUpdate(event.view, titles), onProblems),
      ],
      // Proposed plans and removals exist only by id: the session sends them to `onPlan` alone.
      'plan-document': ({ planId, content }, onProblems) => [safeUpdate(planDocumentUpdate(planId, content), onProblems)],
      'plan-removed': ({ planId }, onProblems) => [safeUpdate(planRemovedUpdate(planId), onProblems)],
      started: ({ call }, onProblems) => [safeUpdate(toolCallUpdateOf(call.toolCallId, { status: 'in_progress' }), onProblems)],
      output: ({ call, data }, onProblems) => [safeUpdate(terminalOutputUpdate(call.toolCallId, data, key), onProblems)],
      snapshot: ({ call, text }, onProblems) => {
        const content = commandTextEntries(commandOf(call.view), cwd, consoleBlock(text), '')
        return content.length === 0 ? [] : [safeUpdate(toolCallUpdateOf(call.toolCallId, { content }), onProblems)]
      },
      finished: (event, onProblems) => {
        const updates = finishedUpdates(event, onProblems)
        return rawOutput === 'result' ? withRawOutput(updates, rawOutputOf(event, maxOutputLength)) : updates
      },
      'plan-failed': ({ call, view }, onProblems) => [
        safeUpdate(buildToolCall(call.toolCallId, view, { ...bridgeFor(call), status: 'failed' }), onProblems),
      ],
      cancelled: (event, onProblems) => {
        const { call } = event
        const id = call.toolCallId
        // v1 has no cancelled status: a call that will not finish has failed.
        const bridge: ResultBridgeOptions = { ...resultBridge(call, true), status: 'failed' }
        if (call.view.card !== 'terminal') return [safeUpdate(toolCallUpdateOf(id, { status: 'failed' }), onProblems)]
        if (call.terminal) {
          const exit = terminalExitUpdate(id, { signal: event.signal }, bridge)
          if (event.held === '') return [safeUpdate(exit, onProblems)]
          return [safeUpdate(terminalOutputUpdate(id, event.held, key), onProblems), safeUpdate(exit, onProblems)]
        }
        const ending = event.signal ? `Cancelled (${markdownInline(event.signal)})` : 'Cancelled'
        const content = commandTextEntries(commandOf(call.view), cwd, consoleBlock(event.held), ending)
        return [safeUpdate(toolCallUpdateOf(id, { status: 'failed', content }), onProblems)]
      },
      declined: (event, onProblems) => {
        // Not run: no terminal output, no exit code; the card says so instead (its content replaces a terminal).
        const content = [textEntry(declinedText(event.reason))]
        return [safeUpdate(toolCallUpdateOf(event.call.toolCallId, { status: 'failed', content }), onProblems)]
      },
      progress: (event, onProblems) => [
        safeUpdate(
          toolCallUpdateOf(event.call.toolCallId, {
            status: event.starts ? 'in_progress' : undefined,
            _meta: progressMeta(event.elapsedMs, event.message),
          }),
          onProblems,
        ),
      ],
      // v1 has no paused status: the card stays as it is.
      paused: () => [],
      subagent: (event, onProblems) => {
        if (subagents === 'subagent_update') return [safeUpdate(subagentUpdate(event, titles) as AcpSubagentUpdate, onProblems)]
        if (subagents === 'none') return []
        return subagentSpawnedUpdates(event, titles).map((update) => safeUpdate(update, onProblems))
      },
    }

    // A result's updates (its `rawOutput`, where the profile sends one, goes on the last).
    function finishedUpdates(event: CallFinished, onProblems: ProblemReport): AcpToolCallUpdate[] {
      const { call } = event
      const id = call.toolCallId
      const bridge = resultBridge(call, event.isError)
      if (event.rest !== undefined) {
        const exit = terminalExitUpdate(id, event.view.card === 'terminal' ? event.view : {}, bridge)
        if (event.rest === '') return [safeUpdate(exit, onProblems)]
        return [safeUpdate(terminalOutputUpdate(id, event.rest, key), onProblems), safeUpdate(exit, onProblems)]
      }
      const check: CheckUpdate = (update) => safeUpdate(update, onProblems)
      const updates = buildToolResult(id, event.view, bridge, check, event.shownOutput)
      // A display terminal still needs its end, or it would stay open.
      if (event.closesTerminal)
        updates.unshift(safeUpdate(terminalExitUpdate(id, {}, { ...bridge, status: updates[0].status ?? 'completed' }), onProblems))
      return updates
    }

    // The prompt's tool call: the card's fields as an update. On a card the
    // client has, content is sent only where it is the point of the prompt (a
    // diff, a command's description) and never over a display terminal.
    function prompt({ call, view, announced, choices, title }: PromptEvent, onProblems: ProblemReport): PermissionRequest {
      const shown: CardView = view.card === 'plan' ? planCard(view) : view
      const built = buildToolCall(call.toolCallId, shown, bridgeFor(call))
      const keepsContent = !(call.terminal && shown.card === 'terminal') && !(announced && shown.card === 'generic')
      const { sessionUpdate: _update, ...toolCall } = toolCallUpdateOf(call.toolCallId, {
        status: announced ? undefined : 'pending',
        title: title === undefined ? built.title : wireTitle(title, 'other', titles),
        kind: built.kind,
        name: built.name,
        content: keepsContent ? built.content : undefined,
        locations: built.locations,
        rawInput: built.rawInput,
      })
      return safeUpdate({ toolCall, options: choices as PermissionOption[] }, onProblems)
    }

    function refusedPrompt(_toolCallId: string | undefined, idLabel: string, title: string, choices: readonly PermissionChoice[]) {
      return {
        toolCall: { toolCallId: idLabel, title: wireTitle(title, 'other', titles), kind: 'other' as const },
        options: choices as PermissionOption[],
      }
    }

    const appliedByPrompt = (request: PermissionRequest): Record<string, unknown> => request.toolCall as Record<string, unknown>

    // Every update of a sub-agent's call names the call that spawned it.
    // (Titles were escaped for the client as they were built, so what the
    // client has was compared escaped to escaped.)
    const stamp = <Update>(updates: Update[], call: CallState): Update[] => withParent(updates, call.parentToolCallId)

    return {
      displayTerminals: key !== undefined,
      lateTerminals: false,
      plansById: plans === 'plan_update',
      encoders,
      stamp,
      prompt,
      refusedPrompt,
      appliedByPrompt,
    }
  }
}

// A `tool_call` for a call the client knows already, as an update: no
// status (it may be running), no `terminal_info`, and no content when the
// display terminal stays. Fields the client has already are left out later.
function asUpdate(toolCall: AcpToolCall, keepsTerminal: boolean): AcpToolCallUpdate {
  return toolCallUpdateOf(toolCall.toolCallId, {
    title: toolCall.title,
    kind: toolCall.kind,
    name: toolCall.name,
    content: keepsTerminal ? undefined : (toolCall.content ?? []),
    // What the new view lacks is cleared (the client's copy keeps an absent field).
    locations: toolCall.locations ?? [],
    rawInput: toolCall.rawInput,
  })
}
