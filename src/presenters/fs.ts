// The file tools: read (a generic card that follows the file), write, edit
// and multi_edit (diff cards at call time, the applied change at result time).
import { defineTool } from '../define-tool.js'
import { fencedBlock } from '../safety/fence.js'
import { isRecord } from '../internal/record.js'
import type { ContentBlock, FileDiff, PresentContext, ToolCallView, ToolResultView } from '../views.js'
import { APPLIED_CHANGE_META_KEYS, type AppliedChangeMeta, appliedHunksOf, type EditReplacement } from './applied-change.js'
import { finite, isOptionalBoolean, isOptionalNumber } from './arguments.js'
import { locatedPath, titlePath } from './display.js'
import { fenceLanguage } from './fence-language.js'
import { contentResult, isErrorResult, resultMeta, resultStructured, textFirstResult } from './result-content.js'

/**
 * The `read` tool's arguments: a file, and optionally a 1-based first line and
 * a line count. `null`, NaN and ±Infinity in `offset` / `limit` count as
 * absent (a session log holds each of them as `null`).
 */
export interface ReadArgs {
  /** The file to read; shown relative to the session cwd when inside it. */
  readonly file_path: string
  /** 1-based line to start reading at; claude-agent-acp's Read semantics. */
  readonly offset?: number | null
  /** How many lines to read; a positive one shows the range `(a - b)` in the title. */
  readonly limit?: number | null
}

/** The `write` tool's arguments: a file and its whole new text. */
export interface WriteArgs {
  /** The file to write; shown relative to the session cwd when inside it. */
  readonly file_path: string
  /** The file's whole new text; at call time shown as a new file. */
  readonly content: string
}

/** The `edit` tool's arguments: replace `old_string` (every occurrence with `replace_all`) by `new_string`. */
export interface EditArgs {
  /** The file to edit; shown relative to the session cwd when inside it. */
  readonly file_path: string
  /** The exact text to replace; empty means the call-time diff has no old text. */
  readonly old_string: string
  /** The text to put in its place. */
  readonly new_string: string
  /** Replace every occurrence of `old_string`, not only the first; `null` is absent. */
  readonly replace_all?: boolean | null
}

const isReadArgs = (value: unknown): value is ReadArgs =>
  isRecord(value) && typeof value.file_path === 'string' && isOptionalNumber(value.offset) && isOptionalNumber(value.limit)

const isWriteArgs = (value: unknown): value is WriteArgs =>
  isRecord(value) && typeof value.file_path === 'string' && typeof value.content === 'string'

const isEditArgs = (value: unknown): value is EditArgs =>
  isRecord(value) &&
  typeof value.file_path === 'string' &&
  typeof value.old_string === 'string' &&
  typeof value.new_string === 'string' &&
  isOptionalBoolean(value.replace_all)

// claude-agent-acp's title suffix: a range when a positive limit is given, else the first line.
function readRange(offset: number | undefined, limit: number | undefined): string {
  if (limit !== undefined && limit > 0) {
    const from = offset ?? 1
    return ` (${from} - ${from + limit - 1})`
  }
  return offset ? ` (from line ${offset})` : ''
}

// ACP's largest line: `ToolCallLocation.line` is an unsigned 32-bit integer.
const MAX_LINE = 4_294_967_295

// ACP lines are 1-based integers of 32 bits; any other offset (0 or less, a
// fraction, past the largest line) follows from line 1.
const firstLine = (offset: number | undefined) =>
  offset !== undefined && Number.isInteger(offset) && offset >= 1 && offset <= MAX_LINE ? offset : 1

// The file's own final newline is its terminator, not a blank last line in the fence.
const withoutFinalNewline = (text: string) => (text.endsWith('\r\n') ? text.slice(0, -2) : text.endsWith('\n') ? text.slice(0, -1) : text)

