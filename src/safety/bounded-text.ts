// The one way text is cut to a bound: its head and its tail around a marker
// that says how much was left out. Command output keeps its last lines (where
// errors are) as well as its first, and a fenced block keeps both fences.
// Text that arrives in pieces is cut exactly as the same text in one piece.
import { VisibleConsoleStream, visibleConsoleText } from './console-text.js'
import { VisibleTextStream, visibleWellFormedText } from './visible-text.js'

/**
 * `text` cut to at most `max` code units: the head and the tail, with
 * `\n… N characters left out …\n` between them. A cut never splits a
 * surrogate pair, an escape sequence (`ESC [` … final byte, or `ESC` and
 * one character) or a visible marker (`<U+202E>`). Text within the bound is returned as it is; a bound too
 * small for the marker (under about 100) keeps the head alone.
 *
 * @example
 * boundedText('x'.repeat(100_000), 1000)
 * // 500 x, then '\n… 99036 characters left out …\n', then 464 x: at most 1,000 code units
 */
export function boundedText(text: string, max: number): string {
  if (text.length <= max) return text
  const bound = new BoundedStream(max)
  return bound.push(text) + bound.end()
}

// Raw code units marked at a time: what a piece can grow to stays small.
const MARKING_PIECE = 1 << 16

/**
 * `text` with every invisible character marked ({@link visibleWellFormedText}),
 * then cut to at most `max` code units as {@link boundedText} cuts it: the
 * bound holds after marking, which can make text up to nine times longer
 * (`<U+202E>` for one code unit). Text is marked a piece at a time, so
 * memory stays near `max` however long `text` is.
 *
 * @example
 * boundedVisibleText('\u202e'.repeat(1000), 100) // at most 100 code units of '<U+202E>' markers
 */
export function boundedVisibleText(text: string, max: number): string {
  // Short text is marked whole; longer text a piece at a time, in one pass either way.
  if (text.length <= MARKING_PIECE) return boundedText(visibleWellFormedText(text), max)
  const marker = new VisibleTextStream()
  const bound = new BoundedStream(max)
  let out = ''
  for (let at = 0; at < text.length; at += MARKING_PIECE) out += bound.push(marker.push(text.slice(at, at + MARKING_PIECE)))
  return out + bound.push(marker.end()) + bound.end()
}

/**
 * Command output for a `console` code block, cut to at most `max` code
 * units as {@link boundedVisibleText} cuts it: SGR sequences dropped (a code
 * block draws no colour), everything else marked (`visibleConsoleText`),
 * then bounded, a piece at a time.
 *
 * @example
 * boundedConsoleText('\u001b[32mok\u001b[0m\u0007', 100) // 'ok␇'
 */
export function boundedConsoleText(text: string, max: number): string {
  if (text.length <= MARKING_PIECE) return boundedText(visibleConsoleText(text), max)
  const marker = new VisibleConsoleStream()
  const bound = new BoundedStream(max)
  let out = ''
  for (let at = 0; at < text.length; at += MARKING_PIECE) out += bound.push(marker.push(text.slice(at, at + MARKING_PIECE)))
  return out + bound.push(marker.end()) + bound.end()
}

// Room kept at the end of the bound for the marker, whatever N it names.
const MARKER_ROOM = 48

/**
 * A bound on text that arrives in pieces, such as a command's output: the
 * first half of `max` is passed on as it comes; after that the latest text
 * is held back, and {@link BoundedStream.end} gives what remains: all of it
 * when the whole text fits, else a marker and the tail. While text is held
 * back, {@link BoundedStream.live} passes on its latest part now and then,
 * from a quarter of `max` kept for it. The concatenation of every `push`,
 * `live` and the `end` is at most `max` code units; without `live` it is the
 * same however the text was cut into pieces. Memory is bounded by `max`.
 */
export class BoundedStream {
  private readonly headRoom: number
  private readonly tailRoom: number
  private headSent = 0
  // The held text, as the pieces it came in (from `heldFrom` on) and their
  // length: trimming drops whole pieces, so a long held text is never copied
  // whole (a string built by += and then sliced is, every time: about 40 ms
  // for 4 Mi code units).
  private held: string[] = []
  private heldFrom = 0
  private heldLength = 0
  private total = 0
  // Past the head: the latest text is held back.
  private holding = false
  // How much of the text is passed on or counted as left out, before `held` starts.
  private consumed = 0
  // What `live` may still pass on, and what it has.
  private liveRoom: number
  private liveSent = 0

