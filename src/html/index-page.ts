// The index of a folder of sessions: one self-contained page with a table,
// one row per session page written, each a plain relative link.
import { escapeHtml } from './escape.js'
import { markedHtml } from './markers.js'
import { sessionPagePolicy } from './page.js'
import { HTML_STYLESHEET } from './stylesheet.js'

/** One session of an index page. */
export interface SessionIndexEntry {
  /** The session page, as a path below the index (`/`-separated); each segment is URL-encoded here. */
  readonly path: string
  /** What the row is called: the log's file name, or its path in the folder. */
  readonly name: string
  /** The log's format (`claude-code`, `acp`, …). */
  readonly format?: string | undefined
  /** When it began, as the log wrote it. */
  readonly startedAt?: string | undefined
  readonly turns?: number | undefined
  readonly cards?: number | undefined
  /** The first prompt's first line. */
  readonly firstPrompt?: string | undefined
}

const count = (value: number | undefined) => (Number.isSafeInteger(value) && value! >= 0 ? String(value) : '')

/**
 * An index of session pages as one self-contained HTML page (the session
 * pages' stylesheet and policy, no script): a table of the sessions in the
 * order given, each name a relative link to its page. Every string is
 * escaped; a path is URL-encoded segment by segment (empty, `.` and `..`
 * segments dropped), so it stays below the index and carries no scheme.
 *
 * @example
 * renderSessionIndexHtml([{ path: 'a.html', name: 'a.jsonl', format: 'claude-code', turns: 3, cards: 12 }], { title: 'sessions' })
 */
export function renderSessionIndexHtml(entries: readonly SessionIndexEntry[], options?: { readonly title?: string | undefined }): string {
  const title = options?.title ?? 'Agent sessions'
  let rows = ''
  for (const entry of entries) {
    const href = String(entry.path)
      .split('/')
      .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
      .map((segment) => encodeURIComponent(segment))
      .join('/')
    rows += `<tr><td><a href="./${escapeHtml(href)}">${markedHtml(String(entry.name))}</a></td>`
    rows += `<td>${typeof entry.format === 'string' ? markedHtml(entry.format) : ''}</td>`
    rows += `<td>${typeof entry.startedAt === 'string' ? markedHtml(entry.startedAt) : ''}</td>`
    rows += `<td>${count(entry.turns)}</td><td>${count(entry.cards)}</td>`
    rows += `<td>${typeof entry.firstPrompt === 'string' ? markedHtml(entry.firstPrompt) : ''}</td></tr>\n`
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${sessionPagePolicy(false)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${HTML_STYLESHEET}</style>
</head>
<body class="tri-session">
<main>
<h1>${markedHtml(title)}</h1>
<p class="tri-note">${entries.length} session${entries.length === 1 ? '' : 's'}</p>
<table class="tri-index">
<thead><tr><th scope="col">Session</th><th scope="col">Format</th><th scope="col">Started</th><th scope="col">Turns</th><th scope="col">Cards</th><th scope="col">First prompt</th></tr></thead>
<tbody>
${rows}</tbody>
</table>
</main>
</body>
</html>
`
}
