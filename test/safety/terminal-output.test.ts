import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { propertyRuns, soak } from '../property-runs.js'
import { describe, expect, it } from 'vitest'
import {
  MAX_CONTROL_SEQUENCE_LENGTH,
  MAX_CONTROL_STRING_LENGTH,
  createTerminalOutputSanitizer,
  sanitizeTerminalOutput,
} from '../../src/safety/terminal-output.js'

const terminal = (text: string) => sanitizeTerminalOutput(text)

/** Feeds `pieces` to one sanitiser and returns everything it gave back. */
function streamed(pieces: readonly string[]): string {
  const sanitizer = createTerminalOutputSanitizer()
  let out = ''
  for (const piece of pieces) out += sanitizer.push(piece)
  return out + sanitizer.end()
}

// Every sequence terminal mode may emit, as the tests recognise it.
const KEPT_SEQUENCE = /\x1b(?:[78]|\[\??[0-9;:]*[A-HJKMPXLdfmhlsu@])/g
const C1 = /[\x80-\x9f]/
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Counts the calls to `String.prototype.charCodeAt` made by `run`. */
function countCharCodeAt(run: () => void): number {
  const original = String.prototype.charCodeAt
  let calls = 0
  String.prototype.charCodeAt = function (this: string, index: number) {
    calls++
    return original.call(this, index)
  }
  try {
    run()
  } finally {
    String.prototype.charCodeAt = original
  }
  return calls
}

describe('the documented examples', () => {
  it('hold for sanitizeTerminalOutput', () => {
    expect(terminal('\x1b[32mok\x1b[0m \x1b]8;;https://evil.example\x1b\\docs\x1b]8;;\x1b\\')).toBe('\x1b[32mok\x1b[0m docs')
    expect(terminal('\x1b]52;c;cm0gLXJmIH4=\x07copied?')).toBe('copied?')
  })

  it('hold for a streaming sanitiser', () => {
    const sanitizer = createTerminalOutputSanitizer()
    expect(sanitizer.push('ok\n\x1b]52;c;aGk=')).toBe('ok\n')
    expect(sanitizer.push('\x07done\n')).toBe('done\n')
    expect(sanitizer.end()).toBe('')
    expect(streamed(['\x1b]0;pwned\x07\x1b[1', 'mbold\x1b[0m\n'])).toBe('\x1b[1mbold\x1b[0m\n')
  })
})

describe('terminal mode keeps text and the harmless controls', () => {
  it('keeps printable text, wide characters and emoji unchanged', () => {
    const text = 'héllo 世界 🎉 ✔ ━━━ ⠋'
    expect(terminal(text)).toBe(text)
  })

  it('keeps line feed, carriage return, tab and backspace', () => {
    expect(terminal('a\nb\r\nc\td\be')).toBe('a\nb\r\nc\td\be')
  })
})

describe('terminal mode keeps SGR colours and styles', () => {
  it.each([
    ['\x1b[31mred\x1b[0m'],
    ['\x1b[mreset with no parameters'],
    ['\x1b[1;4;38;5;196mbold underlined 256-colour\x1b[22;24;39m'],
    ['\x1b[38;2;255;128;0mtrue colour\x1b[49m'],
    ['\x1b[38:2::255:128:0mcolon form\x1b[4:3mcurly underline\x1b[0m'],
    ['\x1b[01;34mleading zero\x1b[0m'],
  ])('keeps %j byte for byte', (text) => {
    expect(terminal(text)).toBe(text)
  })

  it('drops an SGR with a private marker or an intermediate byte', () => {
    expect(terminal('a\x1b[?31mb\x1b[>4;2mc\x1b[31 md')).toBe('abcd')
  })
})

describe('terminal mode draws nothing invisibly (rule 7)', () => {
  it.each([
    ['conceal alone is dropped', 'a\x1b[8msecret\x1b[0m', 'asecret\x1b[0m'],
    ['conceal among styles is taken out', '\x1b[1;8;31msecret', '\x1b[1;31msecret'],
    ['a basic foreground equal to the background', '\x1b[30;40msecret', '\x1b[40msecret'],
    ['a bright one', '\x1b[97;107msecret', '\x1b[107msecret'],
    ['a 256-colour one', '\x1b[38;5;4;48;5;4msecret', '\x1b[48;5;4msecret'],
    ['a basic colour against the same palette entry', '\x1b[34;48;5;4msecret', '\x1b[48;5;4msecret'],
    ['a truecolour one', '\x1b[38;2;1;2;3;48;2;1;2;3msecret', '\x1b[48;2;1;2;3msecret'],
    ['a truecolour one in colon form', '\x1b[38:2::9:9:9;48:2::9:9:9msecret', '\x1b[48:2::9:9:9msecret'],
    ['reverse video with a black foreground (hidden on a dark theme)', '\x1b[7;30msecret', '\x1b[7msecret'],
    ['reverse video with a bright black one', '\x1b[90;7msecret', '\x1b[7msecret'],
    ['reverse video with a white one (hidden on a light theme)', '\x1b[37;7msecret', '\x1b[7msecret'],
    ['reverse video with a bright white one', '\x1b[1;97;7msecret', '\x1b[1;7msecret'],
  ])('%s', (_name, text, shown) => {
    expect(terminal(text)).toBe(shown)
    expect(terminal(shown)).toBe(shown)
  })

  it.each([
    ['\x1b[30;47mblack on white'],
    ['\x1b[38;5;4;48;5;5mdifferent'],
    ['\x1b[28mrevealed'],
    ['\x1b[7;31mred reversed'],
    ['\x1b[7;30;47mreversed with both colours'],
  ])('keeps %j, which hides nothing', (text) => {
    expect(terminal(text)).toBe(text)
  })

  it.each([
    ['256-colour black on palette black', '\x1b[38;5;16;48;5;0msecret', '\x1b[48;5;0msecret'],
    ['true-colour black on basic black', '\x1b[38;2;0;0;0;40msecret', '\x1b[40msecret'],
    ['256-colour white on palette bright white', '\x1b[38;5;231;48;5;15msecret', '\x1b[48;5;15msecret'],
    ['true-colour colours one step apart', '\x1b[38;2;1;2;3;48;2;1;2;4mnear', '\x1b[48;2;1;2;4mnear'],
    ['two greys of the 256-colour ramp side by side', '\x1b[38;5;240;48;5;241mnear', '\x1b[48;5;241mnear'],
    ['a grey at 2.95:1 on black, below the 3:1 floor', '\x1b[38;2;88;88;88;48;2;0;0;0mdim', '\x1b[48;2;0;0;0mdim'],
    ['a basic white on a near-white true colour', '\x1b[97;48;2;250;250;250mpale', '\x1b[48;2;250;250;250mpale'],
    ['reverse video with a 256-colour near-black foreground', '\x1b[7;38;5;16msecret', '\x1b[7msecret'],
    ['reverse video with a true-colour near-white one', '\x1b[7;38;2;250;250;250msecret', '\x1b[7msecret'],
  ])('a pair below the 3:1 contrast floor the page keeps: %s', (_name, text, shown) => {
    expect(terminal(text)).toBe(shown)
    expect(terminal(shown)).toBe(shown)
  })

  it.each([
    ['a grey at 3.14:1 on black, above the floor', '\x1b[38;2;92;92;92;48;2;0;0;0mgrey'],
    ['256-colour white on 256-colour black', '\x1b[38;5;231;48;5;16mwhite'],
    ['true-colour red on white', '\x1b[38;2;200;0;0;48;2;255;255;255mred'],
    ['two palette colours, drawn by the theme: only an identical pair is caught', '\x1b[38;5;4;48;5;5mtheme'],
  ])('keeps %s', (_name, text) => {
    expect(terminal(text)).toBe(text)
  })

  it('catches a low-contrast pair two sequences make, with 256-colour or true-colour values', () => {
    expect(terminal('\x1b[48;5;232m\x1b[38;5;233msecret')).toBe('\x1b[48;5;232msecret')
    expect(terminal('\x1b[38;2;0;0;0m\x1b[40msecret')).toBe('\x1b[38;2;0;0;0m\x1b[40;39msecret')
  })

  it('catches a pair two sequences make: the one that completes it is taken out or gets the default foreground', () => {
    expect(terminal('\x1b[40m\x1b[30msecret')).toBe('\x1b[40msecret')
    expect(terminal('\x1b[30m\x1b[40msecret')).toBe('\x1b[30m\x1b[40;39msecret')
    expect(terminal('\x1b[38;5;4m\x1b[48;5;4msecret')).toBe('\x1b[38;5;4m\x1b[48;5;4;39msecret')
    expect(terminal('\x1b[30m\x1b[7msecret')).toBe('\x1b[30m\x1b[7;39msecret')
  })

  it('follows resets: a pair undone by 0, 39 or 49 before the next colour hides nothing', () => {
    for (const reset of ['0', '', '39']) {
      const text = `\x1b[30m\x1b[${reset}m\x1b[40mshown`
      expect(terminal(text)).toBe(text)
    }
    expect(terminal('\x1b[40m\x1b[49m\x1b[30mshown')).toBe('\x1b[40m\x1b[49m\x1b[30mshown')
    // 49 resets the background only: the black foreground stays, and a black background would hide it.
    expect(terminal('\x1b[30m\x1b[49m\x1b[40mhidden')).toBe('\x1b[30m\x1b[49m\x1b[40;39mhidden')
    expect(terminal('\x1b[7m\x1b[27m\x1b[30mshown')).toBe('\x1b[7m\x1b[27m\x1b[30mshown')
  })

  it('catches a pair made across pieces, however the output is cut', () => {
    const text = 'a\x1b[31mb\x1b[41mc\x1b[0md'
    const whole = terminal(text)
    expect(whole).toBe('a\x1b[31mb\x1b[41;39mc\x1b[0md')
    for (let cut = 0; cut <= text.length; cut++) expect(streamed([text.slice(0, cut), text.slice(cut)])).toBe(whole)
  })

  // A terminal's colours, modelled apart from the sanitiser: what each SGR of the output sets.
  function drawnHidden(output: string): boolean {
    let fg: string | undefined
    let bg: string | undefined
    let reverse = false
    let hidden = false
    const sequence = /\x1b\[([0-9;]*)m|([^\x1b]+)/g
    for (let match = sequence.exec(output); match; match = sequence.exec(output)) {
      if (match[2] !== undefined) {
        const near = fg === 'p0' || fg === 'p8' || fg === 'p7' || fg === 'p15'
        if (fg !== undefined && (fg === bg || (reverse && bg === undefined && near))) hidden = true
        continue
      }
      const items = match[1].split(';')
      for (let at = 0; at < items.length; at++) {
        const code = Number(items[at] || '0')
        if (code === 38 || code === 48) {
          const colour = `p${items[at + 2]}`
          at += 2
          if (code === 38) fg = colour
          else bg = colour
        } else if (code === 0) [fg, bg, reverse] = [undefined, undefined, false]
        else if (code === 7) reverse = true
        else if (code === 27) reverse = false
        else if (code === 39) fg = undefined
        else if (code === 49) bg = undefined
        else if (code === 8) hidden = true
        else if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) fg = `p${code < 90 ? code - 30 : code - 82}`
        else if ((code >= 40 && code <= 47) || (code >= 100 && code <= 107)) bg = `p${code < 100 ? code - 40 : code - 92}`
      }
    }
    return hidden
  }

  it('never leaves text drawn in its own background, for any run of SGRs and text', () => {
    const code = fc.constantFrom('0', '1', '7', '8', '27', '39', '49', '30', '37', '40', '47', '90', '97', '100', '107', '31', '41')
    const parameters = fc.oneof(
      code,
      fc.array(code, { minLength: 2, maxLength: 4 }).map((codes) => codes.join(';')),
      fc.constantFrom('38;5;4', '48;5;4', '38;5;0', '48;5;7'),
    )
    const part = fc.oneof(
      parameters.map((value) => `\x1b[${value}m`),
      fc.constantFrom('x', 'text'),
    )
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), (parts) => {
        const text = parts.join('')
        expect(drawnHidden(terminal(text))).toBe(false)
      }),
      { numRuns: propertyRuns(500) },
    )
  })
})

