// What a terminal may receive from text we did not write. Raw control
// characters can move the cursor, clear the screen, retitle the window or
// hide text, so every one of them is either passed through (an SGR colour
// sequence, when colour is on) or made visible as an escape such as `\x1b`:
// nothing is removed, so what a command printed is all there to read. A lone
// surrogate becomes U+FFFD, so the output is always well-formed UTF-16.
// A policy on the escape tokenizer: a sequence that is not removed or passed
// through is read again as text after its introducer, which a sequence's
// bounded length keeps linear; the output is built from pieces joined in
// batches, so the whole thing is linear in the input, in time and in memory.

import { CONTROL, CONTROL_SEQUENCE, EscapeTokenizer, END, HELD_HIGH, LF, LONE_SURROGATE, SEQUENCE } from '../safety/escape-tokenizer.js'
import { SgrState } from '../safety/terminal-output.js'
import { visibleFormatCharacters } from '../safety/visible-text.js'

export { MAX_CONTROL_STRING_LENGTH } from '../safety/escape-tokenizer.js'

/** `\xHH`, two lower-case hex digits: the one visible form of a control character, by code. */
const ESCAPES: readonly string[] = Array.from({ length: 0xa0 }, (_, code) => `\\x${code.toString(16).padStart(2, '0')}`)

const REPLACEMENT = '\ufffd'

/**
 * Text as it is safe to print on a terminal.
 *
 * With `color: false`, SGR sequences (colours and styles) are dropped: text
 * without colour cannot draw them, so there they hide nothing, and shown
 * as `\x1b[32m` they would make a coloured build log unreadable
 * (`\u001b[31mred\u001b[0m` → `red`). Every other escape sequence is shown
 * as written with its introducer made visible (`\u001b]52;c;x\u0007` →
 * `\x1b]52;c;x\x07`), as the renderer shows a view's fields.
 *
 * With `color: true`, SGR sequences (`ESC [` digits, `;`, `:` then `m`) pass
 * through, less what would draw text invisibly (conceal, and a foreground
 * equal to the background or, for 256-colour and true-colour values, below
 * 3:1 against it, set by one sequence or by two; see `visibleSgrParameters`),
 * and every other sequence is made visible (its `ESC`
 * becomes `\x1b`, the rest stays as text).
 *
 * In both modes, newline and tab pass through, a CR LF line ending becomes a
 * plain `\n`, a lone CR becomes the two characters `\r` (a raw CR would
 * overwrite the line, as progress bars do), every other C0 control, DEL and
 * C1 control becomes `\xHH` (`\u0007` → `\x07`, `\u009b` → `\x9b`), a bidi
 * control or zero-width character becomes `<U+XXXX>` (`<U+202E>`, `<U+200B>`;
 * a terminal would draw it as nothing or reorder the line), and a lone
 * surrogate becomes U+FFFD, so the result is always well-formed.
 *
 * Linear in the length of `text`, in time and in memory.
 *
 * @example
 * terminalSafeText('\u001b[31mred\u001b[0m', { color: false }) // 'red'
 * terminalSafeText('\u001b[31mred\u001b[0m', { color: true }) // unchanged
 * terminalSafeText('\u001b[2Jbell\u0007', { color: true }) // '\\x1b[2Jbell\\x07'
 */
export function terminalSafeText(text: string, options: { readonly color: boolean }): string {
  return rewriteControls(visibleFormatCharacters(text), options.color ? 'color' : 'plain')
}

/**
 * Text from a view's fields (titles, paths, diff lines): nothing is removed
 * and nothing passes through; every control character but newline and tab
 * is made visible, with the same CR, lone-surrogate and bidi rules as
 * {@link terminalSafeText}.
 */
export function visibleControls(text: string): string {
  return rewriteControls(visibleFormatCharacters(text), 'visible')
}

// `color`: SGR kept (less what hides text); `plain`: SGR dropped; `visible`: every sequence shown.
type Mode = 'color' | 'plain' | 'visible'

// Pieces per batch: enough that the batches are few, few enough that the
// array of small pieces stays small.
const BATCH = 1024

/**
 * The output as pieces. Appending with `+=` piece by piece builds a rope with
 * a node per piece, and one array of every piece holds a pointer per piece:
 * both cost tens of bytes per escaped character. Joining every
 * {@link BATCH} pieces into one flat string keeps the cost near the size of
 * the output itself.
 */
