/**
 * Presenters for the everyday agent tools: `read`, `write`, `edit`,
 * `multi_edit`, `bash` with its background-job controls, `grep`, `glob`,
 * `ls`, `web_fetch`, `web_search`, `apply_patch`, `task`, `notebook_edit`,
 * `exit_plan_mode` and `todo_write`; the same tools under Claude Code's names
 * ({@link claudeCodePresenters}), codex's ({@link codexPresenters}), Gemini
 * CLI's ({@link geminiCliPresenters}), opencode's
 * ({@link opencodePresenters}), Qwen Code's ({@link qwenCodePresenters}),
 * Kimi CLI's ({@link kimiCliPresenters}), goose's ({@link goosePresenters})
 * and GitHub Copilot CLI's ({@link copilotCliPresenters}), each found by the
 * agent's name with {@link presentersFor}; and {@link renameTool} for any
 * other naming. Each soft-validates its arguments
 * and never throws, whatever JSON arrives, and reads them as their JSON
 * round trip gives them (`null` in an optional field is absent, as are NaN
 * and ±Infinity), so a live call and its replay render the same. Titles,
 * kinds, locations and diffs match what claude-agent-acp shows in Zed today,
 * except where that is unsafe: text in a non-`execute` title is escaped for
 * Markdown and shows the normalised path, model text shown as Markdown
 * cannot link or embed, and command output is fenced.
 *
 * @example
 * import { presenters } from 'tool-render-intent/presenters'
 *
 * const byName = new Map(presenters.map((tool) => [tool.name, tool]))
 * byName.get('read')?.presentCall?.({ file_path: '/repo/a.ts' }, { cwd: '/repo' })
 * // { card: 'generic', kind: 'read', title: 'Read a.ts', locations: [{ path: '/repo/a.ts', line: 1 }], … }
 *
 * @module
 */
import type { ToolDefinition } from '../define-tool.js'
import { trustPresenters } from '../internal/trusted-presenters.js'
import { exitPlanModeTool, taskTool } from './agents.js'
import { bashTool, jobKillTool, jobListTool, jobOutputTool } from './bash.js'
import { claudeCodePresenters } from './claude-code.js'
import { codexPresenters } from './codex.js'
import { copilotCliPresenters } from './copilot-cli.js'
import { geminiCliPresenters } from './gemini-cli.js'
import { goosePresenters } from './goose.js'
import { kimiCliPresenters } from './kimi-cli.js'
import { opencodePresenters } from './opencode.js'
import { qwenCodePresenters } from './qwen-code.js'
import { editTool, multiEditTool, readTool, writeTool } from './fs.js'
import { notebookEditTool } from './notebook.js'
import { applyPatchTool } from './patch.js'
import { globTool, grepTool, lsTool } from './search.js'
import { todoTool } from './todo.js'
import { webFetchTool, webSearchTool } from './web.js'

export { presentersFor } from './agent-families.js'
export { exitPlanModeTool, taskTool } from './agents.js'
export type { AppliedChangeMeta, AppliedChangeOptions, EditReplacement } from './applied-change.js'
export { computeEditMeta, computeMultiEditMeta, computeWriteMeta } from './applied-change.js'
export type { BashResultMeta, ShellPresenterOptions } from './bash.js'
export { bashTool, bashToolWith, jobKillTool, jobListTool, jobOutputTool } from './bash.js'
export { claudeCodePresenters } from './claude-code.js'
export { codexPresenters } from './codex.js'
export { copilotCliPresenters } from './copilot-cli.js'
export { editTool, multiEditTool, readTool, writeTool } from './fs.js'
export { geminiCliPresenters } from './gemini-cli.js'
export { goosePresenters } from './goose.js'
export { kimiCliPresenters } from './kimi-cli.js'
export { copilotMcpTools, geminiMcpTools, gooseMcpTools, kimiMcpTools, mcpTools, opencodeMcpTools } from './mcp.js'
export { notebookEditTool } from './notebook.js'
export { opencodePresenters } from './opencode.js'
export { applyPatchTool } from './patch.js'
export { qwenCodePresenters } from './qwen-code.js'
export { renameTool } from './rename-tool.js'
export { globTool, grepTool, lsTool } from './search.js'
export { todoTool } from './todo.js'
export { webFetchTool, webSearchTool } from './web.js'

/**
 * Every presenter of this entry point under its own snake_case name, in one
 * list: hand it to a bridge or index it by `name`. The same presenters
 * under Claude Code's names are {@link claudeCodePresenters}; codex's tools
 * are {@link codexPresenters}.
 */
export const presenters: readonly ToolDefinition<any, any>[] = [
  readTool,
  writeTool,
  editTool,
  multiEditTool,
  bashTool,
  jobOutputTool,
  jobKillTool,
  jobListTool,
  grepTool,
  globTool,
  lsTool,
  webFetchTool,
  webSearchTool,
  applyPatchTool,
  taskTool,
  notebookEditTool,
  exitPlanModeTool,
  todoTool,
]

// The property tests prove every view these return is valid, so the ACP
// bridge sends them without checking them again (a presenter replaced by a
// plugin or a wrapper is a new function, and is checked).
trustPresenters(presenters)
trustPresenters(claudeCodePresenters)
trustPresenters(codexPresenters)
trustPresenters(geminiCliPresenters)
trustPresenters(opencodePresenters)
trustPresenters(qwenCodePresenters)
trustPresenters(kimiCliPresenters)
trustPresenters(goosePresenters)
trustPresenters(copilotCliPresenters)
