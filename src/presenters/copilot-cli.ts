// GitHub Copilot CLI's tools, under its names and argument shapes. Copilot
// CLI is closed source: the names and fields are the ones its published
// sessions show (`tool.execution_start` events of its session logs, and the
// tool guide in their system message), not read from a definition. Fields
// a session did not show are accepted and left to the raw input.
//
// MCP tools: Copilot CLI logs a call to an MCP server's tool with
// `mcpServerName` and `mcpToolName` beside `toolName`. The published session
// shows only GitHub's server's `web_search`, under the bare name (our
// `web_search` card); other parsers of Copilot CLI's logs expect
// `<server>-<tool>` (`github-mcp-server-get_file_contents`). That spelling
// is not confirmed by a published session, so the family takes it
// ({@link copilotMcpTools}) and both common spellings besides (`mcp__…`,
// `mcp_…`).
import { defineTool, type ToolDefinition } from '../define-tool.js'
import { isRecord } from '../internal/record.js'
import { fencedBlock } from '../safety/fence.js'
import type { ToolCallView } from '../views.js'
import { taskTool } from './agents.js'
import {
  finite,
  isFiniteNumber,
  isOptionalBoolean,
  isOptionalNumber,
  isOptionalString,
  isOptionalStringArray,
  present,
} from './arguments.js'
import { type BashArgs, bashTool, jobKillTool, jobListTool, jobOutputTool, nonPosixShellTool } from './bash.js'
import { writeStdinTool } from './codex.js'
import { markdownContent, markdownResult } from './display.js'
import { editTool, readTool, writeTool } from './fs.js'
import { askUserQuestionTool } from './interaction.js'
import { copilotMcpTools, geminiMcpTools, mcpTools } from './mcp.js'
import { adaptTool, renameTool } from './rename-tool.js'
import { contentResult } from './result-content.js'
import { globTool, grepTool } from './search.js'
import { webFetchTool, webSearchTool } from './web.js'

interface CopilotBashArgs {
  readonly command: string
  readonly description?: string | null
  readonly mode?: string | null
  readonly initial_wait?: number | null
  readonly detach?: boolean | null
}

const isCopilotBashArgs = (value: unknown): value is CopilotBashArgs =>
  isRecord(value) &&
  typeof value.command === 'string' &&
  isOptionalString(value.description) &&
  isOptionalString(value.mode) &&
  isOptionalNumber(value.initial_wait) &&
  isOptionalBoolean(value.detach)

// `mode: "async"` (and a detached process) returns at once with a shell id
// the model talks to later: a background job, not a terminal that ends.
const bashBase = (args: CopilotBashArgs): BashArgs => ({
  command: args.command,
  description: present(args.description),
  run_in_background: args.mode === 'async' || args.detach === true,
})

const partialBash = (partial: unknown): unknown =>
  isRecord(partial)
    ? { command: typeof partial.command === 'string' ? partial.command : undefined, run_in_background: partial.mode === 'async' }
    : partial

const bashCall = adaptTool({ name: 'bash', args: isCopilotBashArgs, base: bashTool, toBase: bashBase, partialToBase: partialBash })
const powershellCall = adaptTool({
  name: 'powershell',
  args: isCopilotBashArgs,
  base: nonPosixShellTool,
  toBase: bashBase,
  partialToBase: partialBash,
})

const isShellIdArgs = (value: unknown): value is { shellId: string | number } =>
  isRecord(value) && (typeof value.shellId === 'string' || isFiniteNumber(value.shellId))

const readBashCall = adaptTool({
  name: 'read_bash',
  args: isShellIdArgs,
  base: jobOutputTool,
  toBase: (args) => ({ job_id: args.shellId }),
})
const stopBashCall = adaptTool({ name: 'stop_bash', args: isShellIdArgs, base: jobKillTool, toBase: (args) => ({ job_id: args.shellId }) })

// What is typed into a running shell (`{enter}`, `{up}` and the like are Copilot CLI's key names, shown as written).
const writeBashCall = adaptTool({
  name: 'write_bash',
  args: (value: unknown): value is { shellId: string | number; input?: string | null } =>
    isShellIdArgs(value) && isOptionalString((value as Record<string, unknown>).input),
  base: writeStdinTool,
  toBase: (args) => ({ session_id: args.shellId, chars: present(args.input) }),
})

