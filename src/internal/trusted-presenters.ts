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

// The mark is a private field stamped on the function itself: the state is
// the function's, not this module's, and nothing outside this class can
// read, copy or forge it. A base constructor that returns its argument makes
// `new TrustMark(present)` install the field on `present`.
class Stamped {
  constructor(target: object) {
    // biome-ignore lint/correctness/noConstructorReturn: returning the target is how the subclass's field lands on it
    return target
  }
}

class TrustMark extends Stamped {
  readonly #trusted = true

  static has(target: object): boolean {
    return #trusted in target
  }
}

/**
 * Marks the presenter functions of `tools` as the library's own. For the
 * presenters entry point only: a function registered here has its views sent
 * unchecked (JSON-safety is still checked), so registering one that can
 * return an invalid view would let it through.
 */
export function trustPresenters(tools: readonly Presenting[]): void {
  for (const tool of tools) {
    for (const present of [tool.presentCall, tool.presentPartialCall, tool.presentResult]) {
      // The stamped function is read back: a \`new\` whose value goes unused is
      // dead code to a bundler (tsup's rollup tree-shaking dropped it).
      if (typeof present === 'function' && !TrustMark.has(present) && !TrustMark.has(new TrustMark(present)))
        throw new Error('the trust mark did not land on the presenter')
    }
  }
}

/** Whether `present` is one of the library's own presenter functions. */
export const isTrustedPresenter = (present: unknown): boolean => typeof present === 'function' && TrustMark.has(present)
