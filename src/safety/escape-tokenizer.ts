// One reading of text that may hold terminal escapes, after ECMA-48 and
// xterm's ctlseqs, shared by every policy that decides what a token becomes
// (the ACP sanitiser keeps colours and cursor moves or strips them; the text
// renderer removes sequences or makes them visible). The tokenizer only
// splits: ground text, a control character, a lone surrogate, a complete
// escape sequence, control sequence (CSI) or control string (OSC, DCS, SOS,
// PM, APC), a broken one, and one cut by the end of a piece. State carries
// between pieces; what one sequence can span is bounded by the limits below.

/**
 * The longest control string body (OSC, DCS, SOS, PM, APC), in UTF-16 code
 * units, that one sequence token spans. A longer string is broken: the ACP
 * sanitiser drops its first 4096 code units and what follows is ordinary
 * text; the text renderer shows it. This bounds both what one unterminated
 * introducer can hide and what a sanitiser holds between pieces.
 */
export const MAX_CONTROL_STRING_LENGTH = 4096

/**
 * The most parameter and intermediate bytes a control sequence (CSI) or an
 * escape sequence may have. Once a sequence has this many and another one
 * arrives, the sequence is broken (the ACP sanitiser drops it, the text
 * renderer shows it) and that byte and what follows are ordinary text. Real
 * colour sequences are far shorter.
 */
export const MAX_CONTROL_SEQUENCE_LENGTH = 256

// Token kinds: what `next()` read. What lies between two tokens, or
// between a token and either end of the piece, is ground text: printable
// characters, well-formed surrogate pairs, line feed, carriage return, tab.
/** `from` holds one control character that starts no sequence: C0 but LF, CR, TAB and ESC; DEL; C1 but the introducers. */
export const CONTROL = 1
/** `[from, to)` is one lone surrogate; `from === to` at the start of a piece when the high surrogate held from the last piece has no low one after it. */
export const LONE_SURROGATE = 2
/** The piece starts with the low half of the pair whose high half (`high`) ended the last piece: `[0, 1)`. */
export const SPLIT_PAIR = 3
/** `from` holds a high surrogate that ends the piece: the next piece tells whether it is a pair. */
export const HELD_HIGH = 4
/** `[from, to)` is a complete sequence: see `form`, `eightBit`, `intermediate`, `parametersFrom` and `final`. */
export const SEQUENCE = 5
/** `[from, to)` is a sequence that cannot complete (too long, or a character that cannot belong to it, which is at `to` and read again as text). */
export const BROKEN = 6
/** `[from, to)` is a sequence the piece ends inside: the next piece goes on with it (or `end()` abandons it). */
export const PENDING = 7
/** The piece is read: from the last token's end to the end of the piece is text. */
export const END = 0

/** What {@link EscapeTokenizer.next} read. */
export type TokenKind =
  | typeof CONTROL
  | typeof LONE_SURROGATE
  | typeof SPLIT_PAIR
  | typeof HELD_HIGH
  | typeof SEQUENCE
  | typeof BROKEN
  | typeof PENDING
  | typeof END

// Sequence forms, also the tokenizer's states (ground is 0).
/** `ESC`, intermediate bytes (0x20–0x2F), a final byte (0x30–0x7E): `ESC 7`, `ESC ( B`. */
export const ESCAPE_SEQUENCE = 1
/** CSI (`ESC [` or U+009B), parameter and intermediate bytes (0x20–0x3F), a final byte (0x40–0x7E). */
export const CONTROL_SEQUENCE = 2
/** OSC, DCS, SOS, PM or APC (`ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _` or U+009D, U+0090, U+0098, U+009E, U+009F), a body, a terminator. */
export const CONTROL_STRING = 3

/** What a sequence token is. */
export type SequenceForm = typeof ESCAPE_SEQUENCE | typeof CONTROL_SEQUENCE | typeof CONTROL_STRING

const GROUND = 0
// The ESC at `at` that ended a control string, read already, starts the next token.
const ESCAPE_READ = 4

const TAB = 0x09
export const LF = 0x0a
const CR = 0x0d
export const BS = 0x08
const BEL = 0x07
export const ESC = 0x1b
const CAN = 0x18
const SUB = 0x1a
const C1_DCS = 0x90
const C1_SOS = 0x98
const C1_CSI = 0x9b
// U+009C, the 8-bit String Terminator.
const C1_ST = 0x9c
const C1_OSC = 0x9d
const C1_PM = 0x9e
const C1_APC = 0x9f

// A control character other than LF, CR, TAB and ESC (BS included), or in the
// first form any surrogate. Written as the characters they do not match, the
// form V8's regular expressions scan fastest; most text has no surrogate at
// all, which the first test proves on the way.
const OTHER_CONTROL_OR_SURROGATE = /[^\t\n\r\x1b\x20-\x7e\xa0-\ud7ff\ue000-\uffff]/
const OTHER_CONTROL = /[^\t\n\r\x1b\x20-\x7e\xa0-\uffff]/

