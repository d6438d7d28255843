// The guards are built from one description of the vocabulary, with two
// paths: the boolean fast path and the checker that words a problem. These
// hold the two to each other, and the description to the views, on values
// generated from that same description.
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import type { AnySchema } from '../../src/internal/description.js'
import { contentBlock, toolCallView, toolResultView } from '../../src/internal/vocabulary.js'
import { InvalidViewError, isToolCallView, isToolResultView, parseToolCallView, parseToolResultView } from 'tool-render-intent'
import { arbitraryOf } from './arbitrary.js'
import { propertyRuns } from '../property-runs.js'

const schemas: [string, AnySchema][] = [
  ['call view', toolCallView],
  ['result view', toolResultView],
  ['content block', contentBlock],
]

describe('values generated from the description', () => {
  it.each(schemas)('every %s built to the description passes both paths', (_name, schema) => {
    fc.assert(
      fc.property(arbitraryOf(schema), (value) => {
        expect(schema.is(value)).toBe(true)
        expect(schema.explain(value, '', '', false)).toBeUndefined()
      }),
      { numRuns: propertyRuns(1000) },
    )
  })

  it.each(schemas)('the fast path and the checker agree on any %s near the vocabulary', (_name, schema) => {
    let rejected = 0
    const runs = propertyRuns(3000)
    fc.assert(
      fc.property(arbitraryOf(schema, true), (value) => {
        const fits = schema.is(value)
        const problem = schema.explain(value, '', '', false)
        expect(problem === undefined).toBe(fits)
        if (!fits) rejected++
      }),
      { numRuns: runs },
    )
    // Noise that never breaks anything would prove nothing.
    expect(rejected).toBeGreaterThan(runs / 10)
  })

  it('parse returns the value itself exactly when is says yes, and otherwise throws the problem the checker finds', () => {
    const pairs = [
      [toolCallView, isToolCallView, parseToolCallView],
      [toolResultView, isToolResultView, parseToolResultView],
    ] as const
    for (const [schema, is, parse] of pairs) {
      fc.assert(
        fc.property(arbitraryOf(schema, true), (value) => {
          if (is(value)) {
            expect(parse(value)).toBe(value)
            return
          }
          const problem = schema.explain(value, '', '', false)!
          expect(() => parse(value)).toThrow(new InvalidViewError(problem.path, problem.issue))
        }),
        { numRuns: propertyRuns(1000) },
      )
    }
  })
})

describe('the fast path', () => {
  it('builds no message: it names no found value, whatever it rejects', () => {
    const stringify = vi.spyOn(JSON, 'stringify')
    const string = vi.spyOn(globalThis, 'String')
    try {
      const rejected = [
        { card: 'generic', title: 'a long title that a message would quote and cut', kind: 'write' },
        { card: 'diff', title: 't', diffs: [{ path: '/a', oldText: 1, newText: '' }] },
        { card: 'table' },
        { card: 'generic', title: 't', content: [{ type: 'text', text: 'a', mimeType: 'x' }] },
        { card: 'generic', title: 't', content: [{ type: 'resource', resource: { uri: 'u' } }] },
        Symbol('view'),
      ]
      for (const value of rejected) {
        expect(isToolCallView(value)).toBe(false)
        expect(isToolResultView(value)).toBe(false)
      }
      expect(stringify).not.toHaveBeenCalled()
      expect(string).not.toHaveBeenCalled()
      // The spies do see the checker's messages.
      expect(() => parseToolCallView('view')).toThrow('view: expected a call view, found "view"')
      expect(() => parseToolCallView(Symbol('view'))).toThrow('view: expected a call view, found Symbol(view)')
      expect(stringify).toHaveBeenCalled()
      expect(string).toHaveBeenCalled()
    } finally {
      stringify.mockRestore()
      string.mockRestore()
    }
  })

  it('passes a 10,000-block list, and the checker names the one bad block in it', () => {
    const content = Array.from({ length: 10_000 }, (_, index) => ({ type: 'text', text: `line ${index}` }))
    expect(isToolResultView({ card: 'generic', content })).toBe(true)
    content[9_999] = { type: 'text', text: 7 as unknown as string }
    expect(isToolResultView({ card: 'generic', content })).toBe(false)
    expect(() => parseToolResultView({ card: 'generic', content })).toThrow('content[9999].text: expected a string, found 7')
  })
})
