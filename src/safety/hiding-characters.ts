// The one table of characters that hide: past the C0 and C1 controls and
// DEL, the format characters a client draws as nothing, or that reorder or
// restyle what is read. `visibleText` marks each as `<U+XXXX>`; the text
// renderer's `visibleFormatCharacters` marks the same set.

/**
 * The characters that hide, as inclusive code point ranges, sorted:
 * the soft hyphen, the combining grapheme joiner, the Arabic letter mark,
 * the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the Khmer inherent
 * vowels (U+17B4, U+17B5), the Mongolian free variation selectors and vowel
 * separator (U+180B–U+180F), zero-width spaces and joiners, LRM and RLM,
 * bidi embeddings, overrides and isolates, the word joiner, invisible
 * operators and the reserved U+2065 (U+2060–U+206F), the deprecated format
 * characters, the variation selectors (U+FE00–U+FE0F, U+E0100–U+E01EF),
 * the byte order mark, the reserved U+FFF0–U+FFF8 and the interlinear
 * annotation marks (U+FFF9–U+FFFB), the shorthand format controls
 * (U+1BCA0–U+1BCA3), the musical symbol format controls (U+1D173–U+1D17A),
 * and the tag characters with the rest of plane 14's default-ignorable
 * block (U+E0000–U+E0FFF).
 */
export const HIDING_CHARACTERS: readonly (readonly [number, number])[] = Object.freeze([
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfffb],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
] as const)

/**
 * Whether the code point `code` is one of {@link HIDING_CHARACTERS}.
 *
 * @example
 * hidesCharacter(0x202e) // true
 * hidesCharacter(0x61) // false
 */
export function hidesCharacter(code: number): boolean {
  for (const [first, last] of HIDING_CHARACTERS) {
    if (code < first) return false
    if (code <= last) return true
  }
  return false
}

const unit = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`

/**
 * @internal The source of a character class that matches every code unit
 * that may start a hiding character: each one in the Basic Multilingual
 * Plane, and the high surrogate of each one past it (a pair then needs its
 * low surrogate checked).
 */
export function hidingCodeUnitClass(): string {
  let source = ''
  const highs = new Set<number>()
  for (const [first, last] of HIDING_CHARACTERS) {
    if (last < 0x10000) source += first === last ? unit(first) : `${unit(first)}-${unit(last)}`
    else for (let code = first; code <= last; code += 0x400 - ((code - 0x10000) & 0x3ff)) highs.add(0xd800 + ((code - 0x10000) >> 10))
  }
  for (const high of highs) source += unit(high)
  return source
}
