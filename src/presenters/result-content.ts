// Reading a tool result that may come from a session log: any JSON value can
// arrive where a ToolResult is typed, so every field is checked before use.
import type { ContentBlock, GenericResultView } from '../views.js'
import { isOptionalString, isRecord } from './arguments.js'

// Copies the fields a content block may have, so a block with extra keys
// (annotations, _meta) still yields a valid view; anything else is dropped.
function contentBlock(value: unknown): ContentBlock | undefined {
  if (!isRecord(value)) return undefined
  switch (value.type) {
    case 'text':
      return typeof value.text === 'string' ? { type: 'text', text: value.text } : undefined
    case 'image':
      return typeof value.data === 'string' && typeof value.mimeType === 'string' && isOptionalString(value.uri)
        ? { type: 'image', data: value.data, mimeType: value.mimeType, uri: value.uri as string | undefined }
        : undefined
    case 'resource_link':
      return typeof value.uri === 'string' &&
        typeof value.name === 'string' &&
        isOptionalString(value.mimeType) &&
        isOptionalString(value.title) &&
        isOptionalString(value.description) &&
        (value.size === undefined || Number.isFinite(value.size))
        ? {
            type: 'resource_link',
            uri: value.uri,
            name: value.name,
            mimeType: value.mimeType as string | undefined,
            title: value.title as string | undefined,
            description: value.description as string | undefined,
            size: value.size as number | undefined,
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

/** A generic result that shows what the tool returned. */
export const contentResult = (result: unknown): GenericResultView => ({
  card: 'generic',
  content: resultContent(result),
})

/** Whether a value is a plain object (not null, not an array). */
