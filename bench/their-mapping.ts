// claude-agent-acp's side of comparison 1: its mapping functions, wrapped in
// the notifications its agent builds around them (acp-agent.js), so both
// sides end with the same thing, `session/update` payloads ready to send.
import {
  toolInfoFromToolUse,
  toolUpdateFromEditToolResponse,
  toolUpdateFromToolResult,
} from '@zed-industries/claude-agent-acp/dist/tools.js'
import type { CorpusEntry } from './corpus.js'

type Update = Record<string, unknown>

/**
 * One pass over the corpus through claude-agent-acp, returning how many
 * notifications it built. Left out, in its favour: the agent's deep copy of
 * every input (`JSON.parse(JSON.stringify(input))` for `rawInput`) and its
 * hook registration. Its post-tool-use diff runs for Write as well as Edit
 * (the agent runs it for Edit only), so both sides show the applied change.
 */
export function theirPass(corpus: readonly CorpusEntry[], terminalOutput: boolean, cwd: string, sink?: Update[]): number {
  const toolUseCache: Record<string, CorpusEntry['theirs']['toolUse']> = {}
  let count = 0
  for (const { theirs } of corpus) {
    const { toolUse, toolResult, toolResponse } = theirs
    toolUseCache[toolUse.id] = toolUse
    const call: Update = {
      _meta: {
        claudeCode: { toolName: toolUse.name },
        ...(toolUse.name === 'Bash' && terminalOutput ? { terminal_info: { terminal_id: toolUse.id } } : {}),
      },
      toolCallId: toolUse.id,
      sessionUpdate: 'tool_call',
      rawInput: toolUse.input,
      status: 'pending',
      ...toolInfoFromToolUse(toolUse, terminalOutput, cwd),
    }
    count++
    sink?.push(call)

    const cached = toolUseCache[toolResult.tool_use_id]
    if (toolResponse) {
      const update: Update = {
        _meta: { claudeCode: { toolResponse, toolName: cached.name } },
        toolCallId: toolResult.tool_use_id,
        sessionUpdate: 'tool_call_update',
        ...toolUpdateFromEditToolResponse(toolResponse),
      }
      count++
      sink?.push(update)
    }
    const { _meta: toolMeta, ...toolUpdate } = toolUpdateFromToolResult(toolResult as never, cached, terminalOutput)
    if (toolMeta?.terminal_output) {
      const output: Update = {
        _meta: { terminal_output: toolMeta.terminal_output },
        toolCallId: toolResult.tool_use_id,
        sessionUpdate: 'tool_call_update',
      }
      count++
      sink?.push(output)
    }
    const update: Update = {
      _meta: {
        claudeCode: { toolName: cached.name },
        ...(toolMeta?.terminal_exit ? { terminal_exit: toolMeta.terminal_exit } : {}),
      },
      toolCallId: toolResult.tool_use_id,
      sessionUpdate: 'tool_call_update',
      status: toolResult.is_error ? 'failed' : 'completed',
      rawOutput: toolResult.content,
      ...toolUpdate,
    }
    count++
    sink?.push(update)
    delete toolUseCache[toolUse.id]
  }
  return count
}
