// Result views as terminal text: one function per card, one switch naming them all.

import { assertNever } from '../assert-never.js'
import type { DiffResultView, GenericResultView, TerminalResultView, ToolResultView } from '../views.js'
import { contentLines, outputText } from './content.js'
import { visibleControls } from './control-chars.js'
import { headerLines, kindMarker, RESULT_MARKER } from './header.js'
import { resolveTextOptions, type ResolvedTextOptions, type TextRenderOptions } from './options.js'
import { paint } from './palette.js'
import { unifiedDiffLines } from './unified-diff.js'

/**
 * A result view as text for a terminal, lines joined by `\n`, no trailing
 * newline; `''` when the view has nothing to show. Deterministic.
 *
 * - generic: a header when the result has a title, then the content.
 * - terminal: `$ title` when there is one, the output exactly as printed
 *   (never reflowed; escape sequences removed, or only SGR colours kept with
 *   `color: true`, other control characters made visible), then a status
 *   line `[exit N]` / `[signal X]` when they are known.
 * - diff: a header when the result has a title, then the same unified diff
 *   as a diff call, with the same bound on the work of the line diff.
 *
 * Every string it returns is well-formed UTF-16: a lone surrogate in the
 * view becomes U+FFFD.
 *
 * Expects a view that fits {@link ToolResultView}: a value with an unknown
 * `card` makes it throw an `Error`; check untrusted input with
 * `parseToolResultView` first.
 *
 * @example
 * renderResultView({ card: 'terminal', output: 'ok\n', exitCode: 0 })
 * // 'ok\n[exit 0]'
 */
export function renderResultView(view: ToolResultView, options?: TextRenderOptions): string {
  const resolved = resolveTextOptions(options)
  switch (view.card) {
    case 'generic':
      return genericResultLines(view, resolved).join('\n')
    case 'terminal':
      return terminalResultLines(view, resolved).join('\n')
    case 'diff':
      return diffResultLines(view, resolved).join('\n')
    default:
      return assertNever(view, 'renderResultView')
  }
}

function genericResultLines(view: GenericResultView, options: ResolvedTextOptions): string[] {
  const header = view.title === undefined ? [] : headerLines({ text: RESULT_MARKER, style: 'dim' }, view.title, 'bold', options)
  return [...header, ...contentLines(view.content, options)]
}

function terminalResultLines(view: TerminalResultView, options: ResolvedTextOptions): string[] {
  const lines = view.title === undefined ? [] : headerLines({ text: '$', style: 'bold' }, view.title, 'bold', options)
  const output = view.output === undefined ? '' : outputText(view.output, options.color)
  if (output !== '') lines.push(output)
  const status = terminalStatus(view)
  if (status !== undefined) lines.push(paint(status.failed ? 'boldRed' : 'dim', status.text, options.color))
  return lines
}

// `[exit N]`, `[signal X]` or `[exit N, signal X]`; undefined when neither is known.
function terminalStatus(view: TerminalResultView): { text: string; failed: boolean } | undefined {
  const exit = typeof view.exitCode === 'number' ? `exit ${view.exitCode}` : ''
  const signal = typeof view.signal === 'string' && view.signal !== '' ? `signal ${visibleControls(view.signal)}` : ''
  if (exit === '' && signal === '') return undefined
  return { text: `[${exit}${exit && signal ? ', ' : ''}${signal}]`, failed: signal !== '' || view.exitCode !== 0 }
}

function diffResultLines(view: DiffResultView, options: ResolvedTextOptions): string[] {
  const header = view.title === undefined ? [] : headerLines({ text: kindMarker('edit'), style: 'dim' }, view.title, 'bold', options)
  return [...header, ...unifiedDiffLines(view.diffs, options)]
}
