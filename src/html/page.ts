// A whole session as one self-contained page: inline CSS, one inline script
// of our own (search and filters; the page works without it), and a
// Content-Security-Policy that lets nothing else run and nothing load.
import { renderToolCallHtml } from './card.js'
import { escapeHtml } from './escape.js'
import { markedHtml } from './markers.js'
import type { HtmlRenderOptions } from './options.js'
import { SESSION_PAGE_SCRIPT, SESSION_PAGE_SCRIPT_HASH } from './page-script.js'
import type { ToolCallRecord } from '../reader/records.js'
import { HTML_STYLESHEET, HTML_STYLESHEET_HASH } from './stylesheet.js'

/** What {@link renderSessionHtml} takes besides the records. */
export interface SessionPageOptions extends HtmlRenderOptions {
  /** The page's title and heading. Default `'Agent session'`. */
  readonly title?: string | undefined
  /** The theme: `'auto'` (the default) follows the reader's system. */
  readonly theme?: 'light' | 'dark' | 'auto' | undefined
  /** Cards start collapsed. Default `false`. */
  readonly collapsed?: boolean | undefined
}

/**
 * The Content-Security-Policy of a session page: nothing may load or run
 * (`default-src 'none'`), except the page's own stylesheet and its own
 * search script, each allowed by its hash (no `'unsafe-inline'`: no other
 * `<style>`, `style=` attribute, `<script>` or handler applies), and
 * `data:` images, plus https images when remote images are allowed.
 */
export const sessionPagePolicy = (allowRemoteImages: boolean): string =>
  `default-src 'none'; script-src ${SESSION_PAGE_SCRIPT_HASH}; style-src ${HTML_STYLESHEET_HASH}; img-src data:${allowRemoteImages ? ' https:' : ''}; form-action 'none'; base-uri 'none'`

/**
 * Records (from `readAcpUpdates` in `tool-render-intent/reader`, or built
 * by hand) as one self-contained HTML page: the stylesheet inline, the
 * search script inline, a Content-Security-Policy `<meta>` that forbids
 * every other script and every remote load,
 * one collapsible card per record, in order. To write a page a card at a
 * time, and the conversation between them, use `createSessionPage`.
 *
 * @example
 * writeFileSync('session.html', renderSessionHtml(readAcpUpdates(updates).records, { cwd: '/repo' }))
 */
export function renderSessionHtml(records: readonly ToolCallRecord[], options?: SessionPageOptions): string {
  let cards = ''
  for (const record of records) cards += renderToolCallHtml(record, options)
  return `${sessionPageStart(options)}${cards}${SESSION_PAGE_END}`
}

/**
 * The start of a session page, up to where its cards go: the head (policy,
 * title, stylesheet) and the heading. Follow it with the cards and
 * {@link SESSION_PAGE_END}.
 *
 * @example
 * out.write(sessionPageStart({ title: 'session.jsonl' }))
 * reader = createAcpReader({ onRecord: (record) => out.write(renderToolCallHtml(record)) })
 * // …read the updates, then:
 * reader.end()
 * out.write(SESSION_PAGE_END)
 */
export function sessionPageStart(options?: SessionPageOptions): string {
  const title = escapeHtml(options?.title ?? 'Agent session')
  const heading = markedHtml(options?.title ?? 'Agent session')
  const theme = options?.theme === 'light' || options?.theme === 'dark' ? ` data-theme="${options.theme}"` : ''
  return `<!doctype html>
<html lang="en"${theme}>
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${sessionPagePolicy(options?.allowRemoteImages === true)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>${HTML_STYLESHEET}</style>
</head>
<body class="tri-session">
<form class="tri-filters" role="search" hidden><label>Search this page <input type="search" name="q" autocomplete="off"></label>
<label>Kind <select name="kind"><option value="">any</option></select></label>
<label>Status <select name="status"><option value="">any</option>${STATUS_OPTIONS}</select></label>
<output aria-live="polite"></output></form>
<main>
<h1>${heading}</h1>
`
}

// The statuses a card's badge shows, as the status filter offers them.
const STATUS_OPTIONS = ['pending', 'running', 'done', 'failed', 'declined', 'cancelled', 'paused']
  .map((status) => `<option>${status}</option>`)
  .join('')

// After the main column: the search script, then the document's end.
const PAGE_TAIL = `<script>${SESSION_PAGE_SCRIPT}</script>
</body>
</html>
`

/**
 * The end of a session page after `</main>`: `between` (the contents,
 * written by {@link createSessionPage}), the search script, the document's
 * end.
 */
export const sessionPageEnd = (between: string): string => `\n</main>\n${between}${PAGE_TAIL}`

/** The end of a session page, after its last card (see {@link sessionPageStart}). */
export const SESSION_PAGE_END: string = sessionPageEnd('')
