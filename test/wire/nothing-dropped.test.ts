// Rule 1 outside a display terminal: every character of text a command or a
// plugin wrote is on the card, as itself or as a marker that names it. The
// invariant checked, for any text: decoding the markers of what the client
// gets gives the text back, with a lone surrogate as U+FFFD (JSON cannot
// carry one) and, in a `console` block, less the trailing white space the
// block trims; and nothing the client gets is invisible.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createToolPresenter as createV1Presenter } from '../../src/acp/presenter.js'
import { createToolPresenter as createV2Presenter } from '../../src/acp-v2/presenter.js'
import { presenters } from '../../src/presenters/index.js'
import { holdsInvisible } from '../../src/safety/visible-text.js'
import { decodeAcpMarkers, hostileText, hostileTextPiece } from '../fixtures/marked-text.js'
import { zedMarkdown } from '../fixtures/zed-markdown.js'

// A complete SGR, as a console block drops it.
const SGR = /\x1b\[[0-9:;]*m/g

type Update = { content?: readonly { type: string; content?: { type: string; text?: string } }[] | null }

const textsOf = (update: unknown): string[] =>
  ((update as Update).content ?? []).flatMap((entry) => (entry.content?.type === 'text' ? [entry.content.text ?? ''] : []))

// What the reader of a `console` block sees: the code of its one fence, as Zed's dialect parses it.
function consoleCode(markdown: string): string {
  const tokens = zedMarkdown.parse(markdown, {})
  const fences = tokens.filter((token) => token.type === 'fence')
  expect(fences).toHaveLength(1)
  expect(fences[0].info).toBe('console')
  return fences[0].content.slice(0, -1)
}

// The text the client gets: no raw control, bidi or zero-width character.
const expectNothingInvisible = (text: string) => expect(holdsInvisible(text)).toBe(false)

describe('text content of a generic card, on every client kind', () => {
  const kinds = [
    [
      'v1 with terminal_output',
      () => createV1Presenter({ tools: presenters, cwd: '/repo', clientCapabilities: { _meta: { terminal_output: true } } }),
    ],
    [
      'v1 with terminal_output_delta',
      () => createV1Presenter({ tools: presenters, cwd: '/repo', clientCapabilities: { _meta: { terminal_output_delta: true } } }),
    ],
    ['v1 with text only', () => createV1Presenter({ tools: presenters, cwd: '/repo' })],
    ['v2', () => createV2Presenter({ tools: presenters, cwd: '/repo' })],
  ] as const

  it.each(kinds)('shows every character a plugin wrote, as itself or a marker naming it (%s)', (_kind, create) => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const presenter = create()
        presenter.call('j', 'job_list', {})
        const [shown] = textsOf(presenter.result('j', { content: [{ type: 'text', text }] }).at(-1))
        if (text === '') return
        expectNothingInvisible(shown)
        expect(decodeAcpMarkers(shown)).toBe(text.toWellFormed())
      }),
    )
  })
})

describe('a command shown as text to a client without display terminals (v1)', () => {
  it('shows every character of the final output but its colours in its console block, as itself or a marker naming it', () => {
    fc.assert(
      fc.property(hostileText, (output) => {
        const presenter = createV1Presenter({ tools: presenters, cwd: '/repo' })
        presenter.call('a', 'bash', { command: 'make' })
        const texts = textsOf(presenter.result('a', { content: [{ type: 'text', text: output }] }).at(-1))
        // Colours are dropped: a console block draws none.
        const expected = output.toWellFormed().replace(SGR, '')
        const block = texts.find((text) => /^`{3,}console\n/.test(text))
        if (block === undefined) {
          // Only output with nothing to show but white space has no block.
          expect(expected.trim()).toBe('')
          return
        }
        const code = consoleCode(block)
        expectNothingInvisible(code.replace(/\r\n/g, '\n'))
        const decoded = decodeAcpMarkers(code)
        // Markdown reads a CR LF as a line feed; the block trims trailing white space.
        const written = expected.replace(/\r\n/g, '\n')
        expect(written.startsWith(decoded)).toBe(true)
        expect(written.slice(decoded.length).trim()).toBe('')
      }),
    )
  })

  it('shows every character but colours streamed so far, however the output was cut into pieces, when the call is cancelled', () => {
    fc.assert(
      fc.property(fc.array(hostileTextPiece, { maxLength: 6 }), (pieces) => {
        const presenter = createV1Presenter({ tools: presenters, cwd: '/repo' })
        presenter.call('a', 'bash', { command: 'make' })
        for (const piece of pieces) presenter.output('a', piece)
        const texts = textsOf(presenter.cancel('a', { signal: 'SIGINT' }).at(-1))
        const written = pieces.join('').toWellFormed().replace(SGR, '').replace(/\r\n/g, '\n')
        const block = texts.find((text) => /^`{3,}console\n/.test(text))
        if (block === undefined) {
          expect(written.trim()).toBe('')
          return
        }
        const decoded = decodeAcpMarkers(consoleCode(block.slice(0, block.lastIndexOf('\nCancelled'))))
        expect(written.startsWith(decoded)).toBe(true)
        expect(written.slice(decoded.length).trim()).toBe('')
      }),
    )
  })
})
