import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { markdownBlock } from '../../src/presenters/display.js'
import { countTypes, nodeTypes, parse } from './markdown-tree.js'
import { propertyRuns } from '../property-runs.js'

// What must never come out of model text shown as Markdown.
const FORBIDDEN = ['link', 'image', 'html', 'definition', 'linkReference', 'imageReference']

describe('markdownBlock', () => {
  it('leaves text without [ < & or an escaping backslash unchanged, shape and all', () => {
    const plan = '# Plan\n\n1. Parse the patch\n2. **Test** it\n   - `code` stays code\n\n```ts\nconst a = 1\n```'
    expect(markdownBlock(plan)).toBe(plan)
    expect(countTypes(parse(markdownBlock(plan)), ['heading', 'list', 'strong', 'inlineCode', 'code'])).toEqual({
      heading: 1,
      list: 2,
      strong: 1,
      inlineCode: 1,
      code: 1,
    })
  })

  it('turns links, images, autolinks, HTML and references into text', () => {
    const text = '[a](https://e) ![i](https://e/t.png) <https://e> <img src=x> [r]\n\n[r]: https://e\n&amp; \\[x](y)'
    const escaped = markdownBlock(text)
    expect(escaped).toBe(
      '\\[a](https://e) !\\[i](https://e/t.png) \\<https://e> \\<img src=x> \\[r]\n\n\\[r]: https://e\n\\&amp; \\\\\\[x](y)',
    )
    for (const type of FORBIDDEN) expect(nodeTypes(parse(escaped)).has(type)).toBe(false)
  })

  it('never lets hostile text link, embed or hold HTML, and keeps every line', () => {
    const unit = fc.constantFrom(
      'a',
      ' ',
      '\n',
      '\r\n',
      '[',
      ']',
      '(',
      ')',
      '!',
      '<',
      '>',
      '&',
      '#',
      '*',
      '_',
      '`',
      '```',
      '~~~',
      '\\',
      ':',
      '    ',
      '- ',
      '1. ',
      '> ',
      'https://e/t.png',
      'www.e.com',
      '&#91;',
      '<img src=x>',
      '[r]: https://e',
      '<!--',
      '-->',
      '"',
    )
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (text) => {
        const escaped = markdownBlock(text)
        const types = nodeTypes(parse(escaped))
        for (const type of FORBIDDEN) expect(types.has(type)).toBe(false)
        expect(escaped.split('\n').length).toBe(text.split('\n').length)
      }),
      { numRuns: propertyRuns(10_000) },
    )
    // A generous limit: a Markdown parse per run on a loaded 2-core machine.
  }, 60_000)
})
