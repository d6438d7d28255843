// The ACP v2 encoder: lifecycle events as v2 `session/update`s. One small
// function per event, one switch naming them all.
import { commandOf, kindOf } from '../lifecycle/call-record.js'
import type {
  CallFinished,
  CallState,
  CardView,
  Encoder,
  EncoderSettings,
  EventEncoders,
  PermissionChoice,
  ProblemReport,
  PromptEvent,
} from '../lifecycle/events.js'
import { declinedText } from '../lifecycle/declined.js'
import { planCard } from '../lifecycle/plan-card.js'
import { planDocumentUpdate, planRemovedUpdate } from '../wire/plan-document.js'
import { resolvePath } from '../safety/paths.js'
import { runTitle, wireTitle } from '../safety/title-text.js'
import type { TerminalCallView } from '../views.js'
import { commandTextEntries, consoleBlock, descriptionText } from '../wire/command-text.js'
import { safeUpdate } from '../wire/safe-update.js'
import { textEntry } from '../wire/tool-call-content.js'
import { progressMeta, withParent } from '../wire/claude-code-meta.js'
import { subagentUpdate } from '../wire/subagent-update.js'
import { rawOutputOf, withRawOutput } from '../wire/raw-output.js'
import type { ClientProfile } from '../profiles/client-profile.js'
import { type BridgeOptions, buildToolCall, planUpdate } from './call.js'
import { buildToolResult, type ResultBridgeOptions, settle, terminalEnd, terminalExit, terminalOutputChunk } from './result.js'
import type { PermissionOption } from './sdk.js'
import type {
  AcpV2PermissionRequest,
  AcpV2Protocol,
  AcpV2SubagentUpdate,
  AcpV2TerminalUpdate,
  AcpV2ToolCallContent,
  AcpV2ToolCallUpdate,
  AcpV2ToolKind,
  AcpV2Update,
} from './types.js'

/**
 * The v2 encoder: every terminal card gets an agent-owned display terminal,
 * created whenever a card becomes one; a sub-agent's child session is
 * announced with `subagent_update`, which v2 clients understand without a
 * capability.
 */
