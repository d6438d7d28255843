// Internal: not exported from any entry point.
//
// Text is Markdown to an ACP client, so the bridge marks what a text block
// would hide (escapes, controls, bidi and zero-width characters). Finding out
// reads the text, and a text built by concatenation (a fence around a file
// read) is a rope that V8 copies into one flat string first: megabytes of
// copying for a large read. The fence builder knows what it put inside, so it
// vouches for the last fence it built when its pieces held nothing to mark;
// the bridge skips its own scan for exactly that string.
import { mayNeedMarking } from '../safety/visible-text.js'

// The last text vouched for, if its pieces held nothing to mark.
let vouched: string | undefined

/** @internal Returns `text`, built by the caller from `body` and `info`, vouched for when neither holds anything to mark. */
export function vouchVisible(text: string, body: string, info = ''): string {
  vouched = mayNeedMarking(body) || mayNeedMarking(info) ? undefined : text
  return text
}

/**
 * @internal Whether `text` is the last text vouched for. The same string is
 * one pointer comparison; the length test first keeps a different one from
 * being compared (and flattened).
 */
export const isVouchedVisible = (text: string): boolean => vouched !== undefined && text.length === vouched.length && text === vouched
