// Titles and commands as a client shows them: on one line unless a command,
// every invisible character as a marker, and bounded after marking, so one
// call's title cannot carry megabytes (a marker such as `<U+202E>` is eight
// code units for one). A title past the bound keeps its head and its tail
// around a marker saying how much was left out, as output does.
import { markerAround } from './bounded-text.js'
import { markdownLine } from './markdown-text.js'
import { unescapeMarkdownInline } from './markdown-unescape.js'
import { visibleLength, visibleText } from './visible-text.js'

/**
 * How a client shows the titles of cards that are not commands (kind
 * `execute`), plan entries and sub-agent labels: `'markdown'`, as Markdown
 * under CommonMark and Zed's extensions (so they are escaped to render
 * literally), or `'plain'`, as the text itself. A command's title is shown
 * as plain text by every client.
 */
export type TitleStyle = 'markdown' | 'plain'

/**
 * The most code units a title shows, after marking and Markdown escaping:
 * every title field of every card and prompt (v1 and v2), and v2's
 * `command` fields (`terminal_update`, a prompt's command subject). 16 Ki
 * holds a heredoc of a few hundred lines; past it a title is cut around
 * `… N characters left out …`, and a permission prompt for a call whose
 * command or title would be cut is refused (it could not show what runs).
 */
export const TITLE_LENGTH = 16 * 1024

// Every line break a Markdown renderer or a terminal may start a line at.
// (Two expressions: a global one keeps state between `test` calls.)
const HAS_LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g

// A title as one line, unless it is a command's (kind `execute`): Zed shows
// commands as plain text, and a heredoc keeps its lines.
const titleLine = (title: string, kind: string | undefined): string =>
  kind === 'execute' || !HAS_LINE_BREAK.test(title) ? title : title.replace(LINE_BREAKS, ' ')

/**
 * A card's title as the client should get it: Zed renders the first line of
 * every title but an `execute` one as Markdown, so those are kept to one
 * line (each line break becomes a space); execute titles (commands) keep
 * their line breaks (a heredoc). A control character, a bidi control or a
 * zero-width character becomes a visible marker (`visibleText`). At most
 * `max` code units (default {@link TITLE_LENGTH}) as shown: past it, the
 * head and the tail around ` … N characters left out … ` (N counts code
 * units as shown), never splitting a surrogate pair, a marker
 * (`<U+202E>`, `\<U+202E\>`) or a Markdown backslash escape.
 *
 * @example
 * shownTitle('Read a\u202eb.ts', 'read') // 'Read a<U+202E>b.ts'
 * shownTitle('x'.repeat(100_000), 'execute').length // at most 16384
 */
export function shownTitle(title: string, kind: string | undefined, max = TITLE_LENGTH): string {
  const line = titleLine(title, kind)
  // A marker is at most eight code units for one: short text fits marked.
  if (line.length <= max >> 3) return visibleText(line)
  const length = visibleLength(line)
  return length <= max ? visibleText(line) : cutShown(line, length, max)
}

/**
 * A view's plain title as the client gets it, the one place a title is
 * escaped: a command's (kind `execute`) or any title for a `'plain'` client
 * is {@link shownTitle} of it; any other is first made one line of literal
 * Markdown (`markdownLine`), then shown. The reader's `plainTitle` is its inverse.
 *
 * @example
 * wireTitle('Read src/__tests__/a.ts', 'read', 'markdown') // 'Read src/\\_\\_tests\\_\\_/a.ts'
 * wireTitle('Read src/__tests__/a.ts', 'read', 'plain') // 'Read src/__tests__/a.ts'
 */
export function wireTitle(title: string, kind: string | undefined, titles: TitleStyle, max = TITLE_LENGTH): string {
  return shownTitle(kind === 'execute' || titles === 'plain' ? title : markdownLine(title), kind, max)
}

/**
 * A title as a client got it, read back as the plain title: the exact
 * inverse of {@link wireTitle} for a title it did not have to change
 * otherwise (one line, nothing invisible, no leading white space, not cut):
 * a `'markdown'` client's title of any kind but `execute` loses its
 * backslash escapes; any other comes back as it is.
 *
 * @example
 * plainTitle(wireTitle('Read a_b*.ts', 'read', 'markdown'), 'read', 'markdown') // 'Read a_b*.ts'
 */
export const plainTitle = (title: string, kind: string | undefined, titles: TitleStyle): string =>
  kind === 'execute' || titles === 'plain' ? title : unescapeMarkdownInline(title)

/** The length of {@link wireTitle} before its cut: longer than `TITLE_LENGTH` means it is cut. */
export const wireTitleLength = (title: string, kind: string | undefined, titles: TitleStyle): number =>
  shownTitleLength(kind === 'execute' || titles === 'plain' ? title : markdownLine(title), kind)

