// Command output made safe for a display-only terminal (Zed's terminal card is
// a real emulator) or for a Markdown code block. Output from any program is
// hostile: OSC 52 writes the clipboard, OSC 8 shows one link and opens another,
// DSR makes the terminal answer, mode switches take over the screen or mouse.
// A small state machine after ECMA-48 and xterm's ctlseqs: ground text, an
// escape sequence, a control sequence (CSI) or a control string (OSC, DCS,
// SOS, PM, APC). One forward pass (a character that abandons a sequence is
// read once more, as text); state carries between pieces, and what is held
// between pieces is bounded by the limits below.

/**
 * Who reads the sanitised output.
 *
 * - `'terminal'`: a display-only terminal emulator, such as the terminal card
 *   of an ACP client (Zed). Colours, styles and the cursor moves that
 *   progress bars and spinners use are kept.
 * - `'plain'`: a client that shows the output as text, for example in a
 *   Markdown code block. Every escape sequence is removed; only printable
 *   text, line feed, carriage return and tab are kept.
 */
export type TerminalOutputMode = 'terminal' | 'plain'

/**
 * The longest control string body (OSC, DCS, SOS, PM, APC), in UTF-16 code
 * units, that the sanitiser drops as a whole. A longer string is abandoned:
 * its first 4096 code units are dropped and what follows is ordinary text.
 * This bounds both what one unterminated introducer can hide and what a
 * sanitiser holds between pieces.
 */
export const MAX_CONTROL_STRING_LENGTH = 4096

/**
 * The most parameter and intermediate bytes a control sequence (CSI) or an
 * escape sequence may have. Once a sequence has this many and another one
 * arrives, the sequence is abandoned (dropped) and that byte and what
 * follows are ordinary text. Real colour sequences are far shorter.
 */
export const MAX_CONTROL_SEQUENCE_LENGTH = 256

/**
 * A sanitiser for one stream of command output, fed piece by piece as the
 * output arrives. Create one per stream with
 * {@link createTerminalOutputSanitizer}.
 *
 * However the output is cut into pieces (inside an escape sequence, between
 * the two halves of a surrogate pair), the pieces returned by {@link push}
 * followed by what {@link end} returns equal {@link sanitizeTerminalOutput}
 * of the whole output.
 *
 * @example
 * const sanitizer = createTerminalOutputSanitizer()
 * sanitizer.push('\u001b[3')   // '' (held back: the sequence is incomplete)
 * sanitizer.push('1mred\u001b') // '\u001b[31mred' (the final ESC is held back)
 * sanitizer.push('[0m\n')      // '\u001b[0m\n'
 * sanitizer.end()              // ''
 */
export interface TerminalOutputSanitizer {
  /**
   * Sanitises the next piece of output and returns what is safe to show
   * now. An incomplete escape sequence, or a high surrogate, at the end of
   * the piece is held back and completed by the next piece. When the state
   * is at rest and the piece holds no control character (other than line
   * feed, carriage return and tab) and no lone surrogate, the piece itself
   * is returned, without a copy.
   *
   * @example
   * const sanitizer = createTerminalOutputSanitizer()
   * sanitizer.push('ok\n\u001b]52;c;aGk=') // 'ok\n' (the OSC 52 is being dropped)
   * sanitizer.push('\u0007done\n')        // 'done\n'
   */
  push(piece: string): string
  /**
   * Ends the stream and returns what was held back, made safe: an
   * incomplete escape sequence is dropped and a lone high surrogate becomes
   * U+FFFD. The sanitiser is then back at its initial state and can be used
   * for another stream.
   *
   * @example
   * const sanitizer = createTerminalOutputSanitizer()
   * sanitizer.push('50%\u001b[3') // '50%'
   * sanitizer.end()               // '' (the incomplete sequence is dropped)
   */
  end(): string
}

