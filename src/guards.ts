import { InvalidViewError } from './invalid-view-error.js'
import type { ToolCallView, ToolResultView } from './views.js'

// A check throws InvalidViewError naming `path` + `key` when `value` does not
// fit. The path is only joined on failure: the happy path allocates nothing.
type Check = (value: unknown, path: string, key: string | number) => void

// A field list, written as a space-separated string where a trailing `?`
// marks an optional field, compiled once into names and a set of them. A
// field has the same type wherever it appears, so one table (`checks`)
// types them all, and a field missing from the table is a string.
interface Fields {
  readonly names: readonly string[]
  readonly optional: readonly boolean[]
  readonly known: ReadonlySet<string>
}

function compile(spec: string): Fields {
  const names: string[] = []
  const optional: boolean[] = []
  for (const field of spec.split(' ')) {
    optional.push(field.endsWith('?'))
    names.push(field.replace('?', ''))
  }
  return { names, optional, known: new Set(names) }
}

const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key

const found = (value: unknown): string =>
  typeof value === 'string'
    ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
    : Array.isArray(value)
      ? 'an array'
      : value && typeof value === 'object'
        ? 'an object'
        : String(value)

function fail(path: string, key: string | number, expected: string, value: unknown): never {
  throw new InvalidViewError(join(path, key), `expected ${expected}, found ${found(value)}`)
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const a = (noun: string) => (/^[aeiou]/.test(noun) ? 'an ' : 'a ') + noun

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(' | ')

const kinds = 'read edit delete move search execute think fetch switch_mode other'.split(' ')

const list =
  (item: Check): Check =>
  (value, path, key) => {
    if (!Array.isArray(value)) fail(path, key, 'an array', value)
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
  const { names, optional, known } = fields
  for (let index = 0; index < names.length; index++) {
    const name = names[index]
    const field = value[name]
    if (field !== undefined || !optional[index]) (checks[name] ?? string)(field, path, name)
  }
  for (const name in value) {
    if (value[name] === undefined || known.has(name)) continue
    const other = owner?.(name)
    throw new InvalidViewError(join(path, name), `not a field of ${what}${other ? ` (it belongs to ${other})` : ''}`)
  }
}

function record(spec: string, what: string): Check {
  const fields = compile(spec)
  return (value, path, key) => {
    if (!isObject(value)) fail(path, key, what, value)
    checkFields(value, join(path, key), fields, what)
  }
}

// Picks the fields by a tag (`type` of a block, `card` of a view).
function tagged(tag: string, specs: Record<string, string>, noun: string): Check {
  const names = Object.keys(specs)
  const shapes = new Map(names.map((name) => [name, compile(specs[name])]))
  const owner = (field: string) => {
    const other = names.find((name) => shapes.get(name)!.known.has(field))
    return other && a(`${other} ${noun}`)
  }
  return (value, path, key) => {
    if (!isObject(value)) fail(path, key, a(noun), value)
    const inner = join(path, key)
    const fields = shapes.get(value[tag] as string)
    if (fields === undefined) fail(inner, tag, quoted(names), value[tag])
    checkFields(value, inner, fields, a(`${value[tag]} ${noun}`), owner)
  }
}

function string(value: unknown, path: string, key: string | number) {
  if (typeof value !== 'string') fail(path, key, 'a string', value)
}

const number: Check = (value, path, key) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, key, 'a finite number', value)
}

const checks: Record<string, Check> = {
  rawInput: () => {},
  kind: (value, path, key) => {
    if (!kinds.includes(value as string)) fail(path, key, quoted(kinds), value)
  },
  oldText: (value, path, key) => {
    if (value !== null && typeof value !== 'string') fail(path, key, 'a string or null', value)
  },
  line: (value, path, key) => {
    if (!Number.isInteger(value) || (value as number) < 1) fail(path, key, 'an integer of at least 1', value)
  },
  size: number,
  exitCode: number,
  content: list(
    tagged(
      'type',
      {
        text: 'type text',
        image: 'type data mimeType uri?',
        resource_link: 'type uri name mimeType? title? description? size?',
      },
      'content block',
    ),
  ),
  locations: list(record('path line?', 'a location')),
  diffs: list(record('path oldText newText', 'a diff')),
}

const callView = tagged(
  'card',
  {
    generic: 'card title kind? rawInput? content? locations?',
    terminal: 'card title description? cwd?',
    diff: 'card title diffs locations?',
  },
  'call view',
)

const resultView = tagged(
  'card',
  {
    generic: 'card title? content?',
    terminal: 'card title? output? exitCode? signal?',
    diff: 'card title? diffs locations?',
  },
  'result view',
)

/**
 * Checks a call view that comes from untyped code (a JavaScript plugin, a
 * deserialised log) and returns it typed.
 *
 * @throws {@link InvalidViewError} naming the first offending field: an
 * unknown card, a missing or wrongly typed field, a field that belongs to
 * another card, a `line` that is not an integer of at least 1.
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

function passes(check: Check, value: unknown): boolean {
  try {
    check(value, '', '')
    return true
  } catch {
    return false
  }
}