  constructor(max: number) {
    const room = Math.max(0, max)
    this.headRoom = room >> 1
    this.tailRoom = room - this.headRoom
    this.liveRoom = this.tailRoom >> 1
  }

  /** Whether text is held back now: the head is full, and `live` or `end` passes on the rest. */
  get holdingBack(): boolean {
    return this.holding && this.heldLength > 0
  }

  /** What to pass on of `piece` now: all of it while the head has room, then nothing. */
  push(piece: string): string {
    this.total += piece.length
    if (!this.holding && this.headSent + piece.length <= this.headRoom) {
      this.headSent += piece.length
      return piece
    }
    let passed = ''
    let rest = piece
    if (!this.holding) {
      const cut = safeEnd(piece, this.headRoom - this.headSent)
      passed = piece.slice(0, cut)
      this.headSent += cut
      this.consumed = this.headSent
      this.holding = true
      rest = piece.slice(cut)
    }
    if (rest !== '') this.hold(rest)
    return passed
  }

  // Keeps `rest` at the end of the held text, and of what came before it no
  // more than the tail's room plus what a cut may look back over needs.
  private hold(rest: string): void {
    const keep = this.tailRoom + KEPT_BEHIND
    const held = this.held
    held.push(rest)
    this.heldLength += rest.length
    while (this.heldFrom < held.length - 1 && this.heldLength - held[this.heldFrom]!.length >= keep) {
      this.heldLength -= held[this.heldFrom]!.length
      held[this.heldFrom++] = ''
    }
    // A first piece too long to keep whole (a piece of megabytes): only its end is kept.
    if (this.heldLength > 2 * keep) {
      const first = held[this.heldFrom]!
      const need = keep - (this.heldLength - first.length)
      held[this.heldFrom] = first.slice(first.length - need)
      this.heldLength = keep
    }
    if (this.heldFrom > 64 && this.heldFrom * 2 > held.length) {
      this.held = held.slice(this.heldFrom)
      this.heldFrom = 0
    }
  }

  // The end of the held text: at least its last `length` code units and what
  // a cut there looks back over, or all of it. A cut in it falls where it
  // would in the whole held text.
  private heldTail(length: number): string {
    const held = this.held
    let from = held.length
    let joined = 0
    while (from > this.heldFrom && joined < length + KEPT_BEHIND) joined += held[--from]!.length
    return from === held.length - 1 ? held[from]! : held.slice(from).join('')
  }

  // Forgets the held text.
  private release(): void {
    this.held = []
    this.heldFrom = 0
    this.heldLength = 0
  }

  /**
   * The latest held text, at most `max` code units of it, after a marker
   * saying how much before it was left out; `''` when nothing is held or
   * the room kept for it is spent. What it passes on is not passed on again.
   */
  live(max: number): string {
    if (!this.holding || this.heldLength === 0) return ''
    const room = Math.min(max, this.liveRoom - this.liveSent) - MARKER_ROOM
    if (room <= 0) return ''
    const held = this.heldTail(room)
    const tail = held.slice(safeStart(held, held.length - room))
    const leftOut = this.total - this.consumed - tail.length
    const out = leftOut > 0 ? `\n… ${leftOut} characters left out …\n${tail}` : tail
    this.liveSent += out.length
    this.consumed = this.total
    this.release()
    return out
  }

  /** What is left to pass on: the held text when everything fits, else the marker and the tail. Resets the bound. */
  end(): string {
    const heldLength = this.heldLength
    const total = this.total
    const consumed = this.holding ? this.consumed : this.headSent
    const endRoom = this.tailRoom - this.liveSent
    const held = this.heldTail(Math.max(0, endRoom))
    this.release()
    this.total = 0
    this.headSent = 0
    this.holding = false
    this.consumed = 0
    this.liveSent = 0
    if (consumed + heldLength === total && heldLength <= endRoom) return held
    // A bound too small for the marker keeps the head alone.
    if (endRoom < MARKER_ROOM) return ''
    const tailRoom = Math.max(0, endRoom - MARKER_ROOM)
    const tail = held.slice(safeStart(held, held.length - tailRoom))
    return `\n… ${total - consumed - tail.length} characters left out …\n${tail}`
  }
}

