import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BROKEN,
  CONTROL,
  CONTROL_SEQUENCE,
  CONTROL_STRING,
  END,
  ESCAPE_SEQUENCE,
  EscapeTokenizer,
  HELD_HIGH,
  holdsOnlyEscapes,
  LONE_SURROGATE,
  MAX_CONTROL_SEQUENCE_LENGTH,
  MAX_CONTROL_STRING_LENGTH,
  PENDING,
  SEQUENCE,
  SPLIT_PAIR,
  type TokenKind,
} from '../../src/safety/escape-tokenizer.js'
import { propertyRuns } from '../property-runs.js'

const NAMES: Record<TokenKind, string> = {
  [CONTROL]: 'control',
  [LONE_SURROGATE]: 'lone',
  [SPLIT_PAIR]: 'pair',
  [HELD_HIGH]: 'held',
  [SEQUENCE]: 'sequence',
  [BROKEN]: 'broken',
  [PENDING]: 'pending',
  [END]: 'end',
}

/** Each token of each piece as `kind raw`, with the text between tokens as `text raw`. */
function tokens(pieces: readonly string[], escapesOnly = false): string[] {
  const tokenizer = new EscapeTokenizer()
  const out: string[] = []
  for (const piece of pieces) {
    tokenizer.read(piece, escapesOnly)
    let textFrom = 0
    for (;;) {
      const kind = tokenizer.next()
      const from = kind === END ? piece.length : tokenizer.from
      if (from > textFrom) out.push(`text ${JSON.stringify(piece.slice(textFrom, from))}`)
      if (kind === END) break
      out.push(
        `${NAMES[kind]} ${JSON.stringify(piece.slice(tokenizer.from, tokenizer.to))}${tokenizer.continued && (kind === SEQUENCE || kind === BROKEN || kind === PENDING) ? ' continued' : ''}`,
      )
      textFrom = tokenizer.to
    }
  }
  return out
}

/** The fields of the one complete sequence in `text`. */
function sequence(text: string) {
  const tokenizer = new EscapeTokenizer()
  tokenizer.read(text)
  expect(tokenizer.next()).toBe(SEQUENCE)
  const { form, eightBit, intermediate, final, from, to } = tokenizer
  const parameters = form === CONTROL_SEQUENCE ? text.slice(tokenizer.parametersFrom, to - 1) : undefined
  expect(tokenizer.next()).toBe(END)
  return { form, eightBit, intermediate, final: String.fromCharCode(final), from, to, parameters }
}

describe('text is split into controls and sequences, with ground text between them', () => {
  it('reads printable text, newline, carriage return, tab and surrogate pairs as ground text, no token', () => {
    expect(tokens(['ok\r\n\tdone 🎉 日本'])).toEqual(['text "ok\\r\\n\\tdone 🎉 日本"'])
  })

  it('reads every other C0 control, DEL and a C1 control that introduces nothing as a control token of its own', () => {
    expect(tokens(['a\u0007\u0008b\u007f\u0085\u009c'])).toEqual([
      'text "a"',
      'control "\\u0007"',
      'control "\\b"',
      'text "b"',
      'control "\u007f"',
      'control "\u0085"',
      'control "\u009c"',
    ])
  })

  it('reads a lone surrogate as a token of its own', () => {
    expect(tokens(['a\ud83db\ude00'])).toEqual(['text "a"', 'lone "\\ud83d"', 'text "b"', 'lone "\\ude00"'])
  })
})