/**
 * Creates a sanitiser for one stream of command output, to feed piece by
 * piece as the output arrives (for example from a child process's stdout
 * `data` events, after decoding to text).
 *
 * In `'terminal'` mode (the default) the output keeps:
 * - printable text, including well-formed surrogate pairs; line feed,
 *   carriage return, tab and backspace;
 * - SGR, colours and styles: `CSI … m` whose parameters are digits, `;`
 *   and `:` only;
 * - the cursor moves and erases that progress bars and spinners use:
 *   `CSI n A` … `CSI n G` (up, down, forward, back, next line, previous
 *   line, column), `CSI row ; col H` and `CSI row ; col f` (position),
 *   `CSI n J` for n = 0, 1, 2 (erase in display; `CSI 3 J`, which erases
 *   the scrollback and so earlier output, is dropped), `CSI n K` (erase in
 *   line), `CSI n X` (erase characters);
 * - a few more editing sequences that only change the visible grid:
 *   `CSI n d` (line position), `CSI n @` (insert characters),
 *   `CSI n P` (delete characters), `CSI n L` and `CSI n M` (insert and
 *   delete lines);
 * - save and restore cursor: `CSI s` and `CSI u` (with no parameters;
 *   with parameters they mean something else), `ESC 7` and `ESC 8`;
 * - show and hide cursor: `CSI ? 25 h` and `CSI ? 25 l`.
 *
 * The parameters of the cursor and erase sequences are digits only (two
 * numbers separated by `;` for `H` and `f`), and no kept CSI has an
 * intermediate byte. Only the 7-bit forms are kept.
 *
 * Everything else is dropped whole: OSC strings (`ESC ]` … BEL or ST, so
 * hyperlinks, clipboard writes, titles and notifications; the text between
 * two OSC 8 sequences stays), DCS, SOS, PM and APC strings (`ESC P`,
 * `ESC X`, `ESC ^`, `ESC _` … ST), every other CSI (mode switches, reports
 * and queries, window operations, scroll regions), every other escape
 * sequence (`ESC c`, `ESC =`, `ESC ( B`, …), the 8-bit C1 controls
 * U+0080–U+009F together with the sequence each introducer starts, every
 * other C0 control and DEL.
 *
 * In `'plain'` mode the parsing is the same, but every escape sequence is
 * dropped (SGR and cursor moves too) and only printable text, line feed,
 * carriage return and tab are kept.
 *
 * Some rules protect the text around a bad sequence:
 * - an unterminated control string ends at a line feed: its content is
 *   dropped, the line feed and what follows are text;
 * - a control string longer than {@link MAX_CONTROL_STRING_LENGTH}, or a
 *   CSI or escape sequence longer than {@link MAX_CONTROL_SEQUENCE_LENGTH},
 *   is abandoned the same way;
 * - inside a CSI or escape sequence, any character that cannot belong there
 *   (a control, DEL, a non-ASCII character) abandons it and is then read as
 *   text; ESC starts a new sequence;
 * - inside a control string, ESC ends the string (ESC \ is ST; another ESC
 *   starts a new sequence), CAN and SUB abandon it, and a C1 control ends it
 *   (U+009C is ST; another introducer starts a new sequence).
 *
 * A lone surrogate becomes U+FFFD. Time and memory are linear in the input,
 * and what is held between pieces is bounded.
 *
 * @param mode - who reads the output; `'terminal'` when omitted.
 *
 * @example
 * const sanitizer = createTerminalOutputSanitizer('terminal')
 * let shown = ''
 * for (const piece of ['\u001b]0;pwned\u0007\u001b[1', 'mbold\u001b[0m\n']) {
 *   shown += sanitizer.push(piece)
 * }
 * shown += sanitizer.end()
 * // shown === '\u001b[1mbold\u001b[0m\n'
 */
export function createTerminalOutputSanitizer(mode: TerminalOutputMode = 'terminal'): TerminalOutputSanitizer {
  return new Sanitizer(mode === 'terminal')
}

/**
 * Sanitises a whole command output at once: the same as feeding it to
 * {@link createTerminalOutputSanitizer} as one piece and ending the stream.
 * See there for what each mode keeps and drops. Sanitising is idempotent:
 * sanitising the result again, in the same mode, changes nothing.
 *
 * @param text - the output, decoded to a string.
 * @param mode - who reads the output; `'terminal'` when omitted.
 *
 * @example
 * sanitizeTerminalOutput('\u001b[32mok\u001b[0m \u001b]8;;https://evil.example\u001b\\docs\u001b]8;;\u001b\\')
 * // '\u001b[32mok\u001b[0m docs'
 * sanitizeTerminalOutput('\u001b]52;c;cm0gLXJmIH4=\u0007copied?') // 'copied?'
 * sanitizeTerminalOutput('\u001b[31mred\u001b[0m\r\n', 'plain') // 'red\r\n'
 */
