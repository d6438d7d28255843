import { describe, expect, it } from 'vitest'
import { MAX_CONTROL_STRING_LENGTH, terminalSafeText, visibleControls } from '../../src/text/control-chars.js'

const plain = (text: string) => terminalSafeText(text, { color: false })
const colored = (text: string) => terminalSafeText(text, { color: true })

describe('with colour off, escape sequences are removed', () => {
  it('removes SGR colour sequences', () => {
    expect(plain('\u001b[31mred\u001b[0m')).toBe('red')
    expect(plain('\u001b[1;38;5;196mbold\u001b[22m \u001b[38:2::255:0:0mtrue\u001b[m')).toBe('bold true')
  })

  it('removes other CSI sequences: cursor moves, screen clears, private modes', () => {
    expect(plain('a\u001b[2Jb\u001b[10;20Hc\u001b[?25ld\u001b[?1049he\u001b[1 qf')).toBe('abcdef')
  })

  it('removes an OSC sequence ended by BEL or by ST', () => {
    expect(plain('a\u001b]0;window title\u0007b')).toBe('ab')
    expect(plain('a\u001b]8;;https://example.com\u001b\\link\u001b]8;;\u001b\\b')).toBe('alinkb')
  })

  it('removes DCS, SOS, PM and APC strings, which only ST ends', () => {
    expect(plain('a\u001bPq#0;2;0;0;0\u001b\\b')).toBe('ab')
    expect(plain('a\u001bXsos\u001b\\b\u001b^pm\u001b\\c\u001b_apc\u001b\\d')).toBe('abcd')
    // BEL does not end a DCS: the BEL inside is part of the string.
    expect(plain('a\u001bPx\u0007y\u001b\\b')).toBe('ab')
  })

  it('removes two- and three-byte ESC sequences and a stray ST', () => {
    expect(plain('a\u001b7b\u001b8c\u001b(Bd\u001b=e\u001b\\f\u001bcg')).toBe('abcdefg')
  })

  it('removes 8-bit C1 sequences: CSI U+009B and OSC U+009D ended by U+009C', () => {
    expect(plain('a\u009b31mred\u009b0m')).toBe('ared')
    expect(plain('a\u009d0;title\u009cb')).toBe('ab')
  })

  it('makes an incomplete sequence visible instead of swallowing the text after it', () => {
    expect(plain('a\u001b[31')).toBe('a\\x1b[31')
    expect(plain('a\u001b]0;title never ends')).toBe('a\\x1b]0;title never ends')
    expect(plain('a\u001bPdcs never ends')).toBe('a\\x1bPdcs never ends')
    expect(plain('end\u001b')).toBe('end\\x1b')
  })

  it('makes a malformed CSI visible: a control character inside it ends nothing', () => {
    expect(plain('\u001b[3\u0007m')).toBe('\\x1b[3\\x07m')
  })
})

describe('with colour on, only SGR sequences pass through', () => {
  it('keeps SGR colour sequences byte for byte', () => {
    const text = '\u001b[31mred\u001b[0m \u001b[1;38;5;196mx\u001b[m \u001b[38:2::255:0:0my\u001b[39m'
    expect(colored(text)).toBe(text)
  })

  it('makes every other CSI sequence visible', () => {
    expect(colored('\u001b[2Jclear')).toBe('\\x1b[2Jclear')
    expect(colored('\u001b[?25l')).toBe('\\x1b[?25l')
    // Private parameters or intermediates make it something other than SGR.
    expect(colored('\u001b[>4;2m')).toBe('\\x1b[>4;2m')
    expect(colored('\u001b[1 m')).toBe('\\x1b[1 m')
  })

  it('makes OSC, DCS and two-byte ESC sequences visible', () => {
    expect(colored('\u001b]0;title\u0007x')).toBe('\\x1b]0;title\\x07x')
    expect(colored('\u001b]8;;u\u001b\\l')).toBe('\\x1b]8;;u\\x1b\\l')
    expect(colored('\u001b7')).toBe('\\x1b7')
  })

  it('makes the 8-bit CSI visible even when it spells SGR', () => {
    expect(colored('\u009b31mred')).toBe('\\x9b31mred')
  })
})

