// The patch tool: a patch text (a unified diff, a git patch, or codex's
// `*** Begin Patch` envelope) shown as one diff card with a diff per file.
import { defineTool } from '../define-tool.js'
import { fencedBlock } from '../safety/fence.js'
import { isRecord } from '../internal/record.js'
import { markdownInline } from '../safety/markdown-text.js'
import type { FileDiff, FileLocation, GenericResultView, PresentContext, ToolCallView, ToolResultView } from '../views.js'
import { titlePath } from './display.js'
import { type PatchFile, parseAgentPatch } from './patch-parser.js'
import { contentResult, isErrorResult, textFirstResult } from './result-content.js'

/**
 * The `apply_patch` tool's arguments: the patch text itself (codex's
 * freeform tool sends it as the whole input), or an object holding it as
 * `input` (codex's JSON tool) or `patch`.
 */
export type ApplyPatchArgs = string | { readonly input: string } | { readonly patch: string }

const isApplyPatchArgs = (value: unknown): value is ApplyPatchArgs =>
  typeof value === 'string' || (isRecord(value) && (typeof value.input === 'string' || typeof value.patch === 'string'))

const patchText = (args: ApplyPatchArgs): string =>
  typeof args === 'string' ? args : 'input' in args && typeof args.input === 'string' ? args.input : (args as { patch: string }).patch

// ACP's largest line: `ToolCallLocation.line` is an unsigned 32-bit integer.
const MAX_LINE = 4_294_967_295
// How many files a title names before it sums up the rest.
const TITLE_FILES = 5

const verbs: Readonly<Record<PatchFile['change'], string>> = { add: 'Add', delete: 'Delete', modify: 'Edit', move: 'Move', copy: 'Copy' }

// The file a diff and a location name: the new path, or the old one for a delete.
const filePath = (file: PatchFile) => file.newPath ?? file.oldPath ?? ''

// One file in a title: its path, or both for a move or a copy, and what
// text cannot show (a binary file, a mode change).
function fileLabel(file: PatchFile, ctx: PresentContext): string {
  const path = (value: string | null) => titlePath(value ?? '', ctx) || '.'
  let label = file.change === 'move' || file.change === 'copy' ? `${path(file.oldPath)} → ${path(file.newPath)}` : path(filePath(file))
  if (file.binary) label += ' (binary)'
  if (file.oldMode && file.newMode && file.oldMode !== file.newMode) label += ` (mode ${file.oldMode} → ${file.newMode})`
  return label
}

function patchTitle(files: readonly PatchFile[], ctx: PresentContext): string {
  if (files.length === 1) return `${verbs[files[0].change]} ${fileLabel(files[0], ctx)}`
  const named = files.slice(0, TITLE_FILES).map((file) => `${verbs[file.change].toLowerCase()} ${fileLabel(file, ctx)}`)
  const more = files.length > TITLE_FILES ? `, and ${files.length - TITLE_FILES} more` : ''
  return `Patch ${files.length} files: ${named.join(', ')}${more}`
}

// A file's hunks joined in order: what the patch shows of it before and after.
function fileDiff(file: PatchFile): FileDiff {
  let oldText = ''
  let newText = ''
  for (const hunk of file.hunks) {
    oldText += hunk.oldText
    newText += hunk.newText
  }
  const diff: FileDiff = {
    path: filePath(file),
    oldText: file.change === 'add' ? null : oldText,
    newText: file.change === 'delete' ? '' : newText,
  }
  if (file.change === 'delete') return { ...diff, operation: 'delete' }
  if ((file.change === 'move' || file.change === 'copy') && file.oldPath !== null)
    return { ...diff, operation: file.change, oldPath: file.oldPath }
  return diff
}

const isLine = (line: number | undefined): line is number => line !== undefined && Number.isInteger(line) && line >= 1 && line <= MAX_LINE

// Where the file's hunks start in the new file: one location per hunk the
// patch numbers, or the file alone when it numbers none. (A file of several
// hunks has one diff, its hunks joined: its locations do not pair with the
// diffs, so no consumer reads the joined text as one hunk at the first line.)
function fileLocations(file: PatchFile): FileLocation[] {
  const path = filePath(file)
  const lines = file.hunks.map((hunk) => hunk.newStart).filter(isLine)
  return lines.length === 0 ? [{ path }] : lines.map((line) => ({ path, line }))
}