describe('terminal mode keeps the cursor moves and erases of progress bars and spinners', () => {
  it.each([
    ['cursor up, down, forward, back', '\x1b[A\x1b[2A\x1b[B\x1b[3B\x1b[C\x1b[10C\x1b[D\x1b[4D'],
    ['next and previous line, column', '\x1b[E\x1b[2E\x1b[F\x1b[2F\x1b[G\x1b[1G'],
    ['cursor position with H and f', '\x1b[H\x1b[5H\x1b[5;10H\x1b[;10H\x1b[f\x1b[3;4f'],
    ['erase in display 0, 1, 2', '\x1b[J\x1b[0J\x1b[1J\x1b[2J'],
    ['erase in line', '\x1b[K\x1b[0K\x1b[1K\x1b[2K'],
    ['erase characters', '\x1b[X\x1b[5X'],
    ['save and restore cursor, CSI and ESC forms', '\x1b[s\x1b[u\x1b7\x1b8'],
    ['show and hide cursor', '\x1b[?25l\x1b[?25h'],
    ['line position, insert and delete characters and lines', '\x1b[3d\x1b[2@\x1b[2P\x1b[L\x1b[2M'],
  ])('keeps %s', (_name, text) => {
    expect(terminal(`a${text}b`)).toBe(`a${text}b`)
  })

  it('keeps a spinner redrawn with carriage return and erase in line', () => {
    const text = '\x1b[?25l\r\x1b[K⠋ working\r\x1b[K⠙ working\r\x1b[K✔ done\n\x1b[?25h'
    expect(terminal(text)).toBe(text)
  })
})

