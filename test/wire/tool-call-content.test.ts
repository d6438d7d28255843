// ACP's whole content vocabulary (and so an MCP tool's result) passes through
// a result untouched; what does not fit is kept visible, never dropped.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AcpToolCallUpdate } from '../../src/acp/result.js'
import { createToolPresenter, type PresentationError } from '../../src/acp/presenter.js'
import { validNotification } from '../acp/fixtures/acp-schema.js'
import { testTools } from '../acp/fixtures/test-tools.js'

const optional = { requiredKeys: [] as never[] }
const text = fc.string({ maxLength: 12 })
const meta = fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 })
const annotations = fc.record(
  {
    audience: fc.array(fc.constantFrom('user', 'assistant')),
    priority: fc.double({ min: 0, max: 1, noNaN: true }),
    lastModified: fc.constant('2026-12-02T00:00:00Z'),
    _meta: meta,
  },
  optional,
)
// Fields every block may carry, and fields no block has.
const extras = fc.record({ annotations, _meta: meta }, optional)
const unknownFields = fc.dictionary(fc.constantFrom('extra', 'icons', 'weight'), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 })

const block = fc.oneof(
  fc.record({ type: fc.constant('text'), text }),
  fc.record(
    {
      type: fc.constant('image'),
      data: fc.base64String({ maxLength: 12 }),
      mimeType: fc.constant('image/png'),
      uri: fc.option(fc.webUrl(), { nil: undefined }),
    },
    { requiredKeys: ['type', 'data', 'mimeType'] },
  ),
  fc.record({ type: fc.constant('audio'), data: fc.base64String({ maxLength: 12 }), mimeType: fc.constant('audio/wav') }),
  fc.record(
    {
      type: fc.constant('resource_link'),
      uri: fc.webUrl(),
      name: text,
      title: text,
      description: text,
      mimeType: fc.constant('text/plain'),
      size: fc.nat(),
    },
    { requiredKeys: ['type', 'uri', 'name'] },
  ),
  fc.record({
    type: fc.constant('resource'),
    resource: fc.oneof(fc.record({ uri: fc.webUrl(), text }), fc.record({ uri: fc.webUrl(), blob: fc.base64String({ maxLength: 12 }) })),
  }),
)
const anyBlock = fc.tuple(block, extras, unknownFields).map(([core, more, unknown]) => ({ ...unknown, ...more, ...core }))

// The text, data and URIs of a block, wherever in the block they are.
function payload(value: unknown): string[] {
  const found: string[] = []
  const walk = (node: unknown) => {
    if (typeof node === 'string') found.push(node)
    else if (node && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) if (['text', 'data', 'uri', 'blob', 'resource'].includes(key)) walk(child)
  }
  walk(value)
  return found
}

describe('content blocks from a tool result', () => {
  it('of every ACP kind, with annotations, _meta and unknown fields, keep their text, data and URIs, and the update is valid', () => {
    fc.assert(
      fc.property(fc.array(anyBlock, { maxLength: 5 }), (blocks) => {
        const presenter = createToolPresenter({ tools: testTools, cwd: '/repo', onError: () => {} })
        presenter.call('a', 'look', { what: 'x' })
        const [update] = presenter.result('a', { content: blocks as never }) as AcpToolCallUpdate[]
        expect(validNotification({ sessionId: 's', update }), JSON.stringify(validNotification.errors)).toBe(true)
        const sent = (update.content ?? []).map((entry) => (entry as { content: unknown }).content)
        expect(sent).toHaveLength(blocks.length)
        blocks.forEach((original, index) => {
          const shown = JSON.stringify(sent[index])
          for (const piece of payload(original)) expect(shown).toContain(JSON.stringify(piece).slice(1, -1))
        })
      }),
      { numRuns: 1000 },
    )
  })

  it('that are valid pass through as they are, annotations and _meta included', () => {
    const blocks = [
      { type: 'text', text: 'hi', annotations: { audience: ['user'], priority: 1 }, _meta: { source: 'mcp' } },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'file:///repo/a.ts', text: 'export {}', mimeType: 'text/x-typescript' } },
      { type: 'resource', resource: { uri: 'file:///repo/a.pdf', blob: 'JVBERg==' } },
    ]
    const errors: PresentationError[] = []
    const presenter = createToolPresenter({ tools: testTools, cwd: '/repo', onError: (report) => errors.push(report) })
    presenter.call('a', 'look', { what: 'x' })
    const [update] = presenter.result('a', { content: blocks as never }) as AcpToolCallUpdate[]
    expect(update.content).toStrictEqual(blocks.map((content) => ({ type: 'content', content })))
    expect(errors).toStrictEqual([])
  })
})
