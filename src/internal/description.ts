// Internal: not exported from any entry point.
//
// How the vocabulary is described once and checked twice. A description
// names every field of an interface with its check (`required(string)`,
// `optional(list(location))`); the compiler holds it to the interface (see
// `Described`), and it compiles into a `Schema`: a boolean fast path (`is`),
// which builds no strings and no paths, and a checker (`explain`) that finds
// the first problem and words it, run only once `is` has said no.
import { isRecord } from './record.js'

/** @internal The first problem `explain` found: where (`diffs[1].newText`) and what (`expected a string, found 42`). */
export interface Problem {
  readonly path: string
  readonly issue: string
}

/**
 * @internal A compiled description of values of type `T`.
 *
 * `is` and `explain` accept exactly the same values: `explain` returns
 * undefined where `is` returns true.
 */
export interface Schema<T> {
  /** What the schema checks, as data: content-block normalisation walks it, test generators read it. */
  readonly shape: Shape
  /** The fast path: plain checks, no strings, no paths. */
  readonly is: (value: unknown) => value is T
  /**
   * The checker: the first problem with `value`, found at `path` + `key`.
   * `orNull` says the field may also be null (the caller has let a null
   * through), so a failure says `expected … or null`.
   */
  readonly explain: (value: unknown, path: string, key: string | number, orNull: boolean) => Problem | undefined
  // Never set: makes `Schema` invariant in `T`, so a description's field
  // types must equal the interface's, not merely fit them.
  readonly _type?: (value: T) => T
}

/** @internal A schema of any type, as fields and lists hold them (`Schema` is invariant: only `any` fits every one). */
export type AnySchema = Schema<any>

/** @internal What a schema checks. */
export type Shape =
  | { readonly kind: 'string' }
  | { readonly kind: 'finite number' }
  | { readonly kind: 'line number' }
  | { readonly kind: 'one of'; readonly names: readonly string[] }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'plain object' }
  | { readonly kind: 'list'; readonly item: AnySchema }
  | ObjectShape
  | KeyedShape
  | TaggedShape

/** @internal The fields of one object, in the order they are checked. */
export interface Fields {
  readonly names: readonly string[]
  readonly schemas: readonly AnySchema[]
  readonly optional: readonly boolean[]
  readonly nullable: readonly boolean[]
  readonly known: ReadonlySet<string>
}

/** @internal An object with fixed fields, named `noun` in messages (`a location`, `annotations`). */
export interface ObjectShape {
  readonly kind: 'object'
  readonly noun: string
  readonly fields: Fields
}

/**
 * @internal A union told apart by which key field is present (an embedded
 * resource's `text` or `blob`): `resource contents` in messages, its
 * variants `text resource contents`; inside a block, `text contents` (the
 * `part`).
 */
export interface KeyedShape {
  readonly kind: 'keyed'
  readonly noun: string
  readonly part: string
  readonly variants: ReadonlyMap<string, Fields>
  /** The first key present in `value`, which picks its variant. */
  readonly select: (value: Record<string, unknown>) => string | undefined
  /** The first variant whose fields include `field`, if any. */
  readonly owner: (field: string) => string | undefined
  /** What `explain` says when no key field is present. */
  readonly neither: string
}

/** @internal A union told apart by a tag field (`card` of a view, `type` of a block). */
export interface TaggedShape {
  readonly kind: 'tagged'
  readonly tag: string
  readonly noun: string
  /** The fields of each tag, the tag field first. */
  readonly variants: ReadonlyMap<string, Fields>
  /** The tag whose fields include `field`, if any. */
  readonly owner: (field: string) => string | undefined
}

// How a field may be left out: absent (`?`), null, both, or neither.
type Mode = 'required' | 'nullable' | 'optional' | 'optional-nullable'

/** @internal One field of a description: its check and whether it may be absent or null. */
export interface Field<T, M extends Mode = Mode> {
  readonly mode: M
  readonly schema: Schema<T>
}

