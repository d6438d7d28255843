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
  if (code < 0x20) return String.fromCharCode(0x2400 + code)
  if (code === 0x7f) return '\u2421'
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`
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
