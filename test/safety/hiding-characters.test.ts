import { describe, expect, it } from 'vitest'
import { HIDING_CHARACTERS, hidesCharacter } from '../../src/safety/hiding-characters.js'
import { holdsInvisible, visibleFormatCharacters, visibleLength, visibleText } from '../../src/safety/visible-text.js'

const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0')

describe('the table of characters that hide', () => {
  it('is sorted, its ranges apart', () => {
    for (let index = 1; index < HIDING_CHARACTERS.length; index++) {
      const [first, last] = HIDING_CHARACTERS[index]
      expect(first).toBeLessThanOrEqual(last)
      expect(first).toBeGreaterThan(HIDING_CHARACTERS[index - 1][1] + 1)
    }
  })

  it('has every character of every range marked as <U+XXXX>, in text and by the text renderer, and the characters either side kept', () => {
    for (const [first, last] of HIDING_CHARACTERS) {
      for (let code = first; code <= last; code++) {
        const char = String.fromCodePoint(code)
        expect(hidesCharacter(code)).toBe(true)
        expect(visibleText(`a${char}b`)).toBe(`a<U+${hex(code)}>b`)
        expect(visibleFormatCharacters(`a${char}b`)).toBe(`a<U+${hex(code)}>b`)
        expect(visibleLength(`a${char}b`)).toBe(`a<U+${hex(code)}>b`.length)
        expect(holdsInvisible(char)).toBe(true)
      }
      for (const code of [first - 1, last + 1]) {
        if (hidesCharacter(code) || code < 0xa0 || (code >= 0xd800 && code <= 0xdfff)) continue
        const char = String.fromCodePoint(code)
        expect(visibleText(`a${char}b`)).toBe(`a${char}b`)
      }
    }
  })

  it('holds the characters of issue 28: variation selectors, tags, Hangul fillers, invisible format characters', () => {
    const named = [0xfe00, 0xfe0f, 0xe0100, 0xe01ef, 0xe0000, 0xe007f, 0x115f, 0x1160, 0x3164, 0xffa0, 0x180e, 0x2060, 0x2064]
    for (const code of [...named, 0x206a, 0x206f, 0xfeff, 0x00ad, 0x034f, 0x061c, 0x17b4, 0x17b5]) expect(hidesCharacter(code)).toBe(true)
    for (const code of [0x20, 0x41, 0xa0, 0xfe10, 0x1f600, 0xe1000, 0x180a, 0x1bca4, 0x1d17b]) expect(hidesCharacter(code)).toBe(false)
  })

  it('holds the default-ignorable gaps round 3 found: Mongolian selectors, U+2065, U+FFF0–U+FFF8, plane 14, shorthand and musical format controls', () => {
    const gaps = [
      0x180b, 0x180c, 0x180d, 0x180f, 0x2065, 0xfff0, 0xfff8, 0xe0080, 0xe00ff, 0xe01f0, 0xe0fff, 0x1bca0, 0x1bca3, 0x1d173, 0x1d17a,
    ]
    for (const code of gaps) {
      expect(hidesCharacter(code)).toBe(true)
      expect(visibleText(`a${String.fromCodePoint(code)}b`)).toBe(`a<U+${hex(code)}>b`)
    }
  })
})
