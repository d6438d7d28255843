// The fence-length rule shared by read results and the console fallback
// (the bridge's and the presenters' command output).
import { withoutSgr } from './console-text.js'

// CommonMark closes a fenced block only with a fence at least as long as the
// opening one, so a fence longer than every backtick run inside is safe.

/**
 * The backtick fence for `text`: three backticks, or one more than the
 * longest run of backticks in `text` when that run is three or longer.
 * One pass, linear time.
 */
export function backtickFence(text: string): string {
  // Runs shorter than three never change the answer, so the search is for
  // three backticks: each match starts a run (the search resumes past the
  // end of the last one), measured to its end. Code full of single
  // backticks (template literals, inline code) costs no trip through here.
  let longest = 0
  for (let at = text.indexOf('```'); at !== -1; at = text.indexOf('```', at)) {
    let end = at + 3
    while (text.charCodeAt(end) === 96) end++
    if (end - at > longest) longest = end - at
    at = end
  }
  return longest < 3 ? '```' : '`'.repeat(longest + 1)
}

/**
 * Wraps `text` in a fenced code block that no content can close early.
 * The text goes in as given: trim it first if trailing white space matters.
 *
 * @example
 * fenced('$ ls\nREADME.md', 'console') // '```console\n$ ls\nREADME.md\n```'
 */
export function fenced(text: string, info = ''): string {
  const fence = backtickFence(text)
  return `${fence}${info}\n${text}\n${fence}`
}

/**
 * {@link fenced} as a text block. The bridge reads it once to mark what it
 * would hide, however large it is.
 */
export const fencedBlock = (text: string, info = ''): { type: 'text'; text: string } => ({ type: 'text', text: fenced(text, info) })

/**
 * The Markdown a client without display terminals gets for a command's
 * output: a `console` code block holding `output.trimEnd()`, its SGR
 * sequences (colours, styles) dropped: a code block draws no colour, so
 * there they hide nothing, and `␛[32m` markers would make a coloured log
 * unreadable. Every other escape sequence and control stays, for the
 * bridge to mark (`␛]0;x␇`).
 *
 * When the output has no run of three or more backticks (and no SGR) the text is, byte
 * for byte, what editors' users see from the well-known agents today:
 * three backticks, `console`, a newline, the trimmed output, a newline,
 * three backticks. Otherwise the fence is one backtick longer than the
 * longest run, so no line of the output can close the block early.
 * Linear time.
 *
 * @example
 * consoleFence('$ ls\nREADME.md\n') // '```console\n$ ls\nREADME.md\n```'
 * consoleFence('```js\nx\n```')     // '````console\n```js\nx\n```\n````'
 * consoleFence('\u001b[32mok\u001b[0m\n') // '```console\nok\n```'
 */
export function consoleFence(output: string): string {
  return fenced(withoutSgr(output).trimEnd(), 'console')
}

/** {@link consoleFence} as a text block, as {@link fencedBlock}. */
export const consoleFenceBlock = (output: string): { type: 'text'; text: string } => fencedBlock(withoutSgr(output).trimEnd(), 'console')
