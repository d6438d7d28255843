import { describe, expect, it } from 'vitest'
import { isRecord } from '../../src/internal/record.js'
import { isRecord as presentersIsRecord } from '../../src/presenters/arguments.js'

describe('isRecord, the one record check', () => {
  it('is a plain object or any other non-null, non-array object', () => {
    expect(isRecord({})).toBe(true)
    expect(isRecord({ a: 1 })).toBe(true)
    expect(isRecord(Object.create(null))).toBe(true)
    expect(isRecord(new Date(0))).toBe(true)
  })

  it('is not null, an array or a primitive', () => {
    for (const value of [null, undefined, [], [1], 'a', 1, true, Symbol('a'), () => {}]) expect(isRecord(value)).toBe(false)
  })

  it('is the same function the presenters use', () => {
    expect(presentersIsRecord).toBe(isRecord)
  })
})