/**
 * Whether `text` is well formed and holds no control character but line
 * feed, carriage return, tab and ESC: then only escape sequences can need
 * work, and {@link EscapeTokenizer.read} may jump from one ESC to the next.
 */
export function holdsOnlyEscapes(text: string): boolean {
  return !OTHER_CONTROL_OR_SURROGATE.test(text) || (!OTHER_CONTROL.test(text) && text.isWellFormed())
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}

// The next ESC in `piece` from `from`, or the end of the piece.
function nextEscape(piece: string, from: number): number {
  const at = piece.indexOf('\u001b', from)
  return at === -1 ? piece.length : at
}

/**
 * Splits text into tokens, one piece after another, with the state of a
 * sequence cut between pieces carried over. Read a piece with {@link read},
 * then call {@link next} until it returns {@link END}; the fields describe
 * the token just returned. Indices are into the current piece. Ground text
 * is not a token: it is what lies between tokens, so a policy that keeps it
 * copies it in runs without looking at it.
 *
 * The grammar: ground text; ESC starts an escape sequence, which `[` turns
 * into a CSI and `]`, `P`, `X`, `^`, `_` (with no intermediate) into a
 * control string; U+009B and the 8-bit string introducers do the same.
 * Inside an escape sequence or CSI, a character that cannot belong there (a
 * control, DEL, non-ASCII) or one byte past {@link MAX_CONTROL_SEQUENCE_LENGTH}
 * breaks it. A control string ends at BEL (OSC only) or U+009C, included in
 * the token, or at ESC, which is not (`final` is then ESC: `ESC \` is ST,
 * another ESC starts a new sequence); a line feed, CAN, SUB, another C1
 * control, or a body past {@link MAX_CONTROL_STRING_LENGTH} breaks it.
 *
 * @example
 * const tokens = new EscapeTokenizer()
 * tokens.read('a\u001b[31mb\u0007')
 * tokens.next() // SEQUENCE, from 1 to 6, form CONTROL_SEQUENCE, final 0x6d ('m') ('a' before it is text)
 * tokens.next() // CONTROL, from 7 to 8 ('b' before it is text)
 * tokens.next() // END
 */
export class EscapeTokenizer {
  /** Where the token starts in the piece (0 for one that {@link continued} from an earlier piece). */
  from = 0
  /** Where the token ends in the piece. */
  to = 0
  /** A sequence token that started in an earlier piece. */
  continued = false
  /** A sequence token's form. */
  form: SequenceForm = ESCAPE_SEQUENCE
  /** A sequence introduced by an 8-bit C1 control rather than by ESC. */
  eightBit = false
  /** A sequence with at least one intermediate byte (0x20–0x2F). */
  intermediate = false
  /** A CSI that did not continue: where its parameter bytes start. They end at `to - 1` for a complete one. */
  parametersFrom = 0
  /** A complete sequence's final byte; for a control string, its terminator (BEL, U+009C, or ESC not included). */
  final = 0
  /** {@link SPLIT_PAIR}: the high surrogate held from the last piece. */
  high = 0

  private piece = ''
  private at = 0
  private escapesOnly = false
  private state: number = GROUND
  /** Escape sequence, CSI: parameter and intermediate bytes so far. Control string: code units so far. */
  private count = 0
  /** Control string: BEL ends it (OSC). */
  private osc = false
  /** A high surrogate that ended the last piece, or 0. */
  private heldHigh = 0
  /** The piece's first token settles {@link heldHigh}. */
  private settleHigh = false

  /** Whether nothing is held from an earlier piece: no sequence under way, no high surrogate. */
  get atRest(): boolean {
    return this.state === GROUND && this.heldHigh === 0
  }

  /**
   * Starts on the next piece. With `escapesOnly` (see {@link holdsOnlyEscapes},
   * only when {@link atRest}) ground text is skipped from one ESC to the next.
   */
  read(piece: string, escapesOnly = false): void {
    this.piece = piece
    this.at = 0
    this.escapesOnly = escapesOnly
    this.settleHigh = this.heldHigh !== 0
  }

  /** Goes back to ground state and reads on from `at` in the current piece, for a policy that reads a sequence again as text. */
  restartAt(at: number): void {
    this.state = GROUND
    this.at = at
  }

  /** Ends the stream: forgets a sequence under way and a held high surrogate. Returns whether a high surrogate was held. */
  end(): boolean {
    const held = this.heldHigh !== 0
    this.state = GROUND
    this.heldHigh = 0
    this.settleHigh = false
    return held
  }

