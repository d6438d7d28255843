// Call views as HTML: one function per card, one switch naming them all.
import { assertNever } from '../assert-never.js'
import { displayPath } from '../safety/paths.js'
import type { DiffCallView, GenericCallView, PlanCallView, PlanEntry, TerminalCallView, ToolCallView } from '../views.js'
import { contentHtml, locationsHtml } from './content.js'
import { hidingInRawInput, hidingWarning } from '../safety/hiding-warning.js'
import { diffTablesHtml } from './diff.js'
import { escapeHtml } from './escape.js'
import { markedHtml } from './markers.js'
import { type HtmlRenderOptions, type ResolvedHtmlOptions, resolveHtmlOptions } from './options.js'
import type { CardParts } from './parts.js'

/**
 * A call view as an HTML fragment, `<section class="tri-call">`: a header
 * (the kind and the title) and the card's body. Needs no DOM; every string
 * of the view is escaped. Deterministic.
 *
 * - generic: the title as text (HTML-escaped, invisible characters as
 *   markers; a view's title is plain text, never Markdown), the content (text as
 *   Markdown without raw HTML, images inline when they are raster data,
 *   other blocks as placeholders), the locations. `rawInput` is shown as
 *   JSON when there is no content.
 * - terminal: the command as `$ command` (plain text, never Markdown), the
 *   description, the working directory.
 * - diff: the title, then one table per file with line numbers and the
 *   changed words marked.
 * - plan: a checklist, one disabled checkbox per entry, in order.
 *
 * Style it with {@link HTML_STYLESHEET}.
 *
 * @example
 * renderCallViewHtml({ card: 'terminal', title: 'npm test' })
 * // '<section class="tri-call tri-terminal"><header …><code>npm test</code></header></section>'
 */
export function renderCallViewHtml(view: ToolCallView, options?: HtmlRenderOptions): string {
  const { header, body } = callParts(view, resolveHtmlOptions(options))
  return `<section class="tri-call tri-${view.card}"><header class="tri-header">${header}</header>${body}</section>`
}

/** The header and body of a call view, for a collapsible card. */
export function callParts(view: ToolCallView, options: ResolvedHtmlOptions): CardParts {
  switch (view.card) {
    case 'generic':
      return genericCall(view, options)
    case 'terminal':
      return terminalCall(view, options)
    case 'diff':
      return diffCall(view, options)
    case 'plan':
      return planCall(view)
    default:
      return assertNever(view, 'renderCallViewHtml')
  }
}

/**
 * A kind marker and a title as text: a view's title is plain text (the ACP
 * encoder escapes it for a client that renders Markdown), so the page shows
 * it as written, HTML-escaped, invisible characters as markers.
 */
export const titleHeader = (kind: string, title: string) =>
  `<span class="tri-kind">${escapeHtml(kind)}</span> <span class="tri-title">${markedHtml(title)}</span>`

/**
 * A kind marker and a command as text, never as Markdown: Markdown would eat
 * backslashes, decode character references and hide a link's target, so the
 * command read would not be the command that ran.
 */
export const commandHeader = (kind: string, command: string, prompt: '$ ' | '') =>
  `<span class="tri-kind">${escapeHtml(kind)}</span> <code class="tri-command">${prompt}${markedHtml(command)}</code>`

function genericCall(view: GenericCallView, options: ResolvedHtmlOptions): CardParts {
  let body = contentHtml(view.content, options)
  if ((view.content === undefined || view.content.length === 0) && view.rawInput !== undefined) body += rawJsonHtml(view.rawInput)
  body += locationsHtml(view.locations, options)
  // An `execute` card's title is the command (ACP v1 without display terminals sends it so).
  const header = view.kind === 'execute' ? commandHeader('execute', view.title, '') : titleHeader(view.kind ?? 'other', view.title)
  return { header, body }
}

function terminalCall(view: TerminalCallView, options: ResolvedHtmlOptions): CardParts {
  let body = ''
  if (view.description) body += `<p class="tri-description">${markedHtml(view.description)}</p>`
  const cwd = view.cwd === undefined ? '' : displayPath(view.cwd, options.cwd)
  if (cwd !== '') body += `<p class="tri-cwd">in <code>${markedHtml(cwd)}</code></p>`
  // A command that only reads: its kind, and the files it names.
  if (view.kind !== undefined) body += locationsHtml(view.locations, options)
  return {
    header: commandHeader(view.kind ?? 'execute', view.title, '$ '),
    body,
  }
}

function diffCall(view: DiffCallView, options: ResolvedHtmlOptions): CardParts {
  return {
    header: titleHeader('edit', view.title),
    body: diffTablesHtml(view.diffs, options, view.locations) + locationsHtml(view.locations, options),
  }
}

function planCall(view: PlanCallView): CardParts {
  const title = view.title ? ` <span class="tri-title">${markedHtml(view.title)}</span>` : ''
  return { header: `<span class="tri-kind">plan</span>${title}`, body: planChecklistHtml(view.entries) }
}

/** A plan's entries as a checklist of disabled checkboxes; `(no entries)` for none. */
export function planChecklistHtml(entries: readonly PlanEntry[]): string {
  if (entries.length === 0) return '<p class="tri-note">(no entries)</p>'
  let html = '<ul class="tri-plan">'
  for (const entry of entries) html += planEntryHtml(entry)
  return `${html}</ul>`
}

function planEntryHtml(entry: PlanEntry): string {
  const notes: string[] = []
  if (entry.status === 'in_progress') notes.push('in progress')
  if (entry.priority === 'high' || entry.priority === 'low') notes.push(`${entry.priority} priority`)
  const note = notes.length === 0 ? '' : ` <span class="tri-note">(${notes.join(', ')})</span>`
  const checked = entry.status === 'completed' ? ' checked' : ''
  // From a table, not the entry: a status outside the three adds no class.
  return `<li class="${Object.hasOwn(entryClass, entry.status) ? entryClass[entry.status] : 'tri-entry'}"><label><input type="checkbox" disabled${checked}> ${markedHtml(entry.content)}</label>${note}</li>`
}

const entryClass: Record<string, string | undefined> = {
  pending: 'tri-pending',
  in_progress: 'tri-in-progress',
  completed: 'tri-completed',
}

/** A value as indented JSON in a `<pre>`; a value that does not serialise is named instead. */
export function rawJsonHtml(value: unknown): string {
  let json: string | undefined
  try {
    json = JSON.stringify(value, null, 2)
  } catch {
    json = undefined
  }
  const warning = hidingWarning(hidingInRawInput(value), 'input')
  return `${warning === undefined ? '' : `<p class="tri-warning">${markedHtml(warning)}</p>`}<pre class="tri-json">${markedHtml(json ?? '(not JSON)')}</pre>`
}