describe('a complete sequence is one token with its form, parameters and final byte', () => {
  it('reads a CSI with its parameter bytes', () => {
    expect(sequence('\u001b[1;31m')).toEqual({
      form: CONTROL_SEQUENCE,
      eightBit: false,
      intermediate: false,
      final: 'm',
      from: 0,
      to: 7,
      parameters: '1;31',
    })
    expect(sequence('\u001b[?25l')).toMatchObject({ parameters: '?25', final: 'l' })
  })

  it('notes an intermediate byte and the 8-bit introducer', () => {
    expect(sequence('\u001b[1 q')).toMatchObject({ form: CONTROL_SEQUENCE, intermediate: true, final: 'q', parameters: '1 ' })
    expect(sequence('\u009b31m')).toMatchObject({ form: CONTROL_SEQUENCE, eightBit: true, parameters: '31', final: 'm' })
  })

  it('reads escape sequences with and without intermediates', () => {
    expect(sequence('\u001b7')).toMatchObject({ form: ESCAPE_SEQUENCE, intermediate: false, final: '7' })
    expect(sequence('\u001b(B')).toMatchObject({ form: ESCAPE_SEQUENCE, intermediate: true, final: 'B' })
    // With an intermediate, `[` is a final byte, not a CSI.
    expect(sequence('\u001b([')).toMatchObject({ form: ESCAPE_SEQUENCE, final: '[' })
  })

  it('ends an OSC at BEL or U+009C, included, and every control string at ESC, not included', () => {
    expect(sequence('\u001b]0;title\u0007')).toMatchObject({ form: CONTROL_STRING, final: '\u0007', to: 10 })
    expect(sequence('\u009d0;title\u009c')).toMatchObject({ form: CONTROL_STRING, eightBit: true, final: '\u009c' })
    expect(tokens(['\u001b]8;;u\u001b\\x'])).toEqual(['sequence "\\u001b]8;;u"', 'sequence "\\u001b\\\\"', 'text "x"'])
  })

  it('reads BEL inside a DCS, SOS, PM or APC string as part of its body', () => {
    expect(tokens(['\u001bPx\u0007y\u009cz'])).toEqual(['sequence "\\u001bPx\\u0007y\u009c"', 'text "z"'])
    for (const introducer of ['\u001bX', '\u001b^', '\u001b_', '\u0090', '\u0098', '\u009e', '\u009f']) {
      expect(tokens([`${introducer}\u0007\u009c`])).toHaveLength(1)
    }
  })
})

describe('a sequence that cannot complete is broken, and the character that broke it is read again', () => {
  it('breaks an escape sequence or CSI at a character that cannot belong to it', () => {
    expect(tokens(['\u001b[3\u0007m'])).toEqual(['broken "\\u001b[3"', 'control "\\u0007"', 'text "m"'])
    expect(tokens(['\u001bé'])).toEqual(['broken "\\u001b"', 'text "é"'])
    expect(tokens(['\u001b\u001b[m'])).toEqual(['broken "\\u001b"', 'sequence "\\u001b[m"'])
  })

  it('breaks a control string at a line feed, CAN, SUB or another C1 control', () => {
    expect(tokens(['\u001b]0;a\nb'])).toEqual(['broken "\\u001b]0;a"', 'text "\\nb"'])
    expect(tokens(['\u001bPq\u0018'])).toEqual(['broken "\\u001bPq"', 'control "\\u0018"'])
    expect(tokens(['\u001b_a\u001a'])).toEqual(['broken "\\u001b_a"', 'control "\\u001a"'])
    expect(tokens(['\u001b]a\u009b1m'])).toEqual(['broken "\\u001b]a"', 'sequence "\u009b1m"'])
  })

  it(`breaks a CSI or escape sequence at parameter or intermediate byte ${MAX_CONTROL_SEQUENCE_LENGTH + 1}`, () => {
    const parameters = '1'.repeat(MAX_CONTROL_SEQUENCE_LENGTH)
    expect(tokens([`\u001b[${parameters}m`])).toHaveLength(1)
    expect(tokens([`\u001b[${parameters}1m`])).toEqual([`broken "\\u001b[${parameters}"`, 'text "1m"'])
    const intermediates = ' '.repeat(MAX_CONTROL_SEQUENCE_LENGTH)
    expect(tokens([`\u001b${intermediates}B`])).toHaveLength(1)
    expect(tokens([`\u001b${intermediates} B`])).toEqual([`broken "\\u001b${intermediates}"`, 'text " B"'])
  })

  it(`breaks a control string at body code unit ${MAX_CONTROL_STRING_LENGTH + 1}`, () => {
    const body = 'x'.repeat(MAX_CONTROL_STRING_LENGTH)
    expect(tokens([`\u001b]${body}\u0007`])).toHaveLength(1)
    expect(tokens([`\u001b]${body}y\u0007`])).toEqual([`broken "\\u001b]${body}"`, 'text "y"', 'control "\\u0007"'])
  })
})

