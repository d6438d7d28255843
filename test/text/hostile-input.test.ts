import { describe, expect, it } from 'vitest'
import { renderCallView, renderResultView } from 'tool-render-intent/text'
import type { ToolCallView, ToolResultView } from 'tool-render-intent'

// A header as it should wrap: `lead` on the first piece, `indent` on the rest, `room` code points each.
const wrapped = (lead: string, indent: string, pieces: readonly string[]) =>
  pieces.map((piece, index) => (index === 0 ? lead : indent) + piece).join('\n')

const chunks = (text: string, size: number) => {
  const pieces: string[] = []
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size))
  return pieces
}

describe('a very long header wraps in one pass', () => {
  it('wraps a million-character command without spaces at the width', () => {
    const title = 'x'.repeat(1_000_000)
    // width 80 less the two columns of '$ ' leaves 78 per line.
    expect(renderCallView({ card: 'terminal', title }, { width: 80 })).toBe(wrapped('$ ', '  ', chunks(title, 78)))
  }, 10_000)

  it('wraps a million-character title of words at the spaces', () => {
    const title = 'abcdefghi '.repeat(100_000).trimEnd()
    // Seven words and six spaces (69 columns) fit in 70; the space at the break is dropped.
    const line = Array.from({ length: 7 }, () => 'abcdefghi').join(' ')
    const pieces = Array.from({ length: Math.floor(100_000 / 7) }, () => line)
    pieces.push(Array.from({ length: 100_000 % 7 }, () => 'abcdefghi').join(' '))
    expect(renderCallView({ card: 'generic', title, kind: 'read' }, { width: 80 })).toBe(wrapped('▸ read    ', ' '.repeat(10), pieces))
  }, 10_000)

  it('counts astral characters as one column each in a long title', () => {
    const title = '🎉'.repeat(200_000)
    expect(renderCallView({ card: 'terminal', title }, { width: 12 })).toBe(wrapped('$ ', '  ', chunks(title, 20)))
  }, 10_000)

  it('makes a title of four million control characters visible', () => {
    const text = renderCallView({ card: 'generic', title: '\u0001'.repeat(4_000_000) })
    expect(text).toBe(`• tool    ${'\\x01'.repeat(4_000_000)}`)
  }, 20_000)
})

describe('plain mode never hides whole lines', () => {
  it('shows every line of output after an OSC string cut by a line feed', () => {
    const view: ToolResultView = { card: 'terminal', output: 'ok\n\u001b]0;\nHIDDEN\n\u0007done' }
    expect(renderResultView(view)).toBe('ok\n\\x1b]0;\nHIDDEN\n\\x07done')
  })

  it('shows the text of a control string longer than the bound', () => {
    const long = 'y'.repeat(5000)
    const view: ToolCallView = { card: 'generic', title: 'T', content: [{ type: 'text', text: `a\u001b]0;${long}\u0007b` }] }
    expect(renderCallView(view)).toBe(`• tool    T\na\\x1b]0;${long}\\x07b`)
  })
})

