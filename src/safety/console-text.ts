// Command output for a target that cannot draw colour (a `console` code
// block in Markdown, the text renderer with colour off): SGR sequences are
// presentation, and there they hide nothing, so they are dropped; every
// other escape sequence and control stays, to be marked (visible-text.ts).
// A policy on the escape tokenizer. One forward pass; state carries between
// pieces, and what is held between them is one bounded control sequence.
import {
  BROKEN,
  CONTROL_SEQUENCE,
  END,
  ESCAPE_SEQUENCE,
  EscapeTokenizer,
  holdsOnlyEscapes,
  LONE_SURROGATE,
  PENDING,
  SEQUENCE,
} from './escape-tokenizer.js'
import { VisibleTextStream } from './visible-text.js'

/**
 * Whether `text[from, to)`, the parameter bytes of a complete 7-bit CSI with
 * no intermediate byte, make it an SGR when its final byte is `m`: digits,
 * `;` and `:` only (`<`, `=`, `>` and `?` mark private sequences, which are
 * not styling).
 */
export function isSgrParameters(text: string, from: number, to: number): boolean {
  for (let at = from; at < to; at++) if (text.charCodeAt(at) > 0x3b) return false
  return true
}

/**
 * Removes SGR sequences (`ESC [` digits, `;`, `:` then `m`: colours and
 * styles) from text that arrives in pieces, and nothing else: every other
 * character, escape sequence and control passes on as it came, for the
 * caller to mark, but a lone surrogate in a piece that holds an ESC, which
 * becomes U+FFFD (judged by its neighbours as written, so that dropping a
 * sequence never joins two halves into a character). However the text is cut, the pieces returned by
 * {@link SgrFreeStream.push} followed by {@link SgrFreeStream.end} are the
 * same. What is held between pieces is at most one control sequence, which
 * the tokenizer bounds (`MAX_CONTROL_SEQUENCE_LENGTH`).
 *
 * @example
 * const stream = new SgrFreeStream()
 * stream.push('\u001b[32mok\u001b[') // 'ok' ('\u001b[' is held)
 * stream.push('0m \u001b]0;x\u0007') // ' \u001b]0;x\u0007'
 * stream.end() // ''
 */
export class SgrFreeStream {
  private readonly tokens = new EscapeTokenizer()
  /** A sequence cut by the end of an earlier piece that may still be an SGR; '' otherwise. */
  private held = ''

  /** The next piece, without its SGR sequences; a sequence it ends inside is held. */
  push(piece: string): string {
    const tokens = this.tokens
    // Text with no ESC and nothing under way: nothing to drop (unless it ends
    // in a high surrogate, which the tokenizer must hold to judge the next piece).
    const last = piece.charCodeAt(piece.length - 1)
    if (tokens.atRest && piece.indexOf('\u001b') === -1 && !(last >= 0xd800 && last <= 0xdbff)) return piece
    tokens.read(piece, tokens.atRest && holdsOnlyEscapes(piece))
    let out = ''
    let run = 0 // where the text not yet copied to `out` starts
    for (;;) {
      const kind = tokens.next()
      if (kind === END) break
      if (kind === SEQUENCE || kind === BROKEN) {
        const held = tokens.continued ? this.held : ''
        this.held = ''
        const sgr =
          kind === SEQUENCE &&
          tokens.form === CONTROL_SEQUENCE &&
          !tokens.eightBit &&
          !tokens.intermediate &&
          tokens.final === 0x6d &&
          (tokens.continued
            ? isSgrParameters(held + piece.slice(0, tokens.to), 2, held.length + tokens.to - 1)
            : isSgrParameters(piece, tokens.parametersFrom, tokens.to - 1))
        if (sgr) {
          if (tokens.from > run) out += piece.slice(run, tokens.from)
          run = tokens.to
        } else if (tokens.continued) {
          // What was held goes out as it came, before the rest of the sequence.
          out += held
        }
        continue
      }
      if (kind === PENDING) {
        // The rest of the piece is a sequence under way: held while it may still be an SGR.
        const mayBeSgr = !tokens.eightBit && !tokens.intermediate && (tokens.form === ESCAPE_SEQUENCE || tokens.form === CONTROL_SEQUENCE)
        if (tokens.continued) {
          if (mayBeSgr) {
            this.held += piece
            return out
          }
          out += this.held
          this.held = ''
          continue
        }
        if (mayBeSgr) {
          if (tokens.from > run) out += piece.slice(run, tokens.from)
          this.held = piece.slice(tokens.from)
          return out
        }
      }
      if (kind === LONE_SURROGATE && tokens.to > tokens.from) {
        // Judged by its neighbours as written: a dropped SGR never joins two halves into a character.
        if (tokens.from > run) out += piece.slice(run, tokens.from)
        out += '\ufffd'
        run = tokens.to
      }
      // Anything else passes on as text, to be marked by the caller.
    }
    if (run === 0 && out === '') return piece
    return run < piece.length ? out + piece.slice(run) : out
  }

  /** What was held (an unfinished sequence, to be marked). Ends the stream. */
  end(): string {
    const held = this.held
    this.held = ''
    this.tokens.end()
    return held
  }
}

/**
 * `text` without its SGR sequences (see {@link SgrFreeStream}); `text`
 * itself when it has no ESC.
 *
 * @example
 * withoutSgr('\u001b[1;32mPASS\u001b[0m a.test.ts') // 'PASS a.test.ts'
 * withoutSgr('\u001b]8;;https://x\u001b\\link') // unchanged: not an SGR
 */
export function withoutSgr(text: string): string {
  if (text.indexOf('\u001b') === -1) return text
  const stream = new SgrFreeStream()
  const out = stream.push(text)
  const rest = stream.end()
  if (rest !== '') return out + rest
  // A high surrogate that ends the text is lone too.
  const last = out.charCodeAt(out.length - 1)
  return last >= 0xd800 && last <= 0xdbff ? `${out.slice(0, -1)}\ufffd` : out
}

/**
 * Command output as a `console` code block shows it: SGR sequences dropped
 * (a code block draws no colour, so there they hide nothing), every other
 * escape sequence, control and hiding character marked (`␛]0;x␇`,
 * `<U+202E>`; see `visibleWellFormedText`), a lone surrogate U+FFFD.
 *
 * @example
 * visibleConsoleText('\u001b[31merror\u001b[0m\u001b]52;c;eA==\u0007') // 'error␛]52;c;eA==␇'
 */
export function visibleConsoleText(text: string): string {
  const stream = new VisibleConsoleStream()
  return stream.push(text) + stream.end()
}

/**
 * {@link visibleConsoleText} for output that arrives in pieces: however
 * the output is cut, the pieces returned by `push` followed by `end` equal
 * {@link visibleConsoleText} of the whole.
 */
export class VisibleConsoleStream {
  private readonly sgr = new SgrFreeStream()
  private readonly marker = new VisibleTextStream()

  /** The next piece, SGR dropped and the rest marked. */
  push(piece: string): string {
    return this.marker.push(this.sgr.push(piece))
  }

  /** What was held, marked. Ends the stream. */
  end(): string {
    const rest = this.sgr.end()
    return (rest === '' ? '' : this.marker.push(rest)) + this.marker.end()
  }
}
