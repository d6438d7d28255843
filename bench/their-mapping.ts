// claude-agent-acp's side, two ways.
//
// - Bare: the mapping functions of its tools.js alone, called as its agent
//   calls them (`toolInfoFromToolUse` for the call, `toolUpdateFromToolResult`
//   for the result, `toolUpdateFromEditToolResponse` in the Edit hook,
//   `planEntries` for TodoWrite): objects that are not yet updates.
// - Wrapped: its agent's code around those functions (acp-agent.js,
//   `toAcpNotifications` and the PostToolUse hook it registers), replayed
//   statement for statement in synchronous form, so both sides end with the
//   same thing: the `update` of each `session/update` it sends. That is the
//   tool-use cache, the deep copy of every input for `rawInput`
//   (`JSON.parse(JSON.stringify(input))`), the hook registered per call and
//   run after Edit and Write (its update built; the agent computes the diff
//   for Edit only), the `_meta` objects and the spreads. Left out: the
//   `{ sessionId, update }` envelope (a harness of ours wraps the same way),
//   the promises the hook and `sessionUpdate` go through, and logging.
import {
  planEntries,
  toolInfoFromToolUse,
  toolUpdateFromEditToolResponse,
  toolUpdateFromToolResult,
} from '@zed-industries/claude-agent-acp/dist/tools.js'
import type { CorpusEntry } from './corpus.js'

type Update = Record<string, unknown>
type ToolUse = CorpusEntry['theirs']['toolUse']

/** One pass through the bare functions; returns how many objects they built. */
export function theirBarePass(corpus: readonly CorpusEntry[], terminalOutput: boolean, cwd: string, sink?: unknown[]): number {
  const toolUseCache: Record<string, ToolUse> = {}
  let count = 0
  for (let index = 0; index < corpus.length; index++) {
    const { toolUse, toolResult, toolResponse } = corpus[index].theirs
    toolUseCache[toolUse.id] = toolUse
    if (toolUse.name === 'TodoWrite') {
      const entries = planEntries(toolUse.input as never)
      count++
      sink?.push(entries)
      continue
    }
    const info = toolInfoFromToolUse(toolUse as never, terminalOutput, cwd)
    count++
    sink?.push(info)
    if (toolResponse && toolUse.name === 'Edit') {
      const diff = toolUpdateFromEditToolResponse(toolResponse)
      count++
      sink?.push(diff)
    }
    const update = toolUpdateFromToolResult(toolResult as never, toolUseCache[toolResult.tool_use_id] as never, terminalOutput)
    count++
    sink?.push(update)
  }
  return count
}

// What the agent's hook registry holds per call (tools.js `registerHookCallback`).
type HookCallbacks = Record<
  string,
  { onPostToolUseHook: (toolUseId: string, toolInput: unknown, toolResponse: unknown) => Update | undefined }
>

/**
 * One pass through claude-agent-acp's agent code, returning how many
 * updates it built (each one the `update` it sends).
 */
export function theirWrappedPass(corpus: readonly CorpusEntry[], terminalOutput: boolean, cwd: string, sink?: Update[]): number {
  // The session's cache, and the registry its hooks go through.
  const toolUseCache: Record<string, ToolUse> = {}
  const callbacks: HookCallbacks = {}
  let count = 0
  for (let index = 0; index < corpus.length; index++) {
    const { toolUse: chunk, toolResult, toolResponse } = corpus[index].theirs

    // The tool_use block (toAcpNotifications, case "tool_use").
    let update: Update | null = null
    const alreadyCached = chunk.id in toolUseCache
    toolUseCache[chunk.id] = chunk
    if (chunk.name === 'TodoWrite') {
      if (Array.isArray((chunk.input as { todos?: unknown }).todos))
        update = { sessionUpdate: 'plan', entries: planEntries(chunk.input as never) }
    } else {
      if (!alreadyCached) {
        callbacks[chunk.id] = {
          onPostToolUseHook: (toolUseId, _toolInput, response) => {
            const toolUse = toolUseCache[toolUseId]
            if (!toolUse) return undefined
            const editDiff = toolUse.name === 'Edit' ? toolUpdateFromEditToolResponse(response) : {}
            return {
              _meta: { claudeCode: { toolResponse: response, toolName: toolUse.name } },
              toolCallId: toolUseId,
              sessionUpdate: 'tool_call_update',
              ...editDiff,
            }
          },
        }
      }
      let rawInput: unknown
      try {
        rawInput = JSON.parse(JSON.stringify(chunk.input))
      } catch {
        // ignored, as the agent does
      }
      update = {
        _meta: {
          claudeCode: { toolName: chunk.name },
          ...(chunk.name === 'Bash' && terminalOutput ? { terminal_info: { terminal_id: chunk.id } } : {}),
        },
        toolCallId: chunk.id,
        sessionUpdate: 'tool_call',
        rawInput,
        status: 'pending',
        ...toolInfoFromToolUse(chunk as never, terminalOutput, cwd),
      }
    }
    if (update) {
      count++
      sink?.push(update)
    }

    // The PostToolUse hook, for Edit and Write (createPostToolUseHook: found, run, deleted).
    if (toolResponse) {
      const hook = callbacks[chunk.id]?.onPostToolUseHook
      if (hook) {
        const hookUpdate = hook(chunk.id, chunk.input, toolResponse)
        delete callbacks[chunk.id]
        if (hookUpdate) {
          count++
          sink?.push(hookUpdate)
        }
      }
    }

    // The tool_result block (toAcpNotifications, case "tool_result").
    const toolUse = toolUseCache[toolResult.tool_use_id]
    if (!toolUse || toolUse.name === 'TodoWrite') continue
    const { _meta: toolMeta, ...toolUpdate } = toolUpdateFromToolResult(
      toolResult as never,
      toolUseCache[toolResult.tool_use_id] as never,
      terminalOutput,
    ) as Update & {
      _meta?: { terminal_output?: unknown; terminal_exit?: unknown }
    }
    if (toolMeta?.terminal_output) {
      const output: Update = {
        _meta: { terminal_output: toolMeta.terminal_output },
        toolCallId: toolResult.tool_use_id,
        sessionUpdate: 'tool_call_update',
      }
      count++
      sink?.push(output)
    }
    const result: Update = {
      _meta: {
        claudeCode: { toolName: toolUse.name },
        ...(toolMeta?.terminal_exit ? { terminal_exit: toolMeta.terminal_exit } : {}),
      },
      toolCallId: toolResult.tool_use_id,
      sessionUpdate: 'tool_call_update',
      status: 'is_error' in toolResult && toolResult.is_error ? 'failed' : 'completed',
      rawOutput: toolResult.content,
      ...toolUpdate,
    }
    count++
    sink?.push(result)
  }
  return count
}
