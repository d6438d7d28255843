/**
 * Thrown by `parseToolCallView` / `parseToolResultView` when a view does not
 * fit the union. `path` names the offending field, such as
 * `diffs[1].newText`; the message says what was expected and what was found.
 */
export class InvalidViewError extends TypeError {
  /** Where in the view the problem is; `''` for the view itself. */
  readonly path: string

  constructor(path: string, problem: string) {
    super(`${path || 'view'}: ${problem}`)
    this.name = 'InvalidViewError'
    this.path = path
  }
}
