// What a declined call's card says: that it did not run, and why. One
// sentence for every protocol and client kind, so a declined call never
// looks like one that ran, failed or was cancelled.
import { markdownInline } from '../safety/markdown-text.js'

/** The sentence a declined call's card starts with, on every protocol (the page reads it back as `declined`). */
export const DECLINED_SENTENCE = 'Declined: this call did not run.'

/** The text of a declined call's card, with the harness's reason (Markdown-escaped) when it gave one. */
export const declinedText = (reason: string | undefined): string =>
  reason === undefined ? DECLINED_SENTENCE : `${DECLINED_SENTENCE} ${markdownInline(reason)}`
