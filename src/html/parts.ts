// What every arm returns: the card's header and its body, so a call can be
// shown alone or as the summary and body of a collapsible card.

/** A card's two halves, each an HTML fragment. */
export interface CardParts {
  /** The header: a kind marker and the title. */
  readonly header: string
  /** What the card shows under its header; `''` when nothing. */
  readonly body: string
}
