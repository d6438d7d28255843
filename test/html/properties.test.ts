// Whatever strings a view holds, the HTML holds only the renderer's own
// elements and attributes: no string of the view becomes markup.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ToolCallView, ToolResultView } from 'tool-render-intent'
import { renderToolCallHtml } from 'tool-render-intent/html'
import { propertyRuns } from '../property-runs.js'

// Pieces of markup, Markdown and escapes, and the halves of a surrogate pair.
const hostile = fc.string({
  unit: fc.constantFrom(
    '<',
    '>',
    '&',
    '"',
    "'",
    '`',
    '[',
    ']',
    '(',
    ')',
    '!',
    '*',
    'a',
    ' ',
    '\n',
    '/',
    ':',
    '=',
    'on',
    'script',
    'img',
    'javascript:',
    'https://x',
    '\u001b[31m',
    '\u001b]8;;',
    '\u0007',
    '\ud83d',
    '\udc00',
  ),
  maxLength: 30,
})
const block = fc.oneof(
  fc.record({ type: fc.constant('text' as const), text: hostile }),
  fc.record({ type: fc.constant('image' as const), mimeType: hostile, data: hostile }),
  fc.record({ type: fc.constant('resource_link' as const), uri: hostile, name: hostile }),
  fc.record({ type: fc.constant('resource' as const), resource: fc.record({ uri: hostile, text: hostile }) }),
)
const call: fc.Arbitrary<ToolCallView> = fc.oneof(
  fc.record({
    card: fc.constant('generic' as const),
    title: hostile,
    content: fc.array(block, { maxLength: 3 }),
    locations: fc.array(fc.record({ path: hostile }), { maxLength: 2 }),
    rawInput: hostile,
  }),
  fc.record({ card: fc.constant('terminal' as const), title: hostile, description: hostile, cwd: hostile }),
  fc.record({
    card: fc.constant('diff' as const),
    title: hostile,
    diffs: fc.array(fc.record({ path: hostile, oldText: fc.option(hostile, { nil: null }), newText: hostile }), { maxLength: 2 }),
  }),
  fc.record({
    card: fc.constant('plan' as const),
    title: hostile,
    entries: fc.array(fc.record({ content: hostile, status: fc.constant('pending' as const) }), { maxLength: 2 }),
  }),
)
const result: fc.Arbitrary<ToolResultView> = fc.oneof(
  fc.record({ card: fc.constant('generic' as const), title: hostile, content: fc.array(block, { maxLength: 3 }) }),
  fc.record({ card: fc.constant('terminal' as const), title: hostile, output: hostile, signal: hostile }),
  fc.record({
    card: fc.constant('diff' as const),
    title: hostile,
    diffs: fc.array(fc.record({ path: hostile, oldText: fc.option(hostile, { nil: null }), newText: hostile }), { maxLength: 2 }),
  }),
)

// Every element the renderer and markdown-it (raw HTML off) write, and every attribute.
const ELEMENTS = new Set([
  'details',
  'summary',
  'div',
  'section',
  'header',
  'span',
  'code',
  'pre',
  'p',
  'ul',
  'ol',
  'li',
  'label',
  'input',
  'table',
  'caption',
  'tbody',
  'tr',
  'td',
  'del',
  'ins',
  'figure',
  'figcaption',
  'img',
  'a',
  'em',
  'strong',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'hr',
  'br',
  's',
  'thead',
  'th',
])
const ATTRIBUTES = new Set(['class', 'open', 'id', 'type', 'disabled', 'checked', 'colspan', 'href', 'rel', 'src', 'alt', 'start', 'title'])
const TAG = /<\/?([a-zA-Z][\w-]*)([^>]*)>/g
const ATTRIBUTE = /\s([^\s="'>/]+)(?:="([^"]*)")?/g

describe('no string of a view becomes markup', () => {
  it('writes only known elements and attributes, links only to http(s) and mailto, and images only as data', () => {
    fc.assert(
      fc.property(call, fc.option(result, { nil: undefined }), hostile, (callView, resultView, output) => {
        const html = renderToolCallHtml({ toolCallId: 'x', call: callView, result: resultView, output, status: 'failed' })
        expect(html.isWellFormed()).toBe(true)
        for (const [, element, attributes] of html.matchAll(TAG)) {
          expect(ELEMENTS, element).toContain(element.toLowerCase())
          for (const [, name, value] of attributes.matchAll(ATTRIBUTE)) {
            expect(ATTRIBUTES, name).toContain(name.toLowerCase())
            if (name === 'href') expect(value).toMatch(/^(https?:|mailto:)/i)
            if (name === 'src') expect(value).toMatch(/^data:image\/(png|jpeg|gif|webp|avif|bmp);base64,[A-Za-z0-9+/]*={0,2}$/)
          }
        }
      }),
      { numRuns: propertyRuns(1500) },
    )
  })
})
