// Internal: not exported from any entry point.
//
// Text is Markdown to an ACP client, so the bridge sanitises a text block that
// may hold an escape sequence. Finding out reads the text, and a text built
// by concatenation (a fence around a file read) is a rope that V8 copies into
// one flat string first: megabytes of copying for a large read. The fence
// builder knows what it put inside, so the block it builds carries the proof
// that its pieces held no escape, and the bridge skips its scan for exactly
// that block and that text.

/**
 * @internal Whether `text` may hold an escape sequence: ESC, or the 8-bit CSI
 * and OSC introducers. Three `indexOf`s (a memchr each on a flat string)
 * rather than a regular expression.
 */
export const mayHoldEscapes = (text: string): boolean =>
  text.indexOf('\u001b') !== -1 || text.indexOf('\u009b') !== -1 || text.indexOf('\u009d') !== -1

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

/** @internal A text block of `text`, built by the caller from `pieces`, carrying the proof that it holds no escape when none of them may. */
export function escapeFreeBlock(text: string, ...pieces: string[]): { type: 'text'; text: string } {
  const block = { type: 'text' as const, text }
  if (text.length >= PROOF_FROM_LENGTH && !pieces.some(mayHoldEscapes)) proven.set(block, text)
  return block
}

/**
 * @internal Whether `block` carries the proof that its text holds no escape
 * (see {@link escapeFreeBlock}). The proven text is the block's own string:
 * one pointer comparison; the length test first keeps another one from being
 * compared (and flattened).
 */
export function isProvenEscapeFree(block: { readonly text: string }): boolean {
  const text = block.text
  if (text.length < PROOF_FROM_LENGTH) return false
  const proof = proven.get(block)
  return proof !== undefined && proof.length === text.length && proof === text
}
