// The ACP v2 encoder: lifecycle events as v2 `session/update`s. One small
// function per event, one switch naming them all.
import { assertNever } from '../assert-never.js'
import type {
  CallState,
  CardView,
  Encoder,
  EncoderSettings,
  LifecycleEvent,
  PermissionChoice,
  ProblemReport,
  PromptEvent,
} from '../lifecycle/events.js'
import { declinedText } from '../lifecycle/declined.js'
import { planCard } from '../lifecycle/plan-card.js'
import { markdownLine } from '../safety/markdown-text.js'
import { resolvePath } from '../safety/paths.js'
import { runTitle, shownTitle } from '../safety/title-text.js'
import type { TerminalCallView } from '../views.js'
import { commandTextEntries, consoleBlock, descriptionText } from '../wire/command-text.js'
import { safeUpdate } from '../wire/safe-update.js'
import { textEntry } from '../wire/tool-call-content.js'
import { progressMeta, withParent } from '../wire/claude-code-meta.js'
import { plainTitles } from '../wire/plain-titles.js'
import { subagentUpdate } from '../wire/subagent-update.js'
import { unescapeMarkdownInline } from '../safety/markdown-unescape.js'
import { type BridgeOptions, buildToolCall, DEFAULT_PLAN_ID, planUpdate } from './call.js'
import { buildToolResult, type ResultBridgeOptions, settle, terminalEnd, terminalExit, terminalOutputChunk } from './result.js'
import type { PermissionOption } from './sdk.js'
import type {
  AcpV2PermissionRequest,
  AcpV2SubagentUpdate,
  AcpV2ToolCallContent,
  AcpV2ToolCallUpdate,
  AcpV2ToolKind,
  AcpV2Update,
} from './types.js'

// Everything the encoder sends: a call's updates, and its child session's.
type AcpV2Encoded = AcpV2Update | AcpV2SubagentUpdate

/**
 * The v2 encoder: every terminal card gets an agent-owned display terminal,
 * created whenever a card becomes one; a sub-agent's child session is
 * announced with `subagent_update`, which v2 clients understand without a
 * capability.
 */
