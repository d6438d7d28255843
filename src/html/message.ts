// A message of the conversation between the cards: a user prompt or the
// assistant's text as Markdown (markdown-it, raw HTML shown as text, links
// only to http(s) and mailto), its thinking folded under a closed <details>.
import { escapeHtml } from './escape.js'
import { markdownHtml } from './markdown.js'
import { markedHtml } from './markers.js'
import { type HtmlRenderOptions, resolveHtmlOptions } from './options.js'
import type { SessionMessage } from '../reader/records.js'

const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?$/

const LABELS: Record<SessionMessage['role'], string> = { user: 'user', assistant: 'assistant', thought: 'thinking' }

/**
 * One message as HTML: `<section class="tri-message tri-message-user">`
 * (or `-assistant`) with a header (who, and the timestamp, model and
 * tokens the log gave), the text as Markdown; thinking as a closed
 * `<details class="tri-message tri-message-thought">`. Every string is
 * escaped.
 *
 * @example
 * renderMessageHtml({ role: 'assistant', text: 'The tests **pass**.', model: 'claude-sonnet-4-5' })
 */
export function renderMessageHtml(message: SessionMessage, options?: HtmlRenderOptions): string {
  const resolved = resolveHtmlOptions(options)
  const role = Object.hasOwn(LABELS, message.role) ? message.role : 'assistant'
  let header = `<span class="tri-kind">${LABELS[role]}</span>`
  // The attribute only for a plain date and time: anything else is shown, marked, and not put where no one sees it.
  if (typeof message.timestamp === 'string')
    header += ISO_TIME.test(message.timestamp)
      ? ` <time class="tri-note" datetime="${escapeHtml(message.timestamp)}">${markedHtml(message.timestamp)}</time>`
      : ` <time class="tri-note">${markedHtml(message.timestamp)}</time>`
  if (typeof message.model === 'string') header += ` <span class="tri-note">${markedHtml(message.model)}</span>`
  const tokens: string[] = []
  if (Number.isSafeInteger(message.inputTokens)) tokens.push(`${message.inputTokens} in`)
  if (Number.isSafeInteger(message.outputTokens)) tokens.push(`${message.outputTokens} out`)
  if (tokens.length > 0) header += ` <span class="tri-note">${tokens.join(', ')} tokens</span>`
  const body = `<div class="tri-markdown">${markdownHtml(typeof message.text === 'string' ? message.text : '', resolved.allowRemoteImages)}</div>`
  if (role === 'thought')
    return `<details class="tri-message tri-message-thought"><summary class="tri-header">${header}</summary>${body}</details>`
  return `<section class="tri-message tri-message-${role}"><header class="tri-header">${header}</header>${body}</section>`
}
