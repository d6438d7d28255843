// Replaying an agent's own log through the session presenter, the live path:
// each tool call and each result goes through the same presenters a harness
// uses, and the updates they produce are what the page shows.
import { type AnyToolDefinition, createToolPresenter } from '../acp/index.js'
import type { ContentBlock, ToolResult } from '../views.js'

/** A session presenter that collects its updates, for one replayed log. */
export interface Replay {
  call(toolCallId: string, toolName: string, args: unknown): void
  result(toolCallId: string, result: ToolResult): void
  /** Every update so far, in order. */
  readonly updates: unknown[]
}

/** A replay through a v1 presenter whose client shows display terminals, with the agent's presenters. */
export function createReplay(tools: readonly AnyToolDefinition[], cwd: string): Replay {
  const presenter = createToolPresenter({ tools, cwd, clientCapabilities: { _meta: { terminal_output: true } } })
  const updates: unknown[] = []
  return {
    call(toolCallId, toolName, args) {
      updates.push(...presenter.call(toolCallId, toolName, args))
    },
    result(toolCallId, result) {
      updates.push(...presenter.result(toolCallId, result))
    },
    updates,
  }
}

/** A tool result's content as blocks: a string is one text block; blocks pass as they are (the presenter checks them). */
export function contentOf(content: unknown): ContentBlock[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }]
  if (Array.isArray(content)) return content as ContentBlock[]
  return []
}
