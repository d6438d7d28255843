// Call views as terminal text: one function per card, one switch naming them all.

import { assertNever } from '../assert-never.js'
import { displayPath } from '../safety/paths.js'
import type { DiffCallView, GenericCallView, PlanCallView, PlanEntry, TerminalCallView, ToolCallView } from '../views.js'
import { contentLines, locationLines } from './content.js'
import { headerLines, kindMarker, PLAN_MARKER } from './header.js'
import { resolveTextOptions, type ResolvedTextOptions, type TextRenderOptions } from './options.js'
import { paint } from './palette.js'
import { unifiedDiffLines } from './unified-diff.js'

/**
 * A call view as text for a terminal, lines joined by `\n`, no trailing
 * newline. Deterministic: the same view and options give the same string.
 *
 * - generic: a header (a marker for the kind, then the title), the content
 *   (text as printed, a fenced block for an embedded text resource,
 *   placeholders for images, audio, resource links and blobs), then the
 *   locations as `↳ path:line`. `rawInput` is not shown.
 * - terminal: `# description` when there is one, then `$ command  (in cwd)`.
 * - diff: a header, then a unified diff per file and a `N files, +A -R` footer.
 *   The line diff has a bound on its work: a file with too many changed
 *   lines (past 2,000, fewer in long files) shows one summary line such as
 *   `(12,000 lines replaced by 11,500 lines; too large to diff)` instead.
 * - plan: a `☰ plan` header with the title, then one checklist line per
 *   entry: `[x]` completed, `[ ]` pending, `[ ]` with `(in progress)` (and
 *   the text bold, in colour) for an entry in progress, and the priority
 *   when it is not medium: `[ ] Release  (high priority)`. A plan with no
 *   entries shows `(no entries)`.
 *
 * Every string it returns is well-formed UTF-16: a lone surrogate in the
 * view becomes U+FFFD. Linear in the size of the view, apart from the line
 * diff, whose work is bounded as above.
 *
 * Expects a view that fits {@link ToolCallView}: a value with an unknown
 * `card` (say, untrusted JSON) makes it throw an `Error`; check such input
 * with `parseToolCallView` first.
 *
 * @example
 * renderCallView({ card: 'terminal', title: 'npm test', cwd: '/repo/pkg' }, { cwd: '/repo' })
 * // '$ npm test  (in pkg)'
 */
export function renderCallView(view: ToolCallView, options?: TextRenderOptions): string {
  const resolved = resolveTextOptions(options)
  switch (view.card) {
    case 'generic':
      return genericCallLines(view, resolved).join('\n')
    case 'terminal':
      return terminalCallLines(view, resolved).join('\n')
    case 'diff':
      return diffCallLines(view, resolved).join('\n')
    case 'plan':
      return planCallLines(view, resolved).join('\n')
    default:
      return assertNever(view, 'renderCallView')
  }
}

function genericCallLines(view: GenericCallView, options: ResolvedTextOptions): string[] {
  return [
    ...headerLines({ text: kindMarker(view.kind), style: 'dim' }, view.title, 'bold', options),
    ...contentLines(view.content, options),
    ...locationLines(view.locations, options),
  ]
}

function terminalCallLines(view: TerminalCallView, options: ResolvedTextOptions): string[] {
  // A cwd equal to the session's displays as '' and is not worth a mention.
  const cwd = view.cwd === undefined ? '' : displayPath(view.cwd, options.cwd)
  const suffix = cwd === '' ? undefined : { text: `  (in ${cwd})`, style: 'dim' as const }
  const description =
    view.description === undefined || view.description === ''
      ? []
      : headerLines({ text: '#', style: 'dim' }, view.description, 'dim', options)
  const command = headerLines({ text: '$', style: 'bold' }, view.title, 'bold', options, suffix)
  // A command that only reads: the files it names, as a read card's.
  return view.kind === undefined ? [...description, ...command] : [...description, ...command, ...locationLines(view.locations, options)]
}

function diffCallLines(view: DiffCallView, options: ResolvedTextOptions): string[] {
  return [...headerLines({ text: kindMarker('edit'), style: 'dim' }, view.title, 'bold', options), ...unifiedDiffLines(view.diffs, options)]
}

function planCallLines(view: PlanCallView, options: ResolvedTextOptions): string[] {
  const lines =
    view.title === undefined || view.title === ''
      ? [paint('dim', PLAN_MARKER.trimEnd(), options.color)]
      : headerLines({ text: PLAN_MARKER, style: 'dim' }, view.title, 'bold', options)
  if (view.entries.length === 0) lines.push(paint('dim', '(no entries)', options.color))
  for (const entry of view.entries) lines.push(...planEntryLines(entry, options))
  return lines
}

// `[x] text`, `[ ] text`, `[ ] text  (in progress, high priority)`; a long
// or multi-line entry wraps and indents like a header.
function planEntryLines(entry: PlanEntry, options: ResolvedTextOptions): string[] {
  const notes: string[] = []
  if (entry.status === 'in_progress') notes.push('in progress')
  if (entry.priority === 'high' || entry.priority === 'low') notes.push(`${entry.priority} priority`)
  const suffix = notes.length === 0 ? undefined : { text: `  (${notes.join(', ')})`, style: 'dim' as const }
  const done = entry.status === 'completed'
  return headerLines(
    { text: done ? '[x]' : '[ ]', style: done ? 'green' : 'dim' },
    entry.content,
    entry.status === 'in_progress' ? 'bold' : done ? 'dim' : 'plain',
    options,
    suffix,
  )
}