export function sanitizeTerminalOutput(text: string, mode: TerminalOutputMode = 'terminal'): string {
  const sanitizer = new Sanitizer(mode === 'terminal')
  const out = sanitizer.push(text)
  const rest = sanitizer.end()
  return rest === '' ? out : out + rest
}

const TAB = 0x09
const LF = 0x0a
const CR = 0x0d
const BS = 0x08
const BEL = 0x07
const CAN = 0x18
const SUB = 0x1a
const ESC = 0x1b
const C1_DCS = 0x90
const C1_SOS = 0x98
const C1_CSI = 0x9b
const C1_ST = 0x9c
const C1_OSC = 0x9d
const C1_PM = 0x9e
const C1_APC = 0x9f
const REPLACEMENT = '\ufffd'

const GROUND = 0
const ESCAPE = 1
const CSI = 2
const STRING = 3

// A control character other than LF, CR, TAB and ESC (BS included: plain
// mode drops it): C0, DEL and C1; or, in the first form, any surrogate.
// Written as the characters they do not match, the form V8's regular
// expressions scan fastest. A well-formed piece without such a control, read
// at rest, is either returned as it is (no ESC either) or scanned from one
// ESC to the next (see `scan`). Most output has no surrogate at all, which
// the first test proves on the way; text with a pair takes the second test
// and the well-formedness check.
const OTHER_CONTROL_OR_SURROGATE = /[^\t\n\r\x1b\x20-\x7e\xa0-\ud7ff\ue000-\uffff]/
const OTHER_CONTROL = /[^\t\n\r\x1b\x20-\x7e\xa0-\uffff]/

/**
 * Whether the 7-bit CSI whose parameter bytes are `text[from, to)` and whose
 * final byte is `final` is kept in terminal mode. The caller has checked that
 * the bytes are parameter bytes (0x30–0x3F) and that there is no intermediate.
 */
function isKeptControlSequence(text: string, from: number, to: number, final: number): boolean {
  const privateMarker = to > from && text.charCodeAt(from) === 0x3f /* ? */
  let semicolons = 0
  let colons = 0
  let others = 0 // '<', '=', '>', or '?' anywhere but first
  let value = 0 // the digits read as one number, capped
  for (let at = privateMarker ? from + 1 : from; at < to; at++) {
    const code = text.charCodeAt(at)
    if (code <= 0x39) {
      if (value < 1000) value = value * 10 + code - 0x30
    } else if (code === 0x3b) semicolons++
    else if (code === 0x3a) colons++
    else others++
  }
  const oneNumber = !privateMarker && semicolons === 0 && colons === 0 && others === 0
  switch (final) {
    case 0x6d /* m: SGR */:
      return !privateMarker && others === 0
    case 0x41 /* A: CUU */:
    case 0x42 /* B: CUD */:
    case 0x43 /* C: CUF */:
    case 0x44 /* D: CUB */:
    case 0x45 /* E: CNL */:
    case 0x46 /* F: CPL */:
    case 0x47 /* G: CHA */:
    case 0x4b /* K: EL */:
    case 0x58 /* X: ECH */:
    case 0x64 /* d: VPA */:
    case 0x40 /* @: ICH */:
    case 0x50 /* P: DCH */:
    case 0x4c /* L: IL */:
    case 0x4d /* M: DL */:
      return oneNumber
    case 0x4a /* J: ED; 3 erases the scrollback */:
      return oneNumber && value <= 2
    case 0x48 /* H: CUP */:
    case 0x66 /* f: HVP */:
      return !privateMarker && semicolons <= 1 && colons === 0 && others === 0
    case 0x73 /* s: save cursor; with parameters, DECSLRM */:
    case 0x75 /* u: restore cursor; with parameters, keyboard protocols */:
      return to === from
    case 0x68 /* h: set mode */:
    case 0x6c /* l: reset mode */:
      // Only DECTCEM, `?25`, exactly.
      return privateMarker && to - from === 3 && value === 25 && semicolons === 0 && colons === 0 && others === 0
    default:
      return false
  }
}

