// Character references in Markdown: `&#x202E;`, `&#8203;` and
// `&ZeroWidthSpace;` are plain ASCII, so no marker sees them, yet a Markdown
// renderer (Zed's pulldown-cmark) decodes them into the characters that
// hide. In Markdown text a tool sent as is (a text content block), each
// reference that decodes to a character `visibleText` marks is replaced by
// that marker (`<U+202E>`), as the character itself would be. Text escaped
// by `markdownInline` or `markdownBlock` has every `&` escaped and holds no
// reference at all.
import { holdsInvisible, visibleText } from './visible-text.js'

/**
 * The named references (HTML's, which CommonMark decodes) whose value holds
 * a character that hides: zero-width and invisible operators, the bidi
 * marks, the soft hyphen, and mathematical symbols with variation selector
 * 1 (U+FE00). Checked against the full table in the tests.
 */
export const HIDING_NAMED_REFERENCES: Readonly<Record<string, string>> = Object.freeze({
  ApplyFunction: '\u2061',
  InvisibleComma: '\u2063',
  InvisibleTimes: '\u2062',
  NegativeMediumSpace: '\u200b',
  NegativeThickSpace: '\u200b',
  NegativeThinSpace: '\u200b',
  NegativeVeryThinSpace: '\u200b',
  NoBreak: '\u2060',
  ZeroWidthSpace: '\u200b',
  af: '\u2061',
  caps: '\u2229\ufe00',
  cups: '\u222a\ufe00',
  gesl: '\u22db\ufe00',
  gvertneqq: '\u2269\ufe00',
  gvnE: '\u2269\ufe00',
  ic: '\u2063',
  it: '\u2062',
  lates: '\u2aad\ufe00',
  lesg: '\u22da\ufe00',
  lrm: '\u200e',
  lvertneqq: '\u2268\ufe00',
  lvnE: '\u2268\ufe00',
  rlm: '\u200f',
  shy: '\u00ad',
  smtes: '\u2aac\ufe00',
  sqcaps: '\u2293\ufe00',
  sqcups: '\u2294\ufe00',
  varsubsetneq: '\u228a\ufe00',
  varsubsetneqq: '\u2acb\ufe00',
  varsupsetneq: '\u228b\ufe00',
  varsupsetneqq: '\u2acc\ufe00',
  vsubnE: '\u2acb\ufe00',
  vsubne: '\u228a\ufe00',
  vsupnE: '\u2acc\ufe00',
  vsupne: '\u228b\ufe00',
  zwj: '\u200d',
  zwnj: '\u200c',
})

// CommonMark's references: `&#` 1–7 digits `;`, `&#x` 1–6 hex digits `;`, `&` a name `;`.
const REFERENCE = /&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{0,31}));/g

// What a reference decodes to, as CommonMark says: U+0000, surrogates and
// code points past U+10FFFF become U+FFFD; an unknown name stays as written.
function decoded(hex: string | undefined, decimal: string | undefined, name: string | undefined): string | undefined {
  if (name !== undefined) return Object.hasOwn(HIDING_NAMED_REFERENCES, name) ? HIDING_NAMED_REFERENCES[name] : undefined
  const code = hex !== undefined ? Number.parseInt(hex, 16) : Number(decimal)
  return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code)
}

// A fence line at the start of a line (column 0: never inside a list item
// or a block quote, which a fence line ends), and a closing one (up to three
// spaces of indent).
const OPENING_FENCE = /^(`{3,}|~{3,})(.*)$/
const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/
// A line that may start an HTML block, in which a fence line is not one.
const MAY_START_HTML = /^ {0,3}</
// A fence line indented one to three spaces: a fence to CommonMark, but one
// this reading does not trust (it may sit in a list item); what follows it
// could pair the wrong way, so no fence after it is trusted either.
const INDENTED_FENCE = /^ {1,3}(?:`{3,}|~{3,})/

/**
 * The ranges of `markdown` inside fenced code blocks that open at column 0,
 * where a reference is shown as written: `[from, to)` pairs, in order. From
 * the first line that may start an HTML block, or the first fence line
 * indented one to three spaces, on, no fence is trusted (the ranges end
 * there), so a guess can only mark more, never less.
 */
function fencedRanges(markdown: string): number[] {
  const ranges: number[] = []
  let fence = ''
  let from = 0
  for (let start = 0; start <= markdown.length; ) {
    const lf = markdown.indexOf('\n', start)
    const end = lf === -1 ? markdown.length : lf
    const line = markdown.charCodeAt(end - 1) === 0x0d ? markdown.slice(start, end - 1) : markdown.slice(start, end)
    if (fence !== '') {
      const closing = CLOSING_FENCE.exec(line)
      if (closing && closing[1][0] === fence[0] && closing[1].length >= fence.length) {
        ranges.push(from, start)
        fence = ''
      }
    } else if (MAY_START_HTML.test(line) || INDENTED_FENCE.test(line)) {
      return ranges
    } else {
      const opening = OPENING_FENCE.exec(line)
      // A backtick fence's info string holds no backtick (else it is a code span).
      if (opening && !(opening[1][0] === '`' && opening[2].includes('`'))) {
        fence = opening[1]
        from = lf === -1 ? markdown.length : lf + 1
      }
    }
    if (lf === -1) break
    start = lf + 1
  }
  if (fence !== '') ranges.push(from, markdown.length)
  return ranges
}

/**
 * Markdown a tool sent as is, with every character reference that decodes
 * to a character that hides (`&#x202E;`, `&#8203;`, `&ZeroWidthSpace;`,
 * `&lrm;`, `&#27;`) replaced by the marker `visibleText` gives that
 * character (`<U+202E>`, `<U+200B>`, `␛`), since a Markdown renderer would
 * decode it into the character itself. Left as written: a reference after
 * a backslash (`\&#x202E;` shows as written), one inside a fenced code
 * block that opens at the start of a line (shown as written there), and
 * every reference to a character that does not hide (`&amp;`, `&#x41;`).
 * Inside a code span a reference is shown as written too; it is replaced
 * there all the same (telling a code span needs the whole inline parse):
 * the marker still names it. Returns `markdown` itself when nothing changes.
 * Linear time.
 *
 * @example
 * markedCharacterReferences('user&#x202E; &ZeroWidthSpace;x') // 'user<U+202E> <U+200B>x'
 * markedCharacterReferences('\\&#x202E; &amp;') // unchanged
 * markedCharacterReferences('```html\n&zwj;\n```') // unchanged: code shows it as written
 */
export function markedCharacterReferences(markdown: string): string {
  if (markdown.indexOf('&') === -1 || markdown.indexOf(';') === -1) return markdown
  let ranges: number[] | undefined
  let range = 0
  let changed = false
  const out = markdown.replace(
    REFERENCE,
    (reference: string, hex: string | undefined, decimal: string | undefined, name: string | undefined, at: number) => {
      const value = decoded(hex, decimal, name)
      if (value === undefined || !holdsInvisible(value)) return reference
      let backslashes = 0
      while (at - backslashes > 0 && markdown.charCodeAt(at - backslashes - 1) === 0x5c) backslashes++
      if (backslashes % 2 === 1) return reference
      ranges ??= fencedRanges(markdown)
      while (range < ranges.length && ranges[range + 1] <= at) range += 2
      if (range < ranges.length && ranges[range] <= at) return reference
      changed = true
      return visibleText(value)
    },
  )
  return changed ? out : markdown
}