describe('other control characters become visible \\xHH escapes in both modes', () => {
  for (const [name, render] of [
    ['colour off', plain],
    ['colour on', colored],
  ] as const) {
    it(`keeps newline and tab and escapes the rest (${name})`, () => {
      expect(render('a\tb\nc')).toBe('a\tb\nc')
      expect(render('\u0007')).toBe('\\x07')
      expect(render('\u0000\u0001\u0008\u000b\u000c\u001f')).toBe('\\x00\\x01\\x08\\x0b\\x0c\\x1f')
      expect(render('\u007f')).toBe('\\x7f')
      expect(render('\u0080\u0085\u009c')).toBe('\\x80\\x85\\x9c')
    })

    it(`turns a CR LF line ending into a newline and shows a lone CR as \\r (${name})`, () => {
      expect(render('a\r\nb\r\n')).toBe('a\nb\n')
      expect(render('10%\r50%\r100%')).toBe('10%\\r50%\\r100%')
      expect(render('a\r\r\nb\r')).toBe('a\\r\nb\\r')
    })
  }

  it('leaves printable non-ASCII text alone', () => {
    expect(plain('héllo ✓ 日本 🎉 \u00a0')).toBe('héllo ✓ 日本 🎉 \u00a0')
  })

  it('returns text without control characters unchanged', () => {
    const text = 'nothing to do here'
    expect(plain(text)).toBe(text)
  })
})

describe('view fields make every control character visible', () => {
  it('neither strips nor passes through escape sequences', () => {
    expect(visibleControls('\u001b[31mred\u001b[0m')).toBe('\\x1b[31mred\\x1b[0m')
    expect(visibleControls('a\r\nb\tc\u009b')).toBe('a\nb\tc\\x9b')
  })
})

describe('the control-character scan is linear', () => {
  it('handles many unterminated OSC introducers without rescanning', () => {
    const text = '\u001b]'.repeat(100_000)
    expect(plain(text)).toBe('\\x1b]'.repeat(100_000))
  })

  it('handles many unterminated DCS introducers and long CSI parameter runs', () => {
    expect(plain('\u001bP'.repeat(50_000))).toBe('\\x1bP'.repeat(50_000))
    expect(plain(`\u001b[${'1;'.repeat(50_000)}`)).toBe(`\\x1b[${'1;'.repeat(50_000)}`)
  })
})

describe('with colour off, a control string never swallows a line', () => {
  it('leaves an OSC string cut by a line feed visible, and every line after it', () => {
    expect(plain('ok\n\u001b]0;\nHIDDEN\n\u0007done')).toBe('ok\n\\x1b]0;\nHIDDEN\n\\x07done')
  })

  it('treats a DCS, SOS, PM or APC string with a line feed before its ST as incomplete', () => {
    // The ST left on its own is a stray two-byte ESC sequence, removed as before.
    expect(plain('a\u001bPq\nb\u001b\\c')).toBe('a\\x1bPq\nbc')
    expect(plain('a\u001b_apc\nb\u001b\\')).toBe('a\\x1b_apc\nb')
    expect(plain('a\u009d0;t\nb\u009c')).toBe('a\\x9d0;t\nb\\x9c')
  })

  it('still removes a complete string on the line after an incomplete one', () => {
    expect(plain('\u001b]0;a\nb\u001b]0;t\u0007c')).toBe('\\x1b]0;a\nbc')
  })

  it('keeps the line feed of a CR LF that ends an unterminated string', () => {
    expect(plain('\u001b]0;a\r\nb\u0007')).toBe('\\x1b]0;a\nb\\x07')
  })
})