  /** Reads the next token of the piece. */
  next(): TokenKind {
    const piece = this.piece
    const n = piece.length
    let i = this.at
    if (i >= n) return END
    if (this.state !== GROUND || this.settleHigh) return this.resume(i)
    // Ground text, the common case, skipped in a loop small enough to inline into the policy's.
    const escapesOnly = this.escapesOnly
    let c = 0
    while (i < n) {
      c = piece.charCodeAt(i)
      if ((c >= 0x20 && c < 0x7f) || (c >= 0xa0 && c < 0xd800) || c > 0xdfff || c === LF || c === CR || c === TAB) {
        i = escapesOnly ? nextEscape(piece, i + 1) : i + 1
      } else if (c <= 0xdbff && c >= 0xd800 && i + 1 < n && isLowSurrogate(piece.charCodeAt(i + 1))) {
        i = escapesOnly ? nextEscape(piece, i + 2) : i + 2
      } else break
    }
    this.at = i
    if (i === n) return END
    this.from = i
    return this.special(i, c)
  }

  // The first token of a piece when the last one left a sequence under way or a high surrogate.
  private resume(i: number): TokenKind {
    if (this.settleHigh) {
      this.settleHigh = false
      this.high = this.heldHigh
      this.heldHigh = 0
      this.from = 0
      if (isLowSurrogate(this.piece.charCodeAt(0))) {
        this.to = this.at = 1
        return SPLIT_PAIR
      }
      this.to = 0
      return LONE_SURROGATE
    }
    this.from = i
    if (this.state === ESCAPE_READ) {
      this.continued = false
      this.begin(ESCAPE_SEQUENCE, false)
      return this.sequence(i + 1)
    }
    this.continued = true
    return this.sequence(i)
  }

  // A token that starts with the character at `i`, which is not text.
  private special(i: number, c: number): TokenKind {
    this.continued = false
    this.to = this.at = i + 1
    if (c === ESC) {
      this.begin(ESCAPE_SEQUENCE, false)
      return this.sequence(i + 1)
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      if (c <= 0xdbff && i + 1 === this.piece.length) {
        this.heldHigh = c
        return HELD_HIGH
      }
      return LONE_SURROGATE
    }
    if (c === C1_CSI) {
      this.begin(CONTROL_SEQUENCE, true)
      this.parametersFrom = i + 1
      return this.sequence(i + 1)
    }
    if (c === C1_OSC || c === C1_DCS || c === C1_SOS || c === C1_PM || c === C1_APC) {
      this.begin(CONTROL_STRING, true)
      this.osc = c === C1_OSC
      return this.sequence(i + 1)
    }
    return CONTROL
  }

  private begin(state: SequenceForm, eightBit: boolean): void {
    this.state = state
    this.count = 0
    this.intermediate = false
    this.eightBit = eightBit
  }

  // Reads the sequence under way from `i` until it completes, breaks, or the piece ends.
  private sequence(i: number): TokenKind {
    const piece = this.piece
    const n = piece.length
    let state = this.state
    let count = this.count
    while (i < n) {
      const c = piece.charCodeAt(i)

      if (state === ESCAPE_SEQUENCE) {
        if (c >= 0x20 && c <= 0x2f) {
          if (count === MAX_CONTROL_SEQUENCE_LENGTH) break
          count++
          this.intermediate = true
          i++
          continue
        }
        if (c < 0x30 || c > 0x7e) break
        i++
        if (!this.intermediate) {
          if (c === 0x5b /* [ */) {
            state = CONTROL_SEQUENCE
            count = 0
            this.parametersFrom = i
            continue
          }
          if (c === 0x5d /* ] */ || c === 0x50 /* P */ || c === 0x58 /* X */ || c === 0x5e /* ^ */ || c === 0x5f /* _ */) {
            state = CONTROL_STRING
            count = 0
            this.osc = c === 0x5d
            continue
          }
        }
        return this.complete(ESCAPE_SEQUENCE, i, c)
      }

      if (state === CONTROL_SEQUENCE) {
        if (c >= 0x40 && c <= 0x7e) return this.complete(CONTROL_SEQUENCE, i + 1, c)
        if (c < 0x20 || c > 0x3f || count === MAX_CONTROL_SEQUENCE_LENGTH) break
        if (c <= 0x2f) this.intermediate = true
        count++
        i++
        continue
      }

      // A control string's body.
      if (c === ESC) {
        this.complete(CONTROL_STRING, i, c)
        this.state = ESCAPE_READ
        return SEQUENCE
      }
      if ((c === BEL && this.osc) || c === C1_ST) return this.complete(CONTROL_STRING, i + 1, c)
      if (c === LF || c === CAN || c === SUB || (c >= 0x80 && c <= 0x9f) || count === MAX_CONTROL_STRING_LENGTH) break
      count++
      i++
    }
    this.form = state as SequenceForm
    this.to = this.at = i
    if (i < n) {
      this.state = GROUND
      return BROKEN
    }
    this.state = state
    this.count = count
    return PENDING
  }

  private complete(form: SequenceForm, to: number, final: number): TokenKind {
    this.state = GROUND
    this.form = form
    this.final = final
    this.to = this.at = to
    return SEQUENCE
  }
}
