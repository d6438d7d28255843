// A call with its result as one collapsible card.
import { callParts } from './call.js'
import { escapeHtml } from './escape.js'
import { type HtmlRenderOptions, resolveHtmlOptions } from './options.js'
import { DECLINED_SENTENCE } from '../lifecycle/declined.js'
import type { ToolResultView } from '../views.js'
import type { ToolCallRecord } from '../reader/records.js'
import { withoutRepeatedContent } from './repeated-content.js'
import { resultParts } from './result.js'
import { terminalHtml } from './terminal.js'

// A card's anchor: `call-` and its id; an id past the 1,024 code units a
// tool call id may have (`MAX_TOOL_CALL_ID_LENGTH`, a session's bound; not
// imported, so that the page's modules keep out of the presenters' shared
// chunk) is cut to its first 64, then its length.
const anchorOf = (id: unknown): string => {
  const text = typeof id === 'string' ? id : typeof id === 'number' ? String(id) : ''
  return `call-${text.length > 1024 ? `${text.slice(0, 64)}…${text.length}` : text}`
}

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
  // A description the result resends (a client without terminals) is shown once, with the call.
  const settled = record.result === undefined ? undefined : withoutRepeatedContent(record.call, record.result)
  const result = settled === undefined ? undefined : resultParts(settled, resolved, ofCommand)
  // The arguments stand in for content only while the card has nothing else to show.
  const shown =
    record.call.card === 'generic' && result !== undefined && result.body !== '' ? { ...record.call, rawInput: undefined } : record.call
  const call = callParts(shown, resolved)
  // A status from untyped code that is none of the six is not shown.
  const known = record.status !== undefined && Object.hasOwn(statusLabel, record.status) ? record.status : undefined
  // A declined call failed without running: its card says so rather than "failed".
  const label =
    (known === 'failed' || known === 'cancelled') && declined(settled) ? 'declined' : known === undefined ? '' : statusLabel[known]
  const status = known === undefined ? '' : ` <span class="tri-status tri-status-${known}">${label}</span>`
  let html = `<details class="tri-card tri-${record.call.card}${known ? ` tri-is-${known}` : ''}"${options?.collapsed ? '' : ' open'} id="${escapeHtml(anchorOf(record.toolCallId))}">`
  html += `<summary class="tri-header">${call.header}${status}</summary><div class="tri-body">${call.body}`
  if (settled !== undefined && result !== undefined) {
    html += `<section class="tri-result tri-${settled.card}">${result.header === '' ? '' : `<header class="tri-header">${result.header}</header>`}${result.body}</section>`
  } else if (record.output) {
    html += `<section class="tri-result tri-terminal"><pre class="tri-output">${terminalHtml(record.output)}</pre></section>`
  }
  if (record.call.card === 'plan') html += planHistoryHtml(record, resolved)
  return `${html}</div></details>`
}

// A plan's earlier versions, oldest first, folded under one closed `<details>`.
function planHistoryHtml(record: ToolCallRecord, options: ReturnType<typeof resolveHtmlOptions>): string {
  const history = Array.isArray(record.history) ? record.history : []
  const leftOut = typeof record.historyLeftOut === 'number' && record.historyLeftOut > 0 ? Math.floor(record.historyLeftOut) : 0
  const count = history.length + leftOut
  if (count === 0) return ''
  let html = `<details class="tri-plan-history"><summary>${count} earlier version${count === 1 ? '' : 's'}</summary>`
  if (leftOut > 0) html += `<p class="tri-note">… ${leftOut} oldest version${leftOut === 1 ? '' : 's'} not kept</p>`
  history.forEach((entries, index) => {
    html += `<section class="tri-plan-version"><p class="tri-note">version ${leftOut + index + 1} of ${count + 1}</p>${callParts({ card: 'plan', entries }, options).body}</section>`
  })
  return `${html}</details>`
}

const declined = (result: ToolResultView | undefined): boolean =>
  result?.card === 'generic' && result.content?.[0]?.type === 'text' && result.content[0].text.startsWith(DECLINED_SENTENCE)

const statusLabel: Record<NonNullable<ToolCallRecord['status']>, string> = {
  pending: 'pending',
  in_progress: 'running',
  completed: 'done',
  failed: 'failed',
  paused: 'paused',
  cancelled: 'cancelled',
}
