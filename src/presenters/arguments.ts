// Checks for untrusted tool arguments: any JSON value a model sent, or an old
// session log holds. Plain `typeof` tests rather than patterns: they run for
// every call and again for its result, and on the 10,000-call bench
// ts-pattern's isMatching took about 30% of a presenter session's time here.
// (The todo list, a nested match, keeps its pattern.)
//
// Live arguments and replayed ones must mean the same: a presenter reads its
// arguments as their JSON round trip gives them. So `null` in an optional
// field is absent (models with strict tool schemas send `null` for every
// optional field they leave out), and so is a number JSON cannot carry (NaN
// and ±Infinity become `null` in a session log). The guards accept them; the
// presenters read such fields through `present` and `finite`.

/** Whether `value` is a plain object: not null, not an array. The one record check, shared with the view guards. */
export { isRecord } from '../internal/record.js'

/** Whether `value` is absent (`undefined` or `null`) or a string. */
export const isOptionalString = (value: unknown): value is string | null | undefined =>
  value === undefined || value === null || typeof value === 'string'

/**
 * Whether `value` is absent (`undefined` or `null`) or a number. NaN and
 * ±Infinity pass too (a session log holds them as `null`): read the field
 * with {@link finite}.
 */
export const isOptionalNumber = (value: unknown): value is number | null | undefined =>
  value === undefined || value === null || typeof value === 'number'

/** Whether `value` is absent (`undefined` or `null`) or a boolean. */
export const isOptionalBoolean = (value: unknown): value is boolean | null | undefined =>
  value === undefined || value === null || typeof value === 'boolean'

/** An optional field's value, `null` read as absent. */
export const present = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value)

/** An optional number's value: `null`, NaN and ±Infinity read as absent. */
export const finite = (value: number | null | undefined): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

/** Whether `value` is a number JSON carries as itself (not NaN, not ±Infinity). */
export const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

/**
 * Whether `value` is an array of strings (a plain loop: it may be long).
 *
 * @example
 * isStringArray(['ls', '-la']) // true
 * isStringArray(['ls', 1]) // false
 */
export function isStringArray(value: unknown): value is string[] {
  if (!Array.isArray(value)) return false
  for (let index = 0; index < value.length; index++) if (typeof value[index] !== 'string') return false
  return true
}

/**
 * Whether `value` is absent (`undefined` or `null`) or an array of strings.
 *
 * @example
 * isOptionalStringArray(null) // true
 * isOptionalStringArray(['a.com']) // true
 * isOptionalStringArray('a.com') // false
 */
export const isOptionalStringArray = (value: unknown): value is string[] | null | undefined =>
  value === undefined || value === null || isStringArray(value)

/**
 * Whether `value` is absent (`undefined` or `null`) or one of `choices`.
 *
 * @example
 * isOptionalOneOf('insert', ['replace', 'insert', 'delete']) // true
 * isOptionalOneOf(null, ['replace']) // true
 * isOptionalOneOf('append', ['replace']) // false
 */
export const isOptionalOneOf = <T extends string>(value: unknown, choices: readonly T[]): value is T | null | undefined =>
  value === undefined || value === null || (typeof value === 'string' && (choices as readonly string[]).includes(value))