function patchCall(args: ApplyPatchArgs, ctx: PresentContext): ToolCallView {
  const text = patchText(args)
  const parsed = parseAgentPatch(text)
  if (!parsed.ok) {
    return {
      card: 'generic',
      kind: 'edit',
      title: 'Apply patch',
      content: [
        { type: 'text', text: `The patch does not parse: line ${parsed.line}: ${markdownInline(parsed.error)}` },
        // The patch's own final line break ends its last line, not a blank one.
        fencedBlock(text.endsWith('\n') ? text.slice(0, text.endsWith('\r\n') ? -2 : -1) : text, 'diff'),
      ],
      rawInput: args,
    }
  }
  if (parsed.files.length === 0) {
    return {
      card: 'generic',
      kind: 'edit',
      title: 'Apply patch',
      content: [{ type: 'text', text: 'The patch changes no file.' }],
      rawInput: args,
    }
  }
  return {
    card: 'diff',
    title: patchTitle(parsed.files, ctx),
    diffs: parsed.files.map(fileDiff),
    locations: parsed.files.flatMap(fileLocations),
  }
}

// What the tool printed (codex: `Success. Updated the following files: …`)
// in a fence no line can close; nothing when it is blank. An error shows as returned.
const printedResult = (result: unknown): GenericResultView =>
  isErrorResult(result)
    ? contentResult(result)
    : textFirstResult(result, (text) => (text.trimEnd() === '' ? undefined : fencedBlock(text.trimEnd())))

// A patch that applied keeps its diffs on the card: a result's content
// replaces the call's, so showing only what the tool printed would wipe them.
function patchResult(args: ApplyPatchArgs, result: unknown, ctx: PresentContext): ToolResultView {
  if (isErrorResult(result)) return contentResult(result)
  const call = patchCall(args, ctx)
  return call.card === 'diff' ? { card: 'diff', diffs: call.diffs, locations: call.locations } : printedResult(result)
}

/**
 * `apply_patch`: one diff card for a whole patch, with one diff per file,
 * in order (it reads unified diffs, git patches and codex's
 * `*** Begin Patch` envelope). A file's diff joins its hunks' texts; an
 * added file has `oldText: null`, a deleted one `operation: 'delete'` and
 * an empty `newText` (and the removed text as `oldText` when the patch
 * carries it), a moved or copied one the new path, `operation: 'move'` or
 * `'copy'` and the old path as `oldPath`. The title says what happens: `Edit src/a.ts`,
 * `Add …`, `Delete …`, `Move <old> → <new>` for one file (with `(binary)`
 * or `(mode 100644 → 100755)` where text cannot show the change), or
 * `Patch 3 files: edit a.ts, add b.ts, delete c.ts` (five named, then `and
 * N more`); paths relative to the session cwd, escaped with
 * `markdownInline`. Each file gets a location per hunk the patch numbers,
 * at the hunk's first new line, or one for the file when it numbers none.
 *
 * A patch that does not parse gives a generic `edit` card titled `Apply
 * patch` that names the problem and its line, and shows the patch in a
 * `diff` fence no line of it can close; the presenter never throws. A
 * result that is not an error keeps the diffs on the card (an update's
 * content replaces the call's); an unparsable patch's result shows the
 * tool's output in a fence; an error result shows the error.
 *
 * @example
 * applyPatchTool.presentCall?.('*** Begin Patch\n*** Update File: src/a.ts\n*** Move to: src/b.ts\n@@\n-x\n+y\n*** End Patch')
 * // { card: 'diff', title: 'Move src/a.ts → src/b.ts',
 * //   diffs: [{ path: 'src/b.ts', oldText: 'x\n', newText: 'y\n', operation: 'move', oldPath: 'src/a.ts' }],
 * //   locations: [{ path: 'src/b.ts' }] }
 */
export const applyPatchTool = defineTool<ApplyPatchArgs>({
  name: 'apply_patch',
  args: isApplyPatchArgs,
  presentCall: patchCall,
  presentResult: patchResult,
})