export function acpV2Encoder(
  { cwd, maxOutputLength, titles }: EncoderSettings,
  rawOutput: ClientProfile['rawOutput'] = 'none',
): Encoder<AcpV2Protocol['updates'], AcpV2PermissionRequest> {
  const bridgeFor = (toolName: string, rawInput: unknown, displayTerminal = false): BridgeOptions => ({
    cwd,
    rawInput,
    name: toolName,
    maxOutputLength,
    titles,
    displayTerminal,
  })

  const resultBridge = (call: CallState, isError: boolean): ResultBridgeOptions => ({
    cwd,
    callCard: call.view.card,
    displayTerminal: call.terminal,
    kind: kindOf(call.view) as AcpV2ToolKind,
    isError,
    maxOutputLength,
    command: commandOf(call.view),
    titles,
  })

  // One arm per event, each typed by what v2 sends for it (AcpV2Protocol).
  const encoders: EventEncoders<AcpV2Protocol['updates']> = {
    shown: ({ call, view, first }, onProblems) => {
      const { terminal, card } = buildToolCall(call.toolCallId, view, bridgeFor(call.toolName, call.input, call.terminal))
      if (!first) {
        // A patch: the status stays; what the new view lacks is cleared.
        delete card.status
        card.content ??= []
        card.locations ??= null
      }
      return deliverEach<AcpV2ToolCallUpdate | AcpV2TerminalUpdate>(terminal ? [terminal, card] : [card], onProblems)
    },
    plan: (event, onProblems) => [safeUpdate(planUpdate(event.view, event.planId, titles), onProblems)],
    // The unstable schema's: the session sends them to `onPlan` alone.
    'plan-document': ({ planId, content }, onProblems) => [safeUpdate(planDocumentUpdate(planId, content), onProblems)],
    'plan-removed': ({ planId }, onProblems) => [safeUpdate(planRemovedUpdate(planId), onProblems)],
    started: ({ call }, onProblems) => [
      safeUpdate({ sessionUpdate: 'tool_call_update', toolCallId: call.toolCallId, status: 'in_progress' }, onProblems),
    ],
    output: ({ call, data }, onProblems) => [safeUpdate(terminalOutputChunk(call.toolCallId, data), onProblems)],
    snapshot: ({ call, text }, onProblems) => {
      // Only a terminal card without a display terminal streams as text; v2 gives every one a terminal.
      const content = commandTextEntries(commandOf(call.view), cwd, consoleBlock(text), '') as unknown as AcpV2ToolCallContent[]
      return content.length === 0
        ? []
        : [safeUpdate({ sessionUpdate: 'tool_call_update', toolCallId: call.toolCallId, content }, onProblems)]
    },
    finished: (event, onProblems) => {
      const updates = finishedUpdates(event, onProblems)
      return rawOutput === 'result' ? withRawOutput(updates, rawOutputOf(event, maxOutputLength)) : updates
    },
    'plan-failed': ({ call, view }, onProblems) => [
      safeUpdate(buildToolCall(call.toolCallId, view, { ...bridgeFor(call.toolName, call.input), status: 'failed' }).card, onProblems),
    ],
    cancelled: ({ call, held, signal }, onProblems) => {
      const bridge: ResultBridgeOptions = { ...resultBridge(call, true), status: 'cancelled' }
      if (call.view.card !== 'terminal' || !call.terminal)
        return [safeUpdate(settle(call.toolCallId, undefined, 'cancelled', bridge), onProblems)]
      return deliverEach(terminalEnd(call.toolCallId, held, { signal }, bridge), onProblems)
    },
    declined: ({ call, reason }, onProblems) => {
      const id = call.toolCallId
      // Not run: the terminal (if any) ends with no exit code, and the card says so instead of showing it.
      const content = [textEntry(declinedText(reason))] as unknown as AcpV2ToolCallContent[]
      const card: AcpV2Update = { sessionUpdate: 'tool_call_update', toolCallId: id, status: 'cancelled', content }
      return deliverEach(call.terminal ? [terminalExit(id, undefined, undefined), card] : [card], onProblems)
    },
    progress: (event, onProblems) => {
      const update: AcpV2ToolCallUpdate = { sessionUpdate: 'tool_call_update', toolCallId: event.call.toolCallId }
      if (event.starts) update.status = 'in_progress'
      update._meta = progressMeta(event.elapsedMs, event.message)
      return [safeUpdate(update, onProblems)]
    },
    // No `paused` status. SDK 2.4.0's v2 schema has one; the draft at its
    // head does not. Checked in agentclientprotocol/agent-client-protocol at
    // b7f0005493b98de32fabee3e9540e2b64da68535 (schema v2.0.0-alpha.3):
    // schema/v2/schema.json `ToolCallStatus` is pending, in_progress,
    // completed, failed, cancelled, and agent-client-protocol-schema/src/v2/
    // tool_call.rs reads any other value as `Other`, reserved for later
    // versions. No client decodes it: Zed speaks v1 only (zed-industries/zed
    // at f3cbcc8ebdbd24592c5555bfda1f138c22d6b2ce, crates/agent_servers/src/
    // acp/mod.rs: `InitializeRequest::new(acp::ProtocolVersion::V1)`). So, as
    // on v1, the card keeps `pending` or `in_progress`; a child session the
    // call spawned still shows the pause (`requires_action`).
    paused: () => [],
    subagent: (event, onProblems) => [safeUpdate(subagentUpdate(event, titles) as AcpV2SubagentUpdate, onProblems)],
  }

  // A result's updates (its `rawOutput`, where the profile sends one, goes on the last card update).
  function finishedUpdates(event: CallFinished, onProblems: ProblemReport): AcpV2Update[] {
    const id = event.call.toolCallId
    const bridge = resultBridge(event.call, event.isError)
    if (event.rest !== undefined)
      return deliverEach(terminalEnd(id, event.rest, event.view.card === 'terminal' ? event.view : {}, bridge), onProblems)
    const updates = buildToolResult(id, event.view, bridge)
    // A display terminal still needs its end, or it would stay running.
    if (event.closesTerminal) updates.unshift(terminalExit(id, undefined, undefined))
    return deliverEach(updates, onProblems)
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
    const title =
      own === undefined && typeof toolCall.title === 'string' ? toolCall.title : wireTitle(own ?? call.toolName, 'other', titles)
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
    const shown = wireTitle(title, 'other', titles)
    if (toolCallId === undefined) return { title: shown, options }
    return { title: shown, subject: { type: 'tool_call', toolCall: { toolCallId, title: shown, kind: 'other' } }, options }
  }

  // A prompt's tool call subject is applied to the card like an update; a command subject is not.
  const appliedByPrompt = (request: AcpV2PermissionRequest): Record<string, unknown> =>
    request.subject?.type === 'tool_call' ? (request.subject.toolCall as Record<string, unknown>) : {}

  // Every update of a sub-agent's call names the call that spawned it.
  // (Titles were escaped for the client as they were built.)
  const stamp = <Update>(updates: Update[], call: CallState): Update[] => withParent(updates, call.parentToolCallId)

  return { displayTerminals: true, lateTerminals: true, plansById: true, encoders, stamp, prompt, refusedPrompt, appliedByPrompt }
}

function deliverEach<Update>(updates: Update[], onProblems: ProblemReport): Update[] {
  for (let index = 0; index < updates.length; index++) updates[index] = safeUpdate(updates[index], onProblems)
  return updates
}