// A description as the compiled code reads it, its types checked already.
type AnyDescription = { readonly [name: string]: Field<any> }

/** @internal A field that must be present and fit `schema`. */
export const required = <T>(schema: Schema<T>): Field<T, 'required'> => ({ mode: 'required', schema })
/** @internal A field that must be present, and fit `schema` or be null. */
export const orNull = <T>(schema: Schema<T>): Field<T, 'nullable'> => ({ mode: 'nullable', schema })
/** @internal A field that may be absent (or undefined). */
export const optional = <T>(schema: Schema<T>): Field<T, 'optional'> => ({ mode: 'optional', schema })
/** @internal A field that may be absent, undefined or null. */
export const optionalOrNull = <T>(schema: Schema<T>): Field<T, 'optional-nullable'> => ({ mode: 'optional-nullable', schema })

// biome-ignore lint/complexity/noBannedTypes: `{}` is the empty object here, the test for an optional key.
type IsOptional<I, K extends keyof I> = {} extends Pick<I, K> ? true : false

// The field a description must give for `I[K]`: its type exactly, and the
// mode its `?` and `| null` say. `unknown` takes any value, null included.
type FieldOf<I, K extends keyof I, V = Exclude<I[K], undefined>> = unknown extends V
  ? Field<unknown, IsOptional<I, K> extends true ? 'optional' : 'required'>
  : null extends V
    ? Field<Exclude<V, null>, IsOptional<I, K> extends true ? 'optional-nullable' : 'nullable'>
    : Field<V, IsOptional<I, K> extends true ? 'optional' : 'required'>

/**
 * @internal The description of an interface `I`: one field for each of its
 * fields, none for a field typed `never` (another card's field, absent here).
 * Written as an object literal, as every description is: a field of `I`
 * missing from it is a missing property; a field it has and `I` lacks, an
 * excess property; a check of another type, or a mode that disagrees with
 * `?` or `| null`, a type error.
 */
export type Described<I> = {
  readonly [K in keyof I as [Exclude<I[K], undefined>] extends [never] ? never : K]-?: FieldOf<I, K>
}

// The member of `U` whose `tag` is `C`.
type Variant<U, Tag extends keyof U, C> = Extract<U, { readonly [P in Tag]: C }>

/** @internal The description of each member of the tagged union `U`, by tag. */
export type Variants<U, Tag extends keyof U> = {
  readonly [C in U[Tag] & string]: Described<Omit<Variant<U, Tag, C>, Tag>>
}

// The member of `U` that has the field `K` (distributes over `K`).
type Keyed<U, K> = K extends string ? Extract<U, { readonly [P in K]: unknown }> : never

const join = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key)

/** @internal How a found value is named in a message: a string quoted (cut at 40 characters), `an array`, `an object`, else as `String` gives it. */
export const found = (value: unknown): string =>
  typeof value === 'string'
    ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
    : Array.isArray(value)
      ? 'an array'
      : value && typeof value === 'object'
        ? 'an object'
        : String(value)

/** @internal `a x` or `an x`. */
export const a = (noun: string): string => ('aeiou'.includes(noun[0]) ? 'an ' : 'a ') + noun

const mismatch = (path: string, key: string | number, expected: string, value: unknown, orNull: boolean): Problem => ({
  path: join(path, key),
  issue: `expected ${expected}${orNull ? ' or null' : ''}, found ${found(value)}`,
})

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(' | ')

// A check of a single value: `test` is the fast path, `expected` names it.
function leaf<T>(shape: Shape, expected: string, test: (value: unknown) => boolean): Schema<T> {
  return {
    shape,
    is: test as (value: unknown) => value is T,
    explain: (value, path, key, orNull) => (test(value) ? undefined : mismatch(path, key, expected, value, orNull)),
  }
}

/** @internal A string. */
export const string: Schema<string> = leaf({ kind: 'string' }, 'a string', (value) => typeof value === 'string')

/** @internal A number JSON carries as itself: not NaN, not ±Infinity. */
export const finiteNumber: Schema<number> = leaf({ kind: 'finite number' }, 'a finite number', Number.isFinite)

