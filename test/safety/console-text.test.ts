import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SgrFreeStream, VisibleConsoleStream, visibleConsoleText, withoutSgr } from '../../src/safety/console-text.js'
import { MAX_CONTROL_SEQUENCE_LENGTH } from '../../src/safety/escape-tokenizer.js'
import { visibleWellFormedText } from '../../src/safety/visible-text.js'
import { hostileText } from '../fixtures/marked-text.js'
import { propertyRuns } from '../property-runs.js'

// Cuts `text` at the given points (sorted, deduplicated).
function cut(text: string, points: number[]): string[] {
  const at = [...new Set(points.map((point) => point % (text.length + 1)))].sort((a, b) => a - b)
  const pieces: string[] = []
  let from = 0
  for (const point of at) {
    pieces.push(text.slice(from, point))
    from = point
  }
  pieces.push(text.slice(from))
  return pieces
}

describe('SGR is dropped where colour cannot be drawn', () => {
  it('drops colours and styles in every form: 16, 256 and true colour, colon form, reset', () => {
    expect(withoutSgr('\u001b[1;31mred\u001b[0m \u001b[38;5;196mx\u001b[m \u001b[38:2::255:0:0my\u001b[39m')).toBe('red x y')
  })

  it('keeps every other escape sequence and control for the marker: cursor moves, OSC, DCS, 8-bit CSI, private SGR-like ones', () => {
    const other = '\u001b[2J\u001b]0;title\u0007\u001bPq\u001b\\\u009b31m\u001b[>4;2m\u001b[1 m\u001b[?25l\u0007'
    expect(withoutSgr(other)).toBe(other)
    expect(visibleConsoleText(`\u001b[31m${other}`)).toBe(visibleWellFormedText(other))
  })

  it('keeps an SGR that is broken or too long, shown as markers', () => {
    const long = `\u001b[${'1;'.repeat(MAX_CONTROL_SEQUENCE_LENGTH)}m`
    expect(withoutSgr(long)).toBe(long)
    expect(withoutSgr('\u001b[31\nred')).toBe('\u001b[31\nred')
  })

  it('returns text with no ESC as it is, the same string', () => {
    const text = 'plain output\n\ud800'
    expect(withoutSgr(text)).toBe(text)
  })

  it('never joins two halves of a pair by dropping the colour between them', () => {
    expect(withoutSgr('\ud83d\u001b[0m\ude00')).toBe('\ufffd\ufffd')
    expect(withoutSgr('\u001b[0m\ud83d')).toBe('\ufffd')
    expect(visibleConsoleText('\ud83d\u001b[0m\ude00')).toBe('\ufffd\ufffd')
  })

  it('marks what is left: a coloured log with a clipboard write reads as text with the write shown', () => {
    expect(visibleConsoleText('\u001b[32m✓\u001b[39m ok\u001b]52;c;eA==\u0007\n')).toBe('✓ ok␛]52;c;eA==␇\n')
  })
})

describe('however the output is cut into pieces', () => {
  it('drops the same sequences as in one piece', () => {
    fc.assert(
      fc.property(hostileText, fc.array(fc.nat(), { maxLength: 6 }), (text, points) => {
        const stream = new SgrFreeStream()
        let out = ''
        for (const piece of cut(text, points)) out += stream.push(piece)
        out += stream.end()
        // A piece without ESC passes on as it is, so only the well-formed reading is the same.
        expect(out.toWellFormed()).toBe(withoutSgr(text).toWellFormed())
      }),
      { numRuns: propertyRuns(2000) },
    )
  })

  it('shows the same marked text as in one piece', () => {
    fc.assert(
      fc.property(hostileText, fc.array(fc.nat(), { maxLength: 6 }), (text, points) => {
        const stream = new VisibleConsoleStream()
        let out = ''
        for (const piece of cut(text, points)) out += stream.push(piece)
        out += stream.end()
        expect(out).toBe(visibleConsoleText(text))
        expect(out).toBe(visibleWellFormedText(withoutSgr(text)))
      }),
      { numRuns: propertyRuns(2000) },
    )
  })

  it('holds at most one bounded sequence between pieces', () => {
    const stream = new SgrFreeStream()
    let out = ''
    for (let index = 0; index < 10_000; index++) out += stream.push('\u001b[3')
    out += stream.end()
    // Each ESC breaks the CSI before it, which then goes on as text.
    expect(out).toBe('\u001b[3'.repeat(10_000))
  })
})
