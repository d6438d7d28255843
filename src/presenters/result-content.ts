// Reading a tool result that may come from a session log: any JSON value can
// arrive where a ToolResult is typed, so every field is checked before use.
import type { ContentBlock, GenericResultView } from '../views.js'
import { finite, isOptionalNumber, isOptionalString, isRecord, present } from './arguments.js'

// Copies the fields a content block may have, so a block with extra keys
// (annotations, _meta) still yields a valid view; anything else is dropped.
// A `null` optional field is absent, and so is a size JSON cannot carry
// (NaN, ±Infinity): a session log holds it as `null`.
function contentBlock(value: unknown): ContentBlock | undefined {
  if (!isRecord(value)) return undefined
  switch (value.type) {
    case 'text':
      return typeof value.text === 'string' ? { type: 'text', text: value.text } : undefined
    case 'image':
      return typeof value.data === 'string' && typeof value.mimeType === 'string' && isOptionalString(value.uri)
        ? { type: 'image', data: value.data, mimeType: value.mimeType, uri: present(value.uri as string | null | undefined) }
        : undefined
    case 'resource_link':
      return typeof value.uri === 'string' &&
        typeof value.name === 'string' &&
        isOptionalString(value.mimeType) &&
        isOptionalString(value.title) &&
        isOptionalString(value.description) &&
        isOptionalNumber(value.size)
        ? {
            type: 'resource_link',
            uri: value.uri,
            name: value.name,
            mimeType: present(value.mimeType as string | null | undefined),
            title: present(value.title as string | null | undefined),
            description: present(value.description as string | null | undefined),
            size: finite(value.size as number | null | undefined),
          }
        : undefined
    default:
      return undefined
  }
}

/** The result's content blocks that are valid, in order; the rest are dropped. */
export function resultContent(result: unknown): ContentBlock[] {
  const content = isRecord(result) ? result.content : undefined
  if (!Array.isArray(content)) return []
  const blocks: ContentBlock[] = []
  for (const value of content) {
    const block = contentBlock(value)
    if (block) blocks.push(block)
  }
  return blocks
}

/** The result's text blocks joined with nothing between them. */
export function resultText(result: unknown): string {
  let text = ''
  for (const block of resultContent(result)) if (block.type === 'text') text += block.text
  return text
}

/** Whether the tool reported an error (`isError: true`, nothing else). */
export const isErrorResult = (result: unknown): boolean => isRecord(result) && result.isError === true

/** The result's `meta`, if the result is an object. */
export const resultMeta = (result: unknown): unknown => (isRecord(result) ? result.meta : undefined)

/**
 * A generic result of the result's text blocks joined into one text, shown
 * first as `show` makes it (nothing when it gives `undefined`, or when there
 * is no text block), then the other blocks (images, links) in order.
 */
export function textFirstResult(result: unknown, show: (text: string) => string | undefined): GenericResultView {
  const content: ContentBlock[] = []
  let text: string | undefined
  for (const block of resultContent(result)) {
    if (block.type === 'text') text = (text ?? '') + block.text
    else content.push(block)
  }
  const shown = text === undefined ? undefined : show(text)
  if (shown !== undefined) content.unshift({ type: 'text', text: shown })
  return { card: 'generic', content }
}

/** A generic result that shows what the tool returned. */
export const contentResult = (result: unknown): GenericResultView => ({
  card: 'generic',
  content: resultContent(result),
})