interface ViewArgs {
  readonly path: string
  readonly view_range?: readonly number[] | null
}

function isViewArgs(value: unknown): value is ViewArgs {
  if (!isRecord(value) || typeof value.path !== 'string') return false
  const range = value.view_range
  if (range === undefined || range === null) return true
  if (!Array.isArray(range)) return false
  for (const item of range) if (typeof item !== 'number') return false
  return true
}

// `view_range: [start, end]`, 1-based and inclusive; an end of -1 reads to the end.
function viewRange(range: readonly number[] | null | undefined): { offset?: number; limit?: number } {
  const start = finite(range?.[0])
  const end = finite(range?.[1])
  if (start === undefined) return {}
  return end !== undefined && end >= start ? { offset: start, limit: end - start + 1 } : { offset: start }
}

const viewCall = adaptTool({
  name: 'view',
  args: isViewArgs,
  base: readTool,
  toBase: (args) => ({ file_path: args.path, ...viewRange(args.view_range) }),
})

const createCall = adaptTool({
  name: 'create',
  args: (value: unknown): value is { path: string; file_text: string } =>
    isRecord(value) && typeof value.path === 'string' && typeof value.file_text === 'string',
  base: writeTool,
  toBase: (args) => ({ file_path: args.path, content: args.file_text }),
})

const editCall = adaptTool({
  name: 'edit',
  args: (value: unknown): value is { path: string; old_str: string; new_str: string } =>
    isRecord(value) && typeof value.path === 'string' && typeof value.old_str === 'string' && typeof value.new_str === 'string',
  base: editTool,
  toBase: (args) => ({ file_path: args.path, old_string: args.old_str, new_string: args.new_str }),
})

interface CopilotWebFetchArgs {
  readonly url: string
  readonly max_length?: number | null
  readonly start_index?: number | null
  readonly raw?: boolean | null
}

const webFetchCall = adaptTool({
  name: 'web_fetch',
  args: (value: unknown): value is CopilotWebFetchArgs =>
    isRecord(value) &&
    typeof value.url === 'string' &&
    isOptionalNumber(value.max_length) &&
    isOptionalNumber(value.start_index) &&
    isOptionalBoolean(value.raw),
  base: webFetchTool,
  toBase: (args) => ({ url: args.url, offset: present(args.start_index) }),
})

// What the agent says it is doing now: the title is the intent, in its words.
const reportIntentCall = defineTool<{ readonly intent: string }>({
  name: 'report_intent',
  args: (value): value is { intent: string } => isRecord(value) && typeof value.intent === 'string',
  presentCall: (args) => ({ card: 'generic', kind: 'think', title: args.intent || 'Report intent', rawInput: args }),
  presentResult: (_args, result) => contentResult(result),
})

const taskCompleteCall = defineTool<{ readonly summary?: string | null }>({
  name: 'task_complete',
  args: (value): value is { summary?: string | null } => isRecord(value) && isOptionalString(value.summary),
  presentCall: (args) => ({
    card: 'generic',
    kind: 'think',
    title: 'Task complete',
    content: markdownContent(args.summary),
    rawInput: args,
  }),
  presentResult: (_args, result) => markdownResult(result),
})

interface AskUserArgs {
  readonly question: string
  readonly choices?: readonly string[] | null
  readonly allow_freeform?: boolean | null
}

// One question with plain choices: `AskUserQuestion`'s card for it.
const askUserCall = adaptTool({
  name: 'ask_user',
  args: (value: unknown): value is AskUserArgs =>
    isRecord(value) &&
    typeof value.question === 'string' &&
    isOptionalStringArray(value.choices) &&
    isOptionalBoolean(value.allow_freeform),
  base: askUserQuestionTool,
  toBase: (args) => ({ questions: [{ question: args.question, options: (args.choices ?? []).map((label) => ({ label })) }] }),
})

interface StoreMemoryArgs {
  readonly subject?: string | null
  readonly fact?: string | null
}

const storeMemoryCall = defineTool<StoreMemoryArgs>({
  name: 'store_memory',
  args: (value): value is StoreMemoryArgs => isRecord(value) && isOptionalString(value.subject) && isOptionalString(value.fact),
  presentCall: (args) => ({
    card: 'generic',
    kind: 'other',
    title: args.subject ? `Remember: ${args.subject}` : 'Remember',
    content: markdownContent(args.fact),
    rawInput: args,
  }),
  presentResult: (_args, result) => markdownResult(result),
})

