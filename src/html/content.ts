// The body of a generic card as HTML: content blocks and locations, shared by
// the call and the result arms.
import { displayPath } from '../safety/paths.js'
import type { ContentBlock, EmbeddedResourceBlock, FileLocation } from '../views.js'
import { escapeHtml } from './escape.js'
import { markedHtml } from './markers.js'
import { markdownHtml } from './markdown.js'
import type { ResolvedHtmlOptions } from './options.js'

// Image types a browser shows without running anything (no SVG: it can hold script).
const INLINE_IMAGE = /^image\/(?:png|jpeg|gif|webp|avif|bmp)$/
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/**
 * Content blocks as HTML: text as Markdown (raw HTML shown as text, links
 * only to http(s) and mailto), an image as an inline `data:` image when it is
 * a raster type with valid base64 (else a placeholder), audio, resource links
 * and blobs as one-line placeholders, an embedded text resource as a `<pre>`
 * under its uri. Annotations and `_meta` are not shown.
 */
export function contentHtml(content: readonly ContentBlock[] | undefined, options: ResolvedHtmlOptions): string {
  let html = ''
  for (const block of content ?? []) html += contentBlockHtml(block, options)
  return html
}

function contentBlockHtml(block: ContentBlock, options: ResolvedHtmlOptions): string {
  switch (block.type) {
    case 'text':
      return `<div class="tri-markdown">${markdownHtml(block.text, options.allowRemoteImages)}</div>`
    case 'image':
      return INLINE_IMAGE.test(block.mimeType) && BASE64.test(block.data)
        ? `<img class="tri-image" alt="${escapeHtml(`image ${block.mimeType}`)}" src="data:${block.mimeType};base64,${block.data}">`
        : placeholder(`[image ${block.mimeType}${block.uri ? ` ${block.uri}` : ''}]`)
    case 'audio':
      return placeholder(`[audio ${block.mimeType}]`)
    case 'resource_link': {
      const name = block.name && block.name !== block.uri ? `${block.name} ` : ''
      return placeholder(`[link ${name}${block.uri}${block.mimeType ? ` (${block.mimeType})` : ''}]`)
    }
    case 'resource':
      return resourceHtml(block)
    default: {
      const unknown: never = block
      throw new Error(`contentHtml: unhandled content type ${JSON.stringify((unknown as { type?: unknown }).type)}`)
    }
  }
}

function resourceHtml({ resource }: EmbeddedResourceBlock): string {
  const mime = resource.mimeType ? ` (${resource.mimeType})` : ''
  if ('text' in resource && typeof resource.text === 'string') {
    return `<figure class="tri-resource"><figcaption>${markedHtml(resource.uri + mime)}</figcaption><pre>${markedHtml(resource.text)}</pre></figure>`
  }
  return placeholder(`[resource ${resource.uri}${mime}]`)
}

const placeholder = (text: string) => `<p class="tri-placeholder">${markedHtml(text)}</p>`

/** Locations as a list of `path:line`, paths relative to the cwd when inside it. */
export function locationsHtml(locations: readonly FileLocation[] | undefined, options: ResolvedHtmlOptions): string {
  if (locations === undefined || locations.length === 0) return ''
  let html = '<ul class="tri-locations">'
  for (const location of locations) {
    const line = typeof location.line === 'number' ? `:${location.line}` : ''
    html += `<li>${markedHtml(displayPath(location.path, options.cwd) || location.path)}${line}</li>`
  }
  return `${html}</ul>`
}
