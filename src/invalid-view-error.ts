// A brand that survives being loaded twice: the ESM and the CommonJS builds
// of this package each define the class, and `instanceof` alone would fail
// across them. `Symbol.for` gives both the same key.
const brand = Symbol.for('tool-render-intent.InvalidViewError')

/**
 * Thrown by `parseToolCallView` / `parseToolResultView` when a view does not
 * fit the union. `path` names the offending field, such as
 * `diffs[1].newText`; the message says what was expected and what was found.
 *
 * Recognise it with `instanceof`, which holds
 * across the ESM and CommonJS builds (and two copies of the package).
 */
export class InvalidViewError extends TypeError {
  /** Where in the view the problem is; `''` for the view itself. */
  readonly path: string

  constructor(path: string, problem: string) {
    super(`${path || 'view'}: ${problem}`)
    this.name = 'InvalidViewError'
    this.path = path
    Object.defineProperty(this, brand, { value: true })
  }

  /** `instanceof` by brand, so an error from another build of the package counts. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isInvalidViewError(value)
  }
}

/**
 * Whether `value` is an {@link InvalidViewError} from any build or copy of
 * this package (ESM or CommonJS).
 *
 * @example
 * try { parseToolCallView(view) } catch (error) { if (isInvalidViewError(error)) log(error.path) }
 */
export function isInvalidViewError(value: unknown): value is InvalidViewError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true
}
