// Character references are ASCII, so no marker sees them, but the client's
// Markdown renderer (Zed's pulldown-cmark) decodes them: on the wire, every
// one that would decode to a character that hides is marked, on v1 and v2,
// in text content, in titles and in Markdown the presenters build.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createToolPresenter as createV1Presenter } from '../../src/acp/presenter.js'
import { createToolPresenter as createV2Presenter } from '../../src/acp-v2/presenter.js'
import { presenters } from '../../src/presenters/index.js'
import { holdsInvisible } from '../../src/safety/visible-text.js'
import { zedMarkdown } from '../fixtures/zed-markdown.js'

type Update = { title?: string; content?: readonly { type: string; content?: { type: string; text?: string } }[] | null }

const textsOf = (update: unknown): string[] =>
  ((update as Update).content ?? []).flatMap((entry) => (entry.content?.type === 'text' ? [entry.content.text ?? ''] : []))

// What a reader sees: the Markdown rendered as Zed's dialect does, tags dropped, HTML's own references read back.
const seen = (markdown: string, inline = false) =>
  (inline ? zedMarkdown.renderInline(markdown) : zedMarkdown.render(markdown))
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')

const kinds = [
  [
    'v1 with terminal_output',
    () => createV1Presenter({ tools: presenters, cwd: '/repo', clientCapabilities: { _meta: { terminal_output: true } } }),
  ],
  ['v1 with text only', () => createV1Presenter({ tools: presenters, cwd: '/repo' })],
  ['v2', () => createV2Presenter({ tools: presenters, cwd: '/repo' })],
] as const

// Each way to write a character that hides as plain ASCII.
const references = [
  '&#x202E;',
  '&#X202e;',
  '&#8238;',
  '&#x00202E;',
  '&ZeroWidthSpace;',
  '&NegativeThinSpace;',
  '&zwj;',
  '&lrm;',
  '&rlm;',
  '&shy;',
  '&NoBreak;',
  '&it;',
  '&lesg;',
  '&#27;',
  '&#x9B;',
  '&#xE0041;',
  '&#xFE0F;',
  '&#x3164;',
]
const hostile = fc
  .array(fc.oneof(fc.constantFrom(...references), fc.constantFrom('\\', '```', '\n', '<div>', '- ', '`', 'a', ' ', '&amp;', '[x](y)')), {
    maxLength: 14,
  })
  .map((pieces) => pieces.join(''))

describe('character references that decode to a character that hides', () => {
  it.each(kinds)('are marked in a text block a plugin sent, so the rendered card holds no such character (%s)', (_kind, create) => {
    fc.assert(
      fc.property(hostile, (text) => {
        const presenter = create()
        presenter.call('j', 'job_list', {})
        for (const shown of textsOf(presenter.result('j', { content: [{ type: 'text', text }] }).at(-1))) {
          expect(holdsInvisible(seen(shown).replace(/\r/g, ''))).toBe(false)
        }
      }),
      { numRuns: 300 },
    )
  })

  it.each(kinds)('show as what they name (%s)', (_kind, create) => {
    const presenter = create()
    presenter.call('j', 'job_list', {})
    const [shown] = textsOf(presenter.result('j', { content: [{ type: 'text', text: 'if (user&#x202E; &ZeroWidthSpace;)' }] }).at(-1))
    expect(seen(shown).trim()).toBe('if (user<U+202E> <U+200B>)')
  })

  it.each(kinds)('show as written in a title a presenter builds, whose & is escaped (%s)', (_kind, create) => {
    const presenter = create()
    const [call] = presenter.call('r', 'read', { file_path: '/repo/a&#x202E;b&zwj;.ts' }) as Update[]
    expect(seen(call.title!, true)).toBe('Read a&#x202E;b&zwj;.ts')
  })

  it.each(kinds)('stay as written inside the fenced file a read shows (%s)', (_kind, create) => {
    const presenter = create()
    presenter.call('r', 'read', { file_path: '/repo/a.html' })
    const [shown] = textsOf(presenter.result('r', { content: [{ type: 'text', text: '<p>&zwj;&#x202E;</p>\n' }] }).at(-1))
    expect(shown).toContain('<p>&zwj;&#x202E;</p>')
    expect(holdsInvisible(seen(shown))).toBe(false)
  })
})
