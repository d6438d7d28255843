// What a declined call's card says: that it did not run, and why. One
// sentence for every protocol and client kind, so a declined call never
// looks like one that ran, failed or was cancelled.
import { markdownInline } from '../safety/markdown-text.js'

/** The text of a declined call's card, with the harness's reason (Markdown-escaped) when it gave one. */
export const declinedText = (reason: string | undefined): string =>
  reason === undefined ? 'Declined: this call did not run.' : `Declined: this call did not run. ${markdownInline(reason)}`