describe('terminal mode drops OSC strings', () => {
  it('drops an OSC ended by BEL, by ESC \\ and by the 8-bit ST', () => {
    expect(terminal('a\x1b]0;title\x07b\x1b]2;title\x1b\\c\x1b]1;icon\x9cd')).toBe('abcd')
  })

  it('drops an OSC 8 hyperlink but keeps its visible text', () => {
    expect(terminal('see \x1b]8;id=1;https://evil.example/?q=1\x1b\\the docs\x1b]8;;\x1b\\.')).toBe('see the docs.')
  })

  it('drops an OSC 52 clipboard write and OSC 9 / 777 notifications', () => {
    expect(terminal('a\x1b]52;c;ZWNobyBwd25lZA==\x07b\x1b]9;done\x07c\x1b]777;notify;T;B\x1b\\d')).toBe('abcd')
  })

  it('drops the OSC colour queries and settings', () => {
    expect(terminal('a\x1b]10;?\x07b\x1b]4;1;rgb:ff/00/00\x07c\x1b]104\x07d')).toBe('abcd')
  })
})

describe('terminal mode drops DCS, SOS, PM and APC strings', () => {
  it('drops each string up to ST', () => {
    expect(terminal('a\x1bPq#0;2;0;0;0#0~~\x1b\\b\x1bXsos\x1b\\c\x1b^pm\x1b\\d\x1b_Gf=100;AAAA\x1b\\e')).toBe('abcde')
  })

  it('does not end them at BEL, which only ends OSC', () => {
    expect(terminal('a\x1bP+q544e\x07still inside\x1b\\b')).toBe('ab')
  })

  it('drops a DECRQSS request, which would make the terminal answer', () => {
    expect(terminal('a\x1bP$qm\x1b\\b')).toBe('ab')
  })
})

