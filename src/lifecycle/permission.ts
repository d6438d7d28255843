// Permission: the prompt shows the call that will run (re-presented from new
// arguments, a file change as it will be applied), and a call with nothing
// to show cannot be approved.
import { isRecord } from '../internal/record.js'
import { readField, readString } from '../internal/session-options.js'
import { findTool } from '../internal/tool-lookup.js'
import { isTrustedPresenter } from '../internal/trusted-presenters.js'
import type { ToolCallView, ToolResult } from '../views.js'
import { type PromptAsked, putCall, reported, type SessionEvent, type SessionState } from './actions.js'
import { type CallRecord, callRecord, idProblem, idText, isToolCallId } from './call-record.js'
import type { PermissionChoice } from './events.js'
import { asPlainJson, callViewOf, fallbackView, resultViewOf } from './presenting.js'
import { tooLongToShow } from './too-long-to-show.js'

type Out = SessionEvent[]

/** The permission step: the prompt for the call, or a refusal (reported) when there is nothing to approve. */
export function stepPermission(state: SessionState, toolCallId: string, request: unknown, out: Out): void {
  const choices = readChoices(request)
  const entry = isToolCallId(toolCallId) ? state.calls.get(toolCallId) : undefined
  const known = entry ?? undefined
  const named = readString(request, 'toolName')
  const toolName = known?.toolName ?? named
  // Nothing to show means nothing to approve: a prompt whose only choices reject, and a report.
  const refuse = (reason: string) => refused(toolCallId, toolName ?? '', reason, choices, out)
  try {
    if (!isToolCallId(toolCallId)) {
      refuse(idProblem(toolCallId))
      return
    }
    if (entry === null) {
      refuse(`the call "${toolCallId}" is over`)
      return
    }
    if (known && named !== undefined && named !== known.toolName) {
      refuse(`the call "${toolCallId}" is a "${known.toolName}" call, not a "${named}" call`)
      return
    }
    if (!known && toolName === undefined) {
      refuse(`the call "${toolCallId}" was not announced, and no toolName was given`)
      return
    }
    const args = readField(request, 'args')
    const meta = readField(request, 'meta')
    let call: CallRecord
    if (known) {
      call = known
      // New arguments re-present the call: the prompt shows the call that will run.
      if (args !== undefined) {
        const input = asPlainJson(args, 'rawInput', known, 'call', out)
        const view = callViewOf(state, toolCallId, known.toolName, known.tool, input, false, out)?.view ?? fallbackView(known.toolName)
        call = { ...known, input, view }
      }
    } else {
      const name = toolName as string
      const input = asPlainJson(args, 'rawInput', { toolCallId, toolName: name }, 'call', out)
      // Nothing is remembered: the `call` that follows announces it as usual.
      const tool = findTool(state.settings.tools, name)
      const view = callViewOf(state, toolCallId, name, tool, input, false, out)?.view ?? fallbackView(name)
      call = callRecord({ toolCallId, toolName: name, tool, input, view, terminal: false, parentToolCallId: undefined, lastPartial: 0 })
    }
    const view = meta === undefined ? call.view : appliedView(state, call, meta, out)
    // What the user approves is what runs: a command or title the prompt would cut is not approvable.
    const unshown = tooLongToShow(view, state.settings.titles)
    if (unshown !== undefined) {
      if (known) putCall(state, call)
      refuse(unshown)
      return
    }
    const announced = call.status !== 'plan-only'
    // A plan had no card; the prompt gives it one, which its result must settle.
    if (known) {
      call = announced ? call : { ...call, status: 'shown' }
      putCall(state, call)
    }
    const prompt = { call, view, announced, choices, title: promptTitleOf(call) }
    out.push({ type: 'prompt', prompt, known: known !== undefined, fallback: false })
  } catch (error) {
    out.push(reported(idText(toolCallId), toolName ?? '', 'call', error))
    refuse('its card could not be built')
  }
}

