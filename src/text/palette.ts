// The handful of SGR styles the renderer uses. Each painted span ends in a
// full reset, so a style never leaks into the next line or the caller's text.

const codes = {
  plain: '',
  bold: '1',
  dim: '2',
  red: '31',
  green: '32',
  cyan: '36',
  boldRed: '1;31',
} as const

/** A style name the renderer paints with. */
export type Style = keyof typeof codes

/** SGR reset: ends every painted span and any colour a command's output left on. */
export const RESET = '\u001b[0m'

/** `text` in `style` when `color` is on; unchanged otherwise (and when empty, or `plain`). */
export const paint = (style: Style, text: string, color: boolean): string =>
  color && text !== '' && style !== 'plain' ? `\u001b[${codes[style]}m${text}${RESET}` : text
