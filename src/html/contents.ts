// The table of contents of a session page: one plain link per turn (a user
// prompt and what followed it), which works without script, with each
// turn's tokens and the session's totals where the log gave them.
import { escapeHtml } from './escape.js'
import { markedHtml } from './markers.js'

/** One turn of the contents: its link, and what its prompt began with. */
export interface ContentsTurn {
  /** Where the turn's heading is: `#turn-N`, or in another part `part.html#turn-N`. */
  readonly href: string
  /** The prompt's first line, as the log holds it (escaped here). */
  readonly label: string
  /** The tokens its messages said they used, where the log gave them. */
  readonly tokens?: ContentsTotals | undefined
}

/** What the contents say about the whole session. */
export interface ContentsTotals {
  readonly inputTokens: number
  readonly outputTokens: number
}

// A turn's label is cut here, in code points.
const LABEL_LENGTH = 80

/** A prompt's first non-blank line, at most 80 code points, `…` when cut. */
export function turnLabel(text: string): string {
  let line = ''
  for (const candidate of text.split('\n', 20)) {
    line = candidate.trim()
    if (line !== '') break
  }
  const points = Array.from(line.slice(0, LABEL_LENGTH * 2))
  return points.length > LABEL_LENGTH ? `${points.slice(0, LABEL_LENGTH).join('')}…` : points.join('')
}

/**
 * The contents as a `<nav class="tri-contents">`: an ordered list of links
 * to the turns, each with its tokens, `more` turns left out said in a
 * note, then the session's token totals; `''` when there is neither. Every label is escaped.
 */
export function contentsHtml(turns: readonly ContentsTurn[], totals: ContentsTotals, more = 0): string {
  const tokens = tokensText(totals)
  if (turns.length === 0 && tokens === '') return ''
  let html = '<nav class="tri-contents" aria-label="Turns"><h2>Turns</h2>'
  if (turns.length > 0) {
    html += '<ol>'
    for (const turn of turns) {
      html += `<li><a href="${escapeHtml(turn.href)}">${turn.label === '' ? '(empty prompt)' : markedHtml(turn.label)}</a>`
      const used = turn.tokens === undefined ? '' : tokensText(turn.tokens)
      html += used === '' ? '</li>' : ` <span class="tri-note">${used} tokens</span></li>`
    }
    html += '</ol>'
    if (more > 0) html += `<p class="tri-note">… and ${more} more turn${more === 1 ? '' : 's'}</p>`
  }
  if (tokens !== '') html += `<p class="tri-note">${tokens} tokens in all</p>`
  return `${html}</nav>\n`
}

// `N in, M out`, each only when above zero, escaped; `''` for neither.
function tokensText(totals: ContentsTotals): string {
  const parts: string[] = []
  if (Number.isFinite(totals.inputTokens) && totals.inputTokens > 0) parts.push(`${totals.inputTokens} in`)
  if (Number.isFinite(totals.outputTokens) && totals.outputTokens > 0) parts.push(`${totals.outputTokens} out`)
  return escapeHtml(parts.join(', '))
}
