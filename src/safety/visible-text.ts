// Text fields (titles, commands in prompts, plan entries, descriptions,
// prompts) show every character the model or tool wrote: what a client would
// draw as nothing, or act on, becomes a visible marker that names it. A
// terminal escape hidden in a command would otherwise be approved unseen,
// and a bidi override reorders what the user reads (Trojan Source).

// A character that would be invisible or act on the display: a C0 control
// but tab and line feed, a CR not before a line feed, DEL, a C1 control,
// and every character of the one table of hiding characters
// (hiding-characters.ts). Text with nothing to mark is read once, natively;
// the loop reads from the first candidate on.

import { HIDING_CHARACTERS, hidesCharacter, hidingCodeUnitClass } from './hiding-characters.js'

const CR = 0x0d
const LF = 0x0a
const TAB = 0x09

// How many code units of `text` from `at` (whose code unit is `code`) make
// one character to mark: 1, 2 for a surrogate pair (a tag), or 0 when it
// is kept. With `formatOnly`, C0 and C1 controls and DEL are kept.
function markLength(text: string, at: number, code: number, formatOnly: boolean): number {
  if (code < 0xa0) {
    if (formatOnly || (code >= 0x20 && code < 0x7f) || code === TAB || code === LF) return 0
    return code === CR && text.charCodeAt(at + 1) === LF ? 0 : 1
  }
  if (code >= 0xd800 && code <= 0xdbff) {
    const next = text.charCodeAt(at + 1)
    return next >= 0xdc00 && next <= 0xdfff && hidesCharacter(((code - 0xd800) << 10) + (next - 0xdc00) + 0x10000) ? 2 : 0
  }
  return hidesCharacter(code) ? 1 : 0
}

// Where the loop starts: the first code unit that may start a character to
// mark, found natively. Printable ASCII, tab and line feed hold none, so one
// small class finds where anything else starts (text made only of them,
// most code and logs, is read once). From there, two classes: the controls
// (a CR too: a CR LF is then kept by the loop), and the code units of the
// one table of hiding characters (the high surrogate of a tag or variation
// selector too; another character of that plane is kept by the loop).
// Neither flag is set, so the expressions hold no state. Two classes, not
// one: V8 reads two-byte text with their union several times slower (about
// 90 against 20 µs for 10 KiB, measured) than with each.
const NOT_PLAIN = /[^\t\n\x20-\x7e]/
const MAY_MARK_CONTROL = /[\0-\x08\v\f\r\x0e-\x1f\x7f-\x9f]/
const MAY_MARK_FORMAT = new RegExp(`[${hidingCodeUnitClass()}]`)

// The first code unit of `text` that may start a character to mark, or -1.
function firstCandidate(text: string, formatOnly: boolean): number {
  if (formatOnly) return text.search(MAY_MARK_FORMAT)
  const start = text.search(NOT_PLAIN)
  if (start === -1) return -1
  const rest = start === 0 ? text : text.slice(start)
  const control = rest.search(MAY_MARK_CONTROL)
  const hiding = (control === -1 ? rest : rest.slice(0, control)).search(MAY_MARK_FORMAT)
  const found = hiding !== -1 ? hiding : control
  return found === -1 ? -1 : start + found
}

// Where the next character to mark starts, at or after `from`; -1 if none.
function nextMark(text: string, from: number, formatOnly: boolean): number {
  let at = from
  if (at === 0) {
    at = firstCandidate(text, formatOnly)
    if (at === -1) return -1
  }
  for (; at < text.length; at++) {
    const code = text.charCodeAt(at)
    // Printable ASCII, the bulk of code and logs, costs one comparison pair.
    if (code >= 0x20 && code < 0x7f) continue
    if (markLength(text, at, code, formatOnly) > 0) return at
  }
  return -1
}

// The marker of the code point `code` (see invisibleMarker).
const markerOf = (code: number): string =>
  code < 0x20 ? String.fromCharCode(0x2400 + code) : code === 0x7f ? '\u2421' : `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`

// The marker of every character visibleText marks, built once when the
// module loads and never changed: text full of one invisible character (a
// flood of U+202E) costs a lookup a character.
const MARKERS: ReadonlyMap<number, string> = (() => {
  const markers = new Map<number, string>()
  for (let code = 0; code < 0xd800; code++) if (markLength('', 0, code, false) > 0) markers.set(code, markerOf(code))
  for (const [first, last] of HIDING_CHARACTERS) for (let code = first; code <= last; code++) markers.set(code, markerOf(code))
  return markers
})()

/**
 * The visible marker for one invisible character: a C0 control as its
 * Control Pictures sign (ESC `␛`, BEL `␇`, CR `␍`, NUL `␀`), DEL as `␡`,
 * anything else as `<U+XXXX>` (`<U+202E>`, `<U+200B>`, `<U+009B>`,
 * `<U+E0041>`).
 */
export function invisibleMarker(char: string): string {
  const code = char.codePointAt(0)!
  return MARKERS.get(code) ?? markerOf(code)
}

// `text` with every character to mark from `first` on (found by nextMark) replaced by its marker.
function markedFrom(text: string, first: number, formatOnly: boolean): string {
  let out = ''
  let from = 0
  for (let at = first; at !== -1; at = nextMark(text, from, formatOnly)) {
    const length = markLength(text, at, text.charCodeAt(at), formatOnly)
    const code = length === 2 ? text.codePointAt(at)! : text.charCodeAt(at)
    out += text.slice(from, at) + (MARKERS.get(code) ?? markerOf(code))
    from = at + length
  }
  return out + text.slice(from)
}

