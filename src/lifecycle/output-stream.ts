// A running command's output as it arrives in pieces: for a display
// terminal, the pieces to append (sanitised, bounded); for a client without
// one, the tail to show in a snapshot now and then. Memory per call is
// bounded by the output bound, whatever the command prints.
import { BoundedStream, safeStart } from '../safety/bounded-text.js'
import { createTerminalOutputSanitizer, sanitizeTerminalOutput, type TerminalOutputSanitizer } from '../safety/terminal-output.js'
import { VisibleTextStream } from '../safety/visible-text.js'

/** The most lines of output a snapshot for a client without terminals shows. */
export const SNAPSHOT_LINES = 20
/** The most code units of output a snapshot for a client without terminals shows. */
export const SNAPSHOT_LENGTH = 4096

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
  // What the harness has pushed so far, raw: its length and fingerprint.
  private pushed = 0
  private rawHash = FNV_OFFSET

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
    this.pushed += piece.length
    this.rawHash = fingerprint(this.rawHash, piece)
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
   * the part not shown yet, when what was streamed is a prefix of it;
   * otherwise a line saying so and the whole final output. Ends the stream.
   */
  finish(output: string): string {
    // The usual case: the final output continues what was pushed. Only the
    // rest is sanitised, by the same sanitiser, which gives the same bytes as
    // sanitising the whole output (its state carries across pieces).
    if (output.length >= this.pushed && fingerprint(FNV_OFFSET, output, this.pushed) === this.rawHash) {
      const rest = this.sanitizer.push(output.slice(this.pushed)) + this.sanitizer.end()
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
 * it within the bound. Nothing is dropped: escapes and controls become
 * visible markers (`␛[31m`) before the bound counts them.
 */
export class TextStream {
  private readonly marker = new VisibleTextStream()
  private readonly bound: BoundedStream
  private head = ''
  private recent = ''
  private lines = 0

  constructor(maxLength: number) {
    this.bound = new BoundedStream(maxLength)
  }

  /** Takes the next raw piece. */
  push(piece: string): void {
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

  /** Everything so far, within the bound. Ends the stream. */
  end(): string {
    return this.head + this.bound.push(this.marker.end()) + this.bound.end()
  }
}
