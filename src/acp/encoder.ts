// The ACP v1 encoder: lifecycle events as `session/update`s. One small
// function per event, one switch naming them all.
import { assertNever } from '../assert-never.js'
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
import { isSafeToolUpdate, safeUpdate, type WellFormed } from '../wire/safe-update.js'
import { jsonSafeCopy } from '../safety/json-safe.js'
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
      titles,
    })

    const resultBridge = (call: CallState, isError: boolean): ResultBridgeOptions => ({
      terminalOutput: call.terminal,
      terminalOutputKey: key,
      cwd,
      callCard: call.card,
      kind: call.kind as ToolKind,
      isError,
      maxOutputLength,
      command: call.command,
      titles,
    })

    function encode(event: LifecycleEvent, onProblems: ProblemReport): AcpEncoded[] {
      const { call } = event
      const id = call.toolCallId
      switch (event.type) {
        case 'shown': {
          const built = buildToolCall(id, event.view, bridgeFor(call))
          const update = event.first ? built : asUpdate(built, event.keepsTerminal)
          const vouched = event.inputCost >= 0
          return [deliver(update, onProblems, undefined, vouched ? call.input : undefined, vouched ? event.inputCost : undefined)]
        }
        case 'plan':
          return [deliver(planUpdate(event.view, titles), onProblems)]
        case 'started':
          return [toolCallUpdateOf(id, { status: 'in_progress' })]
        case 'output':
          // The event's data is sanitised output: well formed.
          return [deliver(terminalOutputUpdate(id, event.data, key), onProblems, event.data)]
        case 'snapshot': {
          const content = commandTextEntries(call.command, cwd, consoleBlock(event.text), '')
          return content.length === 0 ? [] : [deliver(toolCallUpdateOf(id, { content }), onProblems)]
        }
        case 'finished': {
          const bridge = resultBridge(call, event.isError)
          if (event.rest !== undefined) {
            const exit = terminalExitUpdate(id, event.view.card === 'terminal' ? event.view : {}, bridge)
            if (event.rest === '') return [deliver(exit, onProblems)]
            return [deliver(terminalOutputUpdate(id, event.rest, key), onProblems, event.rest), deliver(exit, onProblems)]
          }
          const check: CheckUpdate = (update, wellFormed) => deliver(update, onProblems, wellFormed)
          const updates = buildToolResult(id, event.view, bridge, check, event.shownOutput)
          // A display terminal still needs its end, or it would stay open.
          if (event.closesTerminal)
            updates.unshift(deliver(terminalExitUpdate(id, {}, { ...bridge, status: updates[0].status ?? 'completed' }), onProblems))
          return updates
        }
        case 'plan-failed':
          return [deliver(buildToolCall(id, event.view, { ...bridgeFor(call), status: 'failed' }), onProblems)]
        case 'cancelled': {
          // v1 has no cancelled status: a call that will not finish has failed.
          const bridge: ResultBridgeOptions = { ...resultBridge(call, true), status: 'failed' }
          if (call.card !== 'terminal') return [deliver(toolCallUpdateOf(id, { status: 'failed' }), onProblems)]
          if (call.terminal) {
            const exit = terminalExitUpdate(id, { signal: event.signal }, bridge)
            if (event.held === '') return [deliver(exit, onProblems)]
            return [deliver(terminalOutputUpdate(id, event.held, key), onProblems, event.held), deliver(exit, onProblems)]
          }
          const ending = event.signal ? `Cancelled (${markdownInline(event.signal)})` : 'Cancelled'
          const content = commandTextEntries(call.command, cwd, consoleBlock(event.held), ending)
          return [deliver(toolCallUpdateOf(id, { status: 'failed', content }), onProblems)]
        }
        case 'declined': {
          // Not run: no terminal output, no exit code; the card says so instead (its content replaces a terminal).
          const content = [textEntry(declinedText(event.reason))]
          return [deliver(toolCallUpdateOf(id, { status: 'failed', content }), onProblems)]
        }
        case 'progress':
          return [
            deliver(
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
    const stamp = (updates: AcpEncoded[], call: CallState): AcpEncoded[] => withParent(updates, call.parentToolCallId)

    return { displayTerminals: key !== undefined, lateTerminals: false, encode, stamp, prompt, refusedPrompt, appliedByPrompt }
  }
}

// An update the builders made, checked before it leaves: itself when it
// serialises (see isSafeToolUpdate), else its copy, reported. The proofs come
// with the update from whoever built it: `wellFormed`, text in it known to be
// well formed; `input`, arguments checked on the way in that nothing but the
// library's own code has seen since (as the update's rawInput they count
// `inputCost` without a second walk).
function deliver<Update extends object>(
  update: Update,
  onProblems: ProblemReport,
  wellFormed?: WellFormed,
  input?: unknown,
  inputCost?: number,
): Update {
  if (isSafeToolUpdate(update, input, inputCost, wellFormed)) return update
  const copy = jsonSafeCopy(update, 'update')
  if (copy.problems.length > 0) onProblems(copy.problems)
  return copy.value as Update
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