/** @internal A 1-based line number. */
export const lineNumber: Schema<number> = leaf(
  { kind: 'line number' },
  'an integer of at least 1',
  (value) => Number.isInteger(value) && (value as number) >= 1,
)

/** @internal Any value, unchecked (`rawInput`). */
export const unknownValue: Schema<unknown> = {
  shape: { kind: 'unknown' },
  is: (_value): _value is unknown => true,
  explain: () => undefined,
}

/** @internal Any plain object, passed through untouched (`_meta`). */
export const plainObject: Schema<{ readonly [key: string]: unknown }> = leaf({ kind: 'plain object' }, 'an object', isRecord)

/** @internal One of `names`, listed in a message. */
export function oneOf<const T extends string>(names: readonly T[]): Schema<T> {
  return leaf({ kind: 'one of', names }, quoted(names), (value) => names.includes(value as T))
}

/** @internal An array of values that fit `item`. */
export function list<T>(item: Schema<T>): Schema<readonly T[]> {
  return {
    shape: { kind: 'list', item },
    is: (value): value is readonly T[] => {
      if (!Array.isArray(value)) return false
      for (let index = 0; index < value.length; index++) if (!item.is(value[index])) return false
      return true
    },
    explain: (value, path, key, orNull) => {
      if (!Array.isArray(value)) return mismatch(path, key, 'an array', value, orNull)
      const inner = join(path, key)
      for (let index = 0; index < value.length; index++) {
        const problem = item.explain(value[index], inner, index, false)
        if (problem) return problem
      }
      return undefined
    },
  }
}

// The fields of a description, in its order; `tag` (a tagged union's tag
// and its value) comes first.
function compile(description: AnyDescription, tag?: string, value?: string): Fields {
  const names: string[] = []
  const schemas: AnySchema[] = []
  const optional: boolean[] = []
  const nullable: boolean[] = []
  const add = (name: string, { mode, schema }: Field<any>) => {
    names.push(name)
    schemas.push(schema)
    optional.push(mode === 'optional' || mode === 'optional-nullable')
    nullable.push(mode === 'nullable' || mode === 'optional-nullable')
  }
  if (tag !== undefined) add(tag, required(oneOf([value!])))
  for (const name of Object.keys(description)) add(name, description[name])
  return { names, schemas, optional, nullable, known: new Set(names) }
}

// The fast path over one object's fields: each present field fits (null
// only where the field allows it), each required one is present, and no
// other field is set.
function fits(value: Record<string, unknown>, fields: Fields): boolean {
  const { names, schemas, optional, nullable, known } = fields
  for (let index = 0; index < names.length; index++) {
    const field = value[names[index]]
    if (field === undefined) {
      if (!optional[index]) return false
    } else if (!(field === null && nullable[index]) && !schemas[index].is(field)) return false
  }
  for (const name in value) if (value[name] !== undefined && !known.has(name)) return false
  return true
}

// The checker over one object's fields, in the same order as `fits`:
// `what` names the object in messages and `owner` names a sibling that
// declares a field this one lacks.
function explainFields(
  value: Record<string, unknown>,
  path: string,
  fields: Fields,
  what: string,
  owner?: (field: string) => string | undefined,
): Problem | undefined {
  const { names, schemas, optional, nullable, known } = fields
  for (let index = 0; index < names.length; index++) {
    const name = names[index]
    const field = value[name]
    if (field === undefined ? optional[index] : field === null && nullable[index]) continue
    const problem =
      schemas[index].explain(field, path, name, nullable[index]) ??
      (field === undefined ? mismatch(path, name, 'a value', field, false) : undefined)
    if (problem) return problem
  }
  for (const name in value) {
    if (value[name] === undefined || known.has(name)) continue
    const other = owner?.(name)
    return { path: join(path, name), issue: `not a field of ${what}${other ? ` (it belongs to ${other})` : ''}` }
  }
  return undefined
}

