import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalizeContentBlock, ORIGINAL_CONTENT_META_KEY } from '../../src/content-blocks.js'
import { contentResult, resultContent, resultText, textFirstResult } from '../../src/presenters/result-content.js'
import { propertyRuns } from '../property-runs.js'

describe('reading a result that may come from a session log', () => {
  it('keeps every block of the five types as it came, annotations and _meta included', () => {
    const content = [
      { type: 'text', text: 'a', annotations: { priority: 1, audience: ['user'] }, _meta: { x: 1 } },
      { type: 'image', data: 'AA', mimeType: 'image/png', uri: null },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav', annotations: { lastModified: '2026-07-01T00:00:00Z' } },
      { type: 'resource_link', uri: 'file:///a', name: 'a', size: 3, title: null },
      { type: 'resource', resource: { uri: 'file:///a.ts', text: 'let a = 1', mimeType: 'text/x-typescript' } },
      { type: 'resource', resource: { uri: 'file:///a.pdf', blob: 'JVBERi0=' }, _meta: { y: 2 } },
    ]
    const blocks = resultContent({ content })
    expect(blocks).toEqual(content)
    for (const [index, block] of blocks.entries()) expect(block).toBe(content[index])
  })

  it('drops no block: a stray field is left out of a copy, anything else shows as a text block that names it', () => {
    const result = {
      content: [
        { type: 'text', text: 'a', extra: true },
        { type: 'text', text: 3 },
        { type: 'resource_link', uri: 'file:///b', name: 'b', size: '3' },
        { type: 'audio', data: 'AA' },
        null,
      ],
    }
    expect(resultContent(result)).toEqual([
      { type: 'text', text: 'a' },
      {
        type: 'text',
        text: '[invalid text block: text: expected a string, found 3]',
        _meta: { [ORIGINAL_CONTENT_META_KEY]: result.content[1] },
      },
      { type: 'resource_link', uri: 'file:///b', name: 'b' },
      {
        type: 'text',
        text: '[invalid audio block: mimeType: expected a string, found undefined]',
        _meta: { [ORIGINAL_CONTENT_META_KEY]: result.content[3] },
      },
      { type: 'text', text: '[unsupported content block: null]', _meta: { [ORIGINAL_CONTENT_META_KEY]: null } },
    ])
  })

  it('reads no content from a value that is not a result', () => {
    for (const value of [null, 1, 'x', [], { content: 'x' }]) expect(resultContent(value)).toEqual([])
  })

  it('joins text blocks with nothing between them', () => {
    expect(
      resultText({
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      }),
    ).toBe('ab')
  })
})

describe('results built from the content', () => {
  it('a content result shows audio and embedded resources as they came', () => {
    const content = [
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'file:///a.ts', text: 'x' }, annotations: { audience: ['assistant'] } },
    ]
    expect(contentResult({ content })).toEqual({ card: 'generic', content })
  })

  it('a text-first result puts the joined text first, then every other block in order', () => {
    const audio = { type: 'audio', data: 'AA', mimeType: 'audio/ogg' }
    const blob = { type: 'resource', resource: { uri: 'file:///a.bin', blob: 'AA==' } }
    expect(
      textFirstResult({ content: [audio, { type: 'text', text: 'a' }, blob, { type: 'text', text: 'b' }] }, (text) => `<${text}>`),
    ).toEqual({
      card: 'generic',
      content: [{ type: 'text', text: '<ab>' }, audio, blob],
    })
  })
})

describe('the joined text of a result', () => {
  // What resultText is specified to give: the text of every block that
  // normalizeContentBlock turns into a text block.
  const normalizedText = (content: readonly unknown[]) =>
    content
      .map((value) => normalizeContentBlock(value).block)
      .reduce((text, block) => (block.type === 'text' ? text + block.text : text), '')

  // Text blocks with any other fields, valid or not, among other values.
  const block = fc.oneof(
    fc.record({ type: fc.constant('text'), text: fc.string() }),
    fc.record(
      {
        type: fc.constant('text'),
        text: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 1 })),
        annotations: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.record({ priority: fc.double(), audience: fc.array(fc.string()) })),
        _meta: fc.jsonValue({ maxDepth: 2 }),
        uri: fc.string(),
        extra: fc.jsonValue({ maxDepth: 1 }),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record({ type: fc.constantFrom('image', 'resource', 'resource_link', 'audio', 'unknown'), uri: fc.string(), text: fc.string() }),
    fc.jsonValue({ maxDepth: 2 }),
  )

  it('takes a text block as normalizing it would: any other field leaves its text as it is', () => {
    fc.assert(
      fc.property(fc.array(block, { maxLength: 6 }), (content) => {
        expect(resultText({ content })).toBe(normalizedText(content))
      }),
      { numRuns: propertyRuns(2000) },
    )
  })
})
