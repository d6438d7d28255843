import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalizeContentBlock, ORIGINAL_CONTENT_META_KEY } from '../src/content-blocks.js'
import { contentBlock } from '../src/internal/vocabulary.js'
import { isToolResultView } from 'tool-render-intent'

// Whether the guards accept `block` as a content block.
const isBlock = (block: unknown) => isToolResultView({ card: 'generic', content: [block] })

const annotations = { audience: ['user'], lastModified: '2026-07-01T12:00:00Z', priority: 1, _meta: { a: 1 } }

describe('a valid block', () => {
  it.each([
    { type: 'text', text: 'hi' },
    { type: 'text', text: 'hi', annotations, _meta: { 'vendor/x': true } },
    { type: 'image', data: 'AAAA', mimeType: 'image/png', uri: null },
    { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav', annotations: null },
    { type: 'resource_link', uri: 'file:///a', name: 'a', mimeType: null, title: 'A', description: null, size: 3 },
    { type: 'resource', resource: { uri: 'file:///a.ts', text: 'let a = 1', mimeType: 'text/x-typescript' }, annotations },
    { type: 'resource', resource: { uri: 'file:///a.pdf', blob: 'JVBERi0=', _meta: null } },
  ])('is returned as the same object with no problems: $type', (block) => {
    const normalized = normalizeContentBlock(block)
    expect(normalized.block).toBe(block)
    expect(normalized.problems).toEqual([])
  })
})

describe('a bare text block, recognised without the general check', () => {
  it('is one the general check accepts too, whatever its text and prototype', () => {
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (text, nullPrototype) => {
        const block = nullPrototype ? Object.assign(Object.create(null), { type: 'text', text }) : { type: 'text', text }
        expect(contentBlock.is(block)).toBe(true)
        expect(normalizeContentBlock(block)).toEqual({ block, problems: [] })
      }),
    )
  })

  it('takes the general check with any other field, an undefined one included', () => {
    const block = { type: 'text', text: 'hi', annotations: { priority: 'high' } }
    expect(normalizeContentBlock(block)).toEqual({
      block: { type: 'text', text: 'hi', annotations: {} },
      problems: [expect.stringContaining('annotations.priority')],
    })
    expect(normalizeContentBlock({ type: 'text', text: 'hi', _meta: undefined }).problems).toEqual([])
  })
})

describe('a block of a known type with fields its type does not have', () => {
  it('is a copy without them, each named in a problem', () => {
    const block = { type: 'audio', data: 'AA', mimeType: 'audio/wav', foo: 1, bar: 'x' }
    expect(normalizeContentBlock(block)).toEqual({
      block: { type: 'audio', data: 'AA', mimeType: 'audio/wav' },
      problems: [
        'content block field "foo" is not part of an audio block; dropped',
        'content block field "bar" is not part of an audio block; dropped',
      ],
    })
    expect(block).toHaveProperty('foo', 1)
  })

  it('says which block type a field belongs to', () => {
    expect(normalizeContentBlock({ type: 'text', text: 'a', mimeType: 'text/plain' })).toEqual({
      block: { type: 'text', text: 'a' },
      problems: ['content block field "mimeType" is not part of a text block (it belongs to an image block); dropped'],
    })
  })

  it('keeps annotations and _meta, dropping only what is wrong inside them', () => {
    const block = {
      type: 'image',
      data: 'AA',
      mimeType: 'image/png',
      annotations: { audience: ['user', 'robot'], priority: 0.2, importance: 3 },
      _meta: { kept: true },
    }
    expect(normalizeContentBlock(block)).toEqual({
      block: { type: 'image', data: 'AA', mimeType: 'image/png', annotations: { priority: 0.2 }, _meta: { kept: true } },
      problems: [
        'content block field "annotations.audience[1]" of an image block: expected "user" | "assistant", found "robot"; dropped',
        'content block field "annotations.importance" is not part of an image block\'s annotations; dropped',
      ],
    })
  })

  it('drops an optional field of the wrong type, saying what was expected', () => {
    expect(normalizeContentBlock({ type: 'resource_link', uri: 'u', name: 'n', size: Number.NaN, annotations: 'x' })).toEqual({
      block: { type: 'resource_link', uri: 'u', name: 'n' },
      problems: [
        'content block field "size" of a resource_link block: expected a finite number or null, found NaN; dropped',
        'content block field "annotations" of a resource_link block: expected annotations or null, found "x"; dropped',
      ],
    })
  })

  it('cleans the contents of an embedded resource the same way', () => {
    expect(normalizeContentBlock({ type: 'resource', resource: { uri: 'u', text: 't', blob: 'AA', size: 2 } })).toEqual({
      block: { type: 'resource', resource: { uri: 'u', text: 't' } },
      problems: [
        'content block field "resource.blob" is not part of a resource block\'s text contents (it belongs to blob contents); dropped',
        'content block field "resource.size" is not part of a resource block\'s text contents; dropped',
      ],
    })
  })

  it('keeps null where the types allow it, and treats an undefined field as absent', () => {
    expect(normalizeContentBlock({ type: 'image', data: 'AA', mimeType: 'image/png', uri: null, alt: 'x', title: undefined })).toEqual({
      block: { type: 'image', data: 'AA', mimeType: 'image/png', uri: null },
      problems: ['content block field "alt" is not part of an image block; dropped'],
    })
  })
})