/**
 * `read`: a generic card of kind `read`, titled `Read <path>` (relative to
 * the session cwd when inside it) with ` (a - b)` for a positive `limit` or
 * ` (from line N)` for an `offset` alone, and a location that follows the
 * first line read (line 1 unless the offset is an integer from 1 to
 * 4294967295, ACP's unsigned 32-bit line). The title's path is normalised
 * like the location the bridge sends (`/repo/../etc/passwd` shows as
 * `/etc/passwd`) and escaped with `markdownInline`, so it renders literally
 * and on one line. The result shows the file text in a fence no content can
 * close, with a language hint from the extension: rebuilt from the
 * structured result when it carries the text (Claude Code's FileReadOutput:
 * lines numbered `N<tab>` without padding, no `<system-reminder>` blocks,
 * a `[File truncated: …]` note where the tool cut it), else the text as
 * returned. An error result shows the error as returned.
 *
 * @example
 * readTool.presentCall?.({ file_path: '/repo/src/a.ts', offset: 10, limit: 5 }, { cwd: '/repo' })
 * // { card: 'generic', kind: 'read', title: 'Read src/a.ts (10 - 14)',
 * //   locations: [{ path: '/repo/src/a.ts', line: 10 }], rawInput: { … } }
 */
export const readTool = defineTool<ReadArgs>({
  name: 'read',
  args: isReadArgs,
  presentCall: (args, ctx) => {
    const file = args.file_path ? locatedPath(args.file_path, ctx) : undefined
    return {
      card: 'generic',
      kind: 'read',
      title: `Read ${args.file_path ? titlePath(args.file_path, ctx) : 'File'}${readRange(finite(args.offset), finite(args.limit))}`,
      locations: file ? [{ path: file, line: firstLine(finite(args.offset)) }] : undefined,
      rawInput: args,
    }
  },
  presentResult: (args, result) => {
    if (isErrorResult(result)) return contentResult(result)
    const file = readFile(resultStructured(result))
    const language = fenceLanguage(args.file_path)
    if (!file) return textFirstResult(result, (text) => fencedBlock(withoutFinalNewline(text), language))
    const content: ContentBlock[] = [fencedBlock(numberedLines(file.content, file.startLine ?? firstLine(finite(args.offset))), language)]
    if (file.truncatedByTokenCap === true) content.push({ type: 'text', text: truncationNote(file) })
    return { card: 'generic', content }
  },
})

// The text file of a structured Read result (Claude Code's FileReadOutput);
// an empty file keeps the tool's own note, other variants their blocks.
function readFile(structured: Record<string, unknown> | undefined) {
  const file = structured?.type === 'text' && isRecord(structured.file) ? structured.file : undefined
  if (!file || typeof file.content !== 'string' || file.content === '') return undefined
  return {
    content: file.content,
    startLine: Number.isSafeInteger(file.startLine) ? (file.startLine as number) : undefined,
    numLines: file.numLines,
    totalLines: file.totalLines,
    truncatedByTokenCap: file.truncatedByTokenCap,
  }
}

// `N\tline`, as the tool numbers lines for the model, without its padding; a final newline ends the last line.
function numberedLines(text: string, first: number): string {
  const lines = withoutFinalNewline(text).split('\n')
  let numbered = ''
  for (let index = 0; index < lines.length; index++) numbered += `${index === 0 ? '' : '\n'}${first + index}\t${lines[index]}`
  return numbered
}

// The model-facing truncation banner does not survive the rebuild: a note says so.
function truncationNote(file: { numLines: unknown; totalLines: unknown }): string {
  const { numLines, totalLines } = file
  return typeof numLines === 'number' && typeof totalLines === 'number' && Number.isFinite(numLines) && Number.isFinite(totalLines)
    ? `[File truncated: showing ${numLines} of ${totalLines} lines]`
    : '[File truncated]'
}

// The result of a write or an edit: the applied change from the meta, else
// the call-time diff; an error, no change, or no diff at all shows the content.
function appliedChangeResult(path: string | undefined, result: unknown, fallback: readonly FileDiff[]): ToolResultView {
  if (isErrorResult(result) || !path) return contentResult(result)
  const hunks = appliedHunksOf(resultMeta(result))
  if (hunks) {
    if (hunks.length === 0) return contentResult(result)
    return {
      card: 'diff',
      diffs: hunks.map((hunk) => ({ path, oldText: hunk.oldText, newText: hunk.newText })),
      locations: hunks.map((hunk) => ({ path, line: hunk.line })),
    }
  }
  return fallback.length === 0 ? contentResult(result) : { card: 'diff', diffs: fallback, locations: [{ path }] }
}