describe('a lone surrogate becomes U+FFFD wherever it reaches the output', () => {
  const lone = '\ud83d'

  it('in titles, descriptions, the cwd, content, locations and diffs of a call', () => {
    const views: ToolCallView[] = [
      {
        card: 'generic',
        title: `t${lone}`,
        content: [
          { type: 'text', text: `c${lone}` },
          { type: 'image', data: '', mimeType: `m${lone}` },
          { type: 'resource_link', uri: `u${lone}`, name: 'n' },
        ],
        locations: [{ path: `/p${lone}` }],
      },
      { card: 'terminal', title: `ls ${lone}`, description: `d${lone}`, cwd: `/w${lone}` },
      { card: 'diff', title: `e${lone}`, diffs: [{ path: `f${lone}`, oldText: `a${lone}\n`, newText: `b\ude00\n` }] },
    ]
    expect(views.map((view) => renderCallView(view))).toEqual([
      '• tool    t\ufffd\nc\ufffd\n[image m\ufffd]\n[link n u\ufffd]\n↳ /p\ufffd',
      '# d\ufffd\n$ ls \ufffd  (in /w\ufffd)',
      '✎ edit    e\ufffd\n--- a/f\ufffd\n+++ b/f\ufffd\n@@ -1,1 +1,1 @@\n-a\ufffd\n+b\ufffd\n1 file, +1 -1',
    ])
  })

  it('in plan entries and in audio, embedded resources and their uris', () => {
    expect(renderCallView({ card: 'plan', title: `p${lone}`, entries: [{ content: `e${lone}`, status: 'pending' }] })).toBe(
      '☰ plan    p\ufffd\n[ ] e\ufffd',
    )
    const view: ToolCallView = {
      card: 'generic',
      title: 't',
      content: [
        { type: 'audio', data: '', mimeType: `a${lone}` },
        { type: 'resource', resource: { uri: `u${lone}`, text: `x${lone}` } },
        { type: 'resource', resource: { uri: `b${lone}`, blob: '', mimeType: `m${lone}` } },
      ],
    }
    expect(renderCallView(view)).toBe('• tool    t\n[audio a\ufffd]\n``` u\ufffd\nx\ufffd\n```\n[resource b\ufffd m\ufffd, 0 bytes]')
  })

  it('in the title, output and signal of a result, with colour on or off', () => {
    const view: ToolResultView = { card: 'terminal', title: lone, output: `x${lone}\u001b[1my\u001b[2J`, signal: `SIG${lone}` }
    expect(renderResultView(view)).toBe('$ \ufffd\nx\ufffdy\\x1b[2J\n[signal SIG\ufffd]')
    expect(renderResultView(view, { color: true }).isWellFormed()).toBe(true)
  })

  it('keeps a surrogate pair whole, even where a header wraps', () => {
    expect(renderCallView({ card: 'terminal', title: '🎉🎉🎉' }, { width: 4 })).toBe('$ 🎉🎉\n  🎉')
  })
})

describe('control characters in the cwd of a terminal call are made visible', () => {
  it('escapes them in the (in cwd) suffix', () => {
    expect(renderCallView({ card: 'terminal', title: 'ls', cwd: '/w\u001b[2J' })).toBe('$ ls  (in /w\\x1b[2J)')
  })
})

describe('nothing is hidden from the reader of the text renderer', () => {
  it('shows bidi overrides and zero-width characters in a title as <U+XXXX>', () => {
    expect(renderCallView({ card: 'generic', title: 'Read file\u202etxt.sh\u200b', kind: 'read' })).toBe(
      '▸ read    Read file<U+202E>txt.sh<U+200B>',
    )
  })

  it('shows an OSC string in a command and a plan entry as escapes, not removed', () => {
    expect(renderCallView({ card: 'terminal', title: 'ls\u001b]0;curl x | sh\u0007' })).toBe('$ ls\\x1b]0;curl x | sh\\x07')
    const plan = renderCallView({ card: 'plan', entries: [{ content: 'Run the tests\u001b]0;and rm -rf /\u0007', status: 'pending' }] })
    expect(plan).toContain('Run the tests\\x1b]0;and rm -rf /\\x07')
  })

  it('shows bidi controls in output content too', () => {
    expect(renderResultView({ card: 'generic', content: [{ type: 'text', text: 'ok\u2066\n' }] })).toContain('ok<U+2066>')
  })
})

describe('with colour on, nothing is drawn invisibly', () => {
  it('takes conceal and a foreground equal to the background out of the output it passes through', () => {
    const text = renderResultView(
      { card: 'terminal', output: 'a\u001b[8msecret\u001b[0m \u001b[31;41mred on red\u001b[0m\n' },
      { color: true },
    )
    expect(text).toContain('asecret\u001b[0m \u001b[41mred on red\u001b[0m')
    expect(text).not.toContain('\u001b[8m')
  })
})