/** The length of {@link shownTitle} before its cut: longer than `TITLE_LENGTH` means it is cut. */
export const shownTitleLength = (title: string, kind: string | undefined): number => visibleLength(titleLine(title, kind))

/**
 * A command as a prompt's title: `Run` and the command in a Markdown code
 * span, which shows it literally on one line (between backtick runs longer
 * than any inside it, padded when it starts or ends with a backtick or
 * would lose a space to the span's trimming), every invisible character
 * marked. Not cut: a prompt whose title would pass {@link TITLE_LENGTH} is
 * refused before it is built.
 *
 * @example
 * runTitle('ls `pwd`') // 'Run ``ls `pwd` ``'
 */
export function runTitle(command: string): string {
  const text = visibleText(command.replace(LINE_BREAKS, ' '))
  let longest = 0
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length)
  const fence = '`'.repeat(longest + 1)
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '') ? ' ' : ''
  return `Run ${fence}${pad}${text}${pad}${fence}`
}

// Room kept for ` … N characters left out … `, whatever N it names.
const MARKER_ROOM = 48

// `line` (whose marked length is `length`) marked and cut to `max`: only the
// head and the tail are marked, so memory stays near `max`.
function cutShown(line: string, length: number, max: number): string {
  const room = Math.max(0, max - MARKER_ROOM)
  const headRoom = room >> 1
  const tailRoom = room - headRoom
  // Marking never shrinks text, so `headRoom` raw code units mark to at least
  // `headRoom`; a little more is marked, for the cut to see a marker or an
  // escape it falls inside, and the tail takes in a run of backslashes whole.
  const headText = visibleText(line.slice(0, rawEnd(line, headRoom + MARKER_ROOM)))
  const head = headText.slice(0, headEnd(headText, headRoom))
  let from = rawStart(line, line.length - tailRoom - MARKER_ROOM)
  while (from > 0 && line.charCodeAt(from - 1) === BACKSLASH) from--
  const tailText = visibleText(line.slice(from))
  const tail = tailText.slice(tailStart(tailText, tailText.length - tailRoom))
  return `${head} … ${length - head.length - tail.length} characters left out … ${tail}`
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff
const CR = 0x0d
const BACKSLASH = 0x5c

// A raw head that marks as the whole text's head does: past a CR (which a
// line feed after it leaves unmarked) or a high surrogate, one more.
function rawEnd(text: string, end: number): number {
  const cut = Math.min(end, text.length)
  const last = text.charCodeAt(cut - 1)
  return cut < text.length && (last === CR || isHigh(last)) ? cut + 1 : cut
}

// A raw tail that marks as the whole text's tail does: not from inside a surrogate pair.
function rawStart(text: string, start: number): number {
  const cut = Math.max(0, start)
  return cut > 0 && isLow(text.charCodeAt(cut)) && isHigh(text.charCodeAt(cut - 1)) ? cut - 1 : cut
}

// Whether the character at `at` is escaped: after an odd run of backslashes, and ASCII punctuation.
function escapedAt(text: string, at: number): boolean {
  if (at >= text.length || !/[!-/:-@[-`{-~]/.test(text[at])) return false
  let run = 0
  while (at - run - 1 >= 0 && text.charCodeAt(at - run - 1) === BACKSLASH) run++
  return run % 2 === 1
}

// A head that ends at `end`, moved back out of a surrogate pair, a marker
// and a backslash escape, and off a `_` (which the marker's space after it
// could turn into emphasis).
function headEnd(text: string, end: number): number {
  let cut = Math.max(0, Math.min(end, text.length))
  if (cut > 0 && isHigh(text.charCodeAt(cut - 1)) && isLow(text.charCodeAt(cut))) cut--
  const marker = markerAround(text, cut)
  if (marker) cut = marker[0]
  if (escapedAt(text, cut)) cut--
  if (cut > 0 && text[cut - 1] === '_' && !escapedAt(text, cut - 1)) cut--
  return cut
}

// A tail that starts at `start`, moved forward out of a surrogate pair, a
// backslash escape and a marker, and off a `_`.
function tailStart(text: string, start: number): number {
  let cut = Math.max(0, Math.min(start, text.length))
  if (cut > 0 && isLow(text.charCodeAt(cut)) && isHigh(text.charCodeAt(cut - 1))) cut++
  if (escapedAt(text, cut)) cut++
  const marker = markerAround(text, cut)
  if (marker) cut = marker[1]
  if (text[cut] === '_') cut++
  return cut
}
