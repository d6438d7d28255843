// Result views as HTML: one function per card, one switch naming them all.
import { assertNever } from '../assert-never.js'
import type { DiffResultView, GenericResultView, TerminalResultView, ToolResultView } from '../views.js'
import { commandHeader, titleHeader } from './call.js'
import { contentHtml } from './content.js'
import { diffTablesHtml } from './diff.js'
import { markedHtml } from './markers.js'
import { type HtmlRenderOptions, type ResolvedHtmlOptions, resolveHtmlOptions } from './options.js'
import type { CardParts } from './parts.js'
import { terminalHtml } from './terminal.js'

/**
 * A result view as an HTML fragment, `<section class="tri-result">`. Needs
 * no DOM; every string of the view is escaped. Deterministic.
 *
 * - generic: a header when the result has a title, then the content.
 * - terminal: the output in a `<pre>`, exactly as printed (never
 *   reflowed): SGR colours and styles become classed `<span>`s, every other
 *   escape sequence and control character is shown as `\xHH`; then the exit
 *   status, `exit N` / `signal X`, marked failed when it is not 0.
 * - diff: a header when the result has a title, then the same tables as a
 *   diff call.
 *
 * @example
 * renderResultViewHtml({ card: 'terminal', output: '\u001b[32mok\u001b[0m\n', exitCode: 0 })
 * // '<section class="tri-result tri-terminal"><pre class="tri-output"><span class="tri-fg-2">ok</span>\n</pre>…'
 */
export function renderResultViewHtml(view: ToolResultView, options?: HtmlRenderOptions): string {
  const { header, body } = resultParts(view, resolveHtmlOptions(options))
  return `<section class="tri-result tri-${view.card}">${header === '' ? '' : `<header class="tri-header">${header}</header>`}${body}</section>`
}

/** The header (`''` without a title) and body of a result view; `ofCommand`: its title is a command, shown as text. */
export function resultParts(view: ToolResultView, options: ResolvedHtmlOptions, ofCommand = false): CardParts {
  switch (view.card) {
    case 'generic':
      return genericResult(view, options, ofCommand)
    case 'terminal':
      return terminalResult(view)
    case 'diff':
      return diffResult(view, options)
    default:
      return assertNever(view, 'renderResultViewHtml')
  }
}

function genericResult(view: GenericResultView, options: ResolvedHtmlOptions, ofCommand: boolean): CardParts {
  const header = view.title === undefined ? '' : ofCommand ? commandHeader('result', view.title, '') : titleHeader('result', view.title)
  return { header, body: contentHtml(view.content, options) }
}

function terminalResult(view: TerminalResultView): CardParts {
  const header = view.title === undefined ? '' : commandHeader('execute', view.title, '$ ')
  let body = view.output ? `<pre class="tri-output">${terminalHtml(view.output)}</pre>` : ''
  const status = exitStatus(view)
  if (status !== undefined) body += `<p class="tri-exit${status.failed ? ' tri-failed' : ''}">${markedHtml(status.text)}</p>`
  return { header, body }
}

// `exit N`, `signal X` or both; undefined when neither is known.
function exitStatus(view: TerminalResultView): { text: string; failed: boolean } | undefined {
  const exit = typeof view.exitCode === 'number' ? `exit ${view.exitCode}` : ''
  const signal = typeof view.signal === 'string' && view.signal !== '' ? `signal ${view.signal}` : ''
  if (exit === '' && signal === '') return undefined
  return { text: exit && signal ? `${exit}, ${signal}` : exit || signal, failed: signal !== '' || view.exitCode !== 0 }
}

function diffResult(view: DiffResultView, options: ResolvedHtmlOptions): CardParts {
  return {
    header: view.title === undefined ? '' : titleHeader('edit', view.title),
    body: diffTablesHtml(view.diffs, options, view.locations),
  }
}
