// goose's tools (block/goose), under their names and argument shapes: the
// file and shell tools its ACP server lends to the client
// (crates/goose-acp/src/tools.rs), and its developer extension's
// `developer__shell` and `developer__text_editor` (crates/goose-mcp), the
// names goose's own sessions log, and its later `developer__file_write`,
// `developer__file_edit` and `developer__tree`.
//
// goose's ACP mapping sets kind `read` with a location for `read`, kind
// `edit` with a location and a diff against the file's old text for
// `write`, `str_replace` and `insert`, and kind `execute` with a terminal
// for `shell`; it sends the diff only once it has read the file. Ours
// matches the kinds and locations and shows the change at call time: the
// text to write as a new file, the replacement, the insertion at its line
// (the applied change follows at result time, from `result.meta`).
//
// Every other extension's tool is `<extension>__<tool>`
// (crates/goose/src/agents/extension_manager.rs), an MCP server's tool:
// the MCP card, titled `<extension> - <tool> (MCP)`.
import { defineTool, type ToolDefinition } from '../define-tool.js'
import { isRecord } from '../internal/record.js'
import type { PresentContext, ToolCallView, ToolResultView } from '../views.js'
import { finite, isOptionalNumber, isOptionalString } from './arguments.js'
import { bashTool } from './bash.js'
import { locatedPath, locationOf, shownPath } from './display.js'
import { editTool, readTool, writeTool } from './fs.js'
import { gooseMcpTools } from './mcp.js'
import { applyPatchTool } from './patch.js'
import { adaptTool, renameTool } from './rename-tool.js'
import { contentResult } from './result-content.js'
import { lsTool } from './search.js'

// ACP's largest line: `ToolCallLocation.line` is an unsigned 32-bit integer.
const MAX_LINE = 4_294_967_295

const readCall = adaptTool({
  name: 'read',
  args: (value: unknown): value is { path: string } => isRecord(value) && typeof value.path === 'string',
  base: readTool,
  toBase: (args) => ({ file_path: args.path }),
})

const writeCall = adaptTool({
  name: 'write',
  args: (value: unknown): value is { path: string; text: string } =>
    isRecord(value) && typeof value.path === 'string' && typeof value.text === 'string',
  base: writeTool,
  toBase: (args) => ({ file_path: args.path, content: args.text }),
})

interface StrReplaceArgs {
  readonly path: string
  readonly old_str: string
  readonly new_str: string
}

const isStrReplaceArgs = (value: unknown): value is StrReplaceArgs =>
  isRecord(value) && typeof value.path === 'string' && typeof value.old_str === 'string' && typeof value.new_str === 'string'

const strReplaceCall = adaptTool({
  name: 'str_replace',
  args: isStrReplaceArgs,
  base: editTool,
  toBase: (args) => ({ file_path: args.path, old_string: args.old_str, new_string: args.new_str }),
})

// goose inserts after line `after` (0: at the top): the new text starts at line `after + 1`.
function insertCall(path: string, text: string, after: number | undefined, args: unknown, ctx: PresentContext): ToolCallView {
  const shown = path ? shownPath(path, ctx) || '.' : ''
  const line = after !== undefined && Number.isInteger(after) && after >= 0 && after < MAX_LINE ? after + 1 : undefined
  const title = `${shown ? `Insert into ${shown}` : 'Insert'}${line ? ` at line ${line}` : ''}`
  const located = path ? locatedPath(path, ctx) : undefined
  if (!located) return { card: 'generic', kind: 'edit', title, rawInput: args }
  // Nothing is replaced: the old text is empty, not absent (absent would read as a new file).
  return {
    card: 'diff',
    title,
    diffs: [{ path: located, oldText: '', newText: text }],
    locations: [line ? { path: located, line } : { path: located }],
  }
}

interface InsertArgs {
  readonly path: string
  readonly new_str: string
  readonly position?: number | null
}

const insertTool = defineTool<InsertArgs>({
  name: 'insert',
  args: (value): value is InsertArgs =>
    isRecord(value) && typeof value.path === 'string' && typeof value.new_str === 'string' && isOptionalNumber(value.position),
  presentCall: (args, ctx) => insertCall(args.path, args.new_str, finite(args.position), args, ctx),
  presentResult: (_args, result) => contentResult(result),
})

interface TextEditorArgs {
  readonly command: string
  readonly path: string
  readonly file_text?: string | null
  readonly old_str?: string | null
  readonly new_str?: string | null
  readonly view_range?: readonly number[] | null
  readonly insert_line?: number | null
  readonly diff?: string | null
}

function isViewRange(value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (!Array.isArray(value)) return false
  for (const item of value) if (typeof item !== 'number') return false
  return true
}

const isTextEditorArgs = (value: unknown): value is TextEditorArgs =>
  isRecord(value) &&
  typeof value.command === 'string' &&
  typeof value.path === 'string' &&
  isOptionalString(value.file_text) &&
  isOptionalString(value.old_str) &&
  isOptionalString(value.new_str) &&
  isViewRange(value.view_range) &&
  isOptionalNumber(value.insert_line) &&
  isOptionalString(value.diff)

// `view_range: [start, end]`, 1-based and inclusive; an end of -1 reads to the end.
function viewRange(range: readonly number[] | null | undefined): { offset?: number; limit?: number } {
  const start = finite(range?.[0])
  const end = finite(range?.[1])
  if (start === undefined) return {}
  return end !== undefined && end >= start ? { offset: start, limit: end - start + 1 } : { offset: start }
}