describe('a block of a known type with a required field missing or wrong', () => {
  it('becomes a text block naming what is wrong, keeping the original in _meta', () => {
    const image = { type: 'image', data: 'iVBORw0KGgo=' }
    expect(normalizeContentBlock(image)).toEqual({
      block: {
        type: 'text',
        text: '[invalid image block: mimeType: expected a string, found undefined]',
        _meta: { [ORIGINAL_CONTENT_META_KEY]: image },
      },
      problems: ['content block field "mimeType" of an image block: expected a string, found undefined; shown as a text block'],
    })
  })

  it('names every broken field, and shows the uri after the name and the text below it', () => {
    const link = { type: 'resource_link', uri: 'file:///a.md', name: 7, mimeType: 1 }
    expect(normalizeContentBlock(link)).toEqual({
      block: {
        type: 'text',
        text: '[invalid resource_link block: name: expected a string, found 7] file:///a.md',
        _meta: { [ORIGINAL_CONTENT_META_KEY]: link },
      },
      problems: ['content block field "name" of a resource_link block: expected a string, found 7; shown as a text block'],
    })
    const resource = { type: 'resource', resource: { text: 'the text\n' } }
    expect(normalizeContentBlock(resource)).toMatchObject({
      block: { type: 'text', text: '[invalid resource block: resource.uri: expected a string, found undefined]\nthe text\n' },
      problems: ['content block field "resource.uri" of a resource block: expected a string, found undefined; shown as a text block'],
    })
  })

  it('a resource with neither text nor blob says so', () => {
    expect(normalizeContentBlock({ type: 'resource', resource: { uri: 'file:///a' } })).toMatchObject({
      block: { type: 'text', text: '[invalid resource block: resource: expected a "text" or a "blob" field, found neither] file:///a' },
      problems: [
        'content block field "resource" of a resource block: expected a "text" or a "blob" field, found neither; shown as a text block',
      ],
    })
  })

  it('a text block without a string text', () => {
    expect(normalizeContentBlock({ type: 'text', text: null })).toMatchObject({
      block: { type: 'text', text: '[invalid text block: text: expected a string, found null]' },
      problems: ['content block field "text" of a text block: expected a string, found null; shown as a text block'],
    })
  })
})

describe('a block of an unknown type, or no block at all', () => {
  it('an unknown type becomes a text block that names it, with its uri and text', () => {
    const video = { type: 'video', uri: 'https://example.com/a.mp4', data: 'AAAA', text: 'A talk' }
    expect(normalizeContentBlock(video)).toEqual({
      block: {
        type: 'text',
        text: '[unsupported content block "video"] https://example.com/a.mp4\nA talk',
        _meta: { [ORIGINAL_CONTENT_META_KEY]: video },
      },
      problems: ['content block type "video" is not supported; shown as a text block'],
    })
  })

  it('a block without a type, or with a type that is not a string', () => {
    expect(normalizeContentBlock({ text: 'hi' })).toMatchObject({
      block: { type: 'text', text: '[unsupported content block without a type]\nhi' },
      problems: ['content block has no type; shown as a text block'],
    })
    expect(normalizeContentBlock({ type: 3 })).toMatchObject({
      block: { type: 'text', text: '[unsupported content block 3]' },
      problems: ['content block type 3 is not supported; shown as a text block'],
    })
    expect(normalizeContentBlock({ type: 'toString' }).problems).toEqual([
      'content block type "toString" is not supported; shown as a text block',
    ])
  })

  it('a value that is not an object becomes a text block naming it', () => {
    expect(normalizeContentBlock(42)).toEqual({
      block: { type: 'text', text: '[unsupported content block: 42]', _meta: { [ORIGINAL_CONTENT_META_KEY]: 42 } },
      problems: ['content block is not an object (found 42); shown as a text block'],
    })
    expect(normalizeContentBlock(null).problems).toEqual(['content block is not an object (found null); shown as a text block'])
    expect(normalizeContentBlock([1]).block).toMatchObject({ type: 'text', text: '[unsupported content block: an array]' })
  })

  it('a string is taken as text', () => {
    expect(normalizeContentBlock('plain output')).toEqual({
      block: { type: 'text', text: 'plain output' },
      problems: ['content block is a string, not an object; shown as a text block'],
    })
  })
})

