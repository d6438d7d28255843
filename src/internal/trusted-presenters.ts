// Internal: not exported from any entry point.
// The library's own presenter functions, whose views the session presenter
// does not check again: the presenters' property tests prove that every view
// they return, for any JSON arguments and result, fits the vocabulary. Keyed
// by the function itself, so a tool whose presenter was replaced (an
// `adaptTool` wrapper, a spread with a new `presentCall`, a plugin) is still
// checked. A leaf module: the presenters can register without pulling in the
// bridge.

/** A tool definition's presenter functions, as far as trust is concerned. */
interface Presenting {
  readonly presentCall?: unknown
  readonly presentPartialCall?: unknown
  readonly presentResult?: unknown
}

const trusted = new WeakSet<object>()

/**
 * Marks the presenter functions of `tools` as the library's own. For the
 * presenters entry point only: a function registered here has its views sent
 * unchecked (JSON-safety is still checked), so registering one that can
 * return an invalid view would let it through.
 */
export function trustPresenters(tools: readonly Presenting[]): void {
  for (const tool of tools) {
    for (const present of [tool.presentCall, tool.presentPartialCall, tool.presentResult]) {
      if (typeof present === 'function') trusted.add(present)
    }
  }
}

/** Whether `present` is one of the library's own presenter functions. */
export const isTrustedPresenter = (present: unknown): boolean => typeof present === 'function' && trusted.has(present)
