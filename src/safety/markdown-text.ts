// Literal text inside Markdown: titles and one-line texts built from what a
// model sent. Editors render non-`execute` titles as Markdown and fetch
// remote images, so a path or an id must not turn into a link, an image or
// HTML, and nothing may hide (Zed's extensions and smart punctuation
// included). Zero dependencies; one regex test when nothing needs changing.
//
// CommonMark facts this relies on:
// - a backslash before ASCII punctuation makes it literal, and before
//   anything else is itself literal (so `C:\repo\a.ts` needs no escape);
// - links and images need `[`/`]`, autolinks and raw HTML need `<`, entity
//   and character references need `&`, code spans need a backtick;
// - a `_` inside a word (`a_b`, `snake_case`) never opens emphasis.
import { boundedText } from './bounded-text.js'
import { hidingCodeUnitClass } from './hiding-characters.js'
import { holdsInvisible, visibleText } from './visible-text.js'

// Every code unit that NEEDS_CHANGE or a character to mark can start at, in
// one class with no lookaround: text holding none of them (letters, digits,
// spaces, `/`, `,`, `:`) is read once, natively, and comes back as it is.
// The two exact tests run only on text that holds one.
const MAY_CHANGE = new RegExp(`[\\0-\\x1f\\x7f-\\x9f\\u2028\\u2029\`*[\\]<>&~^"'{\\\\!(\\-._${hidingCodeUnitClass()}]`)