class Pieces {
  private readonly batch: string[] = []
  private readonly joined: string[] = []

  push(piece: string): void {
    this.batch.push(piece)
    if (this.batch.length === BATCH) {
      this.joined.push(this.batch.join(''))
      this.batch.length = 0
    }
  }

  join(): string {
    this.joined.push(this.batch.join(''))
    this.batch.length = 0
    return this.joined.length === 1 ? this.joined[0] : this.joined.join('')
  }
}

// Anything but printable text, newline and tab: written as the characters it does not match.
const NEEDS_WORK = /[^\t\n\x20-\x7e\xa0-\ud7ff\ue000-\uffff]/

// Whether the CR at `at` ends a line: a LF follows, past the SGR sequences plain mode drops.
function endsLine(text: string, at: number, mode: Mode): boolean {
  let next = at + 1
  while (mode === 'plain' && text.charCodeAt(next) === 0x1b && text.charCodeAt(next + 1) === 0x5b) {
    let end = next + 2
    while (/[\d;:]/.test(text.charAt(end))) end++
    if (text.charAt(end) !== 'm') break
    next = end + 1
  }
  return text.charCodeAt(next) === LF
}

function rewriteControls(text: string, mode: Mode): string {
  if (!NEEDS_WORK.test(text)) return text
  const tokens = new EscapeTokenizer()
  tokens.read(text)
  let out: Pieces | undefined
  // What the text's SGRs have set so far: a pair two sequences make is caught too.
  let sgr: SgrState | undefined
  let copied = 0
  let nextCr = text.indexOf('\r') // the first CR at or after some point of the text before `textFrom`, or -1 for none
  let textFrom = 0 // where the text before the next token starts
  for (;;) {
    const kind = tokens.next()
    const from = kind === END ? text.length : tokens.from
    if (nextCr !== -1 && nextCr < textFrom) nextCr = text.indexOf('\r', textFrom)
    while (nextCr !== -1 && nextCr < from) {
      // A CR LF line ending is a line ending; a lone CR would overwrite the line.
      out ??= new Pieces()
      if (copied < nextCr) out.push(text.slice(copied, nextCr))
      if (!endsLine(text, nextCr, mode)) out.push('\\r')
      copied = nextCr + 1
      nextCr = text.indexOf('\r', copied)
    }
    if (kind === END) break
    textFrom = tokens.to
    let replacement: string
    if (kind === CONTROL) replacement = ESCAPES[text.charCodeAt(from)]
    else if (kind === LONE_SURROGATE || kind === HELD_HIGH) replacement = REPLACEMENT
    else if (kind === SEQUENCE && mode === 'plain' && isSgr(text, tokens)) replacement = ''
    else if (kind === SEQUENCE && mode === 'color' && isSgr(text, tokens)) {
      // Kept, unless it would draw text invisibly (conceal, foreground equal to background).
      sgr ??= new SgrState()
      const shown = sgr.next(text.slice(tokens.parametersFrom, tokens.to - 1))
      if (shown === undefined) continue
      replacement = shown === '' ? '' : `\u001b[${shown}m`
    } else {
      // Shown, not removed: the introducer becomes visible and what follows it is read again as text.
      replacement = ESCAPES[text.charCodeAt(from)]
      tokens.restartAt(from + 1)
      textFrom = from + 1
      out ??= new Pieces()
      if (copied < from) out.push(text.slice(copied, from))
      out.push(replacement)
      copied = from + 1
      continue
    }
    out ??= new Pieces()
    if (copied < from) out.push(text.slice(copied, from))
    if (replacement !== '') out.push(replacement)
    copied = tokens.to
  }
  if (out === undefined) return text
  if (copied < text.length) out.push(text.slice(copied))
  return out.join()
}

// A 7-bit CSI with digits, ';' and ':' only, no intermediate, and final 'm'; terminals disagree on 8-bit CSI.
function isSgr(text: string, tokens: EscapeTokenizer): boolean {
  if (tokens.form !== CONTROL_SEQUENCE || tokens.eightBit || tokens.intermediate || tokens.final !== 0x6d /* m */) return false
  for (let at = tokens.parametersFrom; at < tokens.to - 1; at++) {
    // '<', '=', '>', '?' mark private sequences.
    if (text.charCodeAt(at) > 0x3b) return false
  }
  return true
}
