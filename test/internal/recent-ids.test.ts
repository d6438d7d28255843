// RecentIds keeps the most recently set keys up to its limit, exactly as a
// map that moves a key to its end when it is set and forgets its first key
// when it is over the limit, over sequences long enough to compact its order.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RecentIds } from '../../src/internal/recent-ids.js'

// The model: a Map, a key set again moved to its end, its first key forgotten past the limit.
class ModelIds {
  readonly map = new Map<string, number>()
  forgotten = 0
  constructor(private readonly limit: number) {}
  set(key: string, value: number): boolean {
    this.map.delete(key)
    this.map.set(key, value)
    if (this.map.size <= this.limit) return false
    this.map.delete(this.map.keys().next().value as string)
    this.forgotten++
    return true
  }
}

const operation = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: 0, max: 200 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), key: fc.integer({ min: 0, max: 200 }) }) },
)

describe('RecentIds', () => {
  it('remembers and forgets exactly as a map of the most recently set keys, over thousands of sets and deletes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.array(operation, { minLength: 1000, maxLength: 4000 }), (limit, operations) => {
        const ids = new RecentIds<number>(limit)
        const model = new ModelIds(limit)
        operations.forEach(({ kind, key }, step) => {
          const name = `k${key}`
          if (kind === 'delete') {
            ids.delete(name)
            model.map.delete(name)
          } else expect(ids.set(name, step)).toBe(model.set(name, step))
        })
        expect(ids.size).toBe(model.map.size)
        expect(ids.forgotten).toBe(model.forgotten)
        for (let key = 0; key <= 200; key++) expect(ids.get(`k${key}`)).toBe(model.map.get(`k${key}`))
      }),
      { numRuns: 60 },
    )
  })

  it('keeps its limit when every key is new, however many are set', () => {
    const ids = new RecentIds<number>(100)
    for (let index = 0; index < 200_000; index++) ids.set(`t${index}`, index)
    expect(ids.size).toBe(100)
    expect(ids.forgotten).toBe(199_900)
    expect(ids.has('t199899')).toBe(false)
    expect(ids.get('t199900')).toBe(199_900)
  })
})
