// What a terminal may receive from text we did not write. Raw control
// characters can move the cursor, clear the screen, retitle the window or
// hide text, so every one of them is either removed (a complete escape
// sequence, when colour is off), passed through (an SGR colour sequence,
// when colour is on) or made visible as an escape such as `\x1b`.
// One forward pass; every scan either consumes what it reads or is bounded
// by a cached search, so the whole thing is linear in the input.

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

/** How a control sequence found at some index ends, or that it is not complete. */
interface Sequence {
  /** Index just past the sequence; `-1` when it is incomplete or malformed. */
  readonly end: number
  /** An SGR sequence (`ESC [` digits, `;`, `:` then `m`): the only kind colour mode keeps. */
  readonly sgr: boolean
}

const incomplete: Sequence = { end: -1, sgr: false }

const isControl = (code: number) => code < 0x20 || (code >= DEL && code <= 0x9f)

/** `\xHH`, two lower-case hex digits: the one visible form of a control character. */
const escaped = (code: number) => `\\x${code < 0x10 ? '0' : ''}${code.toString(16)}`

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
 *
 * With `color: true`, SGR sequences (`ESC [` digits, `;`, `:` then `m`) pass
 * through unchanged and every other sequence is made visible (its `ESC`
 * becomes `\x1b`, the rest stays as text).
 *
 * In both modes, newline and tab pass through, a CR LF line ending becomes a
 * plain `\n`, a lone CR becomes the two characters `\r` (a raw CR would
 * overwrite the line, as progress bars do), and every other C0 control,
 * DEL and C1 control becomes `\xHH` (`\u0007` → `\x07`, `\u009b` → `\x9b`).
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
 * is made visible, with the same CR rules as {@link terminalSafeText}.
 */
export function visibleControls(text: string): string {
  return rewriteControls(text, 'visible')
}

type Mode = 'plain' | 'color' | 'visible'

function rewriteControls(text: string, mode: Mode): string {
  let out = ''
  let copied = 0
  const terminators = new StringTerminatorSearch(text)
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (!isControl(code) || code === LF || code === TAB) continue
    out += text.slice(copied, at)
    copied = at + 1
    if (code === CR) {
      // A CR LF line ending is a line ending; a lone CR would overwrite the line.
      if (text.charCodeAt(at + 1) !== LF) out += '\\r'
      continue
    }
    if (mode !== 'visible') {
      const sequence = sequenceAt(text, at, terminators)
      if (sequence.end !== -1 && (mode === 'plain' || sequence.sgr)) {
        if (mode === 'color') out += text.slice(at, sequence.end)
        copied = sequence.end
        at = sequence.end - 1
        continue
      }
    }
    out += escaped(code)
  }
  return copied === 0 ? text : out + text.slice(copied)
}

// The sequence introduced by the control character at `at`, if any.
function sequenceAt(text: string, at: number, terminators: StringTerminatorSearch): Sequence {
  const code = text.charCodeAt(at)
  if (code === C1_CSI) {
    // Removable with colour off, but never passed through: terminals disagree on 8-bit CSI.
    const sequence = controlSequence(text, at + 1)
    return sequence.end === -1 ? incomplete : { end: sequence.end, sgr: false }
  }
  if (code === C1_OSC) return controlString(text, at + 1, true, terminators)
  if (code === C1_DCS || code === C1_SOS || code === C1_PM || code === C1_APC) {
    return controlString(text, at + 1, false, terminators)
  }
  if (code !== ESC) return incomplete
  const next = text.charCodeAt(at + 1)
  if (next === 0x5b /* [ */) return controlSequence(text, at + 2)
  if (next === 0x5d /* ] */) return controlString(text, at + 2, true, terminators)
  if (next === 0x50 /* P */ || next === 0x58 /* X */ || next === 0x5e /* ^ */ || next === 0x5f /* _ */) {
    return controlString(text, at + 2, false, terminators)
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
function controlString(text: string, from: number, endsAtBel: boolean, terminators: StringTerminatorSearch): Sequence {
  const end = terminators.next(from, endsAtBel)
  return end === -1 ? incomplete : { end, sgr: false }
}

/**
 * Finds where a control string ends. The last answer per kind is kept, so
 * many unterminated introducers (`ESC ]` repeated) cost one scan in total
 * rather than one scan each.
 */
class StringTerminatorSearch {
  // Per kind (0: ST only, 1: ST or BEL): where the last scan started, where the
  // terminator it found starts, and the index just past it (-1: none found).
  private readonly scannedFrom = [-1, -1]
  private readonly terminatorAt = [-1, -1]
  private readonly endAt = [-1, -1]

  constructor(private readonly text: string) {}

  /** Index just past the first terminator at or after `from`, or -1. */
  next(from: number, endsAtBel: boolean): number {
    const kind = endsAtBel ? 1 : 0
    const scannedFrom = this.scannedFrom[kind]
    // The first terminator at or after `scannedFrom` is also the first at or after any `from` up to it.
    if (scannedFrom !== -1 && scannedFrom <= from && (this.endAt[kind] === -1 || from <= this.terminatorAt[kind])) {
      return this.endAt[kind]
    }
    this.scannedFrom[kind] = from
    this.endAt[kind] = -1
    const text = this.text
    for (let at = from; at < text.length; at++) {
      const code = text.charCodeAt(at)
      const length = code === C1_ST || (endsAtBel && code === BEL) ? 1 : code === ESC && text.charCodeAt(at + 1) === 0x5c /* \ */ ? 2 : 0
      if (length === 0) continue
      this.terminatorAt[kind] = at
      this.endAt[kind] = at + length
      break
    }
    return this.endAt[kind]
  }
}
