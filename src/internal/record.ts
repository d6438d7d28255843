// Internal: not exported from any entry point.
//
// The one record check of the package: the view guards, content-block
// normalisation and the presenters' argument guards all mean the same by
// "an object": not null, not an array.

/** @internal Whether `value` is a plain object: not null, not an array. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
