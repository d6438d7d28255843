// Text as HTML with nothing hidden: every character a browser would draw as
// nothing, reorder the line with, or act on becomes a badge naming it
// (`<span class="tri-marker">ESC</span>`, `U+202E`), and so does every
// Control Pictures sign the wire already put in its place (`␛`, `␇`): no font
// on a stock Debian has those, and Chromium draws them all as the same box.
import { hidesCharacter, hidingCodeUnitClass } from '../safety/hiding-characters.js'
import { escapeHtml } from './escape.js'

// The names of the C0 controls, by code.
const C0 = [
  'NUL',
  'SOH',
  'STX',
  'ETX',
  'EOT',
  'ENQ',
  'ACK',
  'BEL',
  'BS',
  'HT',
  'LF',
  'VT',
  'FF',
  'CR',
  'SO',
  'SI',
  'DLE',
  'DC1',
  'DC2',
  'DC3',
  'DC4',
  'NAK',
  'SYN',
  'ETB',
  'CAN',
  'EM',
  'SUB',
  'ESC',
  'FS',
  'GS',
  'RS',
  'US',
]

/** The badge for one named character. */
const badge = (name: string) => `<span class="tri-marker">${name}</span>`

const codePointName = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`

// A code unit that may start something to mark: C0 and C1 controls, DEL,
// Control Pictures, surrogates (a lone one, or the high half of a hiding
// character past the Basic Multilingual Plane), and every code unit of the
// one table of hiding characters (hiding-characters.ts), so the page marks
// what the wire and the text renderer mark.
const MAY_MARK = new RegExp(`[\\0-\\x08\\v-\\x1f\\x7f-\\x9f\\u2400-\\u2421\\ud800-\\udfff${hidingCodeUnitClass()}]`)

// The same test, one code unit at a time.
const mayMark = (code: number) =>
  code < 0x20 ||
  (code >= 0x7f && code <= 0x9f) ||
  (code >= 0x2400 && code <= 0x2421) ||
  (code >= 0xd800 && code <= 0xdfff) ||
  hidesCharacter(code)

/**
 * `text` as HTML element content: escaped, with each invisible or acting
 * character (every one `visibleText` marks: C0 and C1 controls but tab and
 * line feed, a CR not before a line feed, DEL, bidi controls, zero-width
 * characters, tags…) and each Control Pictures sign as a badge naming it
 * (`ESC`, `BEL`, `CR`, `DEL`, `U+202E`). A CR LF is a line end (`\n`); a lone
 * surrogate becomes U+FFFD.
 *
 * @example
 * markedHtml('a\u202eb') // 'a<span class="tri-marker">U+202E</span>b'
 */
export function markedHtml(text: string): string {
  if (!MAY_MARK.test(text)) return escapeHtml(text)
  let html = ''
  let from = 0
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if ((code >= 0x20 && code < 0x7f) || !mayMark(code)) continue
    let width = 1
    let marker: string | undefined
    if (code === 0x0d) marker = text.charCodeAt(at + 1) === 0x0a ? '' : 'CR'
    else if (code < 0x20) marker = code === 0x09 || code === 0x0a ? undefined : C0[code]
    else if (code === 0x7f) marker = 'DEL'
    else if (code <= 0x9f) marker = codePointName(code)
    else if (code >= 0x2400 && code <= 0x241f) marker = C0[code - 0x2400]
    else if (code === 0x2421) marker = 'DEL'
    else if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(at + 1)
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        width = 2
        // A tag character or a variation selector past the Basic
        // Multilingual Plane draws as nothing.
        const point = text.codePointAt(at)!
        if (hidesCharacter(point)) marker = codePointName(point)
        else {
          at++
          continue
        }
      } else marker = '\ufffd'
    } else if (hidesCharacter(code)) marker = codePointName(code)
    if (marker === undefined) continue
    html += escapeHtml(text.slice(from, at)) + (marker === '' || marker === '\ufffd' ? marker : badge(marker))
    at += width - 1
    from = at + 1
  }
  return html + escapeHtml(text.slice(from))
}
