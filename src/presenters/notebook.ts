// The notebook tool: replacing, inserting or deleting one cell of a Jupyter
// notebook, shown as a diff of the cell's source.
import { defineTool } from '../define-tool.js'
import { isRecord } from '../internal/record.js'
import type { FileDiff, PresentContext, ToolResultView } from '../views.js'
import { APPLIED_CHANGE_META_KEYS, type AppliedChangeMeta, appliedHunksOf } from './applied-change.js'
import { isOptionalOneOf, isOptionalString } from './arguments.js'
import { locatedPath, titlePath } from './display.js'
import { contentResult, isErrorResult, resultMeta } from './result-content.js'

/**
 * The `notebook_edit` tool's arguments (Claude Code's `NotebookEdit`). `null`
 * in an optional field counts as absent.
 */
export interface NotebookEditArgs {
  /** The notebook file; shown relative to the session cwd when inside it. */
  readonly notebook_path: string
  /** The cell to replace or delete, or the one to insert after; shown in the title. */
  readonly cell_id?: string | null
  /** The cell's new source; absent or empty for a delete. */
  readonly new_source?: string | null
  /** The cell's type, `code` or `markdown`; not shown. */
  readonly cell_type?: 'code' | 'markdown' | null
  /** `replace` (the default), `insert` or `delete`. */
  readonly edit_mode?: 'replace' | 'insert' | 'delete' | null
}

const isNotebookEditArgs = (value: unknown): value is NotebookEditArgs =>
  isRecord(value) &&
  typeof value.notebook_path === 'string' &&
  isOptionalString(value.cell_id) &&
  isOptionalString(value.new_source) &&
  isOptionalOneOf(value.cell_type, ['code', 'markdown']) &&
  isOptionalOneOf(value.edit_mode, ['replace', 'insert', 'delete'])

function notebookTitle(args: NotebookEditArgs, ctx: PresentContext): string {
  const path = titlePath(args.notebook_path, ctx) || '.'
  const cell = args.cell_id ? `cell ${args.cell_id}` : 'cell'
  switch (args.edit_mode) {
    case 'insert':
      return args.cell_id ? `Insert a cell after ${cell} in ${path}` : `Insert a cell in ${path}`
    case 'delete':
      return `Delete ${cell} in ${path}`
    default:
      return `Edit ${cell} in ${path}`
  }
}

// At call time the old source is not known (as `write` does not know the
// old file): the new source shows as new text. A delete shows no diff.
const callDiffs = (path: string, args: NotebookEditArgs): FileDiff[] =>
  args.edit_mode === 'delete' ? [] : [{ path, oldText: null, newText: args.new_source ?? '' }]

// The applied change of the cell from the meta, else the call-time diff. The
// hunks' lines are the cell's, not the file's: the locations carry no line.
function cellResult(args: NotebookEditArgs, result: unknown, ctx: PresentContext): ToolResultView {
  const path = args.notebook_path && locatedPath(args.notebook_path, ctx)
  if (isErrorResult(result) || !path) return contentResult(result)
  const hunks = appliedHunksOf(resultMeta(result))
  if (hunks) {
    if (hunks.length === 0) return contentResult(result)
    return { card: 'diff', diffs: hunks.map((hunk) => ({ path, oldText: hunk.oldText, newText: hunk.newText })), locations: [{ path }] }
  }
  const diffs = callDiffs(path, args)
  return diffs.length === 0 ? contentResult(result) : { card: 'diff', diffs, locations: [{ path }] }
}

/**
 * `notebook_edit`: a diff card of the cell, titled `Edit cell <id> in
 * <path>`, `Insert a cell after <id> in <path>` or `Delete cell <id> in
 * <path>` (the path relative to the session cwd; id and path escaped with
 * `markdownInline`), with a location for the notebook. At call time the
 * old source is not known, so the new source shows as new text (`oldText:
 * null`, as `write` shows a file) and a delete shows no diff. The result
 * shows the applied change of the cell's source from `result.meta`: an
 * {@link AppliedChangeMeta} a harness computes with
 * `computeWriteMeta(oldSource, newSource)` (`null` as the old source of an
 * inserted cell, `''` as the new source of a deleted one); its lines are
 * the cell's, so the locations name only the notebook. Without usable meta
 * it shows the call-time diff; an error result shows the error.
 *
 * @example
 * notebookEditTool.presentCall?.(
 *   { notebook_path: '/repo/a.ipynb', cell_id: 'c2', new_source: 'print(1)\n' },
 *   { cwd: '/repo' },
 * )
 * // { card: 'diff', title: 'Edit cell c2 in a.ipynb', locations: [{ path: '/repo/a.ipynb' }],
 * //   diffs: [{ path: '/repo/a.ipynb', oldText: null, newText: 'print(1)\n' }] }
 */
export const notebookEditTool = defineTool<NotebookEditArgs, AppliedChangeMeta>({
  name: 'notebook_edit',
  metaKeys: APPLIED_CHANGE_META_KEYS,
  args: isNotebookEditArgs,
  presentCall: (args, ctx) => {
    if (!args.notebook_path) return { card: 'generic', kind: 'edit', title: 'Edit notebook', rawInput: args }
    const path = locatedPath(args.notebook_path, ctx)
    const title = notebookTitle(args, ctx)
    // A `~/…` notebook the context cannot place: no diff that would name the wrong file.
    return path
      ? { card: 'diff', title, diffs: callDiffs(path, args), locations: [{ path }] }
      : { card: 'generic', kind: 'edit', title, rawInput: args }
  },
  presentResult: (args, result, ctx) => cellResult(args, result, ctx),
})
