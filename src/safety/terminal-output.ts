// Command output made safe for a display-only terminal (Zed's terminal card is
// a real emulator). Output shown as text is not sanitised but marked
// (visible-text.ts): there nothing may be dropped. Output from any program is
// hostile: OSC 52 writes the clipboard, OSC 8 shows one link and opens another,
// DSR makes the terminal answer, mode switches take over the screen or mouse.
// A policy on the escape tokenizer: what each token becomes. One forward pass
// (a character that breaks a sequence is read once more, as text); state
// carries between pieces, and what is held between pieces is bounded.
import { CONTRAST_FLOOR, luminanceContrast, luminanceOf } from './contrast.js'
import {
  BS,
  BROKEN,
  CONTROL,
  CONTROL_SEQUENCE,
  END,
  ESCAPE_SEQUENCE,
  EscapeTokenizer,
  holdsOnlyEscapes,
  LONE_SURROGATE,
  PENDING,
  SEQUENCE,
  SPLIT_PAIR,
} from './escape-tokenizer.js'

export { MAX_CONTROL_SEQUENCE_LENGTH, MAX_CONTROL_STRING_LENGTH } from './escape-tokenizer.js'

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
 * Creates a sanitiser for one stream of command output for a display-only
 * terminal emulator (the terminal card of an ACP client such as Zed), to
 * feed piece by piece as the output arrives (for example from a child
 * process's stdout `data` events, after decoding to text). Output shown as
 * text is not for this sanitiser: there every escape sequence is shown as
 * markers (`visibleText`, `VisibleTextStream`), none dropped.
 *
 * The output keeps:
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
 * Nothing is drawn invisibly: conceal (SGR `8`) is taken out of a kept SGR,
 * and so is the foreground of one that sets it equal to its own background
 * (`30;40`, `38;5;n;48;5;n`, equal truecolour) or, where a 256-colour or
 * true colour is one of the pair, below the 3:1 contrast the page keeps
 * (`38;5;16;48;5;0`, `38;2;0;0;0;40`, `38;5;231;48;5;15`), or that sets
 * reverse video with a black or white foreground (`7;30`, `37;7`,
 * `7;38;5;16`; see {@link visibleSgrParameters}), whether one sequence sets the pair or two
 * do (`ESC[30m` then `ESC[40m`: the colours each SGR passed on have set
 * are followed, and the default foreground, `39`, is added to the one that
 * would complete a hiding pair). What the
 * kept cursor moves can still do is overwrite: carriage return, backspace,
 * cursor up and positioning, erase in line or display, delete characters
 * and lines replace text already drawn (how progress bars redraw), so the
 * terminal shows the last state of its screen, not every byte written. The
 * text fallback and the text renderer show every line.
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
 * @example
 * const sanitizer = createTerminalOutputSanitizer()
 * let shown = ''
 * for (const piece of ['\u001b]0;pwned\u0007\u001b[1', 'mbold\u001b[0m\n']) {
 *   shown += sanitizer.push(piece)
 * }
 * shown += sanitizer.end()
 * // shown === '\u001b[1mbold\u001b[0m\n'
 */
export function createTerminalOutputSanitizer(): TerminalOutputSanitizer {
  return new Sanitizer()
}

/**
 * Sanitises a whole command output at once: the same as feeding it to
 * {@link createTerminalOutputSanitizer} as one piece and ending the stream.
 * See there for what is kept and dropped. Sanitising is idempotent:
 * sanitising the result again changes nothing.
 *
 * @param text - the output, decoded to a string.
 *
 * @example
 * sanitizeTerminalOutput('\u001b[32mok\u001b[0m \u001b]8;;https://evil.example\u001b\\docs\u001b]8;;\u001b\\')
 * // '\u001b[32mok\u001b[0m docs'
 * sanitizeTerminalOutput('\u001b]52;c;cm0gLXJmIH4=\u0007copied?') // 'copied?'
 */
export function sanitizeTerminalOutput(text: string): string {
  const sanitizer = new Sanitizer()
  const out = sanitizer.push(text)
  const rest = sanitizer.end()
  return rest === '' ? out : out + rest
}

const REPLACEMENT = '\ufffd'

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

// A colour as one key: the 16 basic colours are palette entries 0-15, as
// terminals draw them; `38;5;n` the entry n; `38;2;r;g;b` the RGB triple.
type ColourKey = string

/**
 * The parameters of an SGR (`CSI … m`) with what would hide text taken
 * out: conceal (`8`), and every foreground colour when the sequence sets the
 * foreground equal to the background (`30;40`, `38;5;4;48;5;4`, `97;107`,
 * equal truecolour, in `;` or `:` form), or below a contrast of 3:1
 * against it (`CONTRAST_FLOOR`, the page's floor) where one of the two is
 * a 256-colour entry past the 16 theme colours or a true colour (the cube
 * and grey ramp as xterm draws them, the 16 as xterm's defaults:
 * `38;5;16;48;5;0`, `38;2;0;0;0;40`, `38;5;231;48;5;15`; two of the 16 are
 * the theme's, caught only when equal), or sets reverse video with a black
 * or white foreground and no background (`7;30`, `37;7`, `7;90`, `97;7`,
 * or a 256-colour or true colour below the floor against black or white:
 * the text is then drawn in the default background, which a dark or light
 * theme draws near that colour). Undefined when nothing needs to
 * change; `''` when nothing is left (the sequence is then dropped: an empty
 * SGR would reset every attribute). One sequence alone: {@link SgrState}
 * also catches a pair set by two sequences.
 */
export function visibleSgrParameters(parameters: string): string | undefined {
  return new SgrState().next(parameters)
}

/**
 * What the SGRs of one output have set so far (the foreground, the
 * background, reverse video), so that a colour pair made by two sequences
 * is caught as one made by one: `ESC[30m` then `ESC[40m` would draw black
 * on black. Feed it every SGR in order.
 */
export class SgrState {
  private fg: ColourKey | undefined
  private bg: ColourKey | undefined
  private reverse = false

  /**
   * The parameters of the next SGR made visible, as
   * {@link visibleSgrParameters} does, given what the earlier ones set:
   * when the text would then be hidden and this sequence sets no
   * foreground to take out, `39` (the default foreground) is added.
   * Undefined when nothing needs to change. The state becomes what the
   * terminal draws after the sequence as returned.
   */
  next(parameters: string): string | undefined {
    // One code alone, the common case: no parse.
    if (parameters.indexOf(';') === -1 && parameters.indexOf(':') === -1) {
      const code = Number(parameters || '0')
      if (code === 8) return ''
      const { fg, bg, reverse } = this
      this.applyCode(code, parameters)
      if (!this.hides()) return undefined
      if (this.fg !== fg) {
        // It set the foreground that hides: it is taken out, and the state is as before.
        this.fg = fg
        this.bg = bg
        this.reverse = reverse
        return this.hides() ? '39' : ''
      }
      this.fg = undefined
      return `${parameters};39`
    }
    const groups = sgrGroups(parameters.split(';'))
    const before = { fg: this.fg, bg: this.bg, reverse: this.reverse }
    for (const group of groups) this.applyGroup(group)
    const concealed = groups.some((group) => group.conceal)
    if (!this.hides() && !concealed) return undefined
    const hidden = this.hides()
    // Again from the state before, without conceal and, when the colours hide, without this sequence's foreground.
    this.fg = before.fg
    this.bg = before.bg
    this.reverse = before.reverse
    const kept = groups.filter((group) => !group.conceal && !(hidden && group.fg !== undefined))
    for (const group of kept) this.applyGroup(group)
    const items = kept.flatMap((group) => group.items)
    if (this.hides()) {
      this.fg = undefined
      items.push('39')
    }
    return items.join(';')
  }

  // A foreground equal to the background hides the text; so does one whose
  // contrast against it is below the floor the page keeps (3:1), when one
  // of the two is a 256-colour or true colour, whose value is known (two of
  // the 16 theme colours are the theme's to keep apart). Reverse video draws
  // the text in the default background: a foreground (then the background)
  // themes draw their default background near can hide it (black or white:
  // `7;30` on a dark theme, `37;7` on a light one; a 256-colour or true
  // colour below the floor against black or against white).
  private hides(): boolean {
    const { fg, bg } = this
    if (fg === undefined) return false
    if (fg === bg) return true
    if (bg !== undefined) return !(isThemeColour(fg) && isThemeColour(bg)) && belowFloor(fg, bg)
    return this.reverse && (NEAR_DEFAULT_BACKGROUND.has(fg) || (!isThemeColour(fg) && nearBlackOrWhite(fg)))
  }

  private applyGroup(group: SgrGroup): void {
    if (group.fg !== undefined) this.fg = group.fg
    else if (group.bg !== undefined) this.bg = group.bg
    else this.applyCode(group.code, group.items[0])
  }

  // One code's effect on the state (a colour of the 16, or what resets).
  private applyCode(code: number, item: string): void {
    if (code === 0) {
      this.fg = undefined
      this.bg = undefined
      this.reverse = false
    } else if (code === 7 && item.indexOf(':') === -1) this.reverse = true
    else if (code === 27) this.reverse = false
    else if (code === 39) this.fg = undefined
    else if (code === 49) this.bg = undefined
    else if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) this.fg = basicColour(code)
    else if ((code >= 40 && code <= 47) || (code >= 100 && code <= 107)) this.bg = basicColour(code)
  }
}