// The next ESC in `piece` from `from`, or the end of the piece.
function nextEscape(piece: string, from: number): number {
  const at = piece.indexOf('\u001b', from)
  return at === -1 ? piece.length : at
}

class Sanitizer implements TerminalOutputSanitizer {
  private state = GROUND
  /** A high surrogate held at the end of the last piece, or 0. Only in ground state. */
  private high = 0
  /** ESCAPE, CSI: parameter and intermediate bytes so far. STRING: code units so far. */
  private count = 0
  /** ESCAPE: an intermediate byte was seen. CSI: the sequence may still be kept. STRING: BEL ends it (OSC). */
  private flag = false
  /** ESCAPE, CSI: the sequence as read in earlier pieces, while it may still be kept; '' otherwise. */
  private held = ''

  constructor(private readonly terminal: boolean) {}

  push(piece: string): string {
    if (
      this.state === GROUND &&
      this.high === 0 &&
      (!OTHER_CONTROL_OR_SURROGATE.test(piece) || (!OTHER_CONTROL.test(piece) && piece.isWellFormed()))
    ) {
      // Only escape sequences can need work: none is no work at all.
      return piece.indexOf('\u001b') === -1 ? piece : this.scan(piece, true)
    }
    return this.scan(piece, false)
  }

  end(): string {
    const rest = this.high === 0 ? '' : REPLACEMENT
    this.state = GROUND
    this.high = 0
    this.count = 0
    this.flag = false
    this.held = ''
    return rest
  }