// Blocks close to the vocabulary, and any JSON.
const text = fc.string({ maxLength: 8 })
const json = fc.jsonValue({ maxDepth: 2 })
const mostly = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: json })
const nearBlock = fc.record(
  {
    type: mostly(fc.constantFrom('text', 'image', 'audio', 'resource_link', 'resource', 'video')),
    text: mostly(text),
    data: mostly(text),
    blob: mostly(text),
    uri: mostly(fc.option(text)),
    name: mostly(text),
    mimeType: mostly(fc.option(text)),
    size: mostly(fc.option(fc.integer())),
    resource: mostly(
      fc.record({ uri: mostly(text), text: mostly(text), blob: mostly(text), mimeType: mostly(text) }, { requiredKeys: [] }),
    ),
    annotations: mostly(
      fc.record({ audience: mostly(fc.array(fc.constantFrom('user', 'assistant'))), priority: mostly(fc.double()) }, { requiredKeys: [] }),
    ),
    _meta: mostly(fc.dictionary(text, json, { maxKeys: 2 })),
    extra: json,
  },
  { requiredKeys: [] },
)

// Every string value inside `value`, at any depth.
function strings(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value)
  else if (value && typeof value === 'object') for (const inner of Object.values(value)) strings(inner, into)
  return into
}

describe('whatever the value', () => {
  it('gives a block the guards accept, never throws, and says why whenever the block is not the value', () => {
    fc.assert(
      fc.property(fc.oneof(nearBlock, json), (value) => {
        const { block, problems } = normalizeContentBlock(value)
        expect(isBlock(block)).toBe(true)
        expect(problems.length === 0).toBe(block === value)
        expect(isBlock(value)).toBe(block === value)
      }),
      { numRuns: 3000 },
    )
  })

  // The payload fields a block of each type has; a stray one is dropped, and said so.
  const payload: Record<string, readonly string[]> = {
    text: ['text'],
    image: ['data', 'uri'],
    audio: ['data'],
    resource_link: ['uri'],
    resource: [],
  }

  it('loses no text, data or uri of its type: each is in the block or in the original a stand-in keeps', () => {
    fc.assert(
      fc.property(nearBlock, (value) => {
        const { block, problems } = normalizeContentBlock(value)
        const kept = strings(block)
        const type = typeof value.type === 'string' ? value.type : ''
        const standIn = !Object.hasOwn(payload, type) || problems.some((problem) => problem.endsWith('shown as a text block'))
        const owned = (key: string) => standIn || payload[type].includes(key)
        for (const key of ['text', 'data', 'blob', 'uri']) {
          const field = (value as Record<string, unknown>)[key]
          if (typeof field === 'string' && owned(key)) expect(kept).toContain(field)
        }
        const resource = value.resource
        if (type === 'resource' && resource && typeof resource === 'object' && !Array.isArray(resource)) {
          const kind = resource.text !== undefined ? 'text' : 'blob'
          for (const key of ['uri', kind] as const) {
            if (typeof resource[key] === 'string') expect(kept).toContain(resource[key])
          }
        }
        if (!standIn) {
          for (const key of Object.keys(value)) {
            if (!(key in block) && (value as Record<string, unknown>)[key] !== undefined) {
              expect(problems.some((problem) => problem.startsWith(`content block field "${key}"`))).toBe(true)
            }
          }
        }
      }),
      { numRuns: 3000 },
    )
  })

  it('shows a stand-in block the uri and text it stands in for', () => {
    const { block } = normalizeContentBlock({ type: 'video', resource: { uri: 'file:///v', text: 'caption' } })
    expect(block).toMatchObject({ type: 'text', text: '[unsupported content block "video"] file:///v\ncaption' })
  })
})