// One attribute of an SGR: its parameters (38;5;n takes three, 38;2;r;g;b five), and what it sets.
interface SgrGroup {
  readonly items: readonly string[]
  readonly code: number
  readonly fg: ColourKey | undefined
  readonly bg: ColourKey | undefined
  readonly conceal: boolean
}

const basicColour = (code: number): ColourKey => (code < 90 ? `p${code % 10}` : `p${(code % 10) + 8}`)

function sgrGroups(items: readonly string[]): SgrGroup[] {
  const groups: SgrGroup[] = []
  for (let at = 0; at < items.length; ) {
    const item = items[at]
    const colon = item.indexOf(':')
    const code = colon === -1 ? Number(item || '0') : Number(item.slice(0, colon))
    let end = at + 1
    let colour: ColourKey | undefined
    if (code === 38 || code === 48) {
      if (colon !== -1) colour = extendedColour(item.split(':').slice(1), true)
      else {
        const mode = items[at + 1]
        end = mode === '5' ? at + 3 : mode === '2' ? at + 5 : at + 2
        colour = extendedColour(items.slice(at + 1, end), false)
      }
    } else if ((code >= 30 && code <= 37) || (code >= 40 && code <= 47) || (code >= 90 && code <= 97) || (code >= 100 && code <= 107))
      colour = basicColour(code)
    const foreground = code === 38 || (code >= 30 && code <= 37) || (code >= 90 && code <= 97)
    groups.push({
      items: items.slice(at, Math.min(end, items.length)),
      code,
      fg: foreground ? colour : undefined,
      bg: foreground ? undefined : colour,
      conceal: code === 8 && colon === -1,
    })
    at = end
  }
  return groups
}

