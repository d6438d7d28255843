// The per-session state a harness holds: which card each pending call was
// shown with, so its result can be rendered to match.
import type { ClientCapabilities } from '@agentclientprotocol/sdk'
import type { ToolDefinition } from '../define-tool.js'
import { isToolResultView, parseToolCallView, parseToolResultView } from '../guards.js'
import type { ContentBlock, ToolCallView, ToolResult, ToolResultView } from '../views.js'
import { type AcpToolCall, toolCallUpdate } from './call.js'
import { supportsTerminalOutput } from './capabilities.js'
import { type AcpToolCallUpdate, toolResultUpdates } from './result.js'

/**
 * A tool definition of any argument and meta type. (`any`, not `unknown`:
 * a definition typed for its own `Meta` must fit in the same list.)
 */
export type AnyToolDefinition = ToolDefinition<any, any>

/** What went wrong inside a presenter, reported to `onError`. */
export interface PresentationError {
  /** The id of the call, as passed to `call` or `result`. */
  readonly toolCallId: string
  /** `''` for a result whose call was never announced. */
  readonly toolName: string
  /** Which presenter failed: `presentCall` or `presentResult`. */
  readonly phase: 'call' | 'result'
  /**
   * What the presenter threw; the `InvalidViewError` (naming the field) for
   * a view that does not fit the union or a result content block that does
   * not; or an `Error` saying that the tool is unknown, has no call
   * presenter, or that its presenter returned no view (the arguments did
   * not match its guard).
   */
  readonly error: unknown
}

/** What {@link createToolPresenter} takes, once per ACP session. */
export interface ToolPresenterOptions {
  /** The tools with presenters; when two share a name, the first wins. */
  readonly tools: readonly AnyToolDefinition[]
  /** As the client sent them in `initialize`; read once, here. */
  readonly clientCapabilities?: ClientCapabilities | null
  /** The session's working directory, absolute. */
  readonly cwd: string
  /**
   * Told about every call that falls back to a generic card: an unknown
   * tool, a presenter that returns `undefined`, throws or returns an invalid
   * view; and about a result presenter that throws or returns an invalid
   * view, or result content outside the vocabulary. The card still renders.
   * If `onError` itself throws, that is swallowed: rendering goes on.
   */
  readonly onError?: (report: PresentationError) => void
}

/** One ACP session's presenter. Every method is total: it never throws. */
export interface ToolPresenter {
  /** Whether this session's client shows display-only terminals. */
  readonly terminalOutput: boolean
  /**
   * The `tool_call` update for a call the model made. Calling it again with
   * the same id re-announces the call (Zed updates the card in place).
   */
  call(toolCallId: string, toolName: string, args: unknown): AcpToolCall[]
  /** The `tool_call_update`s for a call's result; the call is then forgotten. */
  result(toolCallId: string, result: ToolResult): AcpToolCallUpdate[]
  /**
   * Drops the memory of a call whose result will never come (a cancelled
   * turn), so a long session does not keep it. Returns whether it was known.
   */
  forget(toolCallId: string): boolean
}

// What a result needs from its call.
interface PendingCall {
  readonly toolName: string
  readonly args: unknown
  readonly card: ToolCallView['card']
}

/**
 * The presenter for one ACP session: looks each call's tool up by name, runs
 * its presenter, checks the view and turns it into `session/update`s with
 * the bridge. Create one per session and send every update it returns as
 * the `update` of a `session/update` notification.
 *
 * Nothing is lost and nothing throws. A call whose tool is unknown, whose
 * presenter returns `undefined`, throws or returns an invalid view shows a
 * generic card (title = the tool name, kind `other`, rawInput = the
 * arguments). A result with nothing to say, or for a call never announced,
 * carries the raw result content. `isError` gives status `failed`.
 *
 * Replaying a session log through a fresh presenter gives the same updates,
 * byte for byte, as the live session did.
 *
 * @example
 * const presenter = createToolPresenter({ tools: presenters, clientCapabilities, cwd: params.cwd })
 * for (const update of presenter.call(id, 'bash', { command: 'npm test' })) {
 *   await connection.notify('session/update', { sessionId, update })
 * }
 * // … run the tool …
 * for (const update of presenter.result(id, { content, meta: { exitCode: 0 } })) {
 *   await connection.notify('session/update', { sessionId, update })
 * }
 */
