// Reading a tool result that may come from a session log: any JSON value can
// arrive where a ToolResult is typed, so every field is checked before use.
import { markdownBlock } from '../safety/markdown-text.js'
import { normalizeContentBlock } from '../content-blocks.js'
import { isRecord } from '../internal/record.js'
import type { ContentBlock, GenericResultView, TextBlock } from '../views.js'

/**
 * The result's content blocks, in order, each as `normalizeContentBlock`
 * gives it: a valid block as it came (all five types, annotations and
 * `_meta` included), a block with stray fields as a copy without them, and
 * anything else as a text block that names it. No block is dropped. The
 * problems are not reported here: presenters are pure; the ACP bridge
 * reports them.
 */
export function resultContent(result: unknown): ContentBlock[] {
  const content = isRecord(result) ? result.content : undefined
  if (!Array.isArray(content)) return []
  const blocks: ContentBlock[] = []
  for (const value of content) blocks.push(normalizeContentBlock(value).block)
  return blocks
}

/**
 * The result's text blocks joined with nothing between them: the text of
 * each block `normalizeContentBlock` gives as a text block. A text block's
 * text is taken as it is without normalising the block (its other fields do
 * not change its text); any other value is normalised first.
 */
export function resultText(result: unknown): string {
  const content = isRecord(result) ? result.content : undefined
  if (!Array.isArray(content)) return ''
  let text = ''
  for (const value of content) {
    if (isRecord(value) && value.type === 'text' && typeof value.text === 'string') text += value.text
    else {
      const { block } = normalizeContentBlock(value)
      if (block.type === 'text') text += block.text
    }
  }
  return text
}

/** Whether the tool reported an error (`isError: true`, nothing else). */
export const isErrorResult = (result: unknown): boolean => isRecord(result) && result.isError === true

/**
 * The result's `structured` (the agent's own structured result, such as
 * Claude Code's `toolUseResult`) when it is a plain object; anything else,
 * or none, gives `undefined`: presenters then read the content as before.
 */
export function resultStructured(result: unknown): Record<string, unknown> | undefined {
  const structured = isRecord(result) ? result.structured : undefined
  return isRecord(structured) ? structured : undefined
}

/** The result's `meta`, if the result is an object. */
export const resultMeta = (result: unknown): unknown => (isRecord(result) ? result.meta : undefined)

/**
 * A generic result of the result's text blocks joined into one text, shown
 * first as `show` makes it (nothing when it gives `undefined`, or when there
 * is no text block), then the other blocks (images, audio, links, embedded
 * resources) in order.
 */
export function textFirstResult(result: unknown, show: (text: string) => string | TextBlock | undefined): GenericResultView {
  const content: ContentBlock[] = []
  let text: string | undefined
  for (const block of resultContent(result)) {
    if (block.type === 'text') text = (text ?? '') + block.text
    else content.push(block)
  }
  const shown = text === undefined ? undefined : show(text)
  // A block comes as its producer built it (a fence, see fencedBlock).
  if (shown !== undefined) content.unshift(typeof shown === 'string' ? { type: 'text', text: shown } : shown)
  return { card: 'generic', content }
}

/**
 * A generic result that shows what the tool returned. An error result
 * (`isError: true`) has its text joined, first, and escaped with
 * `markdownBlock`: an error can quote a page, a file or a command's output,
 * so it gets no link, image or HTML and hides nothing.
 */
export const contentResult = (result: unknown): GenericResultView =>
  isErrorResult(result)
    ? textFirstResult(result, (text) => (text === '' ? undefined : markdownBlock(text)))
    : { card: 'generic', content: resultContent(result) }
