// The ACP v1 encoder: lifecycle events as `session/update`s. One small
// function per event, one switch naming them all.
import { assertNever } from '../assert-never.js'
import { commandOf, kindOf } from '../lifecycle/call-record.js'
import type {
  CallState,
  Encoder,
  EncoderSettings,
  LifecycleEvent,
  PermissionChoice,
  ProblemReport,
  PromptEvent,
} from '../lifecycle/events.js'
import { markdownInline } from '../safety/markdown-text.js'
import { declinedText } from '../lifecycle/declined.js'
import { planCard } from '../lifecycle/plan-card.js'
import type { PermissionOption, SubagentUpdate, ToolKind } from './sdk.js'
import { type AcpPlanUpdate, type AcpToolCall, type BridgeOptions, buildToolCall, planUpdate } from './call.js'
import type { TerminalOutputKey } from './capabilities.js'
import { commandTextEntries, consoleBlock } from '../wire/command-text.js'
import { textEntry } from '../wire/tool-call-content.js'
import { progressMeta, withParent } from '../wire/claude-code-meta.js'
import { plainTitles } from '../wire/plain-titles.js'
import { subagentUpdate } from '../wire/subagent-update.js'
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
import { toolCallUpdateOf } from './updates.js'
import type { CardView } from '../lifecycle/events.js'

/**
 * The `subagent_update` arm of `SessionUpdate` in ACP v1's unstable schema
 * (`@agentclientprotocol/sdk/unstable`): announces a sub-agent's child
 * session on its parent session, then patches it (title, description, cwd,
 * capabilities, work state).
 */
export type AcpSubagentUpdate = SubagentUpdate & { sessionUpdate: 'subagent_update' }

/** What the v1 session presenter sends for a call: a `tool_call`, a `tool_call_update`, or (for a plan card) a `plan`. */
export type AcpToolUpdate = AcpToolCall | AcpToolCallUpdate | AcpPlanUpdate

/** Everything the v1 encoder sends: a call's updates, and (for a client that takes child sessions) `subagent_update`s. */
type AcpEncoded = AcpToolUpdate | AcpSubagentUpdate

/**
 * The v1 encoder for a client that takes display-terminal output under
 * `key` (none: commands are shown as text), and child sessions when
 * `subagents` (else a sub-agent is linked by `_meta` alone).
 */
export function acpEncoder(
  key: TerminalOutputKey | undefined,
  subagents: boolean,
): (settings: EncoderSettings) => Encoder<AcpEncoded, PermissionRequest> {
  return ({ cwd, maxOutputLength, titles }) => {
    const bridgeFor = (call: CallState): BridgeOptions => ({
      terminalOutput: call.terminal,
      terminalOutputKey: key,
      cwd,
      rawInput: call.input,
      name: call.toolName,
      maxOutputLength,
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
    })

    function encode(event: LifecycleEvent, onProblems: ProblemReport): AcpEncoded[] {
      const { call } = event
      const id = call.toolCallId
      switch (event.type) {
        case 'shown': {
          const built = buildToolCall(id, event.view, bridgeFor(call))
          const update = event.first ? built : asUpdate(built, event.keepsTerminal)
          return [safeUpdate(update, onProblems)]
        }
        case 'plan':
          return [safeUpdate(planUpdate(event.view), onProblems)]
        case 'started':
          return [toolCallUpdateOf(id, { status: 'in_progress' })]
        case 'output':
          return [safeUpdate(terminalOutputUpdate(id, event.data, key), onProblems)]
        case 'snapshot': {
          const content = commandTextEntries(commandOf(call.view), cwd, consoleBlock(event.text), '')
          return content.length === 0 ? [] : [safeUpdate(toolCallUpdateOf(id, { content }), onProblems)]
        }
        case 'finished': {
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
        case 'plan-failed':
          return [safeUpdate(buildToolCall(id, event.view, { ...bridgeFor(call), status: 'failed' }), onProblems)]
        case 'cancelled': {
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
        }
        case 'declined': {
          // Not run: no terminal output, no exit code; the card says so instead (its content replaces a terminal).
          const content = [textEntry(declinedText(event.reason))]
          return [safeUpdate(toolCallUpdateOf(id, { status: 'failed', content }), onProblems)]
        }
        case 'progress':
          return [
            safeUpdate(
              toolCallUpdateOf(id, {
                status: event.starts ? 'in_progress' : undefined,
                _meta: progressMeta(event.elapsedMs, event.message),
              }),
              onProblems,
            ),
          ]
        case 'paused':
          // v1 has no paused status: the card stays as it is.
          return []
        case 'subagent':
          return subagents ? [safeUpdate(subagentUpdate(event, titles) as AcpSubagentUpdate, onProblems)] : []
        default:
          return assertNever(event, 'the ACP v1 encoder')
      }
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
        title: title ?? built.title,
        kind: built.kind,
        name: built.name,
        content: keepsContent ? built.content : undefined,
        locations: built.locations,
        rawInput: built.rawInput,
      })
      if (titles === 'plain') plainTitles([toolCall], kindOf(call.view))
      return safeUpdate({ toolCall, options: choices as PermissionOption[] }, onProblems)
    }

    function refusedPrompt(_toolCallId: string | undefined, idLabel: string, title: string, choices: readonly PermissionChoice[]) {
      return { toolCall: { toolCallId: idLabel, title, kind: 'other' as const }, options: choices as PermissionOption[] }
    }

    const appliedByPrompt = (request: PermissionRequest): Record<string, unknown> => request.toolCall as Record<string, unknown>

    // Every update of a sub-agent's call names the call that spawned it.
    // Titles for plain-text clients lose their Markdown escapes.
    const stamp = (updates: AcpEncoded[], call: CallState): AcpEncoded[] =>
      withParent(titles === 'plain' ? plainTitles(updates, kindOf(call.view)) : updates, call.parentToolCallId)

    return { displayTerminals: key !== undefined, lateTerminals: false, encode, stamp, prompt, refusedPrompt, appliedByPrompt }
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