describe('terminal mode drops every other CSI', () => {
  it.each([
    ['alternate screen ?1049h / ?1049l', '\x1b[?1049h\x1b[?1049l'],
    ['alternate screen ?47h and ?1047h', '\x1b[?47h\x1b[?1047h'],
    ['bracketed paste ?2004h', '\x1b[?2004h'],
    ['mouse tracking ?1000h … ?1006h', '\x1b[?1000h\x1b[?1002h\x1b[?1003h\x1b[?1006h'],
    ['focus events ?1004h', '\x1b[?1004h'],
    ['?25 together with another mode', '\x1b[?25;1049h'],
    ['ANSI modes such as insert mode 4h', '\x1b[4h\x1b[20l'],
    ['device status reports 5n and 6n', '\x1b[5n\x1b[6n\x1b[?6n'],
    ['device attributes c, >c and =c', '\x1b[c\x1b[0c\x1b[>c\x1b[=c'],
    ['window operations t', '\x1b[8;100;200t\x1b[21t\x1b[22;0t'],
    ['scroll region r', '\x1b[1;5r\x1b[r'],
    ['erase scrollback 3J', '\x1b[3J'],
    ['selective erase ?J and ?K', '\x1b[?2J\x1b[?K'],
    ['save cursor s with parameters (left/right margins)', '\x1b[1;10s'],
    ['restore cursor u with a private marker (keyboard protocols)', '\x1b[?u\x1b[>1u\x1b[1u'],
    ['cursor moves with extra parameters', '\x1b[1;2A\x1b[1:2C\x1b[1;2;3H'],
    ['cursor style with an intermediate byte', '\x1b[2 q'],
    ['soft reset', '\x1b[!p'],
    ['scroll up and down', '\x1b[2S\x1b[2T'],
    ['mode report requests', '\x1b[?2026$p'],
    ['kitty keyboard query', '\x1b[?u'],
    ['modifyOtherKeys', '\x1b[>4;2m'],
  ])('drops %s', (_name, text) => {
    expect(terminal(`a${text}b`)).toBe('ab')
  })
})

