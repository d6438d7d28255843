// What a terminal may receive from text we did not write. Raw control
// characters can move the cursor, clear the screen, retitle the window or
// hide text, so every one of them is either removed (a complete escape
// sequence, when colour is off), passed through (an SGR colour sequence,
// when colour is on) or made visible as an escape such as `\x1b`. A lone
// surrogate becomes U+FFFD, so the output is always well-formed UTF-16.
// One forward pass; every scan either consumes what it reads or is bounded
// by a cached search, and the output is built from pieces joined in batches,
// so the whole thing is linear in the input, in time and in memory.

const ESC = 0x1b
const BEL = 0x07
const LF = 0x0a
const CR = 0x0d
const TAB = 0x09
const DEL = 0x7f
// C1 introducers (8-bit forms of ESC [, ESC ], ESC P, ESC X, ESC ^, ESC _) and ST.
const C1_CSI = 0x9b
const C1_OSC = 0x9d
const C1_DCS = 0x90
const C1_SOS = 0x98
const C1_PM = 0x9e
const C1_APC = 0x9f
const C1_ST = 0x9c

/**
 * The most code units a control string (OSC, DCS, SOS, PM, APC) may hold
 * between its introducer and its terminator. A longer one is treated as
 * incomplete, as is one with a line feed inside, so no control string can
 * hide more than this much text, nor a whole line.
 */
export const MAX_CONTROL_STRING_LENGTH = 4096

/** How a control sequence found at some index ends, or that it is not complete. */
interface Sequence {
  /** Index just past the sequence; `-1` when it is incomplete or malformed. */
  readonly end: number
  /** An SGR sequence (`ESC [` digits, `;`, `:` then `m`): the only kind colour mode keeps. */
  readonly sgr: boolean
}

const incomplete: Sequence = { end: -1, sgr: false }

/** `\xHH`, two lower-case hex digits: the one visible form of a control character, by code. */
const ESCAPES: readonly string[] = Array.from({ length: 0xa0 }, (_, code) => `\\x${code.toString(16).padStart(2, '0')}`)

const REPLACEMENT = '\ufffd'

/**
 * Text as it is safe to print on a terminal.
 *
 * With `color: false`:
 * - every complete escape sequence is removed: CSI (`ESC [` … final byte,
 *   and its 8-bit form U+009B), OSC (`ESC ]` … ended by BEL or ST, and
 *   U+009D), DCS / SOS / PM / APC strings (`ESC P`, `ESC X`, `ESC ^`,
 *   `ESC _` … ended by ST, and U+0090, U+0098, U+009E, U+009F), and the
 *   two- or three-byte `ESC` sequences such as `ESC 7` or `ESC ( B`;
 * - an incomplete or malformed sequence is not removed: its introducer is
 *   made visible and the rest stays as text, so nothing is silently lost.
 *   A control string with a line feed before its terminator, or more than
 *   4096 code units long, counts as incomplete:
 *   removing escapes never hides a whole line.
 *
 * With `color: true`, SGR sequences (`ESC [` digits, `;`, `:` then `m`) pass
 * through unchanged and every other sequence is made visible (its `ESC`
 * becomes `\x1b`, the rest stays as text).
 *
 * In both modes, newline and tab pass through, a CR LF line ending becomes a
 * plain `\n`, a lone CR becomes the two characters `\r` (a raw CR would
 * overwrite the line, as progress bars do), every other C0 control, DEL and
 * C1 control becomes `\xHH` (`\u0007` → `\x07`, `\u009b` → `\x9b`), and a
 * lone surrogate becomes U+FFFD, so the result is always well-formed.
 *
 * Linear in the length of `text`, in time and in memory.
 *
 * @example
 * terminalSafeText('\u001b[31mred\u001b[0m', { color: false }) // 'red'
 * terminalSafeText('\u001b[31mred\u001b[0m', { color: true }) // unchanged
 * terminalSafeText('\u001b[2Jbell\u0007', { color: true }) // '\\x1b[2Jbell\\x07'
 */
export function terminalSafeText(text: string, options: { readonly color: boolean }): string {
  return rewriteControls(text, options.color ? 'color' : 'plain')
}

/**
 * Text from a view's fields (titles, paths, diff lines): nothing is removed
 * and nothing passes through; every control character but newline and tab
 * is made visible, with the same CR and lone-surrogate rules as
 * {@link terminalSafeText}.
 */
export function visibleControls(text: string): string {
  return rewriteControls(text, 'visible')
}

type Mode = 'plain' | 'color' | 'visible'

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

function rewriteControls(text: string, mode: Mode): string {
  let out: Pieces | undefined
  let copied = 0
  let terminators: StringTerminatorSearch | undefined
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    // Printable ASCII, and everything past C1 but surrogates: the common case first.
    if (code >= 0x20 && code < DEL) continue
    let replacement: string
    if (code > 0x9f) {
      if (code < 0xd800 || code > 0xdfff) continue
      if (code <= 0xdbff) {
        const next = text.charCodeAt(at + 1)
        if (next >= 0xdc00 && next <= 0xdfff) {
          at++
          continue
        }
      }
      replacement = REPLACEMENT
    } else if (code === LF || code === TAB) {
      continue
    } else if (code === CR) {
      // A CR LF line ending is a line ending; a lone CR would overwrite the line.
      replacement = text.charCodeAt(at + 1) === LF ? '' : '\\r'
    } else {
      replacement = ESCAPES[code]
      if (mode !== 'visible') {
        terminators ??= new StringTerminatorSearch(text)
        const sequence = sequenceAt(text, at, terminators)
        if (sequence.end !== -1 && (mode === 'plain' || sequence.sgr)) {
          out ??= new Pieces()
          if (copied < at) out.push(text.slice(copied, at))
          if (mode === 'color') out.push(text.slice(at, sequence.end))
          copied = sequence.end
          at = sequence.end - 1
          continue
        }
      }
    }
    out ??= new Pieces()
    if (copied < at) out.push(text.slice(copied, at))
    if (replacement !== '') out.push(replacement)
    copied = at + 1
  }
  if (out === undefined) return text
  if (copied < text.length) out.push(text.slice(copied))
  return out.join()
}

