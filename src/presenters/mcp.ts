// Tools an MCP server provides, named `mcp__<server>__<tool>` by Claude Code
// and codex, `mcp_<server>_<tool>` by Gemini CLI, `<server>_<tool>` by
// opencode, `<extension>__<tool>` by goose, `<server>-<tool>` by Copilot CLI
// and by the tool's own name alone by Kimi CLI: one family of presenters for
// each spelling, titled with the server (where the name holds it) and the tool.
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

// The card of one MCP tool: generic, kind `other`, the arguments as raw input.
// The title is plain text: the encoder escapes it for its client.
function mcpCard(name: string, title: string): ToolDefinition {
  const presentCall = (args: unknown): ToolCallView => ({ card: 'generic', kind: 'other', title, rawInput: args })
  return { name, args: isAnything, presentCall, presentResult: mcpResult }
}

const mcpTool = (name: string, { server, tool }: McpToolName) => mcpCard(name, `${server} - ${tool} (MCP)`)

// A family of MCP tools: each name `split` reads is a member, titled with its server and tool.
function mcpFamily(pattern: string, split: (name: string) => McpToolName | undefined): ToolDefinition {
  return {
    name: pattern,
    forName: (name) => {
      const parts = split(name)
      if (!parts) return undefined
      const tool = mcpTool(name, parts)
      // Each tool's own call presenter is the library's, proven by the property tests as the family's.
      trustPresenters([tool])
      return tool
    },
  }
}

/**
 * Every MCP tool, as one family ({@link ToolDefinition.forName}): a call to
 * `mcp__<server>__<tool>` is a generic card titled `<server> - <tool> (MCP)`
 * (as Claude Code's own terminal shows it; plain text, the encoder escapes
 * it) that shows the arguments as its raw input. The result
 * passes the server's content blocks through as they came (text, images,
 * links, embedded resources). A tool of the list with the exact name, such
 * as one with a presenter of its own, wins over the family.
 *
 * @example
 * mcpTools.forName?.('mcp__github__create_issue')?.presentCall?.({ title: 'Flaky test' })
 * // { card: 'generic', kind: 'other', title: 'github - create_issue (MCP)', rawInput: { title: 'Flaky test' } }
 */
export const mcpTools: ToolDefinition = mcpFamily('mcp__*', mcpToolName)

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
export const geminiMcpTools: ToolDefinition = mcpFamily('mcp_*', geminiMcpToolName)

// The name split at the first `separator`: a server and a tool, neither empty.
function splitAt(name: string, separator: string): McpToolName | undefined {
  if (typeof name !== 'string') return undefined
  const split = name.indexOf(separator)
  if (split <= 0 || split + separator.length >= name.length) return undefined
  return { server: name.slice(0, split), tool: name.slice(split + separator.length) }
}

/**
 * The server and tool of an MCP tool's name in opencode's spelling,
 * `<server>_<tool>` with no prefix (anomalyco/opencode,
 * `packages/opencode/src/mcp/index.ts`, `MCP.tools()`: the server's key and
 * the tool's name, each with any character but `[A-Za-z0-9_-]` made `_`,
 * joined by one `_`). The name does not say where the server ends: it is
 * split at the first `_`, so a server named `my_db` reads as `my` with the
 * tool `db_query`. A name without an inner `_` gives `undefined`.
 *
 * @example
 * opencodeMcpToolName('context7_resolve-library-id') // { server: 'context7', tool: 'resolve-library-id' }
 * opencodeMcpToolName('bash') // undefined
 */
export function opencodeMcpToolName(name: string): McpToolName | undefined {
  return splitAt(name, '_')
}

/**
 * Every MCP tool under opencode's spelling, `<server>_<tool>`, as one family:
 * the card {@link mcpTools} gives, titled `<server> - <tool> (MCP)`. opencode
 * marks its MCP tools with no prefix, so the family claims any name with an
 * inner `_` that no tool of opencode's own has (a tool of the exact name
 * wins); a custom tool of a plugin file, named `<file>_<export>` the same
 * way, gets the same generic card.
 *
 * @example
 * opencodeMcpTools.forName?.('github_create_issue')?.presentCall?.({ title: 'Flaky test' })
 * // { card: 'generic', kind: 'other', title: 'github - create_issue (MCP)', rawInput: { title: 'Flaky test' } }
 */
export const opencodeMcpTools: ToolDefinition = mcpFamily('*_*', opencodeMcpToolName)

/**
 * The extension and tool of a tool's name in goose's spelling,
 * `<extension>__<tool>` (block/goose,
 * `crates/goose/src/agents/extension_manager.rs`: every extension is an MCP
 * server, its name normalised to lower case `[a-z0-9_-]`, its tools
 * prefixed with it and `__`), split at the first `__`, the tool keeping
 * any later one. A name without an inner `__` gives `undefined`.
 *
 * @example
 * gooseMcpToolName('github__create_issue') // { server: 'github', tool: 'create_issue' }
 * gooseMcpToolName('shell') // undefined
 */
