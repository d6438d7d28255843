import { InvalidViewError } from './invalid-view-error.js'
import type { ToolCallView, ToolResultView } from './views.js'

// A check throws InvalidViewError naming `path` when `value` does not fit.
type Check = (value: unknown, path: string) => void

// Every card's fields, space-separated; a trailing `?` marks an optional field.
// A field has the same type wherever it appears, so one table (`checks`)
// types them all, and a field missing from the table is a string.
type Shapes = Record<string, string>

const found = (value: unknown): string =>
  typeof value === 'string'
    ? JSON.stringify(value)
    : Array.isArray(value)
      ? 'an array'
      : value && typeof value === 'object'
        ? 'an object'
        : String(value)

function fail(path: string, expected: string, value: unknown): never {
  throw new InvalidViewError(path, `expected ${expected}, found ${found(value)}`)
}

const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value)

const a = (noun: string) => (/^[aeiou]/.test(noun) ? 'an ' : 'a ') + noun

const quoted = (names: string[]) => names.map((name) => `"${name}"`).join(' | ')

const kinds = 'read edit delete move search execute think fetch switch_mode other'.split(' ')

const list =
  (item: Check): Check =>
  (value, path) =>
    Array.isArray(value) ? value.forEach((entry, index) => item(entry, join(path, index))) : fail(path, 'an array', value)

// Checks one object against its field list; `what` names it in messages and
// `owner` names a sibling card that declares a field this one lacks.
function checkFields(value: unknown, path: string, fields: string, what: string, owner?: (field: string) => string | undefined) {
  if (!isObject(value)) fail(path, what, value)
  for (const field of fields.split(' ')) {
    const name = field.replace('?', '')
    if (value[name] !== undefined || name === field) (checks[name] ?? string)(value[name], join(path, name))
  }
  for (const name in value) {
    if (value[name] === undefined || declares(fields, name)) continue
    const other = owner?.(name)
    throw new InvalidViewError(join(path, name), `not a field of ${what}${other ? ` (it belongs to ${other})` : ''}`)
  }
}

const declares = (fields: string, name: string) => ` ${fields}?`.replaceAll('?', ' ').includes(` ${name} `)

// Picks the field list by a tag (`type` of a block, `card` of a view).
const tagged =
  (tag: string, shapes: Shapes, noun: string): Check =>
  (value, path) => {
    const names = Object.keys(shapes)
    const name = isObject(value) ? (value[tag] as string) : ''
    if (!isObject(value)) fail(path, `a ${noun}`, value)
    if (!names.includes(name)) fail(join(path, tag), quoted(names), value[tag])
    checkFields(value, path, shapes[name], a(`${name} ${noun}`), (field) => {
      const other = names.find((card) => declares(shapes[card], field))
      return other && a(`${other} ${noun}`)
    })
  }

function string(value: unknown, path: string) {
  if (typeof value !== 'string') fail(path, 'a string', value)
}

const checks: Record<string, Check> = {
  rawInput: () => {},
  kind: (value, path) => kinds.includes(value as string) || fail(path, quoted(kinds), value),
  oldText: (value, path) => value === null || typeof value === 'string' || fail(path, 'a string or null', value),
  line: (value, path) => (Number.isInteger(value) && (value as number) > 0) || fail(path, 'an integer of at least 1', value),
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
  locations: list((value, path) => checkFields(value, path, 'path line?', 'a location')),
  diffs: list((value, path) => checkFields(value, path, 'path oldText newText', 'a diff')),
}
checks.size = checks.exitCode = (value, path) => Number.isFinite(value) || fail(path, 'a finite number', value)

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
  callView(value, '')
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
  resultView(value, '')
  return value as ToolResultView
}

/** Whether `value` is a valid {@link ToolCallView}; see {@link parseToolCallView}. */
export const isToolCallView = (value: unknown): value is ToolCallView => passes(callView, value)

/** Whether `value` is a valid {@link ToolResultView}; see {@link parseToolResultView}. */
export const isToolResultView = (value: unknown): value is ToolResultView => passes(resultView, value)

function passes(check: Check, value: unknown): boolean {
  try {
    check(value, '')
    return true
  } catch {
    return false
  }
}