// How many times `needle` stands in `text`, not overlapping (as a replace-all replaces them).
function occurrences(text: string, needle: string): number {
  if (needle === '') return 0
  let count = 0
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) count++
  return count
}

// The title claude-agent-acp gives: no path at all when it displays as empty.
const fileTitle = (verb: string, path: string, ctx: PresentContext) => {
  const shown = path ? titlePath(path, ctx) : ''
  return shown ? `${verb} ${shown}` : verb
}

const writeDiffs = (path: string, args: WriteArgs): FileDiff[] => [{ path, oldText: null, newText: args.content }]

// A change to a `~/…` file the context cannot place: its title and arguments, no diff that would name the wrong file.
const unplacedChange = (title: string, args: unknown): ToolCallView => ({ card: 'generic', kind: 'edit', title, rawInput: args })

/**
 * `write`: a diff card titled `Write <path>` (the path normalised and
 * escaped as in {@link readTool}'s title) showing the whole text as a new
 * file (`oldText: null`): at call time the tool has not read the old file.
 * The result shows the applied change from `result.meta`
 * ({@link AppliedChangeMeta}, see `computeWriteMeta`), or the call-time diff
 * when there is no usable meta. An error result shows the error text. With
 * an empty `file_path` the call is a generic `Write` card of kind `edit`.
 *
 * @example
 * writeTool.presentCall?.({ file_path: '/repo/a.txt', content: 'hi\n' }, { cwd: '/repo' })
 * // { card: 'diff', title: 'Write a.txt',
 * //   diffs: [{ path: '/repo/a.txt', oldText: null, newText: 'hi\n' }], locations: [{ path: '/repo/a.txt' }] }
 */
export const writeTool = defineTool<WriteArgs, AppliedChangeMeta>({
  name: 'write',
  metaKeys: APPLIED_CHANGE_META_KEYS,
  args: isWriteArgs,
  presentCall: (args, ctx) => {
    if (!args.file_path) {
      return { card: 'generic', kind: 'edit', title: 'Write', content: args.content ? [{ type: 'text', text: args.content }] : undefined }
    }
    const path = locatedPath(args.file_path, ctx)
    const title = fileTitle('Write', args.file_path, ctx)
    return path ? { card: 'diff', title, diffs: writeDiffs(path, args), locations: [{ path }] } : unplacedChange(title, args)
  },
  presentResult: (args, result, ctx) => {
    const path = locatedPath(args.file_path, ctx)
    return appliedChangeResult(path, result, path ? writeDiffs(path, args) : [])
  },
})

// claude-agent-acp's edit diff: an empty old string means "no old text", and
// an edit with both strings empty shows no diff.
const editDiffs = (path: string, args: EditArgs): FileDiff[] =>
  args.old_string || args.new_string ? [{ path, oldText: args.old_string || null, newText: args.new_string }] : []

/**
 * `edit`: a diff card titled `Edit <path>` (the path normalised and escaped
 * as in {@link readTool}'s title) with one diff from `old_string`
 * (`null` when empty) to `new_string`, or no diff when both are empty. The
 * result shows the applied change from `result.meta` (one hunk per
 * replacement site with 3 lines of context, see `computeEditMeta`), or the
 * call-time diff when there is no usable meta. An error result shows the
 * error text. With an empty `file_path` the call is a generic `Edit` card.
 *
 * @example
 * editTool.presentCall?.({ file_path: 'src/a.ts', old_string: 'a', new_string: 'b' }, { cwd: '/repo' })
 * // { card: 'diff', title: 'Edit src/a.ts',
 * //   diffs: [{ path: 'src/a.ts', oldText: 'a', newText: 'b' }], locations: [{ path: 'src/a.ts' }] }
 */