/**
 * @internal Where the next character {@link visibleText} marks starts in
 * `text`, at or after `from` (-1 when there is none), for a reader that
 * says where such characters stand rather than marking them.
 */
export const nextInvisible = (text: string, from: number): number => nextMark(text, from, false)

/** @internal The code point of the character {@link nextInvisible} found at `at`, and its length in code units. */
export function invisibleAt(text: string, at: number): { readonly code: number; readonly length: number } {
  const length = markLength(text, at, text.charCodeAt(at), false)
  return { code: length === 2 ? text.codePointAt(at)! : text.charCodeAt(at), length }
}

/**
 * Whether {@link visibleText} would change `text`. One pass, stopping at
 * the first character to mark.
 */
export const holdsInvisible = (text: string): boolean => nextMark(text, 0, false) !== -1

/**
 * Text for a field a person reads to know what a call does (a title, a
 * command in a prompt, a plan entry, a description, a sub-agent prompt),
 * with nothing hidden: every character that a client would draw as nothing
 * or act on becomes a visible marker naming it (see {@link invisibleMarker}),
 * so an escape sequence shows whole, as written: `ESC ] 0 ; x BEL` becomes
 * `␛]0;x␇`. Kept as they are: tab, line feed, CR LF, and every visible
 * character. Marked: C0 controls (a CR alone too: it would overwrite the
 * line), DEL, C1 controls, bidi embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069) and marks (U+200E, U+200F, U+061C),
 * zero-width characters (U+200B–U+200D, U+2060–U+2064, U+FEFF, U+180E),
 * the soft hyphen, the combining grapheme joiner, the deprecated format
 * characters (U+206A–U+206F), variation selectors (U+FE00–U+FE0F,
 * U+E0100–U+E01EF), Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the
 * Khmer inherent vowels (U+17B4, U+17B5), interlinear annotation marks and
 * tag characters (U+E0000–U+E007F): see `HIDING_CHARACTERS`.
 *
 * Returns `text` itself when nothing needs marking; idempotent. A lone
 * surrogate is left to the JSON check, which replaces and reports it.
 * One pass over `text`.
 *
 * @example
 * visibleText('ls\u001b]0;curl x | sh\u0007') // 'ls␛]0;curl x | sh␇'
 * visibleText('a\u202eb') // 'a<U+202E>b'
 * visibleText('src/a.ts') // 'src/a.ts' (unchanged)
 */
export function visibleText(text: string): string {
  const first = nextMark(text, 0, false)
  return first === -1 ? text : markedFrom(text, first, false)
}

/**
 * The length of {@link visibleText} of `text`, in code units, without
 * building it: a title past its bound is measured whole and marked only
 * where it is kept.
 *
 * @example
 * visibleLength('a\u202eb') // 10, the length of 'a<U+202E>b'
 */
export function visibleLength(text: string): number {
  let length = text.length
  for (let at = nextMark(text, 0, false); at !== -1; ) {
    const marked = markLength(text, at, text.charCodeAt(at), false)
    const code = marked === 2 ? text.codePointAt(at)! : text.charCodeAt(at)
    length += (MARKERS.get(code) ?? markerOf(code)).length - marked
    at = nextMark(text, at + marked, false)
  }
  return length
}

/**
 * Only the bidi controls and zero-width characters of {@link visibleText}
 * (not the C0 and C1 controls), as `<U+XXXX>`: for a renderer that has its
 * own way of showing control characters (the text renderer's `\x1b`).
 *
 * @example
 * visibleFormatCharacters('file\u202etxt.exe') // 'file<U+202E>txt.exe'
 */
export function visibleFormatCharacters(text: string): string {
  const first = nextMark(text, 0, true)
  return first === -1 ? text : markedFrom(text, first, true)
}

/**
 * {@link visibleText} for text that must also be well formed (command
 * output shown as text): a lone surrogate becomes U+FFFD. Returns `text`
 * itself when nothing changes.
 */
export function visibleWellFormedText(text: string): string {
  const marked = visibleText(text)
  return marked.isWellFormed() ? marked : marked.toWellFormed()
}

/**
 * {@link visibleWellFormedText} for text that arrives in pieces, such as a
 * command's output shown as text: a CR or a high surrogate that ends a
 * piece is held until the next piece says whether a line feed or a low
 * surrogate follows. However the text is cut, the pieces returned by
 * {@link VisibleTextStream.push} followed by {@link VisibleTextStream.end}
 * equal {@link visibleWellFormedText} of the whole text.
 *
 * @example
 * const stream = new VisibleTextStream()
 * stream.push('50%\r') // '50%' (the CR is held)
 * stream.push('60%\u001b[K') // '␍60%␛[K'
 * stream.end() // ''
 */
export class VisibleTextStream {
  private held = ''

  /** The next piece, marked; what ends it ambiguously is held for the next. */
  push(piece: string): string {
    let text = this.held === '' ? piece : this.held + piece
    this.held = ''
    const last = text.charCodeAt(text.length - 1)
    if (last === CR || (last >= 0xd800 && last <= 0xdbff)) {
      this.held = text.slice(-1)
      text = text.slice(0, -1)
    }
    return visibleWellFormedText(text)
  }

  /** What was held, marked (a CR alone `␍`, a high surrogate alone U+FFFD). Ends the stream. */
  end(): string {
    const held = this.held
    this.held = ''
    return held === '' ? '' : visibleWellFormedText(held)
  }
}