/**
 * @internal An object of the interface `T`, every field described.
 *
 * @example
 * object<FileLocation>('a location', { path: required(string), line: optional(lineNumber) })
 */
export function object<T>(noun: string, description: Described<T>): Schema<T> {
  const fields = compile(description as AnyDescription)
  return {
    shape: { kind: 'object', noun, fields },
    is: (value): value is T => isRecord(value) && fits(value, fields),
    explain: (value, path, key, orNull) =>
      isRecord(value) ? explainFields(value, join(path, key), fields, noun) : mismatch(path, key, noun, value, orNull),
  }
}

// The first key of `names` that `fields` of a variant include.
const firstOwner = (variants: ReadonlyMap<string, Fields>) => (field: string) => {
  for (const [name, fields] of variants) if (fields.known.has(field)) return name
  return undefined
}

/**
 * @internal A union told apart by which of its `keys` is present, each
 * variant described without a tag: the first key present picks it.
 *
 * @example
 * keyed<TextResourceContents | BlobResourceContents, 'text' | 'blob'>('resource contents', 'contents', { text: { … }, blob: { … } })
 */
export function keyed<U, K extends string>(
  noun: string,
  part: string,
  descriptions: { readonly [P in K]: Described<Keyed<U, P>> },
): Schema<Keyed<U, K>> {
  const keys = Object.keys(descriptions) as K[]
  const variants = new Map<string, Fields>(keys.map((key) => [key, compile(descriptions[key] as AnyDescription)]))
  const select = (value: Record<string, unknown>) => {
    for (let index = 0; index < keys.length; index++) if (value[keys[index]] !== undefined) return keys[index]
    return undefined
  }
  const owner = firstOwner(variants)
  const neither = `expected ${keys.map((key) => `a "${key}"`).join(' or ')} field, found neither`
  return {
    shape: { kind: 'keyed', noun, part, variants, select, owner, neither },
    is: (value): value is Keyed<U, K> => {
      if (!isRecord(value)) return false
      const key = select(value)
      return key !== undefined && fits(value, variants.get(key)!)
    },
    explain: (value, path, key, orNull) => {
      if (!isRecord(value)) return mismatch(path, key, noun, value, orNull)
      const inner = join(path, key)
      const variant = select(value)
      if (variant === undefined) return { path: inner, issue: neither }
      return explainFields(value, inner, variants.get(variant)!, `${variant} ${noun}`, (field) => {
        const other = owner(field)
        return other && `${other} ${noun}`
      })
    },
  }
}

/**
 * @internal A union told apart by its `tag` field, one description per tag
 * (the tag itself left out): `a call view` in messages, its variants `a
 * generic call view`.
 *
 * @example
 * tagged<ToolResultView, 'card'>('card', 'result view', { generic: { … }, terminal: { … }, diff: { … } })
 */
export function tagged<U, Tag extends keyof U & string>(tag: Tag, noun: string, descriptions: Variants<U, Tag>): Schema<U> {
  const tags = Object.keys(descriptions)
  const variants = new Map<string, Fields>(
    tags.map((name) => [name, compile((descriptions as Record<string, AnyDescription>)[name], tag, name)]),
  )
  const owner = firstOwner(variants)
  const expectedTag = quoted(tags)
  const ownerNoun = (field: string) => {
    const other = owner(field)
    return other && a(`${other} ${noun}`)
  }
  return {
    shape: { kind: 'tagged', tag, noun, variants, owner },
    is: (value): value is U => {
      if (!isRecord(value)) return false
      const fields = variants.get(value[tag] as string)
      return fields !== undefined && fits(value, fields)
    },
    explain: (value, path, key, orNull) => {
      if (!isRecord(value)) return mismatch(path, key, a(noun), value, orNull)
      const inner = join(path, key)
      const fields = variants.get(value[tag] as string)
      if (fields === undefined) return mismatch(inner, tag, expectedTag, value[tag], false)
      return explainFields(value, inner, fields, a(`${value[tag]} ${noun}`), ownerNoun)
    },
  }
}
