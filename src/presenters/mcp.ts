// Tools an MCP server provides, named `mcp__<server>__<tool>` by Claude Code
// and codex, `mcp_<server>_<tool>` by Gemini CLI: one family of presenters
// for each spelling, titled with the server and the tool.
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

const GEMINI_PREFIX = 'mcp_'

/**
 * The server and tool of an MCP tool's name in Gemini CLI's spelling,
 * `mcp_<server>_<tool>` (one underscore each), split as Gemini CLI splits
 * it: the server up to the first `_` after the prefix, the tool everything
 * after it. A name in the other spelling (`mcp__…`), or with an empty
 * server or tool, gives `undefined`.
 *
 * @example
 * geminiMcpToolName('mcp_github_create_issue') // { server: 'github', tool: 'create_issue' }
 * geminiMcpToolName('mcp__github__create_issue') // undefined
 */
export function geminiMcpToolName(name: string): McpToolName | undefined {
  if (typeof name !== 'string' || !name.startsWith(GEMINI_PREFIX) || name.startsWith(PREFIX)) return undefined
  const split = name.indexOf('_', GEMINI_PREFIX.length)
  if (split <= GEMINI_PREFIX.length || split + 1 >= name.length) return undefined
  return { server: name.slice(GEMINI_PREFIX.length, split), tool: name.slice(split + 1) }
}

// The title is plain text: the encoder escapes it for its client.
function geminiMcpTool(name: string, { server, tool }: McpToolName): ToolDefinition {
  const title = `${server} - ${tool} (MCP)`
  const presentCall = (args: unknown): ToolCallView => ({ card: 'generic', kind: 'other', title, rawInput: args })
  return { name, args: isAnything, presentCall, presentResult: mcpResult }
}

/**
 * Every MCP tool under Gemini CLI's spelling, `mcp_<server>_<tool>`, as one
 * family: the same card as {@link mcpTools} gives (`<server> - <tool>
 * (MCP)`, kind `other`, the arguments as raw input; the server's content
 * blocks as the result), the title plain text.
 *
 * @example
 * geminiMcpTools.forName?.('mcp_github_create_issue')?.presentCall?.({ title: 'Flaky test' })
 * // { card: 'generic', kind: 'other', title: 'github - create_issue (MCP)', rawInput: { title: 'Flaky test' } }
 */
export const geminiMcpTools: ToolDefinition = {
  name: 'mcp_*',
  forName: (name) => {
    const parts = geminiMcpToolName(name)
    if (!parts) return undefined
    const tool = geminiMcpTool(name, parts)
    trustPresenters([tool])
    return tool
  },
}