describe('terminal mode drops other escape sequences', () => {
  it.each([
    ['full reset ESC c', '\x1bc'],
    ['keypad modes ESC = and ESC >', '\x1b=\x1b>'],
    ['charset designations', '\x1b(B\x1b(0\x1b)0\x1b*A\x1b+B'],
    ['DEC line and alignment tests', '\x1b#8\x1b#3'],
    ['index, next line, reverse index', '\x1bD\x1bE\x1bM'],
    ['set tab stop, single shifts', '\x1bH\x1bN\x1bO'],
    ['a stray ST', '\x1b\\'],
    ['the 8-bit controls selector', '\x1b G'],
  ])('drops %s', (_name, text) => {
    expect(terminal(`a${text}b`)).toBe('ab')
  })
})

describe('terminal mode drops C0 and C1 controls', () => {
  it('drops every C0 control other than LF, CR, TAB and BS, and DEL', () => {
    let controls = ''
    for (let code = 0; code < 0x20; code++) controls += String.fromCharCode(code)
    expect(terminal(`a${controls}\x7fb`)).toBe('a\b\t\n\rb')
  })

  it('drops every 8-bit C1 control that does not introduce a sequence', () => {
    let controls = ''
    for (let code = 0x80; code <= 0x9f; code++) {
      if (![0x90, 0x98, 0x9b, 0x9d, 0x9e, 0x9f].includes(code)) controls += String.fromCharCode(code)
    }
    expect(terminal(`a${controls}b`)).toBe('ab')
  })

  it('drops the whole sequence an 8-bit introducer starts, even an SGR', () => {
    expect(terminal('a\x9b31mb\x9b?1049hc')).toBe('abc')
    expect(terminal('a\x9d0;title\x9cb\x9d52;c;eA==\x07c')).toBe('abc')
    expect(terminal('a\x90q#0\x9cb\x98sos\x1b\\c\x9epm\x9cd\x9fapc\x9ce')).toBe('abcde')
  })

  it('keeps text right after a dropped control without gaps or additions', () => {
    expect(terminal('\x00\x00ok\x07\x07')).toBe('ok')
  })
})

describe('a bad sequence never swallows the text after it', () => {
  it('abandons an unterminated control string at a line feed', () => {
    expect(terminal('ok\n\x1b]0;\nHIDDEN\n\x07done')).toBe('ok\n\nHIDDEN\ndone')
    expect(terminal('a\x1bPq\nb\x1b_apc\r\nc')).toBe('a\nb\nc')
  })

  it('abandons a control string after MAX_CONTROL_STRING_LENGTH code units', () => {
    // '0;' and the x's: exactly at the bound, BEL still ends the string; one more and it is abandoned.
    expect(terminal(`\x1b]0;${'x'.repeat(MAX_CONTROL_STRING_LENGTH - 2)}\x07shown`)).toBe('shown')
    expect(terminal(`\x1b]0;${'x'.repeat(MAX_CONTROL_STRING_LENGTH - 1)}\x07shown`)).toBe('xshown')
    const body = 'x'.repeat(MAX_CONTROL_STRING_LENGTH)
    expect(terminal(`\x1b]${body}tail\x07`)).toBe('tail')
    expect(terminal(`\x1bP${body}tail\x1b\\`)).toBe('tail')
  })

  it('abandons a CSI after MAX_CONTROL_SEQUENCE_LENGTH parameter bytes', () => {
    const parameters = '1;'.repeat(MAX_CONTROL_SEQUENCE_LENGTH / 2)
    expect(terminal(`\x1b[${parameters}m`)).toBe(`\x1b[${parameters}m`)
    expect(terminal(`\x1b[${parameters}9m`)).toBe('9m')
    expect(terminal(`\x1b${' '.repeat(MAX_CONTROL_SEQUENCE_LENGTH)}!B`)).toBe('!B')
  })

  it('abandons a CSI or escape sequence at a control character, which then counts as text', () => {
    expect(terminal('a\x1b[31\nb')).toBe('a\nb')
    expect(terminal('a\x1b[3\x1b[32mb')).toBe('a\x1b[32mb')
    expect(terminal('a\x1b(\rb')).toBe('a\rb')
    expect(terminal('a\x1b[1é')).toBe('aé')
    expect(terminal('a\x1b\x1b7b')).toBe('a\x1b7b')
  })

  it('ends a control string at ESC, starting a new sequence', () => {
    expect(terminal('a\x1b]0;title\x1b[31mred')).toBe('a\x1b[31mred')
  })

  it('ends a control string at a C1 control, starting what it introduces', () => {
    expect(terminal('a\x1b]0;title\x85b\x1bPdcs\x9d0;t\x07c')).toBe('abc')
  })

  it('abandons a sequence or a string at CAN and SUB', () => {
    expect(terminal('a\x1b]0;t\x18b\x1b[31\x1ac')).toBe('abc')
  })

  it('drops an incomplete sequence at the end of the output', () => {
    expect(terminal('a\x1b')).toBe('a')
    expect(terminal('a\x1b[31')).toBe('a')
    expect(terminal('a\x1b]0;never ends')).toBe('a')
  })
})

