// Tools an MCP server provides, named `mcp__<server>__<tool>` by Claude Code
// and codex: one family of presenters, titled with the server and the tool.
import type { ToolDefinition } from '../define-tool.js'
import type { ToolCallView, ToolResultView } from '../views.js'
import { contentResult } from './result-content.js'
import { trustPresenters } from '../internal/trusted-presenters.js'

/** The server and the tool an `mcp__<server>__<tool>` name stands for. */
export interface McpToolName {
  /** The MCP server, as the agent's configuration names it. */
  readonly server: string
  /** The tool, as the server names it (it may itself hold `__`). */
  readonly tool: string
}

const PREFIX = 'mcp__'

/**
 * The server and tool of an MCP tool's name, split as Claude Code splits it:
 * the server up to the next `__`, the tool everything after it. Any other
 * name (no `mcp__` prefix, an empty server or tool) gives `undefined`.
 *
 * @example
 * mcpToolName('mcp__github__create_issue') // { server: 'github', tool: 'create_issue' }
 * mcpToolName('mcp__github') // undefined
 */
export function mcpToolName(name: string): McpToolName | undefined {
  if (typeof name !== 'string' || !name.startsWith(PREFIX)) return undefined
  const split = name.indexOf('__', PREFIX.length)
  if (split <= PREFIX.length || split + 2 >= name.length) return undefined
  return { server: name.slice(PREFIX.length, split), tool: name.slice(split + 2) }
}

// Any JSON is an MCP tool's arguments: the server's schema is not known here.
const isAnything = (_value: unknown): _value is unknown => true

// The result is the server's content blocks, as they came.
const mcpResult = (_args: unknown, result: unknown): ToolResultView => contentResult(result)

function mcpTool(name: string, { server, tool }: McpToolName): ToolDefinition {
  const title = `${server} - ${tool} (MCP)`
  const presentCall = (args: unknown): ToolCallView => ({ card: 'generic', kind: 'other', title, rawInput: args })
  return { name, args: isAnything, presentCall, presentResult: mcpResult }
}

/**
 * Every MCP tool, as one family ({@link ToolDefinition.forName}): a call to
 * `mcp__<server>__<tool>` is a generic card titled `<server> - <tool> (MCP)`
 * (as Claude Code's own terminal shows it; server and tool escaped with
 * `markdownInline`) that shows the arguments as its raw input. The result
 * passes the server's content blocks through as they came (text, images,
 * links, embedded resources). A tool of the list with the exact name, such
 * as one with a presenter of its own, wins over the family.
 *
 * @example
 * mcpTools.forName?.('mcp__github__create_issue')?.presentCall?.({ title: 'Flaky test' })
 * // { card: 'generic', kind: 'other', title: 'github - create_issue (MCP)', rawInput: { title: 'Flaky test' } }
 */
export const mcpTools: ToolDefinition = {
  name: 'mcp__*',
  forName: (name) => {
    const parts = mcpToolName(name)
    if (!parts) return undefined
    const tool = mcpTool(name, parts)
    // Each tool's own call presenter is the library's, proven by the property tests as the family's.
    trustPresenters([tool])
    return tool
  },
}
