// Sub-agents: the call that spawned one names its child session, and every
// call a sub-agent makes names the call that spawned it.
import { readField, readString } from '../internal/session-options.js'
import { isAbsolutePath, resolvePath } from '../safety/paths.js'
import { reported, type SessionEvent, type SessionState, waiting } from './actions.js'
import { type CallRecord, isId, isToolCallId, MAX_TOOL_CALL_ID_LENGTH, workOf } from './call-record.js'

type Out = SessionEvent[]

/** The spawning call's id (`options.parentToolCallId`), when it is a well-formed, non-empty string; anything else is reported. */
export function parentOf(options: unknown, toolCallId: string, toolName: string, out: Out): string | undefined {
  const parent = readField(options, 'parentToolCallId')
  if (parent === undefined) return undefined
  if (isToolCallId(parent) && parent.isWellFormed()) return parent
  out.push(
    reported(
      toolCallId,
      toolName,
      'call',
      new TypeError(
        `call: options.parentToolCallId must be a non-empty, well-formed string of at most ${MAX_TOOL_CALL_ID_LENGTH} code units`,
      ),
    ),
  )
  return undefined
}

/** The sub-agent step: the call's child session is announced, or what the client has of it changes. */
export function stepSubagent(state: SessionState, toolCallId: string, options: unknown, out: Out): void {
  // A call that spawned a child stays known after it is over: its child reports how its work ended.
  const call = (isToolCallId(toolCallId) && state.spawners.get(toolCallId)) || waiting(state, toolCallId, 'subagent', out)
  if (!call) return
  try {
    if (call.status === 'plan-only') throw new Error(`subagent: the call "${toolCallId}" has no card to spawn a session from`)
    const sessionId = readField(options, 'sessionId')
    if (!isId(sessionId) || !sessionId.isWellFormed())
      throw new TypeError('subagent: options.sessionId must be a non-empty, well-formed string')
    const known = call.child
    if (known && known.sessionId !== sessionId)
      throw new Error(`subagent: the call "${toolCallId}" runs its sub-agent in the session "${known.sessionId}"`)
    const description = readString(options, 'description')
    const cancellable = readField(options, 'cancellable')
    const prompt = readString(options, 'prompt')
    const child = {
      sessionId,
      description: description === undefined || description === '' ? known?.description : description,
      cwd: childCwd(state, call, readField(options, 'cwd'), out) ?? known?.cwd,
      cancellable: typeof cancellable === 'boolean' ? cancellable : (known?.cancellable ?? false),
      prompt: prompt === undefined || prompt === '' ? known?.prompt : prompt,
    }
    const next: CallRecord = { ...call, child }
    state.spawners.set(toolCallId, next)
    if (state.calls.get(toolCallId)) state.calls.set(toolCallId, next)
    out.push({ type: 'subagent', call: next, child, work: workOf(next.status), first: known === undefined, followed: false })
  } catch (error) {
    out.push(reported(toolCallId, call.toolName, 'call', error))
  }
}

/**
 * The child's state follows its spawning call: after each step that changes
 * the call's status (start, a heartbeat, pause, its result, cancel, decline,
 * forget), a call that spawned a child says where the child's work is now.
 * The session sends it to `onSubagent` (what the client has is left out).
 */
export function followChild(call: CallRecord, out: Out): void {
  const { child } = call
  if (child !== undefined) out.push({ type: 'subagent', call, child, work: workOf(call.status), first: false, followed: true })
}

// A child's cwd: absolute (the schema says so), normalised; anything else is reported and left out.
function childCwd(state: SessionState, call: CallRecord, path: unknown, out: Out): string | undefined {
  if (path === undefined) return undefined
  if (typeof path === 'string' && isAbsolutePath(path)) return resolvePath(path, state.settings.cwd)
  out.push(reported(call.toolCallId, call.toolName, 'call', new TypeError('subagent: options.cwd must be an absolute path')))
  return undefined
}