describe('state carries from one piece to the next', () => {
  it('reports a sequence cut by the end of a piece as pending, and goes on with it in the next piece', () => {
    expect(tokens(['a\u001b[3', '1', 'mb'])).toEqual([
      'text "a"',
      'pending "\\u001b[3"',
      'pending "1" continued',
      'sequence "m" continued',
      'text "b"',
    ])
    expect(tokens(['\u001b]0;t', 'itle\u0007x'])).toEqual(['pending "\\u001b]0;t"', 'sequence "itle\\u0007" continued', 'text "x"'])
  })

  it('holds a high surrogate that ends a piece until the next piece tells whether it is a pair', () => {
    expect(tokens(['a\ud83d', '\ude00b'])).toEqual(['text "a"', 'held "\\ud83d"', 'pair "\\ude00"', 'text "b"'])
    expect(tokens(['a\ud83d', 'b'])).toEqual(['text "a"', 'held "\\ud83d"', 'lone ""', 'text "b"'])
    expect(tokens(['\ud83d', '', '\ude00'])).toEqual(['held "\\ud83d"', 'pair "\\ude00"'])
  })

  it('ends the same sequences, controls and lone surrogates at the same places however the text is cut', () => {
    const alphabet = fc.constantFrom(
      '\u001b',
      '[',
      ']',
      'P',
      '\\',
      '\u0007',
      '\n',
      '1',
      ';',
      '?',
      ' ',
      'm',
      'x',
      '\u009b',
      '\u009c',
      '\ud83d',
      '\ude00',
    )
    // Where each token but text ends, in the whole text: text, a pending sequence and a held high surrogate are what cuts split.
    const ends = (pieces: readonly string[]) => {
      const tokenizer = new EscapeTokenizer()
      const found: string[] = []
      let offset = 0
      for (const piece of pieces) {
        tokenizer.read(piece)
        for (let kind = tokenizer.next(); kind !== END; kind = tokenizer.next()) {
          if (kind === SEQUENCE || kind === BROKEN || kind === CONTROL || kind === LONE_SURROGATE)
            found.push(`${NAMES[kind]}@${offset + tokenizer.to}`)
        }
        offset += piece.length
      }
      return found
    }
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), fc.array(fc.nat(40)), (chars, cuts) => {
        const text = chars.join('')
        const at = [...new Set(cuts.map((cut) => Math.min(cut, text.length)))].sort((a, b) => a - b)
        const pieces = [0, ...at].map((from, index) => text.slice(from, at[index] ?? text.length))
        expect(ends(pieces)).toEqual(ends([text]))
      }),
      { numRuns: propertyRuns(2000) },
    )
  })
})

describe('reading again from a position', () => {
  it('leaves the sequence under way and reads on as ground text', () => {
    const tokenizer = new EscapeTokenizer()
    tokenizer.read('\u001b]0;a\u0007b')
    expect(tokenizer.next()).toBe(SEQUENCE)
    tokenizer.restartAt(1)
    // `]0;a` is ground text now.
    expect(tokenizer.next()).toBe(CONTROL)
    expect([tokenizer.from, tokenizer.to]).toEqual([5, 6])
    expect(tokenizer.next()).toBe(END)
  })
})

describe('jumping from one ESC to the next', () => {
  it('is allowed for well-formed text with no control but newline, carriage return, tab and ESC', () => {
    expect(holdsOnlyEscapes('a\u001b[31mb\r\n\t🎉')).toBe(true)
    expect(holdsOnlyEscapes('a\u0007')).toBe(false)
    expect(holdsOnlyEscapes('a\u009b')).toBe(false)
    expect(holdsOnlyEscapes('a\ud83d')).toBe(false)
  })

  it('gives the same tokens as reading every character', () => {
    const alphabet = fc.constantFrom('\u001b', '[', ']', '\\', '1', ';', 'm', 'x', '\n', '\r', ' ', '日', '🎉')
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 60 }), (chars) => {
        const text = chars.join('')
        expect(tokens([text], true)).toEqual(tokens([text]))
      }),
      { numRuns: propertyRuns(2000) },
    )
  })
})
