// Internal: not exported from any entry point. Which definition renders a
// call to a tool name: the tool of that exact name, else the first family
// (a definition with `forName`, such as the MCP presenter) that claims it.
import type { ToolDefinition } from '../define-tool.js'

// `any`, as in AnyToolDefinition: definitions typed for their own Args and Meta share one list.
type Definition = ToolDefinition<any, any>

/**
 * The definition that renders the tool `name`: the tool of `tools` (as
 * `toolsByName` builds it) with exactly that name, else the definition the
 * first family in list order gives for it (`forName`), else `undefined`. A
 * family whose `forName` throws, or answers with something other than an
 * object, is passed over.
 *
 * @example
 * const tools = toolsByName(claudeCodePresenters)
 * findTool(tools, 'Read') // the Read presenter
 * findTool(tools, 'mcp__github__create_issue') // the MCP presenter, titled for github's create_issue
 */
export function findTool(tools: ReadonlyMap<string, Definition>, name: string): Definition | undefined {
  const exact = tools.get(name)
  if (exact) return exact
  // Only a name no tool has walks the list: a few dozen definitions, most without `forName`.
  for (const family of tools.values()) {
    if (typeof family.forName !== 'function') continue
    try {
      const tool = family.forName(name)
      if (typeof tool === 'object' && tool !== null) return tool
    } catch {
      // A family that cannot answer does not claim the name.
    }
  }
  return undefined
}
