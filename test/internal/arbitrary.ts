// Values generated from the one description of the vocabulary (the schemas'
// shapes), so the tests' generators cannot drift from the types either.
import fc from 'fast-check'
import type { AnySchema, Fields, Shape } from '../../src/internal/description.js'

const json = fc.jsonValue({ maxDepth: 2 })

/** Every field name the schema's objects have, at any depth: the pool stray fields are drawn from. */
export function fieldNames(schema: AnySchema, into = new Set<string>()): Set<string> {
  const shape: Shape = schema.shape
  const addFields = (fields: Fields) => {
    for (let index = 0; index < fields.names.length; index++) {
      into.add(fields.names[index])
      fieldNames(fields.schemas[index], into)
    }
  }
  if (shape.kind === 'list') fieldNames(shape.item, into)
  else if (shape.kind === 'object') addFields(shape.fields)
  else if (shape.kind === 'keyed' || shape.kind === 'tagged') for (const fields of shape.variants.values()) addFields(fields)
  return into
}

/**
 * Values of `schema`'s type. With `noise`, any value may instead be any
 * JSON, a required field may be missing and an object may carry a stray
 * field (one some object of the vocabulary has, or one none has): values
 * near the vocabulary, valid or not.
 */
export function arbitraryOf(schema: AnySchema, noise = false, names = [...fieldNames(schema), 'stray']): fc.Arbitrary<unknown> {
  const exact = exactOf(schema, noise, names)
  return noise ? fc.oneof({ weight: 12, arbitrary: exact }, { weight: 1, arbitrary: json }) : exact
}

function exactOf(schema: AnySchema, noise: boolean, names: string[]): fc.Arbitrary<unknown> {
  const shape: Shape = schema.shape
  switch (shape.kind) {
    case 'string':
      return fc.string({ maxLength: 6 })
    case 'finite number':
      return fc.double({ noNaN: true, noDefaultInfinity: true })
    case 'line number':
      return fc.integer({ min: 1, max: 10_000 })
    case 'one of':
      return fc.constantFrom(...shape.names)
    case 'unknown':
      return json
    case 'plain object':
      return fc.dictionary(fc.string({ maxLength: 4 }), json, { maxKeys: 2 })
    case 'list':
      return fc.array(arbitraryOf(shape.item, noise, names), { maxLength: 3 })
    case 'object':
      return objectOf(shape.fields, noise, names)
    case 'keyed':
    case 'tagged':
      return fc.oneof(...[...shape.variants.values()].map((fields) => objectOf(fields, noise, names)))
  }
}

function objectOf(fields: Fields, noise: boolean, names: string[]): fc.Arbitrary<unknown> {
  const entries = fields.names.map((name, index) => {
    const value = arbitraryOf(fields.schemas[index], noise, names)
    const options: fc.Arbitrary<unknown>[] = [value]
    if (fields.optional[index]) options.push(fc.constant(undefined))
    if (fields.nullable[index]) options.push(fc.constant(null))
    // A tag (a single choice, first) is kept, so that noise lands inside a variant.
    if (noise && fields.optional[index] === false && index > 0) options.push(fc.constant(undefined))
    // An undefined field is left out, or set to undefined: both mean absent.
    return fc.tuple(fc.constant(name), fc.oneof(...options), fc.boolean())
  })
  const stray = noise ? fc.option(fc.tuple(fc.constantFrom(...names), json), { freq: 4 }) : fc.constant(null)
  return fc.tuple(fc.tuple(...entries), stray).map(([pairs, extra]) => {
    const value: Record<string, unknown> = {}
    for (const [name, field, setUndefined] of pairs) if (field !== undefined || setUndefined) value[name] = field
    if (extra) value[extra[0]] = extra[1]
    return value
  })
}
