// A call with its result as one collapsible card.
import { callParts } from './call.js'
import { escapeHtml } from './escape.js'
import { type HtmlRenderOptions, resolveHtmlOptions } from './options.js'
import type { ToolCallRecord } from './record.js'
import { resultParts } from './result.js'
import { terminalHtml } from './terminal.js'

/**
 * A call and its result as one card that collapses with `<details>` (open
 * unless `collapsed`): the call's header and a status badge as the summary,
 * then the call's body, the result's (with its own header when it retitles
 * the card), and the output a running command has printed so far. A
 * generic call's arguments are shown only while the result shows nothing. Needs no
 * DOM; every string is escaped. Style it with {@link HTML_STYLESHEET}.
 *
 * @example
 * renderToolCallHtml({ toolCallId: 'c1', status: 'completed',
 *   call: { card: 'terminal', title: 'ls' }, result: { card: 'terminal', output: 'a.ts\n', exitCode: 0 } })
 */
export function renderToolCallHtml(
  record: ToolCallRecord,
  options?: HtmlRenderOptions & { readonly collapsed?: boolean | undefined },
): string {
  const resolved = resolveHtmlOptions(options)
  // A retitled command (a terminal or an `execute` card) is still a command: shown as text.
  const ofCommand = record.call.card === 'terminal' || (record.call.card === 'generic' && record.call.kind === 'execute')
  const result = record.result === undefined ? undefined : resultParts(record.result, resolved, ofCommand)
  // The arguments stand in for content only while the card has nothing else to show.
  const shown =
    record.call.card === 'generic' && result !== undefined && result.body !== '' ? { ...record.call, rawInput: undefined } : record.call
  const call = callParts(shown, resolved)
  // A status from untyped code that is none of the six is not shown.
  const known = record.status !== undefined && Object.hasOwn(statusLabel, record.status) ? record.status : undefined
  const status = known === undefined ? '' : ` <span class="tri-status tri-status-${known}">${statusLabel[known]}</span>`
  let html = `<details class="tri-card tri-${record.call.card}${known ? ` tri-is-${known}` : ''}"${options?.collapsed ? '' : ' open'} id="${escapeHtml(`call-${record.toolCallId}`)}">`
  html += `<summary class="tri-header">${call.header}${status}</summary><div class="tri-body">${call.body}`
  if (record.result !== undefined && result !== undefined) {
    html += `<section class="tri-result tri-${record.result.card}">${result.header === '' ? '' : `<header class="tri-header">${result.header}</header>`}${result.body}</section>`
  } else if (record.output) {
    html += `<section class="tri-result tri-terminal"><pre class="tri-output">${terminalHtml(record.output)}</pre></section>`
  }
  return `${html}</div></details>`
}

const statusLabel: Record<NonNullable<ToolCallRecord['status']>, string> = {
  pending: 'pending',
  in_progress: 'running',
  completed: 'done',
  failed: 'failed',
  paused: 'paused',
  cancelled: 'cancelled',
}