describe('the output is well-formed UTF-16', () => {
  it('keeps surrogate pairs', () => {
    expect(terminal('🎉𝄞')).toBe('🎉𝄞')
  })

  it('replaces a lone high or low surrogate with U+FFFD', () => {
    expect(terminal('a\ud83db')).toBe('a\ufffdb')
    expect(terminal('a\ude00b')).toBe('a\ufffdb')
    expect(terminal('a\ude00\ud83d')).toBe('a\ufffd\ufffd')
    expect(terminal('\ud83d\x1b]0;t\x07\ude00')).toBe('\ufffd\ufffd')
  })

  it('keeps a surrogate pair split across two pieces', () => {
    expect(streamed(['a\ud83d', '\ude00b'])).toBe('a\ud83d\ude00b')
    expect(streamed(['a\ud83d', '', '\ude00b'])).toBe('a\ud83d\ude00b')
  })

  it('replaces a high surrogate left at the end of the stream', () => {
    const sanitizer = createTerminalOutputSanitizer()
    expect(sanitizer.push('a\ud83d')).toBe('a')
    expect(sanitizer.end()).toBe('\ufffd')
  })
})

describe('streaming gives the same output as one shot', () => {
  const samples = [
    '\x1b[38;5;196mred\x1b[0m',
    '\x1b[?25l\r\x1b[2K50%\x1b[1A\x1b[?25h',
    '\x1b7\x1b[J\x1b8',
    '\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\',
    '\x1b]0;title\x07',
    '\x1b]52;c;aGk=\x9c',
    '\x1bPq#0\x1b\\',
    '\x1b_apc\x1b\\',
    '\x1b[?1049h',
    '\x1b(B',
    '\x9b31m',
    '\x9d0;t\x9c',
    'ok\n\x1b]0;\nHIDDEN\n\x07done',
    '\ud83d\ude00',
    '\x1b[31\x1b[32m',
    '\x1b[1;8;31mconcealed\x1b[0m',
    '\x1b[38;5;4;48;5;4minvisible\x1b[0m',
  ]

  it.each(samples)('every split of %j into two pieces gives the one-shot output', (sample) => {
    const text = `a${sample}b`
    const whole = sanitizeTerminalOutput(text)
    for (let at = 0; at <= text.length; at++) {
      expect(streamed([text.slice(0, at), text.slice(at)]), `split at ${at}`).toBe(whole)
    }
  })

  it('gives the one-shot output when fed one code unit at a time', () => {
    const text = samples.join('x')
    expect(streamed([...text.split('')])).toBe(sanitizeTerminalOutput(text))
  })

  it('holds back an incomplete sequence until the next piece', () => {
    const sanitizer = createTerminalOutputSanitizer()
    expect(sanitizer.push('50%\x1b[3')).toBe('50%')
    expect(sanitizer.push('1mred\x1b')).toBe('\x1b[31mred')
    expect(sanitizer.push('[0m')).toBe('\x1b[0m')
    expect(sanitizer.end()).toBe('')
  })

  it('is back at its initial state after end()', () => {
    const sanitizer = createTerminalOutputSanitizer()
    sanitizer.push('\x1b]0;unterminated')
    expect(sanitizer.end()).toBe('')
    expect(sanitizer.push('visible')).toBe('visible')
  })
})

