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

/** The marker of a plan's header, padded like the kind markers. */
export const PLAN_MARKER = '☰ plan   '

/**
 * A header as painted lines: `marker`, a space, then `title` (control
 * characters made visible); each line of the title after the first, and each
 * wrapped piece, is indented under the title. `suffix` is appended to the
 * first line before wrapping, in `suffixStyle`; its control characters are
 * made visible too. Linear in the length of the title.
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
  const suffixText = suffix === undefined ? '' : visibleControls(suffix.text)
  const lines: string[] = []
  visibleControls(title)
    .split('\n')
    .forEach((titleLine, index) => {
      // The suffix joins the first title line so it wraps with it, but is painted apart.
      const line = index === 0 ? titleLine + suffixText : titleLine
      const pieces = room === undefined ? [{ start: 0, end: line.length }] : wrapLine(line, room)
      pieces.forEach(({ start, end }, pieceIndex) => {
        const lead = index === 0 && pieceIndex === 0 ? `${paint(marker.style, marker.text, options.color)} ` : indent
        const split = Math.min(Math.max(titleLine.length, start), end)
        const titlePart = paint(titleStyle, line.slice(start, split), options.color)
        const suffixPart = suffix ? paint(suffix.style, line.slice(split, end), options.color) : ''
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

// The length in code units of the code point at `at`: 2 for a surrogate pair, else 1.
const codePointLength = (text: string, at: number): number => {
  const code = text.charCodeAt(at)
  if (code < 0xd800 || code > 0xdbff) return 1
  const next = text.charCodeAt(at + 1)
  return next >= 0xdc00 && next <= 0xdfff ? 2 : 1
}

/**
 * Splits a line into pieces of at most `room` code points, breaking at the
 * last space that fits (the space itself is dropped) or, in a word longer
 * than `room`, at `room`. Returns each piece's `[start, end)` in code units.
 *
 * One forward scan: every code point is read once, and the last space seen
 * is remembered rather than searched for, so a line without spaces costs no
 * more than one with them.
 */
export function wrapLine(line: string, room: number): { start: number; end: number }[] {
  const pieces: { start: number; end: number }[] = []
  // The piece starts at `start`; code points in [start, scanned) have been read, `count` of them.
  let start = 0
  let scanned = 0
  let count = 0
  // The last space read after `start` (code units, -1: none) and its offset from `start` in code points.
  let space = -1
  let spaceOffset = 0
  let lastLength = 0
  for (;;) {
    // Read up to the code point at offset `room`: if it exists, the line does not fit.
    while (count <= room && scanned < line.length) {
      if (line.charCodeAt(scanned) === 0x20 && scanned > start) {
        space = scanned
        spaceOffset = count
      }
      lastLength = codePointLength(line, scanned)
      scanned += lastLength
      count++
    }
    if (count <= room) break
    if (space !== -1) {
      pieces.push({ start, end: space })
      start = space + 1
      count -= spaceOffset + 1
    } else {
      // No space after `start` up to offset `room`: cut before the code point at `room`.
      const cut = scanned - lastLength
      pieces.push({ start, end: cut })
      start = cut
      count = 1
    }
    // Every space read so far is at or before the new start.
    space = -1
  }
  pieces.push({ start, end: line.length })
  return pieces
}