export function createToolPresenter(options: ToolPresenterOptions): ToolPresenter {
  const { cwd, onError } = options
  const terminalOutput = supportsTerminalOutput(options.clientCapabilities)
  const tools = new Map<string, AnyToolDefinition>()
  for (const tool of options.tools) if (!tools.has(tool.name)) tools.set(tool.name, tool)
  const pending = new Map<string, PendingCall>()

  const report = (toolCallId: string, toolName: string, phase: 'call' | 'result', error: unknown) => {
    try {
      onError?.({ toolCallId, toolName, phase, error })
    } catch {
      // A failing error handler must not take the session down with it.
    }
  }

  function call(toolCallId: string, toolName: string, args: unknown): AcpToolCall[] {
    const bridge = { terminalOutput, cwd, rawInput: args, name: toolName }
    const view = presentCall(toolCallId, toolName, args)
    try {
      if (view) {
        const update = toolCallUpdate(toolCallId, view, bridge)
        pending.set(toolCallId, { toolName, args, card: view.card })
        return [update]
      }
    } catch (error) {
      report(toolCallId, toolName, 'call', error)
    }
    pending.set(toolCallId, { toolName, args, card: 'generic' })
    return [toolCallUpdate(toolCallId, { card: 'generic', title: toolName, kind: 'other' }, bridge)]
  }

  function presentCall(toolCallId: string, toolName: string, args: unknown): ToolCallView | undefined {
    const tool = tools.get(toolName)
    try {
      if (!tool) throw new Error(`no tool named "${toolName}" has a presenter`)
      if (!tool.presentCall) throw new Error(`the tool "${toolName}" has no presentCall`)
      const view = tool.presentCall(args, { cwd })
      if (view === undefined) throw new Error(`the "${toolName}" presenter returned no view: the arguments did not match`)
      return parseToolCallView(view)
    } catch (error) {
      report(toolCallId, toolName, 'call', error)
      return undefined
    }
  }

  function result(toolCallId: string, result: ToolResult): AcpToolCallUpdate[] {
    const call = pending.get(toolCallId)
    pending.delete(toolCallId)
    const toolName = call ? call.toolName : ''
    const bridge = {
      terminalOutput,
      cwd,
      callCard: call ? call.card : ('generic' as const),
      isError: isObject(result) && result.isError === true,
    }
    const view = call ? presentResult(toolCallId, call, result) : undefined
    try {
      if (view && !(view.card === 'generic' && view.content === undefined)) {
        return toolResultUpdates(toolCallId, view, bridge)
      }
    } catch (error) {
      report(toolCallId, toolName, 'result', error)
    }
    // Nothing lost: the raw result content stands in for a missing view.
    const content = rawContent(toolCallId, toolName, result)
    const title = view?.card === 'generic' ? view.title : undefined
    return toolResultUpdates(toolCallId, title === undefined ? { card: 'generic', content } : { card: 'generic', title, content }, bridge)
  }

  function presentResult(toolCallId: string, call: PendingCall, result: ToolResult): ToolResultView | undefined {
    const present = tools.get(call.toolName)?.presentResult
    if (!present) return undefined
    try {
      const view = present(call.args, result, { cwd })
      return view === undefined ? undefined : parseToolResultView(view)
    } catch (error) {
      report(toolCallId, call.toolName, 'result', error)
      return undefined
    }
  }

  // The blocks of `result.content` that fit the vocabulary; a misfit is
  // reported and left out, since one bad block would fail the whole update.
  function rawContent(toolCallId: string, toolName: string, result: unknown): ContentBlock[] {
    const content = isObject(result) && Array.isArray(result.content) ? (result.content as unknown[]) : []
    try {
      parseToolResultView({ card: 'generic', content })
      return content as ContentBlock[]
    } catch (error) {
      report(toolCallId, toolName, 'result', error)
      return content.filter((block) => isToolResultView({ card: 'generic', content: [block] })) as ContentBlock[]
    }
  }

  return {
    terminalOutput,
    call,
    result,
    forget: (toolCallId) => pending.delete(toolCallId),
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object'
