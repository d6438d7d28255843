import { fenced } from '../fence.js'

/**
 * The Markdown a client without display terminals gets for a command's
 * output: a `console` code block holding `output.trimEnd()`.
 *
 * When the output has no run of three or more backticks the text is, byte
 * for byte, what editors' users see from the well-known agents today:
 * three backticks, `console`, a newline, the trimmed output, a newline,
 * three backticks. Otherwise the fence is one backtick longer than the
 * longest run, so no line of the output can close the block early.
 * Linear time.
 *
 * @example
 * consoleFence('$ ls\nREADME.md\n') // '```console\n$ ls\nREADME.md\n```'
 * consoleFence('```js\nx\n```')     // '````console\n```js\nx\n```\n````'
 */
export function consoleFence(output: string): string {
  return fenced(output.trimEnd(), 'console')
}