// The sequence introduced by the control character at `at`, if any.
function sequenceAt(text: string, at: number, terminators: StringTerminatorSearch): Sequence {
  const code = text.charCodeAt(at)
  if (code === C1_CSI) {
    // Removable with colour off, but never passed through: terminals disagree on 8-bit CSI.
    const sequence = controlSequence(text, at + 1)
    return sequence.end === -1 ? incomplete : { end: sequence.end, sgr: false }
  }
  if (code === C1_OSC) return controlString(at + 1, true, terminators)
  if (code === C1_DCS || code === C1_SOS || code === C1_PM || code === C1_APC) {
    return controlString(at + 1, false, terminators)
  }
  if (code !== ESC) return incomplete
  const next = text.charCodeAt(at + 1)
  if (next === 0x5b /* [ */) return controlSequence(text, at + 2)
  if (next === 0x5d /* ] */) return controlString(at + 2, true, terminators)
  if (next === 0x50 /* P */ || next === 0x58 /* X */ || next === 0x5e /* ^ */ || next === 0x5f /* _ */) {
    return controlString(at + 2, false, terminators)
  }
  // ESC, any intermediate bytes (0x20–0x2F), then one final byte (0x30–0x7E).
  let end = at + 1
  while (text.charCodeAt(end) >= 0x20 && text.charCodeAt(end) <= 0x2f) end++
  const final = text.charCodeAt(end)
  return final >= 0x30 && final <= 0x7e ? { end: end + 1, sgr: false } : incomplete
}

// CSI body: parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, a final byte 0x40–0x7E.
function controlSequence(text: string, from: number): Sequence {
  let end = from
  let sgrParameters = true
  while (text.charCodeAt(end) >= 0x30 && text.charCodeAt(end) <= 0x3f) {
    const code = text.charCodeAt(end)
    // SGR takes digits, ';' and ':' only; '<', '=', '>', '?' mark private sequences.
    if (code > 0x3b) sgrParameters = false
    end++
  }
  const intermediates = end
  while (text.charCodeAt(end) >= 0x20 && text.charCodeAt(end) <= 0x2f) end++
  const final = text.charCodeAt(end)
  if (!(final >= 0x40 && final <= 0x7e)) return incomplete
  return { end: end + 1, sgr: sgrParameters && intermediates === end && final === 0x6d /* m */ }
}

// A control string (OSC, DCS, SOS, PM, APC) runs to ST (`ESC \` or U+009C); OSC also ends at BEL.
// A line feed before the terminator, or a body longer than the bound, makes it incomplete.
function controlString(from: number, endsAtBel: boolean, terminators: StringTerminatorSearch): Sequence {
  const stop = terminators.next(from, endsAtBel)
  if (stop.length === 0 || stop.at - from > MAX_CONTROL_STRING_LENGTH) return incomplete
  return { end: stop.at + stop.length, sgr: false }
}

/** Where a control string's scan stopped: a terminator (`length` 1 or 2), or a line feed or the end of the text (`length` 0). */
interface Stop {
  readonly at: number
  readonly length: number
}

/**
 * Finds where a control string stops: at its terminator, or at a line feed
 * or the end of the text, which leave it incomplete. The last answer per
 * kind is kept, so many unterminated introducers (`ESC ]` repeated) cost one
 * scan in total rather than one scan each.
 */
class StringTerminatorSearch {
  // Per kind (0: ST only, 1: ST or BEL): where the last scan started and where it stopped.
  private readonly scannedFrom = [-1, -1]
  private readonly stops: Stop[] = [
    { at: -1, length: 0 },
    { at: -1, length: 0 },
  ]

  constructor(private readonly text: string) {}

  /** The first terminator or line feed at or after `from`, or the end of the text. */
  next(from: number, endsAtBel: boolean): Stop {
    const kind = endsAtBel ? 1 : 0
    const scannedFrom = this.scannedFrom[kind]
    // The first stop at or after `scannedFrom` is also the first at or after any `from` up to it.
    if (scannedFrom !== -1 && scannedFrom <= from && from <= this.stops[kind].at) return this.stops[kind]
    const text = this.text
    let stop: Stop = { at: text.length, length: 0 }
    for (let at = from; at < text.length; at++) {
      const code = text.charCodeAt(at)
      if (code === LF) {
        stop = { at, length: 0 }
        break
      }
      const length = code === C1_ST || (endsAtBel && code === BEL) ? 1 : code === ESC && text.charCodeAt(at + 1) === 0x5c /* \ */ ? 2 : 0
      if (length === 0) continue
      stop = { at, length }
      break
    }
    this.scannedFrom[kind] = from
    this.stops[kind] = stop
    return stop
  }
}
