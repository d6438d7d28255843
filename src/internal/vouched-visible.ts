// Internal: not exported from any entry point.
//
// Text is Markdown to an ACP client, so the bridge marks what a text block
// would hide (escapes, controls, bidi and zero-width characters). Finding out
// reads the text, and a text built by concatenation (a fence around a file
// read) is a rope that V8 copies into one flat string first: megabytes of
// copying for a large read. The fence builder knows what it put inside, so the
// block it builds carries the proof that its pieces held nothing to mark, and
// the bridge skips its scan for exactly that block and that text.
import { holdsInvisible } from '../safety/visible-text.js'

/**
 * @internal From this length on a block's proof is worth keeping: below it,
 * copying the text flat and scanning it costs less than the proof (a weak
 * map entry, which V8 sets and collects at about a microsecond).
 */
export const PROOF_FROM_LENGTH = 4096

// Each proven block, keyed by the block itself, with the very text proven: a
// brand on the value, so any number of blocks may be in flight before their
// check, and a block whose text was replaced since proves nothing.
const proven = new WeakMap<object, string>()

/** @internal A text block of `text`, built by the caller from `pieces`, carrying the proof that it holds nothing to mark when none of them does. */
export function visibleBlock(text: string, ...pieces: string[]): { type: 'text'; text: string } {
  const block = { type: 'text' as const, text }
  if (text.length >= PROOF_FROM_LENGTH && !pieces.some(holdsInvisible)) proven.set(block, text)
  return block
}

/**
 * @internal Whether `block` carries the proof that its text holds nothing to
 * mark (see {@link visibleBlock}). The proven text is the block's own string:
 * one pointer comparison; the length test first keeps another one from being
 * compared (and flattened).
 */
export function isProvenVisible(block: { readonly text: string }): boolean {
  const text = block.text
  if (text.length < PROOF_FROM_LENGTH) return false
  const proof = proven.get(block)
  return proof !== undefined && proof.length === text.length && proof === text
}