// How far back a cut looks for the start of an escape sequence it may be in.
const LONGEST_SEQUENCE = 64

// What the held tail keeps beyond its room, so a cut there sees what it would see in the whole text.
const KEPT_BEHIND = 4 * LONGEST_SEQUENCE

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff

// The last `code` in the `within` code units before `cut`, or -1: a cut
// looks back that far and no further, so it costs the same however long the
// text before it is (lastIndexOf would search all of it when `code` is absent).
function lastBefore(text: string, code: number, cut: number, within: number): number {
  for (let index = cut - 1, stop = Math.max(0, cut - within); index >= stop; index--) if (text.charCodeAt(index) === code) return index
  return -1
}

// Where the escape sequence starting at `at` ends (exclusive), or -1 when it
// does not end before `limit`.
function sequenceEnd(text: string, at: number, limit: number): number {
  if (text.charCodeAt(at + 1) !== 0x5b /* [ */) return at + 2 <= limit ? at + 2 : -1
  for (let index = at + 2; index < limit; index++) {
    const code = text.charCodeAt(index)
    if (code >= 0x40 && code <= 0x7e) return index + 1
    if (code < 0x20 || code > 0x3f) return index
  }
  return -1
}

// A head that ends at `end`, moved back out of a pair or a sequence.
function safeEnd(text: string, end: number): number {
  let cut = Math.max(0, Math.min(end, text.length))
  if (cut > 0 && isHighSurrogate(text.charCodeAt(cut - 1))) cut--
  const esc = lastBefore(text, 0x1b, cut, LONGEST_SEQUENCE)
  if (esc !== -1 && sequenceEnd(text, esc, cut) === -1) cut = esc
  return markerAround(text, cut)?.[0] ?? cut
}

/**
 * Where a tail of `text` that would start at `start` starts instead: moved
 * forward out of a surrogate pair, an escape sequence or a visible marker
 * (`<U+202E>`), so the tail shows none of them in part.
 */
export function safeStart(text: string, start: number): number {
  let cut = Math.max(0, Math.min(start, text.length))
  if (cut > 0 && cut < text.length && isHighSurrogate(text.charCodeAt(cut - 1))) cut++
  const esc = lastBefore(text, 0x1b, cut, LONGEST_SEQUENCE)
  if (esc !== -1) {
    const end = sequenceEnd(text, esc, text.length)
    if (end > cut) cut = end
  }
  return markerAround(text, cut)?.[1] ?? cut
}

// The longest visible marker, `<U+10FFFF>`, or `<U+10FFFF\>` from the `<` of a Markdown-escaped `\<U+10FFFF\>`.
const LONGEST_MARKER = 11

/**
 * @internal Where the visible marker (`<U+202E>`, or `\<U+202E\>` in
 * Markdown-escaped text, from its `<`) that a cut at `cut` falls inside starts and ends,
 * or undefined: a cut never splits one.
 */
export function markerAround(text: string, cut: number): readonly [number, number] | undefined {
  const open = lastBefore(text, 0x3c /* < */, cut, LONGEST_MARKER - 1)
  if (open === -1) return undefined
  const end = markerEnd(text, open)
  return end > cut ? [open, end] : undefined
}

const isUpperHex = (code: number) => (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46)

// Where the marker `<U+` four to six upper-case hex digits, an optional `\`, `>` starting at `open` ends, or -1.
function markerEnd(text: string, open: number): number {
  if (text.charCodeAt(open + 1) !== 0x55 /* U */ || text.charCodeAt(open + 2) !== 0x2b /* + */) return -1
  let at = open + 3
  while (at < open + 9 && isUpperHex(text.charCodeAt(at))) at++
  if (at < open + 7) return -1
  if (text.charCodeAt(at) === 0x5c /* \ */) at++
  return text.charCodeAt(at) === 0x3e /* > */ ? at + 1 : -1
}
