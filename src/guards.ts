import { InvalidViewError } from './invalid-view-error.js'
import type { ToolCallView, ToolResultView } from './views.js'

// A check throws InvalidViewError naming `path` + `key` when `value` does not
// fit. The path is only joined on failure: the happy path allocates nothing.
// `orNull` says the field may also be null (the caller has let a null
// through), so a failure says `expected … or null`.
/** @internal */
export type Check = (value: unknown, path: string, key: string | number, orNull?: boolean) => void

// A field list, written as a space-separated string where a trailing `?`
// marks an optional field and `??` one that may also be `null` (as ACP's
// content types allow), compiled once into names and a set of them. A field
// mostly has the same type wherever it appears, so one table (`checks`)
// types them all, a list may override it for its own fields (`content` is a
// string in a plan entry), and a field found in neither is a string.
/** @internal */
export interface Fields {
  readonly names: readonly string[]
  readonly optional: readonly boolean[]
  readonly nullable: readonly boolean[]
  readonly known: ReadonlySet<string>
  readonly overrides: Readonly<Record<string, Check>> | undefined
}

function compile(spec: string, overrides?: Record<string, Check>): Fields {
  const names: string[] = []
  const optional: boolean[] = []
  const nullable: boolean[] = []
  for (const field of spec.split(' ')) {
    optional.push(field.endsWith('?'))
    nullable.push(field.endsWith('??'))
    names.push(field.replace(/\?+$/, ''))
  }
  return { names, optional, nullable, known: new Set(names), overrides }
}

/** @internal The check of a field of `fields`, resolved when it runs (the table is built after the lists). */
export const fieldCheck = (fields: Fields, name: string): Check => fields.overrides?.[name] ?? checks[name] ?? string

const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key

/** @internal How a found value is named in a message: a string quoted (cut at 40 characters), `an array`, `an object`, else as `String` gives it. */
export const found = (value: unknown): string =>
  typeof value === 'string'
    ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
    : Array.isArray(value)
      ? 'an array'
      : value && typeof value === 'object'
        ? 'an object'
        : String(value)

function fail(path: string, key: string | number, expected: string, value: unknown, orNull = false): never {
  throw new InvalidViewError(join(path, key), `expected ${expected}${orNull ? ' or null' : ''}, found ${found(value)}`)
}

/** @internal */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** @internal `a x` or `an x`. */
export const a = (noun: string) => (/^[aeiou]/.test(noun) ? 'an ' : 'a ') + noun

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(' | ')

// One of `names`, listed in the message.
const oneOf = (spec: string): Check => {
  const names = spec.split(' ')
  return (value, path, key, orNull) => {
    if (!names.includes(value as string)) fail(path, key, quoted(names), value, orNull)
  }
}

const list =
  (item: Check): Check =>
  (value, path, key, orNull) => {
    if (!Array.isArray(value)) fail(path, key, 'an array', value, orNull)
    const inner = join(path, key)
    for (let index = 0; index < value.length; index++) item(value[index], inner, index)
  }

// Checks one object against its fields; `what` names it in messages and
// `owner` names a sibling card that declares a field this one lacks.
function checkFields(
  value: Record<string, unknown>,
  path: string,
  fields: Fields,
  what: string,
  owner?: (field: string) => string | undefined,
): void {
  const { names, optional, nullable, known } = fields
  for (let index = 0; index < names.length; index++) {
    const name = names[index]
    const field = value[name]
    if (field === undefined ? !optional[index] : field !== null || !nullable[index]) {
      fieldCheck(fields, name)(field, path, name, nullable[index])
    }
  }
  for (const name in value) {
    if (value[name] === undefined || known.has(name)) continue
    const other = owner?.(name)
    throw new InvalidViewError(join(path, name), `not a field of ${what}${other ? ` (it belongs to ${other})` : ''}`)
  }
}

function record(fields: Fields, what: string): Check {
  return (value, path, key, orNull) => {
    if (!isObject(value)) fail(path, key, what, value, orNull)
    checkFields(value, join(path, key), fields, what)
  }
}

/** @internal The fields of each tag of a tagged union, and who declares a field. */
export interface Shapes {
  readonly byTag: ReadonlyMap<string, Fields>
  /** The tag whose fields include `field`, if any. */
  readonly owner: (field: string) => string | undefined
}

function shapes(specs: Record<string, string>): Shapes {
  const tags = Object.keys(specs)
  const byTag = new Map(tags.map((tag) => [tag, compile(specs[tag])]))
  return { byTag, owner: (field) => tags.find((tag) => byTag.get(tag)!.known.has(field)) }
}

// Picks the fields by a tag (`type` of a block, `card` of a view).
function tagged(tag: string, union: Shapes, noun: string): Check {
  const tags = [...union.byTag.keys()]
  const owner = (field: string) => {
    const other = union.owner(field)
    return other && a(`${other} ${noun}`)
  }
  return (value, path, key, orNull) => {
    if (!isObject(value)) fail(path, key, a(noun), value, orNull)
    const inner = join(path, key)
    const fields = union.byTag.get(value[tag] as string)
    if (fields === undefined) fail(inner, tag, quoted(tags), value[tag])
    checkFields(value, inner, fields, a(`${value[tag]} ${noun}`), owner)
  }
}

function string(value: unknown, path: string, key: string | number, orNull?: boolean) {
  if (typeof value !== 'string') fail(path, key, 'a string', value, orNull)
}

const number: Check = (value, path, key, orNull) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, key, 'a finite number', value, orNull)
}

