// The view guards, built from the one description of the vocabulary
// (internal/vocabulary.ts): `is…` runs its fast path alone; `parse…` runs
// it too and, only when it says no, the checker that words the problem.
import type { Problem, Schema } from './internal/description.js'
import { toolCallView, toolResultView } from './internal/vocabulary.js'
import { InvalidViewError } from './invalid-view-error.js'
import type { ToolCallView, ToolResultView } from './views.js'

// `value` itself when it fits `schema`, else InvalidViewError naming the first problem.
function parse<T>(schema: Schema<T>, value: unknown): T {
  if (schema.is(value)) return value
  const problem: Problem = schema.explain(value, '', '', false) ?? {
    path: '',
    issue: 'rejected by the fast check, accepted by the explaining one (a bug: please report it)',
  }
  throw new InvalidViewError(problem.path, problem.issue)
}

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
  return parse(toolCallView, value)
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
  return parse(toolResultView, value)
}

/** Whether `value` is a valid {@link ToolCallView}; see {@link parseToolCallView}. */
export const isToolCallView: (value: unknown) => value is ToolCallView = toolCallView.is

/** Whether `value` is a valid {@link ToolResultView}; see {@link parseToolResultView}. */
export const isToolResultView: (value: unknown) => value is ToolResultView = toolResultView.is
