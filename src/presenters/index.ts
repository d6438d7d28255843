/**
 * Presenters for the everyday agent tools: `read`, `write`, `edit`, `bash`
 * with its background-job controls, and `todo_write`. Each soft-validates its
 * arguments and never throws, whatever JSON arrives, and reads them as their
 * JSON round trip gives them (`null` in an optional field is absent, as are
 * NaN and ±Infinity), so a live call and its replay render the same. Titles,
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
import { bashTool, jobKillTool, jobListTool, jobOutputTool } from './bash.js'
import { editTool, readTool, writeTool } from './fs.js'
import { todoTool } from './todo.js'

export type { AppliedChangeMeta, AppliedChangeOptions, AppliedHunk, EditReplacement } from './applied-change.js'
export {
  appliedHunksOf,
  CONTEXT_LINES,
  computeEditMeta,
  computeWriteMeta,
  DEFAULT_MAX_EDIT_LENGTH,
  DEFAULT_MAX_LENGTH,
} from './applied-change.js'
export type { BashArgs, BashResultMeta, JobArgs, JobListArgs } from './bash.js'
export { bashTool, jobKillTool, jobListTool, jobOutputTool } from './bash.js'
export { fenceLanguage } from './fence-language.js'
export type { EditArgs, ReadArgs, WriteArgs } from './fs.js'
export { editTool, readTool, writeTool } from './fs.js'
export type { TodoArgs, TodoItem } from './todo.js'
export { todoChecklist, todoTool } from './todo.js'

/**
 * Every presenter of this entry point, in one list: hand it to a bridge or
 * index it by `name`.
 */
export const presenters: readonly ToolDefinition<any, any>[] = [
  readTool,
  writeTool,
  editTool,
  bashTool,
  jobOutputTool,
  jobKillTool,
  jobListTool,
  todoTool,
]
