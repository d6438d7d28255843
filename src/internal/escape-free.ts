// Internal: not exported from any entry point.
//
// Text is Markdown to an ACP client, so the bridge sanitises a text block that
// may hold an escape sequence. Finding out reads the text, and a text built
// by concatenation (a fence around a file read) is a rope that V8 copies into
// one flat string first: megabytes of copying for a large read. The fence
// builder knows what it put inside, so it vouches for the last fence it built
// when its pieces held no escape; the bridge skips its own scan for exactly
// that string.

/**
 * @internal Whether `text` may hold an escape sequence: ESC, or the 8-bit CSI
 * and OSC introducers. Three `indexOf`s (a memchr each on a flat string)
 * rather than a regular expression.
 */
export const mayHoldEscapes = (text: string): boolean =>
  text.indexOf('\u001b') !== -1 || text.indexOf('\u009b') !== -1 || text.indexOf('\u009d') !== -1

// The last text vouched for, if its pieces held no escape.
let vouched: string | undefined

/** @internal Returns `text`, built by the caller from `body` and `info`, vouched for when neither may hold an escape. */
export function vouchEscapeFree(text: string, body: string, info = ''): string {
  vouched = mayHoldEscapes(body) || mayHoldEscapes(info) ? undefined : text
  return text
}

/**
 * @internal Whether `text` is the last text vouched for. The same string is
 * one pointer comparison; the length test first keeps a different one from
 * being compared (and flattened).
 */
export const isVouchedEscapeFree = (text: string): boolean => vouched !== undefined && text.length === vouched.length && text === vouched
