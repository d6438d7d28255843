// Checks for untrusted tool arguments: any JSON value a model sent, or an old
// session log holds. Plain `typeof` tests rather than patterns: they run for
// every call and again for its result, and on the 10,000-call bench
// ts-pattern's isMatching took about 30% of a presenter session's time here.
// (The todo list, a nested match, keeps its pattern.)

/** Whether `value` is a plain object: not null, not an array. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Whether `value` is absent or a string. */
export const isOptionalString = (value: unknown): value is string | undefined =>
  value === undefined || typeof value === 'string'

/** Whether `value` is absent or a number. */
export const isOptionalNumber = (value: unknown): value is number | undefined =>
  value === undefined || typeof value === 'number'

/** Whether `value` is absent or a boolean. */
export const isOptionalBoolean = (value: unknown): value is boolean | undefined =>
  value === undefined || typeof value === 'boolean'