/** The encoder could not build a prompt: the fallback card's, or (when that failed too) a refusal. */
export function unpromptable(asked: PromptAsked, error: unknown, out: Out): void {
  const { call, choices } = asked.prompt
  out.push(reported(call.toolCallId, call.toolName, 'call', error))
  if (asked.fallback) {
    refused(call.toolCallId, call.toolName, 'its card could not be built', choices, out)
    return
  }
  const prompt = { ...asked.prompt, view: fallbackView(call.toolName), title: undefined }
  out.push({ type: 'prompt', prompt, known: asked.known, fallback: true })
}

function refused(toolCallId: string, toolName: string, reason: string, choices: readonly PermissionChoice[], out: Out): void {
  out.push(reported(idText(toolCallId), toolName, 'call', new Error(`permission: ${reason}`)))
  out.push({
    type: 'refused',
    toolCallId: isToolCallId(toolCallId) ? toolCallId : undefined,
    idLabel: idText(toolCallId),
    title: `Cannot be approved: ${reason}`,
    choices: rejectChoices(choices),
  })
}

// A file change as it will be applied: the result presenter's diff for
// the meta the harness computed from the file as it is now (say,
// `computeWriteMeta` / `computeEditMeta`), in place of the call's
// argument-only diff. Other cards, and a presenter with no such diff,
// keep the call's view.
function appliedView(state: SessionState, call: CallRecord, meta: unknown, out: Out): ToolCallView {
  const view = call.view
  if (view.card !== 'diff') return view
  const present = call.tool?.presentResult
  const applied = resultViewOf(state, call, { content: [], meta } as ToolResult, present, isTrustedPresenter(present), out)
  if (applied?.card !== 'diff') return view
  const locations = applied.locations ?? view.locations
  const title = applied.title ?? view.title
  return locations === undefined ? { card: 'diff', title, diffs: applied.diffs } : { card: 'diff', title, diffs: applied.diffs, locations }
}

// A tool's own prompt title, plain (the encoder escapes it for the client and holds it to the title bound).
function promptTitleOf(call: CallRecord): string | undefined {
  const title = call.tool?.promptTitle
  return typeof title === 'string' && title !== '' ? title : undefined
}

const optionKinds: ReadonlySet<string> = new Set(['allow_once', 'allow_always', 'reject_once', 'reject_always'])

// The usual choices of a prompt: allow once, allow always, reject. A fresh array each time.
function defaultChoices(): PermissionChoice[] {
  return [
    { optionId: 'allow_once', name: 'Allow', kind: 'allow_once' },
    { optionId: 'allow_always', name: 'Always allow', kind: 'allow_always' },
    { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
  ]
}

// The choices of a prompt that must not be approved: the rejecting ones, or Reject alone.
function rejectChoices(choices: readonly PermissionChoice[]): PermissionChoice[] {
  const kept = choices.filter((choice) => choice.kind === 'reject_once' || choice.kind === 'reject_always')
  return kept.length > 0 ? kept : [{ optionId: 'reject_once', name: 'Reject', kind: 'reject_once' }]
}

// The harness's own choices when they are well formed, else the usual ones.
// A choice whose getter throws reads as malformed.
function readChoices(options: unknown): PermissionChoice[] {
  const choices = readField(options, 'options')
  if (!Array.isArray(choices) || choices.length === 0) return defaultChoices()
  const kept: PermissionChoice[] = []
  try {
    for (const choice of choices) {
      if (
        !isRecord(choice) ||
        typeof choice.optionId !== 'string' ||
        typeof choice.name !== 'string' ||
        !optionKinds.has(choice.kind as string)
      )
        return defaultChoices()
      kept.push({ optionId: choice.optionId, name: choice.name, kind: choice.kind as PermissionChoice['kind'] })
    }
  } catch {
    return defaultChoices()
  }
  return kept
}