  // Text and kept sequences are copied in runs: `run` is where the text not
  // yet copied to `out` starts, and a kept sequence that starts in this piece
  // simply stays in the run. A dropped one ends the run before it
  // (`sequenceAt`) and starts a new one after it.
  //
  // With `escapesOnly` the caller has seen that the piece is well formed and
  // holds no control character but LF, CR, TAB and ESC: after each character
  // of ground text read as usual, the scan jumps to the next ESC (`indexOf`,
  // far faster than reading every character), since nothing in between can
  // need work. The character where ground state resumes is still read as
  // usual: a control string cut at its length limit may have taken the high
  // half of a pair and left the low half there.
  private scan(piece: string, escapesOnly: boolean): string {
    const n = piece.length
    const terminal = this.terminal
    let out = ''
    let i = 0
    if (this.high !== 0) {
      if (n === 0) return ''
      const next = piece.charCodeAt(0)
      if (next >= 0xdc00 && next <= 0xdfff) {
        out = String.fromCharCode(this.high, next)
        i = 1
      } else {
        out = REPLACEMENT
      }
      this.high = 0
    }
    let state = this.state
    let count = this.count
    let flag = this.flag
    const held = this.held
    let run = i
    // Where the current escape sequence or CSI starts in this piece; -1 when
    // it started in an earlier piece (then `held` has its start, if it may be
    // kept) or when the text before it has already been copied.
    let sequenceAt = -1
    let parametersAt = 0 // CSI started in this piece: where its parameters start

    while (i < n) {
      const c = piece.charCodeAt(i)

      if (state === GROUND) {
        if ((c >= 0x20 && c < 0x7f) || (c >= 0xa0 && c < 0xd800) || c > 0xdfff || c === LF || c === CR || c === TAB) {
          i = escapesOnly ? nextEscape(piece, i + 1) : i + 1
          continue
        }
        if (c === ESC) {
          state = ESCAPE
          count = 0
          flag = false
          sequenceAt = i
          i++
          continue
        }
        if (c >= 0xd800 && c <= 0xdbff) {
          if (i + 1 === n) {
            // Held until the next piece tells whether a low surrogate follows.
            if (i > run) out += piece.slice(run, i)
            this.high = c
            run = n
            break
          }
          const next = piece.charCodeAt(i + 1)
          if (next >= 0xdc00 && next <= 0xdfff) {
            i = escapesOnly ? nextEscape(piece, i + 2) : i + 2
            continue
          }
        }
        if (c === BS && terminal) {
          i++
          continue
        }
        // A lone surrogate, a dropped control or an 8-bit introducer: the run ends here.
        if (i > run) out += piece.slice(run, i)
        i++
        run = i
        if (c >= 0xd800) {
          out += REPLACEMENT
        } else if (c === C1_CSI) {
          state = CSI
          count = 0
          flag = false // an 8-bit CSI is never kept
          sequenceAt = -1
        } else if (c === C1_OSC || c === C1_DCS || c === C1_SOS || c === C1_PM || c === C1_APC) {
          state = STRING
          count = 0
          flag = c === C1_OSC
        }
        continue
      }

      if (state === ESCAPE) {
        if (c >= 0x20 && c <= 0x2f) {
          // An intermediate byte.
          if (count < MAX_CONTROL_SEQUENCE_LENGTH) {
            count++
            flag = true
            i++
            continue
          }
        } else if (c >= 0x30 && c <= 0x7e) {
          // A final byte, or the second byte of a CSI or control string introducer.
          i++
          if (!flag && c === 0x5b /* [ */) {
            state = CSI
            count = 0
            flag = terminal
            parametersAt = i
            continue
          }
          if (!flag && (c === 0x5d /* ] */ || c === 0x50 /* P */ || c === 0x58 /* X */ || c === 0x5e /* ^ */ || c === 0x5f) /* _ */) {
            // Control strings are always dropped: copy the text before now.
            if (sequenceAt > run) out += piece.slice(run, sequenceAt)
            sequenceAt = -1
            state = STRING
            count = 0
            flag = c === 0x5d
            continue
          }
          state = GROUND
          // Of the complete escape sequences, only DECSC and DECRC are kept.
          if (terminal && !flag && (c === 0x37 /* 7 */ || c === 0x38) /* 8 */) {
            if (sequenceAt === -1) {
              out += held + piece.slice(0, i)
              run = i
            }
            continue
          }
          if (sequenceAt > run) out += piece.slice(run, sequenceAt)
          run = i
          continue
        }
        // Too long, or a character that cannot belong here: the sequence is
        // abandoned and the character is read again as text.
        if (sequenceAt > run) out += piece.slice(run, sequenceAt)
        state = GROUND
        run = i
        continue
      }

      if (state === CSI) {
        if (c >= 0x40 && c <= 0x7e) {
          // The final byte: the sequence is complete.
          i++
          state = GROUND
          if (flag) {
            if (sequenceAt !== -1) {
              if (isKeptControlSequence(piece, parametersAt, i - 1, c)) continue
            } else {
              const sequence = held + piece.slice(0, i)
              if (isKeptControlSequence(sequence, 2, sequence.length - 1, c)) {
                out += sequence
                run = i
                continue
              }
            }
          }
          if (sequenceAt > run) out += piece.slice(run, sequenceAt)
          run = i
          continue
        }
        if (c >= 0x20 && c <= 0x3f && count < MAX_CONTROL_SEQUENCE_LENGTH) {
          // A parameter byte, or an intermediate byte (no kept sequence has one).
          if (c <= 0x2f) flag = false
          count++
          i++
          continue
        }
        if (sequenceAt > run) out += piece.slice(run, sequenceAt)
        state = GROUND
        run = i
        continue
      }

      // STRING: OSC, DCS, SOS, PM or APC. Its content is always dropped.
      if (c === ESC) {
        // ESC \ is ST; any other ESC also ends the string and starts a sequence.
        state = ESCAPE
        count = 0
        flag = false
        run = sequenceAt = i
        i++
      } else if ((c === BEL && flag) || c === C1_ST) {
        i++
        state = GROUND
        run = i
      } else if (c === LF || c === CAN || c === SUB || (c >= 0x80 && c <= 0x9f) || count === MAX_CONTROL_STRING_LENGTH) {
        // Abandoned: the character is read again as text.
        state = GROUND
        run = i
      } else {
        count++
        i++
      }
    }

    this.state = state
    this.count = count
    this.flag = flag
    this.held = ''
    if (state === GROUND) {
      if (run === 0 && out === '') return piece
      if (run < n) out += piece.slice(run)
    } else if (state !== STRING) {
      if (sequenceAt > run) out += piece.slice(run, sequenceAt)
      // Held while it may still be kept: a bare ESC, or a 7-bit CSI with parameters only.
      if (terminal && (state === ESCAPE ? !flag : flag)) this.held = sequenceAt === -1 ? held + piece : piece.slice(sequenceAt)
    }
    return out
  }
}
