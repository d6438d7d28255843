// A running command's output as it arrives in pieces: for a display
// terminal, the pieces to append (sanitised, bounded); for a client without
// one, the tail to show in a snapshot now and then. Memory per call is
// bounded by the output bound, whatever the command prints.
import { BoundedStream, safeStart } from '../safety/bounded-text.js'
import { createTerminalOutputSanitizer, sanitizeTerminalOutput, type TerminalOutputSanitizer } from '../safety/terminal-output.js'
import { VisibleConsoleStream } from '../safety/console-text.js'

/** The most lines of output a snapshot for a client without terminals shows. */
export const SNAPSHOT_LINES = 20
/** The most code units of output a snapshot for a client without terminals shows. */
export const SNAPSHOT_LENGTH = 4096

// Raw code units of a final output marked at a time.
const MARKING_PIECE = 1 << 16

// Longer than any marker (`<U+10FFFF>`) or surrogate pair.
const KEPT_BEFORE = 16

// FNV-1a over UTF-16 code units, carried across pieces: what was streamed is
// remembered by its length and this fingerprint, not kept whole.
const FNV_OFFSET = 0x811c9dc5
function fingerprint(hash: number, text: string, end = text.length): number {
  let value = hash
  for (let index = 0; index < end; index++) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193)
  return value
}

/**
 * How much of what was streamed a final output is checked against, at each
 * end: a final output continues the stream when it is at least as long and
 * its first and last `CHECKED_LENGTH` code units before the stream's end
 * are the stream's (for a stream up to twice as long, all of it). So the
 * result of a long stream costs what is left to send, not the whole output
 * read again.
 */
const CHECKED_LENGTH = 16 * 1024

/**
 * What a stream remembers of the raw pieces it was pushed, to tell whether
 * a final output continues them: their length, the fingerprint of their
 * first {@link CHECKED_LENGTH} code units and their last ones as they are.
 */
class PushedText {
  length = 0
  private head = FNV_OFFSET
  private tail = ''

  push(piece: string): void {
    if (this.length < CHECKED_LENGTH) this.head = fingerprint(this.head, piece, Math.min(piece.length, CHECKED_LENGTH - this.length))
    this.length += piece.length
    // At most twice the window, so the trimming is amortised linear.
    const tail = piece.length >= CHECKED_LENGTH ? piece.slice(piece.length - CHECKED_LENGTH) : this.tail + piece
    this.tail = tail.length > 2 * CHECKED_LENGTH ? tail.slice(tail.length - CHECKED_LENGTH) : tail
  }

  /** Whether `output` starts with what was pushed, as far as the windows see (all of it for a short stream). */
  continuedBy(output: string): boolean {
    const { length, tail } = this
    if (output.length < length) return false
    if (fingerprint(FNV_OFFSET, output, Math.min(length, CHECKED_LENGTH)) !== this.head) return false
    return output.startsWith(tail, length - tail.length)
  }
}

/** The most code units of output a display terminal gets at once past the head of the bound. */
export const LIVE_TAIL_LENGTH = 4096

/**
 * The pieces a display terminal gets: everything up to half of the bound as
 * it comes; past it, at most once per `interval` (on the clock the pieces
 * are pushed with), the latest output (at most {@link LIVE_TAIL_LENGTH} code
 * units, after a line saying how much was left out) while a quarter of the
 * bound lasts, so a long build never looks hung; then the tail at the end.
 * All of it together stays within the bound.
 */
export class TerminalStream {
  private readonly sanitizer: TerminalOutputSanitizer = createTerminalOutputSanitizer()
  private readonly bound: BoundedStream
  // When the latest output was last passed on past the head.
  private lastLive = Number.NEGATIVE_INFINITY
  // What the sanitiser has let through so far: its length and fingerprint.
  private emitted = 0
  private hash = FNV_OFFSET
  // What the harness has pushed so far, raw.
  private readonly pushed = new PushedText()

  constructor(
    maxLength: number,
    private readonly interval = Number.POSITIVE_INFINITY,
  ) {
    this.bound = new BoundedStream(maxLength)
  }

