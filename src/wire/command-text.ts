// A command shown as text, for clients without display terminals: what the
// command is for, where it runs, its output in a `console` block no output
// can close, and how it ended. The call, each snapshot of a running command
// and the final update share these pieces, so the card never loses one.
import type { ToolCallContent } from './sdk.js'
import type { CommandContext } from '../lifecycle/events.js'
import { fenced } from '../safety/fence.js'
import { boundedMarkdownInline, markdownInline } from '../safety/markdown-text.js'
import { normalizePath, resolvePath } from '../safety/paths.js'
import { textEntry } from './tool-call-content.js'

export type { CommandContext }

/**
 * The blocks that say what a command is, before its output: the
 * description, then `Working directory: …` when it runs elsewhere than the
 * session cwd. Both are plain text made safe for Markdown.
 */
export function commandContextEntries(command: CommandContext | undefined, sessionCwd: string): ToolCallContent[] {
  const entries: ToolCallContent[] = []
  if (command?.description) entries.push(textEntry(descriptionText(command.description)))
  if (command?.cwd) {
    const where = resolvePath(command.cwd, sessionCwd)
    if (where !== normalizePath(sessionCwd)) entries.push(textEntry(`Working directory: ${markdownInline(where)}`))
  }
  return entries
}

/** The most code units of a command's description a card shows: it is said again with every snapshot. */
export const DESCRIPTION_LENGTH = 4096

/** A command's description as Markdown text, at most {@link DESCRIPTION_LENGTH} code units as shown (see `boundedMarkdownInline`). */
export const descriptionText = (description: string): string => boundedMarkdownInline(description, DESCRIPTION_LENGTH)

/**
 * The `console` block of output already marked and cut to its bound (by
 * `boundedConsoleText` or a `TextStream`): SGR sequences were dropped (a
 * code block draws no colour), every other escape sequence or control
 * character shows as a marker (`␛]0;x␇`, `␇`), trailing
 * white space is trimmed, then it is fenced with {@link fenced}. `''` for
 * blank output. It is not marked again: every caller passes what one of
 * those two marked, and a second pass over it (a third of a 10 KiB
 * command's cost) would change nothing.
 */
export function consoleBlock(output: string): string {
  const text = output.trimEnd()
  return text === '' ? '' : fenced(text, 'console')
}

/**
 * The line after the output that says how a command ended, when it did not
 * end well: `Killed by SIGTERM`, `Exited with code 2`; `''` for exit 0 or
 * an unknown end.
 */
export function endingLine(exitCode: number | undefined, signal: string | undefined): string {
  if (signal) return `Killed by ${markdownInline(signal)}`
  if (exitCode !== undefined && exitCode !== 0) return `Exited with code ${exitCode}`
  return ''
}

/**
 * The whole text card of a command: the context blocks, then one block with
 * the output's `console` fence and the ending line after it (or the ending
 * line alone when there is no output).
 */
export function commandTextEntries(
  command: CommandContext | undefined,
  sessionCwd: string,
  block: string,
  ending: string,
): ToolCallContent[] {
  const entries = commandContextEntries(command, sessionCwd)
  const last = commandText(block, ending)
  if (last) entries.push(textEntry(last))
  return entries
}

/** The last block of a command's text card: the output's block, the ending line after it, or either alone. */
export const commandText = (block: string, ending: string): string => (block && ending ? `${block}\n${ending}` : block || ending)