// Black, bright black, white and bright white: where themes draw their default background.
const NEAR_DEFAULT_BACKGROUND: ReadonlySet<ColourKey> = new Set(['p0', 'p8', 'p7', 'p15'])

// Whether `key` is one of the 16 colours a theme draws as it likes.
const isThemeColour = (key: ColourKey): boolean => key[0] === 'p' && Number(key.slice(1)) < 16

const channel = (value: number): boolean => value >= 0 && value <= 255

// The relative luminance `key` is drawn with: a palette entry as xterm
// draws it (entries 0-15 near xterm's defaults: each channel 0 or 205, 255
// when bright, 229 and 127 for white and bright black; then the 6×6×6 cube
// and the grey ramp), an RGB triple as it is; undefined for a value no
// terminal draws.
function keyLuminance(key: ColourKey): number | undefined {
  const values = key
    .slice(key[0] === 'p' ? 1 : 3)
    .split(',')
    .map(Number)
  if (!values.every(channel)) return undefined
  if (values.length === 3) return luminanceOf(values[0], values[1], values[2])
  const entry = values[0]
  if (entry < 16) {
    const level = entry === 7 ? 229 : entry === 8 ? 127 : entry < 8 ? 205 : 255
    const on = (bit: number) => (entry === 8 || entry & bit ? level : 0)
    return luminanceOf(on(1), on(2), on(4))
  }
  if (entry > 231) return luminanceOf(entry * 10 - 2312, entry * 10 - 2312, entry * 10 - 2312)
  const cube = entry - 16
  const level = (step: number) => (step === 0 ? 0 : 55 + step * 40)
  return luminanceOf(level(Math.floor(cube / 36)), level(Math.floor(cube / 6) % 6), level(cube % 6))
}

// Whether text in `fg` on `bg` is drawn below the contrast floor.
function belowFloor(fg: ColourKey, bg: ColourKey): boolean {
  const text = keyLuminance(fg)
  const background = keyLuminance(bg)
  return text !== undefined && background !== undefined && luminanceContrast(text, background) < CONTRAST_FLOOR
}

// Whether `key` is below the contrast floor against black or against white (a dark or a light theme's background).
function nearBlackOrWhite(key: ColourKey): boolean {
  const value = keyLuminance(key)
  return value !== undefined && (luminanceContrast(value, 0) < CONTRAST_FLOOR || luminanceContrast(value, 1) < CONTRAST_FLOOR)
}

