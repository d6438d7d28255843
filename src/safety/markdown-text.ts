// Literal text inside Markdown: titles and one-line texts built from what a
// model sent. Editors render non-`execute` titles as Markdown and fetch
// remote images, so a path or an id must not turn into a link, an image or
// HTML. Zero dependencies; one regex test when nothing needs changing.
//
// CommonMark facts this relies on:
// - a backslash before ASCII punctuation makes it literal, and before
//   anything else is itself literal (so `C:\repo\a.ts` needs no escape);
// - links and images need `[`/`]`, autolinks and raw HTML need `<`, entity
//   and character references need `&`, code spans need a backtick;
// - a `_` inside a word (`a_b`, `snake_case`) never opens emphasis.

// Whether anything needs changing: a line break (CR, LF, VT, FF, U+0085,
// U+2028, U+2029), or a character ESCAPE escapes.
const NEEDS_CHANGE = /[\n\v\f\r\u0085\u2028\u2029`*[\]<>&]|\\(?=[!-/:-@[-`{-~]|$)|!$|^\(/
// Each line break becomes one space (CRLF is one break).
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g
// What gets a backslash: `` ` * [ ] < > & `` anywhere; `\` before ASCII
// punctuation (`[!-/:-@[-`{-~]`, what a backslash can escape) or last, where
// it would escape what follows; `!` last (before a following `[…](…)` it
// would make an image); `(` first (after a preceding `[…]` it would make a
// link). Run after LINE_BREAK, so a `\` or `!` before a break is not last.
const ESCAPE = /[`*[\]<>&]|\\(?=[!-/:-@[-`{-~]|$)|!$|^\(/g

/**
 * Text to interpolate into one line of Markdown so that it renders
 * literally. The result never contains a line break (CR, LF, CRLF, VT, FF,
 * U+0085, U+2028 and U+2029 each become one space) and cannot form a link,
 * an image, an autolink, raw HTML, an entity or character reference, a code
 * span, or emphasis from `*`, nor complete one with the text around it
 * (as long as that text does not itself end inside an unfinished one, such
 * as an open code span or a bare `&` or `\`).
 *
 * Escaped with a backslash: `` ` `` `*` `[` `]` `<` `>` `&` always; `\`
 * before ASCII punctuation or at the end; `!` at the end; `(` at the start.
 * Nothing else: text made only of letters, digits, spaces and `/ . - _` comes
 * back unchanged (the same string), and so does a Windows path such as
 * `C:\repo\a.ts`. A `_` is never escaped, so `_a_` or `__init__` still render
 * as emphasis: cosmetic, never a link or an image.
 *
 * For a whole line, where `#`, `-`, `1.` and the like start blocks, use
 * {@link markdownLine}. Not for text inside a code span: a code span shows
 * backslashes literally.
 *
 * @example
 * markdownInline('src/a_b.ts') // 'src/a_b.ts' (unchanged)
 * markdownInline('![x](https://host/t.png)') // '!\\[x\\](https://host/t.png)'
 * markdownInline('<img src=x>') // '\\<img src=x\\>'
 * markdownInline('a\nb') // 'a b'
 * `Read ${markdownInline(path)}` // a title that shows the path as written
 */
export function markdownInline(text: string): string {
  return NEEDS_CHANGE.test(text) ? text.replace(LINE_BREAK, ' ').replace(ESCAPE, '\\$&') : text
}

// A line that may open a block once white space at its start is dropped:
// an ATX heading, a bullet or ordered list item, a thematic break, a setext
// underline, a tilde code fence. (`>`, `*`, backtick fences, HTML blocks and
// link reference definitions are already escaped by markdownInline.)
const MAY_OPEN_BLOCK = /^[ \t]|^#{1,6}(?:[ \t]|$)|^[-+](?:[ \t]|$)|^([-_])(?:[ \t]*\1){2,}[ \t]*$|^=+[ \t]*$|^~~~|^\d{1,9}[.)](?:[ \t]|$)/
const LEADING_SPACE = /^[ \t]+/
const ORDERED = /^\d{1,9}(?=[.)](?:[ \t]|$))/

/**
 * A whole line of literal Markdown: {@link markdownInline}, and the line's
 * start kept from opening a block. Spaces and tabs at the start are dropped
 * (a paragraph does not show them; four would make a code block), and a
 * backslash goes before the `#` of a heading, the `-` or `+` of a list item,
 * the first `-` / `_` of a thematic break (`---`, `_ _ _`), the first `=` of
 * a setext underline, the first `~` of a `~~~` fence, or the `.` / `)` of an
 * ordered list item (`1.`). A single line cannot be a table, so `|` is kept.
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
