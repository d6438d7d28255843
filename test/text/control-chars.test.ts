import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { withoutSgr } from '../../src/safety/console-text.js'
import { terminalSafeText, visibleControls } from '../../src/text/control-chars.js'
import { soak } from '../property-runs.js'

const plain = (text: string) => terminalSafeText(text, { color: false })
const colored = (text: string) => terminalSafeText(text, { color: true })

// Text built from escape sequences, controls and arbitrary code units.
const hostileText = fc
  .array(
    fc.oneof(
      fc.constantFrom('\u001b', '\u001b[', '\u001b]', '\u0007', '\u009b', '\u009c', '\r', '\n', 'm', ';', '1'),
      fc.string({ unit: 'binary', maxLength: 4 }),
    ),
    {
      maxLength: 30,
    },
  )
  .map((pieces) => pieces.join(''))

describe('with colour off, SGR is dropped and every other escape sequence is shown as written', () => {
  it('drops SGR colour sequences: text without colour cannot draw them, so they hide nothing', () => {
    expect(plain('\u001b[31mred\u001b[0m')).toBe('red')
    // A CR, an SGR, a LF: the line ending the terminal draws, once the SGR is dropped.
    expect(plain('a\r\u001b[m\nb')).toBe('a\nb')
    expect(plain('\u001b[38:2::255:0:0mtrue\u001b[m')).toBe('true')
    expect(plain('\u001b[1m\u001b[32m✓\u001b[39m\u001b[22m a.test.ts \u001b[2m(3 tests)\u001b[22m')).toBe('✓ a.test.ts (3 tests)')
  })

  it('shows an SGR-like sequence that is not one: private, with an intermediate, 8-bit', () => {
    expect(plain('\u001b[>4;2m\u001b[1 m\u009b31m')).toBe('\\x1b[>4;2m\\x1b[1 m\\x9b31m')
  })

  it('shows other CSI sequences: cursor moves, screen clears, private modes', () => {
    expect(plain('a\u001b[2Jb\u001b[10;20Hc\u001b[?1049hd')).toBe('a\\x1b[2Jb\\x1b[10;20Hc\\x1b[?1049hd')
  })

  it('shows an OSC string whole: its body and its terminator', () => {
    expect(plain('a\u001b]0;window title\u0007b')).toBe('a\\x1b]0;window title\\x07b')
    expect(plain('a\u001b]52;c;cm0gLXJm\u001b\\b')).toBe('a\\x1b]52;c;cm0gLXJm\\x1b\\b')
  })

  it('shows DCS, SOS, PM and APC strings and two-byte ESC sequences', () => {
    expect(plain('a\u001bPq#0\u001b\\b\u001b_apc\u001b\\c\u001b7d')).toBe('a\\x1bPq#0\\x1b\\b\\x1b_apc\\x1b\\c\\x1b7d')
  })

  it('shows 8-bit C1 sequences: CSI U+009B and OSC U+009D ended by U+009C', () => {
    expect(plain('a\u009b31mred')).toBe('a\\x9b31mred')
    expect(plain('a\u009d0;title\u009cb')).toBe('a\\x9d0;title\\x9cb')
  })

  it('shows an incomplete or malformed sequence the same way', () => {
    expect(plain('a\u001b]0;title never ends')).toBe('a\\x1b]0;title never ends')
    expect(plain('end\u001b')).toBe('end\\x1b')
    expect(plain('\u001b[3\u0007m')).toBe('\\x1b[3\\x07m')
  })

  it('is what view fields show once the SGR sequences are dropped, for any text', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        expect(plain(text)).toBe(visibleControls(withoutSgr(text)))
      }),
    )
  })
})

describe('with colour on, only SGR sequences pass through', () => {
  it('keeps SGR colour sequences byte for byte', () => {
    const text = '\u001b[31mred\u001b[0m \u001b[1;38;5;196mx\u001b[m \u001b[38:2::255:0:0my\u001b[39m'
    expect(colored(text)).toBe(text)
  })

  it('never draws text in its own background, whether one sequence or two make the pair', () => {
    expect(colored('\u001b[30;40msecret')).toBe('\u001b[40msecret')
    expect(colored('\u001b[30m\u001b[40msecret')).toBe('\u001b[30m\u001b[40;39msecret')
    expect(colored('\u001b[30m\u001b[0m\u001b[40mshown')).toBe('\u001b[30m\u001b[0m\u001b[40mshown')
  })

  it('never draws text below the 3:1 contrast floor with 256-colour or true-colour values', () => {
    expect(colored('\u001b[38;5;16;48;5;0msecret')).toBe('\u001b[48;5;0msecret')
    expect(colored('\u001b[38;2;0;0;0;40msecret')).toBe('\u001b[40msecret')
    expect(colored('\u001b[38;5;231;48;5;15msecret')).toBe('\u001b[48;5;15msecret')
    expect(colored('\u001b[38;2;10;10;10m\u001b[48;2;12;12;12msecret')).toBe('\u001b[38;2;10;10;10m\u001b[48;2;12;12;12;39msecret')
    expect(colored('\u001b[38;5;231;48;5;16mshown')).toBe('\u001b[38;5;231;48;5;16mshown')
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

  it('judges a surrogate by its neighbours in the input', () => {
    expect(plain('\ud83d\u001b[0m\ude00')).toBe('\ufffd\ufffd')
    expect(plain('\ud83d\u001b[0;?m\ude00')).toBe('\ufffd\\x1b[0;?m\ufffd')
  })
})

// Millions of characters: seconds on two busy cores, so under `npm run test:soak` (CI runs it).
describe.runIf(soak)('rewriting many control characters is linear in time and memory', () => {
  it('escapes millions of control characters', () => {
    const count = 5_000_000
    expect(plain('\u0007'.repeat(count))).toBe('\\x07'.repeat(count))
    expect(visibleControls('a\u0001'.repeat(count))).toBe('a\\x01'.repeat(count))
  }, 20_000)

  it('keeps a million SGR sequences with colour on and drops them with colour off', () => {
    const text = '\u001b[31mr'.repeat(1_000_000)
    expect(colored(text)).toBe(text)
    expect(plain(text)).toBe('r'.repeat(1_000_000))
  }, 20_000)

  it('handles many unterminated OSC introducers, one per line', () => {
    expect(plain('\u001b]0;x\n'.repeat(200_000))).toBe('\\x1b]0;x\n'.repeat(200_000))
  }, 20_000)
})

describe('with colour on, escapes are read with the ACP sanitiser grammar', () => {
  it('shows a control string that a CAN, SUB, C1 control or an ESC other than ST cuts short', () => {
    expect(colored('a\u001b]0;t\u0018x\u0007b')).toBe('a\\x1b]0;t\\x18x\\x07b')
    expect(colored('a\u001bPq\u001ax\u001b\\b')).toBe('a\\x1bPq\\x1ax\\x1b\\b')
    expect(colored('a\u001b]0;t\u0085x\u0007b')).toBe('a\\x1b]0;t\\x85x\\x07b')
    // The ESC starts a sequence of its own: an SGR, passed through with colour on.
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