// Whether anything needs changing: a line break (CR, LF, VT, FF, U+0085,
// U+2028, U+2029), or a character ESCAPE escapes.
const NEEDS_CHANGE =
  /[\n\v\f\r\u0085\u2028\u2029`*[\]<>&~^"'{]|\\(?=[!-/:-@[-`{-~]|$)|!$|^\(|--|\.\.\.|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/u
// Each line break becomes one space (CRLF is one break).
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g
// What gets a backslash (run after LINE_BREAK, so a `\` or `!` before a
// break is not last):
// - CommonMark: `` ` * [ ] < > & `` anywhere; `\` before ASCII punctuation
//   (what a backslash can escape) or last, where it would escape what
//   follows; `!` last (before a following `[…](…)` it would make an image);
//   `(` first (after a preceding `[…]` it would make a link);
// - Zed's extensions: `~` (strikethrough, subscript), `^` (superscript),
//   `{` (heading attributes), `_` unless it has a letter or digit on both
//   sides (`/__tests__/` makes emphasis);
// - smart punctuation: `"` and `'` (curly quotes), the first of `--` (en
//   and em dashes) and of `...` (ellipsis).
const ESCAPE = /[`*[\]<>&~^"'{]|\\(?=[!-/:-@[-`{-~]|$)|!$|^\(|-(?=-)|\.(?=\.\.)|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu

/**
 * Text to interpolate into one line of Markdown so that it renders
 * literally, under CommonMark and under the dialect Zed renders (GFM,
 * strikethrough, subscript and superscript, smart punctuation, heading
 * attributes, footnotes, task lists). The result never contains a line
 * break (CR, LF, CRLF, VT, FF, U+0085, U+2028 and U+2029 each become one
 * space) and cannot form a link, an image, an autolink, raw HTML, an entity
 * or character reference, a code span, emphasis, strikethrough, a subscript
 * or superscript, attributes, a curly quote or a dash, nor complete one
 * with the text around it (as long as that text does not itself end inside
 * an unfinished one, such as an open code span or a bare `&` or `\`).
 *
 * Nothing is hidden: a control character, a bidi control or a zero-width
 * character becomes a visible marker (`␛`, `<U+202E>`; see `visibleText`).
 *
 * Escaped with a backslash: `` ` `` `*` `[` `]` `<` `>` `&` `~` `^` `{`
 * `"` `'` always; `_` unless between two letters or digits (`snake_case`
 * stays); the first of `--` and of `...`; `\` before ASCII punctuation or
 * at the end; `!` at the end; `(` at the start. Text made only of letters,
 * digits, spaces, `/`, `.` (not three in a row), single `-`, and inner `_`
 * comes back unchanged (the same string), and so does a Windows path such
 * as `C:\repo\a.ts` or `../other/b.ts`.
 *
 * A raw URL stays as written: Zed turns it into a link whose text is the
 * URL itself (it finds URLs in the text after escapes are read, so no
 * escape could stop it), which hides nothing.
 *
 * For a whole line, where `#`, `-`, `1.`, `+++` and the like start blocks,
 * use {@link markdownLine}. Not for text inside a code span: a code span
 * shows backslashes literally.
 *
 * @example
 * markdownInline('src/a_b.ts') // 'src/a_b.ts' (unchanged)
 * markdownInline('src/__tests__/a.ts') // 'src/\\_\\_tests\\_\\_/a.ts'
 * markdownInline('![x](https://host/t.png)') // '!\\[x\\](https://host/t.png)'
 * markdownInline('<img src=x>') // '\\<img src=x\\>'
 * markdownInline('~x~ "a--b"') // '\\~x\\~ \\"a\\--b\\"'
 * markdownInline('a\nb') // 'a b'
 * markdownInline('a\u202eb') // 'a\\<U+202E\\>b'
 * `Read ${markdownInline(path)}` // a title that shows the path as written
 */
export function markdownInline(text: string): string {
  if (!MAY_CHANGE.test(text) || (!NEEDS_CHANGE.test(text) && !holdsInvisible(text))) return text
  return visibleText(text.replace(LINE_BREAK, ' ')).replace(ESCAPE, '\\$&')
}

/**
 * {@link markdownInline} of `text`, at most `max` code units as shown: when
 * escaping and marking make it longer (`a\u202eb` is `a\<U+202E\>b`, ten
 * code units for one), the text is first cut, head and tail around a
 * marker saying how much was left out (`boundedText`), as much as it takes.
 *
 * @example
 * boundedMarkdownInline('\u202e'.repeat(4096), 4096).length // at most 4096
 */
export function boundedMarkdownInline(text: string, max: number): string {
  let room = max
  for (;;) {
    const shown = markdownInline(boundedText(text, room))
    if (shown.length <= max) return shown
    // Shrinks every time, so it ends (at room 0, ''); from what was kept, so text under the room shrinks at once.
    room = Math.max(0, Math.floor((Math.min(room, text.length) * max) / shown.length) - 1)
  }
}

// A line that may open a block once white space at its start is dropped:
// an ATX heading, a bullet or ordered list item, a thematic break, a setext
// underline, a tilde code fence, a `+++` metadata block (Zed). (`>`, `*`,
// `~`, backtick fences, HTML blocks and link reference definitions are
// already escaped by markdownInline.)
const MAY_OPEN_BLOCK =
  /^[ \t]|^#{1,6}(?:[ \t]|$)|^[-+](?:[ \t]|$)|^\+\+\+|^([-_])(?:[ \t]*\1){2,}[ \t]*$|^=+[ \t]*$|^~~~|^\d{1,9}[.)](?:[ \t]|$)/
const LEADING_SPACE = /^[ \t]+/
const ORDERED = /^\d{1,9}(?=[.)](?:[ \t]|$))/

/**
 * A whole line of literal Markdown: {@link markdownInline}, and the line's
 * start kept from opening a block. Spaces and tabs at the start are dropped
 * (a paragraph does not show them; four would make a code block), and a
 * backslash goes before the `#` of a heading, the `-` or `+` of a list item,
 * the first `-` / `_` of a thematic break (`---`, `_ _ _`), the first `=` of
 * a setext underline, the first `+` of a `+++` metadata block (Zed skips
 * its lines), or the `.` / `)` of an ordered list item (`1.`). A single line cannot be a table, so `|` is kept.
 *
 * @example
 * markdownLine('# heading') // '\\# heading'
 * markdownLine('- item') // '\\- item'
 * markdownLine('1. first') // '1\\. first'
 * markdownLine('    code') // 'code'
 * markdownLine('my_tool') // 'my_tool' (unchanged)
 */
export function markdownLine(text: string): string {
  const line = markdownInline(text)
  if (!MAY_OPEN_BLOCK.test(line)) return line
  const trimmed = line.replace(LEADING_SPACE, '')
  const ordered = ORDERED.exec(trimmed)
  if (ordered) return `${ordered[0]}\\${trimmed.slice(ordered[0].length)}`
  return MAY_OPEN_BLOCK.test(trimmed) ? `\\${trimmed}` : trimmed
}

// What markdownBlock escapes: `[`, `<`, `&`, `\\` before ASCII punctuation,
// and the first `+` of `+++` (Zed skips a `+++` metadata block's lines).
const BLOCK_ESCAPE = /[[<&]|\\(?=[!-/:-@[-`{-~])|\+(?=\+\+)/g
// A heading line (ATX, or the text line above a setext underline): its `{`
// would start attributes that Zed hides.
const HEADING_WITH_BRACE = /^ {0,3}(?:>[ \t]?)*#{1,6}[ \t][^\n]*\{[^\n]*$|^[^\n{]*\{[^\n]*(?=\n {0,3}(?:>[ \t]?)*(?:=+|-+)[ \t]*$)/gm
const BRACE = /\{/g

/**
 * Model-written Markdown (a plan, a sub-agent's prompt or report) made safe
 * to show as a text block: its lines, headings, lists, emphasis and code
 * keep their shape, but nothing in it can make a link, an image (which an
 * editor would fetch), an autolink, raw HTML, a link reference definition
 * or an entity reference, and nothing in it is hidden: no `+++` metadata
 * block or heading attributes (which Zed does not show), and every control
 * character, bidi control or zero-width character becomes a visible marker
 * (`␛`, `<U+202E>`). A backslash goes before every `[`, `<` and `&`, before
 * every `\` that precedes ASCII punctuation (so an escape of ours cannot
 * be cancelled by one of the text's), before the first `+` of `+++`, and
 * before each `{` of a heading line. Text without those characters comes
 * back unchanged. Linear time.
 *
 * Inside code spans and code blocks a backslash shows as written, so there
 * such characters show with a backslash before them: a cosmetic cost, taken
 * because telling code from text needs the whole container structure of the
 * document, and a wrong guess there would let a link through.
 *
 * @example
 * markdownBlock('# Plan\n\n1. Read [the docs](https://host/x)')
 * // '# Plan\n\n1. Read \\[the docs](https://host/x)'
 * markdownBlock('![x](https://host/t.png) <img src=x>')
 * // '!\\[x](https://host/t.png) \\<img src=x>'
 */
export function markdownBlock(text: string): string {
  const escaped = visibleText(text).replace(BLOCK_ESCAPE, '\\$&')
  return escaped.indexOf('{') === -1 ? escaped : escaped.replace(HEADING_WITH_BRACE, (line) => line.replace(BRACE, '\\{'))
}