// `5;n` or `2;r;g;b` (after 38 or 48; in colon form `2` may carry a colour-space id first).
function extendedColour(rest: readonly string[], colon: boolean): ColourKey | undefined {
  if (rest[0] === '5' && rest.length >= 2) return `p${Number(rest[1] || '0')}`
  if (rest[0] !== '2') return undefined
  const rgb = colon && rest.length >= 5 ? rest.slice(2, 5) : rest.slice(1, 4)
  return rgb.length === 3 ? `rgb${rgb.map((value) => Number(value || '0')).join(',')}` : undefined
}

class Sanitizer implements TerminalOutputSanitizer {
  private readonly tokens = new EscapeTokenizer()
  /** A sequence read in earlier pieces, while it may still be kept; '' otherwise. */
  private held = ''
  /** What the SGRs passed on so far have set: a colour pair across two sequences is caught too. */
  private sgr = new SgrState()

  push(piece: string): string {
    if (this.tokens.atRest && holdsOnlyEscapes(piece)) {
      // Only escape sequences can need work: none is no work at all.
      return piece.indexOf('\u001b') === -1 ? piece : this.scan(piece, true)
    }
    return this.scan(piece, false)
  }

  end(): string {
    this.held = ''
    this.sgr = new SgrState()
    return this.tokens.end() ? REPLACEMENT : ''
  }

  // Text (what lies between tokens) and kept sequences are copied in runs:
  // `run` is where the text not yet copied to `out` starts, and a kept
  // sequence that starts in this piece simply stays in the run. A dropped
  // token ends the run before it and starts a new one after it.
  private scan(piece: string, escapesOnly: boolean): string {
    const tokens = this.tokens
    tokens.read(piece, escapesOnly)
    let out = ''
    let run = 0
    for (;;) {
      const kind = tokens.next()
      if (kind === END) break
      if (kind === SEQUENCE && !tokens.eightBit && !tokens.intermediate && this.isKept(piece)) {
        const shown = tokens.form === CONTROL_SEQUENCE && tokens.final === 0x6d /* m */ ? this.visibleSgr(piece) : undefined
        if (shown !== undefined) {
          // An SGR that would hide text: its visible form replaces it.
          if (!tokens.continued && tokens.from > run) out += piece.slice(run, tokens.from)
          out += shown
          run = tokens.to
          this.held = ''
          continue
        }
        if (tokens.continued) {
          out += this.held + piece.slice(0, tokens.to)
          run = tokens.to
        }
        this.held = ''
        continue
      }
      if (kind === CONTROL && piece.charCodeAt(tokens.from) === BS) continue
      // Dropped, or replaced: the run ends before the token.
      if (tokens.from > run) out += piece.slice(run, tokens.from)
      run = tokens.to
      if (kind === LONE_SURROGATE) out += REPLACEMENT
      else if (kind === SPLIT_PAIR) out += String.fromCharCode(tokens.high, piece.charCodeAt(0))
      else if (kind === PENDING) {
        // Held while it may still be kept: a bare ESC, or a 7-bit CSI with parameters only.
        this.held =
          !tokens.intermediate && (tokens.form === ESCAPE_SEQUENCE || (tokens.form === CONTROL_SEQUENCE && !tokens.eightBit))
            ? tokens.continued
              ? this.held + piece
              : piece.slice(tokens.from)
            : ''
      } else if (kind === SEQUENCE || kind === BROKEN) this.held = ''
      // CONTROL and HELD_HIGH: dropped (a held high surrogate is settled by the next piece).
    }
    if (run === 0 && out === '') return piece
    if (run < piece.length) out += piece.slice(run)
    return out
  }

  // The SGR just read made visible (see visibleSgrParameters), or undefined when it hides nothing.
  private visibleSgr(piece: string): string | undefined {
    const tokens = this.tokens
    const parameters = tokens.continued
      ? (this.held + piece.slice(0, tokens.to)).slice(2, -1)
      : piece.slice(tokens.parametersFrom, tokens.to - 1)
    const shown = this.sgr.next(parameters)
    return shown === undefined ? undefined : shown === '' ? '' : `\u001b[${shown}m`
  }

  // Of the complete 7-bit sequences with no intermediate: DECSC and DECRC, and the CSIs `isKeptControlSequence` names.
  private isKept(piece: string): boolean {
    const tokens = this.tokens
    if (tokens.form === ESCAPE_SEQUENCE) return tokens.final === 0x37 /* 7 */ || tokens.final === 0x38 /* 8 */
    if (tokens.form !== CONTROL_SEQUENCE) return false
    if (!tokens.continued) return isKeptControlSequence(piece, tokens.parametersFrom, tokens.to - 1, tokens.final)
    const sequence = this.held + piece.slice(0, tokens.to)
    return isKeptControlSequence(sequence, 2, sequence.length - 1, tokens.final)
  }
}
