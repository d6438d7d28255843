// The body of a generic card: content blocks and locations, shared by the
// call and the result arms.

import { backtickFence } from '../safety/fence.js'
import { displayPath } from '../safety/paths.js'
import type { BlobResourceContents, ContentBlock, EmbeddedResourceBlock, FileLocation } from '../views.js'
import { terminalSafeText, visibleControls } from './control-chars.js'
import type { ResolvedTextOptions } from './options.js'
import { paint, RESET } from './palette.js'

/**
 * Content blocks as lines. Text is a tool's output, so it follows the same
 * control-character rules as a command's output (one trailing newline
 * dropped); so does the text of an embedded text resource, fenced between a
 * line with a backtick fence and its uri and a closing fence. An image,
 * audio, a resource link or an embedded blob becomes a one-line
 * placeholder: `[image image/png]`, `[audio audio/wav]`,
 * `[link name uri (mimeType)]`, `[resource uri mimeType, N bytes]`.
 * Annotations and `_meta` are not shown.
 */
export function contentLines(content: readonly ContentBlock[] | undefined, options: ResolvedTextOptions): string[] {
  const lines: string[] = []
  for (const block of content ?? []) {
    const text = contentBlockText(block, options)
    // An empty text block adds nothing, not a blank line.
    if (text !== '') lines.push(text)
  }
  return lines
}

function contentBlockText(block: ContentBlock, options: ResolvedTextOptions): string {
  switch (block.type) {
    case 'text':
      return outputText(block.text, options.color)
    case 'image': {
      const uri = block.uri ? ` ${block.uri}` : ''
      return paint('dim', visibleControls(`[image ${block.mimeType}${uri}]`), options.color)
    }
    case 'audio':
      return paint('dim', visibleControls(`[audio ${block.mimeType}]`), options.color)
    case 'resource_link': {
      // The name only when it adds something beside the uri.
      const name = block.name && block.name !== block.uri ? `${block.name} ` : ''
      const mime = block.mimeType ? ` (${block.mimeType})` : ''
      return paint('dim', visibleControls(`[link ${name}${block.uri}${mime}]`), options.color)
    }
    case 'resource':
      return resourceText(block, options)
    default: {
      const unknown: never = block
      throw new Error(`renderContent: unhandled content type ${JSON.stringify((unknown as { type?: unknown }).type)}`)
    }
  }
}

// An embedded resource: its text fenced under its uri, or a placeholder for its bytes.
function resourceText({ resource }: EmbeddedResourceBlock, options: ResolvedTextOptions): string {
  const mime = resource.mimeType ? ` ${resource.mimeType}` : ''
  // Text contents are the ones with a text, as the guards read them (a `blob: undefined` key aside).
  const text = 'text' in resource ? resource.text : undefined
  if (typeof text !== 'string') {
    const bytes = base64Bytes((resource as BlobResourceContents).blob)
    const size = `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`
    return paint('dim', visibleControls(`[resource ${resource.uri}${mime}, ${size}]`), options.color)
  }
  // A fence longer than every backtick run in the text, so no line of it reads as the end.
  const fence = backtickFence(text)
  const body = outputText(text, options.color)
  const open = paint('dim', visibleControls(`${fence} ${resource.uri}${mime ? ` (${mime.slice(1)})` : ''}`), options.color)
  return [open, ...(body === '' ? [] : [body]), paint('dim', fence, options.color)].join('\n')
}

// The number of bytes base64 text encodes: 3 per 4 characters, less the padding.
function base64Bytes(base64: string): number {
  let length = base64.length
  while (length > 0 && base64.charCodeAt(length - 1) === 0x3d /* = */) length--
  return Math.floor((length * 3) / 4)
}

/**
 * Text a tool or a command printed, safe for the terminal and with one
 * trailing line ending dropped (the renderer ends lines itself). In colour
 * mode a reset follows any colour the text leaves on, so it cannot bleed
 * into the next line the renderer writes.
 */
export function outputText(text: string, color: boolean): string {
  const safe = terminalSafeText(text, { color })
  const trimmed = safe.endsWith('\n') ? safe.slice(0, -1) : safe
  return color && trimmed.includes('\u001b[') ? trimmed + RESET : trimmed
}

/** Locations as `↳ path:line` lines, paths relative to the cwd when inside it. */
export function locationLines(locations: readonly FileLocation[] | undefined, options: ResolvedTextOptions): string[] {
  const lines: string[] = []
  for (const location of locations ?? []) {
    const line = typeof location.line === 'number' ? `:${location.line}` : ''
    lines.push(paint('dim', `↳ ${visibleControls(displayPath(location.path, options.cwd) || location.path)}${line}`, options.color))
  }
  return lines
}
