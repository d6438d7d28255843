// Header lines: the only lines `width` wraps. A header is a prefix (a kind
// marker, `$ `, `# `) and a title; continuation lines are indented under the
// title so a wrapped header still reads as one header.

import type { ToolCallKind } from '../views.js'
import { visibleControls } from './control-chars.js'
import { paint, type Style } from './palette.js'

// One glyph and a word per kind; the word pads to a fixed width so titles line up.
const kindMarkers: Record<ToolCallKind, string> = {
  read: '▸ read   ',
  edit: '✎ edit   ',
  delete: '✕ delete ',
  move: '→ move   ',
  search: '/ search ',
  execute: '» execute',
  think: '… think  ',
  fetch: '↓ fetch  ',
  switch_mode: '⇄ mode   ',
  other: '• tool   ',
}

/** The marker a header shows for `kind`; an unknown kind shows as `other`. */
export const kindMarker = (kind: ToolCallKind | undefined): string =>
  (kind !== undefined && Object.hasOwn(kindMarkers, kind) ? kindMarkers[kind] : undefined) ?? kindMarkers.other

/** The marker of a result's own header, which has no kind. */
export const RESULT_MARKER = '↩ result '

/**
 * A header as painted lines: `marker`, a space, then `title` (control
 * characters made visible); each line of the title after the first, and each
 * wrapped piece, is indented under the title. `suffix` is appended to the
 * first line before wrapping, in `suffixStyle`.
 */
export function headerLines(
  marker: { readonly text: string; readonly style: Style },
  title: string,
  titleStyle: Style,
  options: { readonly color: boolean; readonly width: number | undefined },
  suffix?: { readonly text: string; readonly style: Style },
): string[] {
  const prefix = `${marker.text} `
  const indent = ' '.repeat(Array.from(prefix).length)
  const room = wrapRoom(options.width, indent.length)
  const lines: string[] = []
  visibleControls(title)
    .split('\n')
    .forEach((titleLine, index) => {
      // The suffix joins the first title line so it wraps with it, but is painted apart.
      const titleEnd = Array.from(titleLine).length
      const chars = Array.from(index === 0 && suffix ? titleLine + suffix.text : titleLine)
      const pieces = room === undefined ? [{ start: 0, end: chars.length }] : wrapLine(chars, room)
      pieces.forEach(({ start, end }, pieceIndex) => {
        const lead = index === 0 && pieceIndex === 0 ? paint(marker.style, marker.text, options.color) + ' ' : indent
        const split = Math.min(Math.max(titleEnd, start), end)
        const titlePart = paint(titleStyle, chars.slice(start, split).join(''), options.color)
        const suffixPart = suffix ? paint(suffix.style, chars.slice(split, end).join(''), options.color) : ''
        lines.push(lead + titlePart + suffixPart)
      })
    })
  return lines
}

// The columns left for title text, or undefined when `width` asks for no wrapping.
function wrapRoom(width: number | undefined, indent: number): number | undefined {
  if (width === undefined || !Number.isFinite(width) || width < 1) return undefined
  return Math.max(1, Math.floor(width) - indent)
}

/**
 * Splits a line (as code points) into pieces of at most `room` code points,
 * breaking at the last space that fits (the space itself is dropped) or, in a
 * word longer than `room`, at `room`. Returns each piece's `[start, end)`.
 */
export function wrapLine(chars: readonly string[], room: number): { start: number; end: number }[] {
  const pieces: { start: number; end: number }[] = []
  let start = 0
  while (chars.length - start > room) {
    const space = chars.lastIndexOf(' ', start + room)
    if (space > start) {
      pieces.push({ start, end: space })
      start = space + 1
    } else {
      pieces.push({ start, end: start + room })
      start += room
    }
  }
  pieces.push({ start, end: chars.length })
  return pieces
}