// `_meta`: any plain object, passed through untouched.
const meta: Check = (value, path, key, orNull) => {
  if (!isObject(value)) fail(path, key, 'an object', value, orNull)
}

/**
 * @internal The content vocabulary (ACP's `ContentBlock`), shared with
 * `normalizeContentBlock`: the fields of each block type, of annotations
 * and of an embedded resource's text or blob contents.
 */
export const contentShapes = {
  blocks: shapes({
    text: 'type text annotations?? _meta??',
    image: 'type data mimeType uri?? annotations?? _meta??',
    audio: 'type data mimeType annotations?? _meta??',
    resource_link: 'type uri name mimeType?? title?? description?? size?? annotations?? _meta??',
    resource: 'type resource annotations?? _meta??',
  }),
  annotations: compile('audience?? lastModified?? priority?? _meta??', {
    audience: list(oneOf('user assistant')),
    priority: number,
  }),
  resources: shapes({
    text: 'uri text mimeType?? _meta??',
    blob: 'uri blob mimeType?? _meta??',
  }),
}

/**
 * @internal Which contents an embedded resource holds: `text` when it has a
 * `text` field, `blob` when it has a `blob` field, else undefined.
 */
export const resourceKind = (value: Record<string, unknown>): 'text' | 'blob' | undefined =>
  value.text !== undefined ? 'text' : value.blob !== undefined ? 'blob' : undefined

/** @internal What `resource` holds when it has neither text nor blob. */
export const NEITHER_TEXT_NOR_BLOB = 'expected a "text" or a "blob" field, found neither'

/** @internal Checks one content block; `path` + `key` name it in an error. */
export const contentBlockCheck: Check = tagged('type', contentShapes.blocks, 'content block')

const resource: Check = (value, path, key, orNull) => {
  if (!isObject(value)) fail(path, key, 'resource contents', value, orNull)
  const inner = join(path, key)
  const kind = resourceKind(value)
  if (kind === undefined) throw new InvalidViewError(inner, NEITHER_TEXT_NOR_BLOB)
  const owner = (field: string) => {
    const other = contentShapes.resources.owner(field)
    return other && `${other} resource contents`
  }
  checkFields(value, inner, contentShapes.resources.byTag.get(kind)!, `${kind} resource contents`, owner)
}

const checks: Record<string, Check> = {
  rawInput: () => {},
  kind: oneOf('read edit delete move search execute think fetch switch_mode other'),
  oldText: (value, path, key) => {
    if (value !== null && typeof value !== 'string') fail(path, key, 'a string or null', value)
  },
  line: (value, path, key) => {
    if (!Number.isInteger(value) || (value as number) < 1) fail(path, key, 'an integer of at least 1', value)
  },
  size: number,
  exitCode: number,
  content: list(contentBlockCheck),
  annotations: record(contentShapes.annotations, 'annotations'),
  _meta: meta,
  resource,
  locations: list(record(compile('path line?'), 'a location')),
  diffs: list(record(compile('path oldText newText'), 'a diff')),
  entries: list(
    record(
      compile('content status priority?', {
        content: string,
        status: oneOf('pending in_progress completed'),
        priority: oneOf('high medium low'),
      }),
      'a plan entry',
    ),
  ),
}

const callView = tagged(
  'card',
  shapes({
    generic: 'card title kind? rawInput? content? locations?',
    terminal: 'card title description? cwd?',
    diff: 'card title diffs locations?',
    plan: 'card title? entries',
  }),
  'call view',
)

const resultView = tagged(
  'card',
  shapes({
    generic: 'card title? content?',
    terminal: 'card title? output? exitCode? signal?',
    diff: 'card title? diffs locations?',
  }),
  'result view',
)

/**
 * Checks a call view that comes from untyped code (a JavaScript plugin, a
 * deserialised log) and returns it typed.
 *
 * @throws {@link InvalidViewError} naming the first offending field: an
 * unknown card, a missing or wrongly typed field, a field that belongs to
 * another card, a `line` that is not an integer of at least 1, a plan
 * entry's unknown status or priority, a content block of an unknown type
 * or with a field its type does not have. `null` passes only where the
 * types allow it (the optional fields of content blocks, annotations and
 * embedded resources; a diff's `oldText`).
 *
 * @example
 * parseToolCallView({ card: 'generic', title: 'ls', output: '' })
 * // InvalidViewError: output: not a field of a generic call view
 */
export function parseToolCallView(value: unknown): ToolCallView {
  callView(value, '', '')
  return value as ToolCallView
}

/**
 * Checks a result view that comes from untyped code and returns it typed.
 *
 * @throws {@link InvalidViewError} naming the first offending field.
 *
 * @example
 * parseToolResultView({ card: 'generic', output: 'hi' })
 * // InvalidViewError: output: not a field of a generic result view (it belongs to a terminal result view)
 */
export function parseToolResultView(value: unknown): ToolResultView {
  resultView(value, '', '')
  return value as ToolResultView
}

/** Whether `value` is a valid {@link ToolCallView}; see {@link parseToolCallView}. */
export const isToolCallView = (value: unknown): value is ToolCallView => passes(callView, value)

/** Whether `value` is a valid {@link ToolResultView}; see {@link parseToolResultView}. */
export const isToolResultView = (value: unknown): value is ToolResultView => passes(resultView, value)

/** @internal Whether `check` accepts `value`. */
export function passes(check: Check, value: unknown): boolean {
  try {
    check(value, '', '')
    return true
  } catch {
    return false
  }
}
