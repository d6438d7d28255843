// The client's copy of a card: a field is left out only when its JSON is what the client has.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sameJson } from '../../src/lifecycle/client-cards.js'

const json = (value: unknown) => JSON.stringify(value)

// JSON values, and values JSON rewrites: undefined, NaN, Infinity, -0, a toJSON, a class instance, a function.
const rewritten = fc.constantFrom<unknown>(undefined, Number.NaN, Number.POSITIVE_INFINITY, -0, { toJSON: () => 'x' }, new Date(0), () => 1)
const anyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    rewritten,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('value'), { maxKeys: 3 }),
  ),
})).value

// A copy of `value` built anew: equal JSON, other objects.
const copyOf = (value: unknown) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)))

// `value` with its first string (in key order) one character longer; itself when it holds none.
function withOneStringChanged(value: unknown): unknown {
  let done = false
  const walk = (item: unknown): unknown => {
    if (done) return item
    if (typeof item === 'string') {
      done = true
      return `${item}!`
    }
    if (Array.isArray(item)) return item.map(walk)
    if (item !== null && typeof item === 'object') return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, walk(entry)]))
    return item
  }
  return walk(value)
}

describe('sameJson answers as comparing the JSON texts would, or leaves the answer to them', () => {
  it('never contradicts the JSON texts, for any two values', () => {
    fc.assert(
      fc.property(anyValue, anyValue, (a, b) => {
        const answer = sameJson(a, b, 0)
        if (answer !== undefined) expect(answer).toBe(json(a) === json(b))
      }),
      { numRuns: 2000 },
    )
  })

  it('never contradicts the JSON texts for a value and its copy, or the copy with one string changed', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(sameJson(value, copyOf(value), 0)).toBe(true)
        const changed = withOneStringChanged(copyOf(value))
        expect(sameJson(value, changed, 0)).toBe(json(value) === json(changed))
      }),
    )
  })

  it('answers for plain JSON without serialising it', () => {
    expect(
      sameJson([{ type: 'diff', path: '/a', oldText: null, newText: 'x' }], [{ type: 'diff', path: '/a', oldText: null, newText: 'x' }], 0),
    ).toBe(true)
    expect(sameJson({ a: 'x', b: 'y' }, { a: 'x', b: 'z' }, 0)).toBe(false)
    expect(sameJson({ a: 1 }, { a: 1, b: undefined }, 0)).toBe(true)
    expect(sameJson({ a: 1 }, { a: 2 }, 0)).toBe(false)
    expect(sameJson([{ path: '/a', line: 1 }], [{ path: '/a', line: 5 }], 0)).toBe(false)
    expect(sameJson({ a: new Date(0) }, { a: 'x' }, 0)).toBeUndefined()
    expect(sameJson(['x', 'y'], ['x'], 0)).toBe(false)
  })
})