const withArgs = (view: ToolCallView | undefined, args: unknown) =>
  view?.card === 'generic' && view.rawInput !== undefined ? { ...view, rawInput: args } : view

// The developer extension's one file tool: the card of the command it runs.
function textEditorCall(args: TextEditorArgs, ctx: PresentContext): ToolCallView | undefined {
  if (typeof args.diff === 'string' && args.diff) return withArgs(applyPatchTool.presentCall!({ patch: args.diff }, ctx), args)
  switch (args.command) {
    case 'view':
      return withArgs(readTool.presentCall!({ file_path: args.path, ...viewRange(args.view_range) }, ctx), args)
    case 'write':
      return withArgs(writeTool.presentCall!({ file_path: args.path, content: args.file_text ?? '' }, ctx), args)
    case 'str_replace':
      return withArgs(
        editTool.presentCall!({ file_path: args.path, old_string: args.old_str ?? '', new_string: args.new_str ?? '' }, ctx),
        args,
      )
    case 'insert':
      return insertCall(args.path, args.new_str ?? '', finite(args.insert_line), args, ctx)
    case 'undo_edit': {
      const shown = args.path ? shownPath(args.path, ctx) || '.' : ''
      return {
        card: 'generic',
        kind: 'edit',
        title: shown ? `Undo the last edit of ${shown}` : 'Undo the last edit',
        locations: locationOf(args.path, ctx),
        rawInput: args,
      }
    }
    default: {
      const shown = args.path ? shownPath(args.path, ctx) || '.' : ''
      return {
        card: 'generic',
        kind: 'other',
        title: ['Text editor', args.command, shown].filter(Boolean).join(' '),
        locations: locationOf(args.path, ctx),
        rawInput: args,
      }
    }
  }
}

function textEditorResult(args: TextEditorArgs, result: unknown, ctx: PresentContext): ToolResultView | undefined {
  if (typeof args.diff === 'string' && args.diff) return applyPatchTool.presentResult!({ patch: args.diff }, result as never, ctx)
  switch (args.command) {
    case 'view':
      return readTool.presentResult!({ file_path: args.path }, result as never, ctx)
    case 'write':
      return writeTool.presentResult!({ file_path: args.path, content: args.file_text ?? '' }, result as never, ctx)
    case 'str_replace':
      return editTool.presentResult!(
        { file_path: args.path, old_string: args.old_str ?? '', new_string: args.new_str ?? '' },
        result as never,
        ctx,
      )
    default:
      return contentResult(result)
  }
}

const textEditorTool = defineTool<TextEditorArgs>({
  name: 'developer__text_editor',
  metaKeys: editTool.metaKeys,
  args: isTextEditorArgs,
  presentCall: textEditorCall,
  presentResult: textEditorResult,
})

// The developer extension's later tools (crates/goose-mcp/src/developer/mod.rs):
// `shell` (with `timeout_secs`), `file_write`, `file_edit` (`before` → `after`) and `tree`.
const fileWriteCall = adaptTool({
  name: 'developer__file_write',
  args: (value: unknown): value is { path: string; content: string } =>
    isRecord(value) && typeof value.path === 'string' && typeof value.content === 'string',
  base: writeTool,
  toBase: (args) => ({ file_path: args.path, content: args.content }),
})

const fileEditCall = adaptTool({
  name: 'developer__file_edit',
  args: (value: unknown): value is { path: string; before: string; after: string } =>
    isRecord(value) && typeof value.path === 'string' && typeof value.before === 'string' && typeof value.after === 'string',
  base: editTool,
  toBase: (args) => ({ file_path: args.path, old_string: args.before, new_string: args.after }),
})

// A directory tree with line counts, `depth` levels deep: a listing of the folder.
const treeCall = adaptTool({
  name: 'developer__tree',
  args: (value: unknown): value is { path: string; depth?: number | null } =>
    isRecord(value) && typeof value.path === 'string' && isOptionalNumber(value.depth),
  base: lsTool,
  toBase: (args) => ({ path: args.path }),
})

/**
 * Every presenter under goose's tool names and argument shapes: the tools
 * its ACP server lends to the client, `read` (`path`), `write` (`path`,
 * `text`), `str_replace` (`path`, `old_str`, `new_str`), `insert` (`path`,
 * `new_str` after line `position`) and `shell` (`command`); and its
 * developer extension's `developer__shell` and `developer__text_editor`
 * (one card per `command`: `view`, `write`, `str_replace`, `insert`,
 * `undo_edit`; a unified `diff` as a patch), and its later
 * `developer__file_write`, `developer__file_edit` (`before` → `after`) and
 * `developer__tree`; and every other extension's `<extension>__<tool>`
 * ({@link gooseMcpTools}). Titles of the cards of its own are plain text.
 *
 * @example
 * import { goosePresenters } from 'tool-render-intent/presenters'
 *
 * const byName = new Map(goosePresenters.map((tool) => [tool.name, tool]))
 * byName.get('insert')?.presentCall?.({ path: '/repo/a.txt', new_str: 'b\n', position: 1 }, { cwd: '/repo' })
 * // { card: 'diff', title: 'Insert into a.txt at line 2', diffs: [{ path: '/repo/a.txt', oldText: '', newText: 'b\n' }], … }
 */
export const goosePresenters: readonly ToolDefinition<any, any>[] = [
  readCall,
  writeCall,
  strReplaceCall,
  insertTool,
  renameTool(bashTool, 'shell'),
  renameTool(bashTool, 'developer__shell'),
  textEditorTool,
  fileWriteCall,
  fileEditCall,
  treeCall,
  gooseMcpTools,
]