interface SqlArgs {
  readonly query: string
  readonly description?: string | null
  readonly database?: string | null
}

// The query runs against the session's own database: what runs is shown in full.
const sqlCall = defineTool<SqlArgs>({
  name: 'sql',
  args: (value): value is SqlArgs =>
    isRecord(value) && typeof value.query === 'string' && isOptionalString(value.description) && isOptionalString(value.database),
  presentCall: (args): ToolCallView => ({
    card: 'generic',
    kind: 'execute',
    title: args.description || 'Run SQL',
    content: args.query ? [fencedBlock(args.query, 'sql')] : undefined,
    rawInput: args,
  }),
  presentResult: (_args, result) => contentResult(result),
})

interface CopilotTaskArgs {
  readonly description?: string | null
  readonly prompt?: string | null
  readonly agent_type?: string | null
}

const taskCall = adaptTool({
  name: 'task',
  args: (value: unknown): value is CopilotTaskArgs =>
    isRecord(value) && isOptionalString(value.description) && isOptionalString(value.prompt) && isOptionalString(value.agent_type),
  base: taskTool,
  toBase: (args) => ({ description: present(args.description), prompt: present(args.prompt), subagent_type: present(args.agent_type) }),
})

const readAgentCall = defineTool<{ readonly agent_id: string | number; readonly wait?: boolean | null }>({
  name: 'read_agent',
  args: (value): value is { agent_id: string | number; wait?: boolean | null } =>
    isRecord(value) && (typeof value.agent_id === 'string' || isFiniteNumber(value.agent_id)) && isOptionalBoolean(value.wait),
  presentCall: (args) => ({ card: 'generic', kind: 'think', title: `Read agent ${args.agent_id}`, rawInput: args }),
  presentResult: (_args, result) => markdownResult(result),
})

const fetchDocumentationCall = defineTool<Readonly<Record<string, unknown>>>({
  name: 'fetch_copilot_cli_documentation',
  args: isRecord,
  presentCall: () => ({ card: 'generic', kind: 'fetch', title: 'Fetch Copilot CLI documentation' }),
  presentResult: (_args, result) => markdownResult(result),
})

/**
 * Every presenter under GitHub Copilot CLI's tool names and argument
 * shapes, as its published sessions show them (Copilot CLI is closed
 * source): `bash` and `powershell` (a terminal card; `mode: "async"` or
 * `detach` a background job), `read_bash`, `write_bash`, `stop_bash` and
 * `list_bash` (the shells it keeps, by `shellId`), `view` (`path`,
 * `view_range`), `create`, `edit` (`old_str` → `new_str`), `grep` and
 * `glob` (Claude Code's shapes), `web_fetch`, `web_search`,
 * `report_intent` (titled with the intent), `task_complete`, `ask_user`,
 * `store_memory`, `sql`, `task` (a sub-agent), `read_agent` and
 * `fetch_copilot_cli_documentation`; and every MCP tool, as
 * `<server>-<tool>` ({@link copilotMcpTools}) or in either common spelling
 * ({@link mcpTools}, {@link geminiMcpTools}), Copilot CLI's own not being
 * confirmed by a published session. Titles of the cards of its own are
 * plain text.
 *
 * @example
 * import { copilotCliPresenters } from 'tool-render-intent/presenters'
 *
 * const byName = new Map(copilotCliPresenters.map((tool) => [tool.name, tool]))
 * byName.get('view')?.presentCall?.({ path: '/repo/a.ts', view_range: [10, 20] }, { cwd: '/repo' })
 * // { card: 'generic', kind: 'read', title: 'Read a.ts (10 - 20)', locations: [{ path: '/repo/a.ts', line: 10 }], … }
 */
export const copilotCliPresenters: readonly ToolDefinition<any, any>[] = [
  bashCall,
  powershellCall,
  readBashCall,
  writeBashCall,
  stopBashCall,
  renameTool(jobListTool, 'list_bash'),
  viewCall,
  createCall,
  editCall,
  grepTool,
  globTool,
  webFetchCall,
  webSearchTool,
  reportIntentCall,
  taskCompleteCall,
  askUserCall,
  storeMemoryCall,
  sqlCall,
  taskCall,
  readAgentCall,
  fetchDocumentationCall,
  mcpTools,
  geminiMcpTools,
  copilotMcpTools,
]