export function acpV2Encoder({ cwd, maxOutputLength, titles }: EncoderSettings): Encoder<AcpV2Encoded, AcpV2PermissionRequest> {
  const bridgeFor = (toolName: string, rawInput: unknown, displayTerminal = false): BridgeOptions => ({
    cwd,
    rawInput,
    name: toolName,
    maxOutputLength,
    displayTerminal,
  })

  function encode(event: LifecycleEvent, onProblems: ProblemReport): AcpV2Encoded[] {
    const { call } = event
    const id = call.toolCallId
    const resultBridge = (isError: boolean): ResultBridgeOptions => ({
      cwd,
      callCard: call.card,
      displayTerminal: call.terminal,
      kind: call.kind as AcpV2ToolKind,
      isError,
      maxOutputLength,
      command: call.command,
    })
    switch (event.type) {
      case 'shown': {
        const { terminal, card } = buildToolCall(id, event.view, bridgeFor(call.toolName, call.input, call.terminal))
        if (!event.first) {
          // A patch: the status stays; what the new view lacks is cleared.
          delete card.status
          card.content ??= []
          card.locations ??= null
        }
        return deliverEach(terminal ? [terminal, card] : [card], onProblems)
      }
      case 'plan':
        return [safeUpdate(planUpdate(event.view, DEFAULT_PLAN_ID), onProblems)]
      case 'started':
        return [safeUpdate({ sessionUpdate: 'tool_call_update', toolCallId: id, status: 'in_progress' }, onProblems)]
      case 'output':
        return [safeUpdate(terminalOutputChunk(id, event.data), onProblems)]
      case 'snapshot': {
        // Only a terminal card without a display terminal streams as text; v2 gives every one a terminal.
        const content = commandTextEntries(call.command, cwd, consoleBlock(event.text), '') as unknown as AcpV2ToolCallContent[]
        return content.length === 0 ? [] : [safeUpdate({ sessionUpdate: 'tool_call_update', toolCallId: id, content }, onProblems)]
      }
      case 'finished': {
        const bridge = resultBridge(event.isError)
        if (event.rest !== undefined)
          return deliverEach(terminalEnd(id, event.rest, event.view.card === 'terminal' ? event.view : {}, bridge), onProblems)
        const updates = buildToolResult(id, event.view, bridge)
        // A display terminal still needs its end, or it would stay running.
        if (event.closesTerminal) updates.unshift(terminalExit(id, undefined, undefined))
        return deliverEach(updates, onProblems)
      }
      case 'plan-failed':
        return [safeUpdate(buildToolCall(id, event.view, { ...bridgeFor(call.toolName, call.input), status: 'failed' }).card, onProblems)]
      case 'cancelled': {
        const bridge: ResultBridgeOptions = { ...resultBridge(true), status: 'cancelled' }
        if (call.card !== 'terminal' || !call.terminal) return [safeUpdate(settle(id, undefined, 'cancelled', bridge), onProblems)]
        return deliverEach(terminalEnd(id, event.held, { signal: event.signal }, bridge), onProblems)
      }
      case 'declined': {
        // Not run: the terminal (if any) ends with no exit code, and the card says so instead of showing it.
        const content = [textEntry(declinedText(event.reason))] as unknown as AcpV2ToolCallContent[]
        const card: AcpV2Update = { sessionUpdate: 'tool_call_update', toolCallId: id, status: 'cancelled', content }
        return deliverEach(call.terminal ? [terminalExit(id, undefined, undefined), card] : [card], onProblems)
      }
      case 'progress': {
        const update: AcpV2ToolCallUpdate = { sessionUpdate: 'tool_call_update', toolCallId: id }
        if (event.starts) update.status = 'in_progress'
        update._meta = progressMeta(event.elapsedMs, event.message)
        return [safeUpdate(update, onProblems)]
      }
      case 'paused':
        return [safeUpdate({ sessionUpdate: 'tool_call_update', toolCallId: id, status: 'paused' }, onProblems)]
      case 'subagent':
        return [safeUpdate(subagentUpdate(event, titles) as AcpV2SubagentUpdate, onProblems)]
      default:
        return assertNever(event, 'the ACP v2 encoder')
    }
  }

  // The prompt for a view: a command subject for a terminal card, else the
  // card as a tool_call subject (content only where it is the point of the
  // prompt: a diff, or a card the prompt creates).
  function prompt({ call, view, announced, choices, title: own }: PromptEvent, onProblems: ProblemReport): AcpV2PermissionRequest {
    const options = choices as PermissionOption[]
    if (view.card === 'terminal') return safeUpdate({ ...commandPrompt(call.toolCallId, view, call.terminal), options }, onProblems)
    const shown: CardView = view.card === 'plan' ? planCard(view) : view
    const { sessionUpdate: _update, ...toolCall } = buildToolCall(call.toolCallId, shown, bridgeFor(call.toolName, call.input)).card
    if (announced) {
      delete toolCall.status
      if (shown.card === 'generic') delete toolCall.content
    }
    if (titles === 'plain') plainTitles([toolCall], call.kind)
    const ownTitle = own !== undefined && titles === 'plain' ? unescapeMarkdownInline(own) : own
    const title = ownTitle ?? toolCall.title ?? shownTitle(titles === 'plain' ? call.toolName : markdownLine(call.toolName), 'other')
    return safeUpdate({ title, subject: { type: 'tool_call', toolCall }, options }, onProblems)
  }

  function commandPrompt(toolCallId: string, view: TerminalCallView, terminal: boolean): Omit<AcpV2PermissionRequest, 'options'> {
    const request: Omit<AcpV2PermissionRequest, 'options'> = {
      // Within TITLE_LENGTH: the session refuses a prompt whose command it could not show whole.
      title: runTitle(view.title),
      subject: {
        type: 'command',
        command: view.title,
        cwd: resolvePath(view.cwd ?? '', cwd),
        toolCallId,
        ...(terminal ? { terminalId: toolCallId } : {}),
      },
    }
    if (view.description) request.description = descriptionText(view.description)
    return request
  }

  function refusedPrompt(
    toolCallId: string | undefined,
    _idLabel: string,
    title: string,
    choices: readonly PermissionChoice[],
  ): AcpV2PermissionRequest {
    const options = choices as PermissionOption[]
    if (toolCallId === undefined) return { title, options }
    return { title, subject: { type: 'tool_call', toolCall: { toolCallId, title, kind: 'other' } }, options }
  }

  // A prompt's tool call subject is applied to the card like an update; a command subject is not.
  const appliedByPrompt = (request: AcpV2PermissionRequest): Record<string, unknown> =>
    request.subject?.type === 'tool_call' ? (request.subject.toolCall as Record<string, unknown>) : {}

  // Every update of a sub-agent's call names the call that spawned it.
  // Titles for plain-text clients lose their Markdown escapes.
  const stamp = (updates: AcpV2Encoded[], call: CallState): AcpV2Encoded[] =>
    withParent(titles === 'plain' ? plainTitles(updates, call.kind) : updates, call.parentToolCallId)

  return { displayTerminals: true, lateTerminals: true, encode, stamp, prompt, refusedPrompt, appliedByPrompt }
}

function deliverEach(updates: AcpV2Update[], onProblems: ProblemReport): AcpV2Update[] {
  for (let index = 0; index < updates.length; index++) updates[index] = safeUpdate(updates[index], onProblems)
  return updates
}