describe('properties over arbitrary output', () => {
  const fragments = [
    '\x1b',
    '[',
    ']',
    '\\',
    '?',
    ';',
    ':',
    '2',
    '5',
    '31',
    'm',
    'h',
    'l',
    'A',
    'H',
    'J',
    'K',
    '7',
    '8',
    'P',
    'X',
    '^',
    '_',
    '\x1b[',
    '\x1b]',
    '\x1bP',
    '\x1b\\',
    '\x07',
    '\x9b',
    '\x9c',
    '\x9d',
    '\x90',
    '\x85',
    '\x00',
    '\x18',
    '\x7f',
    '\b',
    '\n',
    '\r',
    '\t',
    ' ',
    'a',
    'é',
    '世',
    '🎉',
    '\ud83d',
    '\ude00',
    '\x1b[31m',
    '\x1b[?25l',
    '\x1b[2K',
    '\x1b]8;;u\x07',
  ]
  const text = fc.array(fc.constantFrom(...fragments), { maxLength: 40 }).map((parts) => parts.join(''))
  const cut = fc.tuple(text, fc.array(fc.nat(), { maxLength: 6 })).map(([whole, cuts]) => {
    const at = cuts.map((c) => c % (whole.length + 1)).sort((a, b) => a - b)
    const pieces: string[] = []
    let from = 0
    for (const to of at) {
      pieces.push(whole.slice(from, to))
      from = to
    }
    pieces.push(whole.slice(from))
    return { whole, pieces }
  })

  it('gives the one-shot output however the text is cut into pieces', () => {
    fc.assert(
      fc.property(cut, ({ whole, pieces }) => {
        expect(streamed(pieces)).toBe(sanitizeTerminalOutput(whole))
      }),
      { numRuns: propertyRuns(3000) },
    )
  })

  it('never outputs a C1 control, a lone surrogate or an ESC outside a kept sequence', () => {
    fc.assert(
      fc.property(text, (input) => {
        const out = terminal(input)
        expect(out).not.toMatch(C1)
        expect(out).not.toMatch(LONE_SURROGATE)
        expect(out.replace(KEPT_SEQUENCE, '')).not.toContain('\x1b')
      }),
      { numRuns: propertyRuns(2000) },
    )
  })

  it('changes nothing when sanitising its own output again', () => {
    fc.assert(
      fc.property(text, (input) => {
        const once = sanitizeTerminalOutput(input)
        expect(sanitizeTerminalOutput(once)).toBe(once)
      }),
      { numRuns: propertyRuns(2000) },
    )
  })
})

describe('real-world output', () => {
  const fixture = (name: string) => readFileSync(new URL(`./fixtures/terminal-output/${name}`, import.meta.url), 'utf8')
  const kept = ['ls-color.ansi', 'git-log.ansi', 'git-diff.ansi', 'grep-color.ansi', 'progress-bar.ansi', 'vitest-run.ansi']

  it.each(kept)('keeps %s byte for byte in terminal mode', (name) => {
    const text = fixture(name)
    expect(text).toContain('\x1b[')
    expect(terminal(text)).toBe(text)
  })

  it('removes only the OSC 8 hyperlinks from `ls --hyperlink`, leaving the coloured listing', () => {
    const text = fixture('ls-color-hyperlink.ansi')
    expect(text).toContain('\x1b]8;;file://')
    expect(terminal(text)).toBe(fixture('ls-color.ansi'))
  })

  it('keeps real output unchanged when it arrives in small pieces', () => {
    const text = fixture('progress-bar.ansi') + fixture('vitest-run.ansi')
    const pieces = text.match(/[\s\S]{1,7}/g) ?? []
    expect(streamed(pieces)).toBe(text)
  })
})

