// The pieces every arm shares: a card's content, diffs and locations in
// ACP's shape, with every path made absolute against the session cwd.
import type { ContentBlock as AcpContentBlock, ToolCallContent, ToolCallLocation } from './sdk.js'
import { boundedText } from '../safety/bounded-text.js'
import { markedCharacterReferences } from '../safety/character-references.js'
import { hidingInDiffs, hidingInRawInput, hidingWarning } from '../safety/hiding-warning.js'
import { markdownInline } from '../safety/markdown-text.js'
import { resolvePath } from '../safety/paths.js'
import { visibleText } from '../safety/visible-text.js'
import type { ContentBlock, FileDiff, FileLocation } from '../views.js'

/**
 * Content blocks wrapped as ACP tool-call content, their text and data
 * together held to `maxLength` code units: a text block past what is left is
 * cut to its head and tail; an image, audio clip or embedded resource past
 * it becomes a text block saying what was left out. Nothing in a text block
 * is dropped: an escape sequence, a control, bidi or zero-width character (in
 * a file or a command's output) becomes a visible marker naming it
 * (`␛]52;c;…␇`, `<U+202E>`; see `visibleText`), and so does a character
 * reference that a Markdown renderer would decode into one (`&#x202E;`,
 * `&ZeroWidthSpace;`; see `markedCharacterReferences`). The bound is applied
 * to the marked text.
 */
export function contentEntries(blocks: readonly ContentBlock[], maxLength: number): ToolCallContent[] {
  const entries: ToolCallContent[] = []
  let left = maxLength
  for (const raw of blocks) {
    // One pass over a text block: it is the block itself when nothing needs marking.
    // A client renders it as Markdown, which decodes `&#x202E;` into what it names: that is marked too.
    const marked = raw.type === 'text' ? markedCharacterReferences(visibleText(raw.text)) : undefined
    const block = marked === undefined || raw.type !== 'text' || marked === raw.text ? raw : { ...raw, text: marked }
    const size = blockSize(block)
    if (size <= left) {
      // The vocabulary is ACP's, read-only: the types differ only in that.
      entries.push({ type: 'content', content: block as AcpContentBlock })
      left -= size
    } else if (block.type === 'text') {
      entries.push(textEntry(boundedText(block.text, left)))
      left = 0
    } else {
      entries.push(textEntry(`[${leftOutName(block)}, ${size} characters, left out: past the output bound]`))
    }
  }
  return entries
}

// The code units a block adds to an update: its text or its base64 data.
function blockSize(block: ContentBlock): number {
  switch (block.type) {
    case 'text':
      return block.text.length
    case 'image':
    case 'audio':
      return block.data.length
    case 'resource':
      return 'text' in block.resource ? block.resource.text.length : block.resource.blob.length
    default:
      return 0
  }
}

const leftOutName = (block: ContentBlock): string =>
  block.type === 'image' || block.type === 'audio'
    ? `${block.type} ${markdownInline(block.mimeType)}`
    : block.type === 'resource'
      ? `resource ${markdownInline(block.resource.uri)}`
      : block.type

/** One ACP diff per file, its path absolute. */
export function diffEntries(diffs: readonly FileDiff[], cwd: string): ToolCallContent[] {
  const entries: ToolCallContent[] = []
  for (const diff of diffs) {
    entries.push({ type: 'diff', path: resolvePath(diff.path, cwd), oldText: diff.oldText, newText: diff.newText })
  }
  return entries
}

/** Locations with absolute paths; `line` only where the view set one that fits ACP's unsigned 32-bit field. */
export function absoluteLocations(locations: readonly FileLocation[], cwd: string): ToolCallLocation[] {
  const absolute: ToolCallLocation[] = []
  for (const location of locations) {
    const entry: ToolCallLocation = { path: resolvePath(location.path, cwd) }
    if (location.line !== undefined && location.line <= 0xffffffff) entry.line = location.line
    absolute.push(entry)
  }
  return absolute
}

/** A text block as tool-call content. */
export const textEntry = (text: string): ToolCallContent => ({ type: 'content', content: { type: 'text', text } })

/**
 * The warning block a card carries when its diffs (or, for a generic card,
 * its raw input) hold characters that hide: they are sent exactly as
 * written, so the card says what they are and on which lines (see
 * `hidingWarning`), as literal Markdown. Empty when there is nothing to say.
 * It goes first, before the diffs or the content.
 */
export function hidingWarningEntries(diffs: readonly FileDiff[] | undefined, rawInput: unknown, cwd: string): ToolCallContent[] {
  const warning = hidingWarningText(diffs, rawInput, cwd)
  return warning === undefined ? [] : [textEntry(markdownInline(warning))]
}

/** The plain text of {@link hidingWarningEntries}' warning, or undefined when there is nothing to say. */
export function hidingWarningText(diffs: readonly FileDiff[] | undefined, rawInput: unknown, cwd: string): string | undefined {
  return diffs !== undefined
    ? hidingWarning(
        hidingInDiffs(diffs, (path) => resolvePath(path, cwd)),
        'change',
      )
    : hidingWarning(hidingInRawInput(rawInput), 'input')
}

/**
 * A card's title with the warning that its diffs or raw input hold
 * characters that hide after it, for a client that drops text content
 * (`ClientProfile.content` `'diff-and-terminal'`: Obsidian's): there the
 * title is what says it. The title as it is when there is nothing to say.
 */
export const titleWithWarning = (title: string, warning: string | undefined): string =>
  warning === undefined ? title : `${title}. ${warning}`