export function gooseMcpToolName(name: string): McpToolName | undefined {
  return splitAt(name, '__')
}

/**
 * Every extension tool under goose's spelling, `<extension>__<tool>`, as one
 * family: the card {@link mcpTools} gives, titled `<extension> - <tool>
 * (MCP)`. The developer extension's tools that have presenters of their own
 * (`developer__shell`, `developer__text_editor`) win over it.
 *
 * @example
 * gooseMcpTools.forName?.('github__create_issue')?.presentCall?.({ title: 'Flaky test' })
 * // { card: 'generic', kind: 'other', title: 'github - create_issue (MCP)', rawInput: { title: 'Flaky test' } }
 */
export const gooseMcpTools: ToolDefinition = mcpFamily('*__*', gooseMcpToolName)

// GitHub's own MCP server, which Copilot CLI starts itself: the one server name known to hold hyphens.
const GITHUB_SERVER = 'github-mcp-server-'

/**
 * The server and tool of an MCP tool's name in Copilot CLI's spelling,
 * `<server>-<tool>` (as `github-mcp-server-get_file_contents`, whose
 * session event names the server and the tool apart: `mcpServerName`,
 * `mcpToolName`). Copilot CLI is closed source and the name alone does not
 * say where the server ends: `github-mcp-server-` is GitHub's server; else a
 * tool in snake_case starts after the last `-` before its first `_`
 * (`playwright-browser_navigate`), and any other name is split at its first
 * `-` (`context7-resolve-library-id`). A name without an inner `-` gives
 * `undefined`.
 *
 * @example
 * copilotMcpToolName('github-mcp-server-list_issues') // { server: 'github-mcp-server', tool: 'list_issues' }
 * copilotMcpToolName('context7-resolve-library-id') // { server: 'context7', tool: 'resolve-library-id' }
 */
export function copilotMcpToolName(name: string): McpToolName | undefined {
  if (typeof name !== 'string') return undefined
  if (name.startsWith(GITHUB_SERVER))
    return name.length > GITHUB_SERVER.length ? { server: GITHUB_SERVER.slice(0, -1), tool: name.slice(GITHUB_SERVER.length) } : undefined
  const underscore = name.indexOf('_')
  const split = underscore > 0 ? name.lastIndexOf('-', underscore) : -1
  if (split > 0) return { server: name.slice(0, split), tool: name.slice(split + 1) }
  return splitAt(name, '-')
}

/**
 * Every MCP tool under Copilot CLI's spelling, `<server>-<tool>`, as one
 * family: the card {@link mcpTools} gives, titled `<server> - <tool> (MCP)`.
 * Copilot CLI's own tools are snake_case, without a `-`, so a tool of its
 * own is never claimed.
 *
 * @example
 * copilotMcpTools.forName?.('github-mcp-server-list_issues')?.presentCall?.({ owner: 'o' })
 * // { card: 'generic', kind: 'other', title: 'github-mcp-server - list_issues (MCP)', rawInput: { owner: 'o' } }
 */
export const copilotMcpTools: ToolDefinition = mcpFamily('*-*', copilotMcpToolName)

// Kimi CLI's own tools are PascalCase (`ReadFile`, `Shell`): a name that starts with a capital is not claimed.
const KIMI_OWN = /^[A-Z]/

/**
 * Every MCP tool under Kimi CLI's spelling, the tool's own name alone
 * (MoonshotAI/kimi-cli, `src/kimi_cli/soul/toolset.py`, `MCPTool`: the
 * server's name is in the tool's description, not its name; newer versions
 * make it fit `^[a-zA-Z_][a-zA-Z0-9_]*$`, `src/kimi_cli/soul/mcp_name_sanitizer.py`).
 * The card is the one {@link mcpTools} gives, titled `<tool> (MCP)`: the
 * server is not known. The family claims any name that does not start with
 * a capital letter, as Kimi CLI's own tools do (a tool of the exact name
 * wins).
 *
 * @example
 * kimiMcpTools.forName?.('create_issue')?.presentCall?.({ title: 'Flaky test' })
 * // { card: 'generic', kind: 'other', title: 'create_issue (MCP)', rawInput: { title: 'Flaky test' } }
 */
export const kimiMcpTools: ToolDefinition = {
  name: '*',
  forName: (name) => {
    if (typeof name !== 'string' || name === '' || KIMI_OWN.test(name)) return undefined
    const tool = mcpCard(name, `${name} (MCP)`)
    trustPresenters([tool])
    return tool
  },
}
