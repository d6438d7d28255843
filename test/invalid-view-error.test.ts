import { describe, expect, it } from 'vitest'
import { InvalidViewError, parseToolCallView } from 'tool-render-intent'
import { isInvalidViewError } from '../src/invalid-view-error.js'

// What another build of the package (the CommonJS one, or a second copy)
// throws: the same brand on a class this module never defined.
function foreignError(): Error {
  const error = new TypeError('card: expected a call view')
  Object.defineProperty(error, Symbol.for('tool-render-intent.InvalidViewError'), { value: true })
  return error
}

describe('InvalidViewError is recognised across builds', () => {
  it('by isInvalidViewError and instanceof for an error of this build', () => {
    let caught: unknown
    try {
      parseToolCallView({ card: 'table' })
    } catch (error) {
      caught = error
    }
    expect(isInvalidViewError(caught)).toBe(true)
    expect(caught).toBeInstanceOf(InvalidViewError)
    expect(caught).toBeInstanceOf(TypeError)
  })

  it('by isInvalidViewError and instanceof for an error another build threw', () => {
    expect(isInvalidViewError(foreignError())).toBe(true)
    expect(foreignError() instanceof InvalidViewError).toBe(true)
  })

  it('not for other errors and values', () => {
    for (const value of [new TypeError('x'), null, undefined, 'InvalidViewError', { path: 'x' }]) {
      expect(isInvalidViewError(value)).toBe(false)
      expect(value instanceof InvalidViewError).toBe(false)
    }
  })
})
