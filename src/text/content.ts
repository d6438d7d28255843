// The body of a generic card: content blocks and locations, shared by the
// call and the result arms.

import { displayPath } from '../paths.js'
import type { ContentBlock, FileLocation } from '../views.js'
import { terminalSafeText, visibleControls } from './control-chars.js'
import type { ResolvedTextOptions } from './options.js'
import { paint, RESET } from './palette.js'

/**
 * Content blocks as lines. Text is a tool's output, so it follows the same
 * control-character rules as a command's output (one trailing newline
 * dropped); an image or a resource link becomes a one-line placeholder.
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
      const uri = block.uri === undefined ? '' : ` ${block.uri}`
      return paint('dim', visibleControls(`[image ${block.mimeType}${uri}]`), options.color)
    }
    case 'resource_link': {
      // The name only when it adds something beside the uri.
      const name = block.name && block.name !== block.uri ? `${block.name} ` : ''
      const mime = block.mimeType === undefined ? '' : ` (${block.mimeType})`
      return paint('dim', visibleControls(`[link ${name}${block.uri}${mime}]`), options.color)
    }
    default: {
      const unknown: never = block
      throw new Error(`renderContent: unhandled content type ${JSON.stringify((unknown as { type?: unknown }).type)}`)
    }
  }
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