  /**
   * The data to append for the next raw piece, pushed at time `at`; `''`
   * when nothing is to be shown yet.
   */
  push(piece: string, at = Number.NEGATIVE_INFINITY): string {
    this.pushed.push(piece)
    const clean = this.sanitizer.push(piece)
    this.emitted += clean.length
    this.hash = fingerprint(this.hash, clean)
    const data = this.bound.push(clean)
    if (!this.bound.holdingBack || at - this.lastLive < this.interval) return data
    this.lastLive = at
    return data + this.bound.live(LIVE_TAIL_LENGTH)
  }

  /**
   * The data that completes the terminal once the final output is known:
   * the part not shown yet, when it continues what was streamed (see
   * {@link CHECKED_LENGTH}); otherwise a line saying so and the whole final
   * output. Ends the stream.
   */
  finish(output: string): string {
    // The usual case: the final output continues what was pushed. Only the
    // rest is sanitised, by the same sanitiser, which gives the same bytes as
    // sanitising the whole output (its state carries across pieces).
    if (this.pushed.continuedBy(output)) {
      const rest = this.sanitizer.push(output.slice(this.pushed.length)) + this.sanitizer.end()
      return this.bound.push(rest) + this.bound.end()
    }
    const clean = sanitizeTerminalOutput(output)
    const continues = clean.length >= this.emitted && fingerprint(FNV_OFFSET, clean, this.emitted) === this.hash
    const rest = continues
      ? clean.slice(this.emitted)
      : `\r\n[the final output differs from what was streamed; all of it follows]\r\n${clean}`
    return this.bound.push(rest) + this.bound.end()
  }

  /** What was held back (an incomplete sequence, the tail past the bound). Ends the stream. */
  end(): string {
    return this.bound.push(this.sanitizer.end()) + this.bound.end()
  }
}

/**
 * The output of a command shown as text: its tail for snapshots, and all of
 * it within the bound. SGR sequences are dropped (a `console` block draws
 * no colour, so there they hide nothing); every other escape and control
 * becomes a visible marker (`␛]0;x␇`) before the bound counts it.
 */
export class TextStream {
  private readonly marker = new VisibleConsoleStream()
  private readonly bound: BoundedStream
  private head = ''
  private recent = ''
  private lines = 0
  private readonly pushed = new PushedText()

  constructor(maxLength: number) {
    this.bound = new BoundedStream(maxLength)
  }

  /** Takes the next raw piece. */
  push(piece: string): void {
    this.pushed.push(piece)
    const text = this.marker.push(piece)
    this.head += this.bound.push(text)
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) this.lines++
    this.recent += text
    // A little more than a snapshot is kept, so its cut can see the marker or pair it falls in.
    if (this.recent.length > 2 * SNAPSHOT_LENGTH) this.recent = this.recent.slice(this.recent.length - SNAPSHOT_LENGTH - KEPT_BEFORE)
  }

  /**
   * The last lines so far (at most {@link SNAPSHOT_LINES} and
   * {@link SNAPSHOT_LENGTH}), after a line that counts the earlier ones.
   */
  snapshot(): string {
    const recent = this.recent
    const end = recent.trimEnd().length
    let from = safeStart(recent, Math.max(0, end - SNAPSHOT_LENGTH))
    let breaks = 0
    for (let at = end - 1; at >= from; at--) {
      if (recent.charCodeAt(at) === 10 && ++breaks === SNAPSHOT_LINES) {
        from = at + 1
        break
      }
    }
    // Every line break before the shown part ends an earlier line.
    let after = 0
    for (let at = recent.indexOf('\n', from); at !== -1; at = recent.indexOf('\n', at + 1)) after++
    const earlier = this.lines - after
    const shown = recent.slice(from, end)
    return earlier > 0 ? `… ${earlier} earlier ${earlier === 1 ? 'line' : 'lines'}\n${shown}` : shown
  }

  /**
   * All of the final output, within the bound, when it continues what was
   * pushed (as {@link TerminalStream.finish} tells): only the rest is
   * marked. Undefined otherwise; the stream is then left as it was.
   */
  finish(output: string): string | undefined {
    if (!this.pushed.continuedBy(output)) return undefined
    // A piece at a time, so what marking makes stays small.
    for (let at = this.pushed.length; at < output.length; at += MARKING_PIECE) this.push(output.slice(at, at + MARKING_PIECE))
    return this.end()
  }

  /** Everything so far, within the bound. Ends the stream. */
  end(): string {
    return this.head + this.bound.push(this.marker.end()) + this.bound.end()
  }
}