describe('hostile output', () => {
  it.each([
    ['an OSC 52 clipboard write', 'a\x1b]52;c;cm0gLXJmIH4=\x07b', 'ab'],
    [
      'an OSC 8 link showing one address and opening another',
      '\x1b]8;;https://evil.example\x1b\\https://good.example\x1b]8;;\x1b\\',
      'https://good.example',
    ],
    ['an OSC 0 and OSC 2 retitle', '\x1b]0;sudo password:\x07\x1b]2;x\x1b\\ok', 'ok'],
    ['a DCS and an APC string', '\x1bP1$r0m\x1b\\\x1b_Ga=T,f=100;AAAA\x1b\\ok', 'ok'],
    ['an alternate-screen switch hiding the output', 'before\x1b[?1049h\x1b[Hfake prompt', 'before\x1b[Hfake prompt'],
    ['bracketed paste and mouse mode switches', '\x1b[?2004h\x1b[?1000h\x1b[?1006hok', 'ok'],
    ['a cursor position request that makes the terminal answer', 'ok\x1b[6n', 'ok'],
    ['an 8-bit CSI and OSC', '\x9b?1049h\x9d52;c;eA==\x9cok', 'ok'],
    ['a NUL flood', `${'\x00'.repeat(1000)}ok${'\x00'.repeat(1000)}`, 'ok'],
    ['an unterminated OSC followed by lines', 'ok\n\x1b]0;\nHIDDEN\n\x07done', 'ok\n\nHIDDEN\ndone'],
    ['a reset and a charset switch to line drawing', '\x1bc\x1b(0lqk\x1b(B', 'lqk'],
  ])('neutralises %s', (_name, text, expected) => {
    expect(terminal(text)).toBe(expected)
  })
})

describe('linear time and bounded memory', () => {
  // 10 MB under test:soak, 2 MB under npm test.
  it('sanitises megabytes of mixed output to the expected size', () => {
    const chunk = '\x1b[32m✔\x1b[0m step \x1b]8;;https://x\x07done\x1b]8;;\x07\r\x1b[K\x00\n'
    const kept = '\x1b[32m✔\x1b[0m step done\r\x1b[K\n'
    const count = Math.ceil((soak ? 10_000_000 : 2_000_000) / chunk.length)
    expect(terminal(chunk.repeat(count)).length).toBe(kept.length * count)
  })

  it('sanitises megabytes of pure control characters to nothing', () => {
    expect(terminal('\x00\x01\x07\x0b\x7f\x85\x9c'.repeat(soak ? 1_500_000 : 300_000))).toBe('')
  })

  it('drops 1 M unterminated OSC introducers, and keeps the lines after each', () => {
    expect(terminal('\x1b]'.repeat(1_000_000))).toBe('')
    expect(terminal('\x1b]0;x\n'.repeat(1_000_000)).length).toBe(1_000_000)
  })

  it('reads each code unit about once, however hostile the input', () => {
    const inputs = [
      '\x1b]'.repeat(50_000),
      '\x1b['.repeat(50_000),
      '\x1b'.repeat(100_000),
      `\x1b]${'x'.repeat(100_000)}`,
      `\x1b[${'1;'.repeat(50_000)}`,
      '\ud83d'.repeat(100_000),
      '\x1b[31ma\x1b]0;t\x07'.repeat(10_000),
    ]
    for (const input of inputs) {
      const calls = countCharCodeAt(() => terminal(input))
      expect(calls).toBeLessThanOrEqual(3 * input.length)
    }
  })

  it('returns a clean piece without reading it code unit by code unit', () => {
    const sanitizer = createTerminalOutputSanitizer()
    const clean = 'plain text 🎉\r\n\tnext line'.repeat(1000)
    let out = ''
    expect(countCharCodeAt(() => (out = sanitizer.push(clean)))).toBe(0)
    expect(out).toBe(clean)
  })

  it('holds back no more than the bounds while a sequence spans many pieces', () => {
    // The bound shows in the output: everything after it is text again.
    // The string body is '0;' and 10 000 x's; its first MAX_CONTROL_STRING_LENGTH code units are dropped.
    const pieces = [`\x1b]0;`, ...Array.from({ length: 100 }, () => 'x'.repeat(100))]
    expect(streamed(pieces)).toBe('x'.repeat(10_002 - MAX_CONTROL_STRING_LENGTH))
    const digits = Array.from({ length: 10 }, () => '1'.repeat(100))
    expect(streamed(['\x1b[', ...digits, 'm'])).toBe(`${'1'.repeat(1000 - MAX_CONTROL_SEQUENCE_LENGTH)}m`)
  })
})