describe('with colour off, a control string longer than the bound is not removed', () => {
  it('removes a string whose body is exactly the bound', () => {
    const body = 'x'.repeat(MAX_CONTROL_STRING_LENGTH)
    expect(plain(`a\u001b]8;;${body.slice(4)}\u0007b`)).toBe('ab')
    expect(plain(`a\u001bP${body}\u001b\\b`)).toBe('ab')
  })

  it('leaves a string one code unit longer visible, its text kept', () => {
    const body = 'x'.repeat(MAX_CONTROL_STRING_LENGTH + 1)
    expect(plain(`a\u001b]${body}\u0007b`)).toBe(`a\\x1b]${body}\\x07b`)
    expect(plain(`a\u001bP${body}\u001b\\b`)).toBe(`a\\x1bP${body}b`)
  })

  it('bounds the string at 4096 code units', () => {
    expect(MAX_CONTROL_STRING_LENGTH).toBe(4096)
  })
})

describe('a lone surrogate becomes U+FFFD in every mode', () => {
  for (const [name, render] of [
    ['colour off', plain],
    ['colour on', colored],
    ['view fields', visibleControls],
  ] as const) {
    it(`replaces a lone high or low surrogate and keeps a pair (${name})`, () => {
      expect(render('\ud83d')).toBe('\ufffd')
      expect(render('a\ud83db')).toBe('a\ufffdb')
      expect(render('a\ude00b')).toBe('a\ufffdb')
      expect(render('\ude00\ud83d')).toBe('\ufffd\ufffd')
      expect(render('\ud83d\ud83d\ude00')).toBe('\ufffd\ud83d\ude00')
      expect(render('ok \ud83d\ude00')).toBe('ok \ud83d\ude00')
    })
  }

  it('judges a surrogate by its neighbours in the input, not after an escape is removed', () => {
    expect(plain('\ud83d\u001b[0m\ude00')).toBe('\ufffd\ufffd')
  })
})

describe('rewriting many control characters is linear in time and memory', () => {
  it('escapes five million control characters', () => {
    expect(plain('\u0007'.repeat(5_000_000))).toBe('\\x07'.repeat(5_000_000))
    expect(visibleControls('a\u0001'.repeat(2_000_000))).toBe('a\\x01'.repeat(2_000_000))
  }, 20_000)

  it('keeps a million SGR sequences with colour on and removes them with colour off', () => {
    const text = '\u001b[31mr'.repeat(1_000_000)
    expect(colored(text)).toBe(text)
    expect(plain(text)).toBe('r'.repeat(1_000_000))
  }, 20_000)

  it('handles many unterminated OSC introducers, one per line', () => {
    expect(plain('\u001b]0;x\n'.repeat(200_000))).toBe('\\x1b]0;x\n'.repeat(200_000))
  }, 20_000)
})

describe('escapes are read with the ACP sanitiser grammar', () => {
  it('shows a control string that a CAN, SUB, C1 control or an ESC other than ST cuts short', () => {
    expect(plain('a\u001b]0;t\u0018x\u0007b')).toBe('a\\x1b]0;t\\x18x\\x07b')
    expect(plain('a\u001bPq\u001ax\u001b\\b')).toBe('a\\x1bPq\\x1axb')
    expect(plain('a\u001b]0;t\u0085x\u0007b')).toBe('a\\x1b]0;t\\x85x\\x07b')
    // The ESC starts a sequence of its own, removed with colour off and passed through with colour on.
    expect(plain('a\u001b]0;t\u001b[31mx\u0007b')).toBe('a\\x1b]0;tx\\x07b')
    expect(colored('a\u001b]0;t\u001b[31mx\u0007b')).toBe('a\\x1b]0;t\u001b[31mx\\x07b')
  })

  it('shows a CSI with more than 256 parameter bytes', () => {
    const parameters = '1'.repeat(257)
    expect(plain(`a\u001b[${parameters}mb`)).toBe(`a\\x1b[${parameters}mb`)
    expect(colored(`a\u001b[${parameters}mb`)).toBe(`a\\x1b[${parameters}mb`)
    expect(colored(`\u001b[${'1'.repeat(256)}m`)).toBe(`\u001b[${'1'.repeat(256)}m`)
  })

  it('shows a CSI whose parameter bytes come after an intermediate byte', () => {
    expect(plain('a\u001b[1 2mb')).toBe('a\\x1b[1 2mb')
  })
})