export const editTool = defineTool<EditArgs, AppliedChangeMeta>({
  name: 'edit',
  metaKeys: APPLIED_CHANGE_META_KEYS,
  args: isEditArgs,
  presentCall: (args, ctx) => {
    if (!args.file_path) return { card: 'generic', kind: 'edit', title: 'Edit' }
    const path = locatedPath(args.file_path, ctx)
    // One old and new string stands for every occurrence: the title says so.
    const title = fileTitle('Edit', args.file_path, ctx) + (args.replace_all === true ? ' (every occurrence)' : '')
    return path ? { card: 'diff', title, diffs: editDiffs(path, args), locations: [{ path }] } : unplacedChange(title, args)
  },
  presentResult: (args, result, ctx) => {
    const path = locatedPath(args.file_path, ctx)
    const view = appliedChangeResult(path, result, path ? editDiffs(path, args) : [])
    if (args.replace_all !== true || view.card !== 'diff' || !appliedHunksOf(resultMeta(result))) return view
    // With the applied hunks: how many occurrences changed (every one of them is in a hunk).
    const count = view.diffs.reduce((sum, diff) => sum + occurrences(diff.oldText ?? '', args.old_string), 0)
    return { ...view, title: `${fileTitle('Edit', args.file_path, ctx)} (${count} ${count === 1 ? 'occurrence' : 'occurrences'})` }
  },
})

/**
 * The `multi_edit` tool's arguments: several edits of one file, applied in
 * order, each to the text the previous ones left (Claude Code's `MultiEdit`).
 */
export interface MultiEditArgs {
  /** The file to edit; shown relative to the session cwd when inside it. */
  readonly file_path: string
  /** The edits, in the order they apply; each as {@link EditArgs} without the path. */
  readonly edits: readonly EditReplacement[]
}

// A plain loop over the edits: a model may send hundreds of them.
function isEditList(value: unknown): value is EditReplacement[] {
  if (!Array.isArray(value)) return false
  for (let index = 0; index < value.length; index++) {
    const edit = value[index]
    if (
      !isRecord(edit) ||
      typeof edit.old_string !== 'string' ||
      typeof edit.new_string !== 'string' ||
      !isOptionalBoolean(edit.replace_all)
    ) {
      return false
    }
  }
  return true
}

const isMultiEditArgs = (value: unknown): value is MultiEditArgs =>
  isRecord(value) && typeof value.file_path === 'string' && isEditList(value.edits)

// One diff per edit, each as `edit` shows its own (both strings empty: none).
function multiEditDiffs(path: string, args: MultiEditArgs): FileDiff[] {
  const diffs: FileDiff[] = []
  for (const edit of args.edits) {
    if (edit.old_string || edit.new_string) diffs.push({ path, oldText: edit.old_string || null, newText: edit.new_string })
  }
  return diffs
}

/**
 * `multi_edit`: a diff card titled `Edit <path>` (the path normalised and
 * escaped as in {@link readTool}'s title) with one diff per edit, in order,
 * each as {@link editTool} shows its own: `old_string` (`null` when empty)
 * to `new_string`, no diff for an edit with both empty. The result shows
 * the applied change from `result.meta` (the hunks after every edit, see
 * `computeMultiEditMeta`), or the call-time diffs when there is no usable
 * meta. An error result shows the error text. With an empty `file_path`
 * the call is a generic `Edit` card.
 *
 * @example
 * multiEditTool.presentCall?.(
 *   { file_path: '/repo/a.ts', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'c', new_string: 'd' }] },
 *   { cwd: '/repo' },
 * )
 * // { card: 'diff', title: 'Edit a.ts', locations: [{ path: '/repo/a.ts' }],
 * //   diffs: [{ path: '/repo/a.ts', oldText: 'a', newText: 'b' }, { path: '/repo/a.ts', oldText: 'c', newText: 'd' }] }
 */
export const multiEditTool = defineTool<MultiEditArgs, AppliedChangeMeta>({
  name: 'multi_edit',
  metaKeys: APPLIED_CHANGE_META_KEYS,
  args: isMultiEditArgs,
  presentCall: (args, ctx) => {
    if (!args.file_path) return { card: 'generic', kind: 'edit', title: 'Edit', rawInput: args }
    const path = locatedPath(args.file_path, ctx)
    const title = fileTitle('Edit', args.file_path, ctx)
    return path ? { card: 'diff', title, diffs: multiEditDiffs(path, args), locations: [{ path }] } : unplacedChange(title, args)
  },
  presentResult: (args, result, ctx) => {
    const path = locatedPath(args.file_path, ctx)
    return appliedChangeResult(path, result, path ? multiEditDiffs(path, args) : [])
  },
})
