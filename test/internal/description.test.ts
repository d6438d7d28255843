import { describe, expect, it } from 'vitest'
import {
  a,
  finiteNumber,
  found,
  keyed,
  list,
  object,
  oneOf,
  optional,
  optionalOrNull,
  orNull,
  required,
  string,
  tagged,
  unknownValue,
} from '../../src/internal/description.js'

// Small interfaces of their own, so the machinery is tested apart from the vocabulary.
interface Point {
  readonly x: number
  readonly label?: string | null
  readonly at: string | null
}
type Shape =
  | { readonly kind: 'circle'; readonly r: number }
  | { readonly kind: 'square'; readonly side: number; readonly tags?: readonly ('a' | 'b')[] }
type Contents = { readonly text: string; readonly id?: unknown } | { readonly bytes: string }

const point = object<Point>('a point', { x: required(finiteNumber), label: optionalOrNull(string), at: orNull(string) })
const shape = tagged<Shape, 'kind'>('kind', 'shape', {
  circle: { r: required(finiteNumber) },
  square: { side: required(finiteNumber), tags: optional(list(oneOf(['a', 'b']))) },
})
const contents = keyed<Contents, 'text' | 'bytes'>('contents', 'part', {
  text: { text: required(string), id: optional(unknownValue) },
  bytes: { bytes: required(string) },
})

const explain = (schema: { explain: (v: unknown, p: string, k: string, n: boolean) => unknown }, value: unknown) =>
  schema.explain(value, '', '', false)

describe('an object description', () => {
  it('a required field must be present; one that may be null says so', () => {
    expect(point.is({ x: 1, at: null })).toBe(true)
    expect(explain(point, { x: 1 })).toEqual({ path: 'at', issue: 'expected a string or null, found undefined' })
    expect(explain(point, { at: 'a' })).toEqual({ path: 'x', issue: 'expected a finite number, found undefined' })
  })

  it('an optional field may be absent, undefined, or null when it says so', () => {
    for (const label of [undefined, null, 'p']) expect(point.is({ x: 1, at: null, label })).toBe(true)
    expect(explain(point, { x: 1, at: null, label: 2 })).toEqual({ path: 'label', issue: 'expected a string or null, found 2' })
  })

  it('a field it does not describe is not a field of it', () => {
    expect(point.is({ x: 1, at: null, y: 2 })).toBe(false)
    expect(explain(point, { x: 1, at: null, y: 2 })).toEqual({ path: 'y', issue: 'not a field of a point' })
    expect(explain(point, [])).toEqual({ path: '', issue: 'expected a point, found an array' })
  })
})

describe('a tagged union', () => {
  it('lists its tags, and names the tag a stray field belongs to', () => {
    expect(explain(shape, { kind: 'hexagon' })).toEqual({ path: 'kind', issue: 'expected "circle" | "square", found "hexagon"' })
    expect(explain(shape, { kind: 'circle', r: 1, side: 2 })).toEqual({
      path: 'side',
      issue: 'not a field of a circle shape (it belongs to a square shape)',
    })
    expect(explain(shape, { kind: 'square', side: 1, tags: ['a', 'c'] })).toEqual({
      path: 'tags[1]',
      issue: 'expected "a" | "b", found "c"',
    })
  })

  it('a tag that is a key of Object.prototype is no tag', () => {
    expect(shape.is({ kind: 'toString' })).toBe(false)
    expect(explain(shape, { kind: 'constructor' })).toEqual({ path: 'kind', issue: 'expected "circle" | "square", found "constructor"' })
  })
})

describe('a keyed union', () => {
  it('is picked by the first key present, and says which keys it wanted when none is', () => {
    expect(contents.is({ text: 't', id: null })).toBe(true)
    expect(contents.is({ bytes: 'b' })).toBe(true)
    expect(explain(contents, {})).toEqual({ path: '', issue: 'expected a "text" or a "bytes" field, found neither' })
    expect(explain(contents, { text: 't', bytes: 'b' })).toEqual({
      path: 'bytes',
      issue: 'not a field of text contents (it belongs to bytes contents)',
    })
  })
})

describe('message helpers', () => {
  it('a and an', () => {
    expect(a('image block')).toBe('an image block')
    expect(a('text block')).toBe('a text block')
  })

  it('found names a value briefly', () => {
    expect(found('x'.repeat(50))).toBe(`"${'x'.repeat(40)}…"`)
    expect(found([1])).toBe('an array')
    expect(found({})).toBe('an object')
    expect(found(Number.NaN)).toBe('NaN')
    expect(found(undefined)).toBe('undefined')
  })
})
