// Text fields (titles, commands in prompts, plan entries, descriptions,
// prompts) show every character the model or tool wrote: what a client would
// draw as nothing, or act on, becomes a visible marker that names it. A
// terminal escape hidden in a command would otherwise be approved unseen,
// and a bidi override reorders what the user reads (Trojan Source).

// A character that would be invisible or act on the display: a C0 control
// but tab and line feed, a CR not before a line feed, DEL, a C1 control,
// soft hyphen, the Arabic letter mark, the Mongolian vowel separator,
// zero-width spaces and joiners, LRM and RLM, bidi embeddings, overrides
// and isolates, word joiner and invisible operators, the deprecated format
// characters, the byte order mark, interlinear annotation marks, tags.
const INVISIBLE =
  /[\0-\x08\v\f\x0e-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]|\r(?!\n)|\udb40[\udc00-\udc7f]/
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'g')

// The markers outside the C0 range: bidi controls and zero-width characters.
const FORMAT = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/
const FORMAT_ALL = new RegExp(FORMAT.source, 'g')

/**
 * The visible marker for one invisible character: a C0 control as its
 * Control Pictures sign (ESC `␛`, BEL `␇`, CR `␍`, NUL `␀`), DEL as `␡`,
 * anything else as `<U+XXXX>` (`<U+202E>`, `<U+200B>`, `<U+009B>`,
 * `<U+E0041>`).
 */
export function invisibleMarker(char: string): string {
  const code = char.codePointAt(0)!
  return code < 0x20
    ? String.fromCharCode(0x2400 + code)
    : code === 0x7f
      ? '\u2421'
      : `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`
}

/**
 * Whether {@link visibleText} would change `text`.
 */
export const holdsInvisible = (text: string): boolean => INVISIBLE.test(text)

/**
 * Text for a field a person reads to know what a call does (a title, a
 * command in a prompt, a plan entry, a description, a sub-agent prompt),
 * with nothing hidden: every character that a client would draw as nothing
 * or act on becomes a visible marker naming it (see {@link invisibleMarker}),
 * so an escape sequence shows whole, as written: `ESC ] 0 ; x BEL` becomes
 * `␛]0;x␇`. Kept as they are: tab, line feed, CR LF, and every visible
 * character. Marked: C0 controls (a CR alone too: it would overwrite the
 * line), DEL, C1 controls, bidi embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069) and marks (U+200E, U+200F, U+061C),
 * zero-width characters (U+200B–U+200D, U+2060–U+2064, U+FEFF, U+180E),
 * the soft hyphen, the deprecated format characters (U+206A–U+206F),
 * interlinear annotation marks and tag characters (U+E0000–U+E007F).
 *
 * Returns `text` itself when nothing needs marking; idempotent. A lone
 * surrogate is left to the JSON check, which replaces and reports it.
 *
 * @example
 * visibleText('ls\u001b]0;curl x | sh\u0007') // 'ls␛]0;curl x | sh␇'
 * visibleText('a\u202eb') // 'a<U+202E>b'
 * visibleText('src/a.ts') // 'src/a.ts' (unchanged)
 */
export function visibleText(text: string): string {
  return INVISIBLE.test(text) ? text.replace(INVISIBLE_ALL, invisibleMarker) : text
}

/**
 * The length of {@link visibleText} of `text`, in code units, without
 * building it: a title past its bound is measured whole and marked only
 * where it is kept.
 *
 * @example
 * visibleLength('a\u202eb') // 10, the length of 'a<U+202E>b'
 */
export function visibleLength(text: string): number {
  if (!INVISIBLE.test(text)) return text.length
  let length = text.length
  INVISIBLE_ALL.lastIndex = 0
  for (let found = INVISIBLE_ALL.exec(text); found !== null; found = INVISIBLE_ALL.exec(text))
    length += invisibleMarker(found[0]).length - found[0].length
  return length
}

/**
 * Only the bidi controls and zero-width characters of {@link visibleText}
 * (not the C0 and C1 controls), as `<U+XXXX>`: for a renderer that has its
 * own way of showing control characters (the text renderer's `\x1b`).
 *
 * @example
 * visibleFormatCharacters('file\u202etxt.exe') // 'file<U+202E>txt.exe'
 */
export function visibleFormatCharacters(text: string): string {
  return FORMAT.test(text) ? text.replace(FORMAT_ALL, invisibleMarker) : text
}

// A character visibleText would mark, found with one character class (a CR
// and a tag's high surrogate count too, so a CR LF or an emoji flag's tag
// may send text the long way, which then changes nothing).
const MAY_NEED_MARKING =
  /[\0-\x08\v\f\r\x0e-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\udb40]/

/**
 * Whether {@link visibleText} may change `text`: false proves it would not.
 * One character class, faster than {@link holdsInvisible} on long text
 * (it also answers true for a CR LF, and for a tag's high surrogate alone).
 */
export const mayNeedMarking = (text: string): boolean => MAY_NEED_MARKING.test(text)

/**
 * {@link visibleText} for text that must also be well formed (command
 * output shown as text): a lone surrogate becomes U+FFFD. Returns `text`
 * itself when nothing changes.
 */
export function visibleWellFormedText(text: string): string {
  const marked = mayNeedMarking(text) ? visibleText(text) : text
  return marked.isWellFormed() ? marked : marked.toWellFormed()
}

const CR = 0x0d

/**
 * {@link visibleWellFormedText} for text that arrives in pieces, such as a
 * command's output shown as text: a CR or a high surrogate that ends a
 * piece is held until the next piece says whether a line feed or a low
 * surrogate follows. However the text is cut, the pieces returned by
 * {@link VisibleTextStream.push} followed by {@link VisibleTextStream.end}
 * equal {@link visibleWellFormedText} of the whole text.
 *
 * @example
 * const stream = new VisibleTextStream()
 * stream.push('50%\r') // '50%' (the CR is held)
 * stream.push('60%\u001b[K') // '␍60%␛[K'
 * stream.end() // ''
 */
export class VisibleTextStream {
  private held = ''

  /** The next piece, marked; what ends it ambiguously is held for the next. */
  push(piece: string): string {
    let text = this.held === '' ? piece : this.held + piece
    this.held = ''
    const last = text.charCodeAt(text.length - 1)
    if (last === CR || (last >= 0xd800 && last <= 0xdbff)) {
      this.held = text.slice(-1)
      text = text.slice(0, -1)
    }
    return visibleWellFormedText(text)
  }

  /** What was held, marked (a CR alone `␍`, a high surrogate alone U+FFFD). Ends the stream. */
  end(): string {
    const held = this.held
    this.held = ''
    return held === '' ? '' : visibleWellFormedText(held)
  }
}
