/**
 * Ends an exhaustive `switch` over a view's `card`. It only compiles when
 * every card has its own arm, so adding a card to the union breaks the build
 * exactly where rendering code is missing. At run time (a value that escaped
 * the types) it throws an `Error` naming `where` and the offending card.
 *
 * @example
 * switch (view.card) {
 *   case 'generic': return renderGeneric(view)
 *   case 'terminal': return renderTerminal(view)
 *   case 'diff': return renderDiff(view)
 *   default: return assertNever(view, 'renderCall')
 * }
 */
export function assertNever(value: never, where = 'switch'): never {
  const card = (value as { card?: unknown } | null)?.card
  throw new Error(`${where}: unhandled card ${JSON.stringify(card) ?? String(card)}`)
}
