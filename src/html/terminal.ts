// A command's output as HTML: the one escape tokenizer (terminalSafeText with
// colour on) keeps only SGR sequences and makes every other control visible;
// each SGR sequence left then only changes the classes of the spans after it.
import { terminalSafeText } from '../text/control-chars.js'
import { CONTRAST_FLOOR, contrastRatio } from '../safety/contrast.js'
import { markedHtml } from './markers.js'
import { DARK_THEME, LIGHT_THEME, type ThemeColours } from './stylesheet.js'

/** The SGR state the next text is drawn in. */
interface Style {
  foreground: number | undefined
  background: number | undefined
  bold: boolean
  dim: boolean
  italic: boolean
  underline: boolean
  inverse: boolean
}

const ESC = '\u001b'

/**
 * Terminal output as HTML text: escaped, colours and styles as `<span>`s
 * with classes (`tri-fg-0` … `tri-fg-15` for the 16 standard colours,
 * `tri-bg-N`, `tri-bold`, `tri-dim`, `tri-italic`, `tri-underline`), and
 * every other escape or control character shown as `\xHH`. Reverse video
 * is resolved here (`tri-fg-inverse`, `tri-bg-inverse` for the card's own
 * colours swapped); a text colour below 3:1 on its background in either
 * theme is drawn in the background's contrasting colour (`tri-on-N`) instead,
 * so no pair of colours hides text. Dim (SGR 2) is drawn only on the
 * card's own colours, which keep 3:1 through its opacity; on a colour pair
 * it is not drawn. 256-colour and true-colour parameters are
 * read past and not shown.
 */
export function terminalHtml(output: string): string {
  const text = terminalSafeText(output, { color: true })
  const style: Style = {
    foreground: undefined,
    background: undefined,
    bold: false,
    dim: false,
    italic: false,
    underline: false,
    inverse: false,
  }
  let html = ''
  let from = 0
  // After terminalSafeText every ESC left starts a complete SGR sequence `ESC [ params m`.
  for (let at = text.indexOf(ESC); at !== -1; at = text.indexOf(ESC, from)) {
    if (at > from) html += styled(text.slice(from, at), style)
    const end = text.indexOf('m', at)
    applySgr(text.slice(at + 2, end), style)
    from = end + 1
  }
  if (from < text.length) html += styled(text.slice(from), style)
  return html
}

function styled(text: string, style: Style): string {
  const classes = classesOf(style)
  return classes === '' ? markedHtml(text) : `<span class="${classes}">${markedHtml(text)}</span>`
}

function classesOf(style: Style): string {
  let classes = colourClasses(style)
  if (style.bold) classes += ' tri-bold'
  // Dim draws with opacity, which lowers contrast: only the card's own pair
  // has the room to keep the floor (a colour pair may sit at 3:1 already).
  if (style.dim && classes === '') classes += ' tri-dim'
  if (style.italic) classes += ' tri-italic'
  if (style.underline) classes += ' tri-underline'
  return classes.slice(1)
}

// A colour a span is drawn in: one of the 16, or the card's own (`DEFAULT`),
// or the other of the card's two (`INVERSE`: the text colour as a background,
// the background colour as text), which reverse video gives.
const DEFAULT = 16
const INVERSE = 17

// The colour each key stands for, as text and as a background.
const textColour = (colours: ThemeColours, key: number) =>
  key === DEFAULT ? colours.fg : key === INVERSE ? colours.codeBg : colours.terminal[key]
const backgroundColour = (colours: ThemeColours, key: number) =>
  key === DEFAULT ? colours.codeBg : key === INVERSE ? colours.fg : colours.terminal[key]

// LEGIBLE[text * 18 + background]: the pair reaches the contrast floor in both themes.
const LEGIBLE: readonly boolean[] = Array.from({ length: 18 * 18 }, (_, at) => {
  const [text, background] = [Math.floor(at / 18), at % 18]
  return [LIGHT_THEME, DARK_THEME].every(
    (colours) => contrastRatio(textColour(colours, text), backgroundColour(colours, background)) >= CONTRAST_FLOOR,
  )
})

// The span's colour and background classes. Reverse video swaps the two
// here, so no rule of the stylesheet can undo it; a text colour that would
// not show on its background gives way to the background's own text colour
// (`tri-on-N`, at least 4.5:1 in either theme).
function colourClasses(style: Style): string {
  const foreground = style.foreground ?? DEFAULT
  const background = style.background ?? DEFAULT
  const [text, under] = style.inverse
    ? [background === DEFAULT ? INVERSE : background, foreground === DEFAULT ? INVERSE : foreground]
    : [foreground, background]
  const backgroundClass = under === DEFAULT ? '' : under === INVERSE ? ' tri-bg-inverse' : ` tri-bg-${under}`
  let textClass: string
  if (text !== DEFAULT && text !== INVERSE && LEGIBLE[text * 18 + under]) textClass = ` tri-fg-${text}`
  else if (text === INVERSE && LEGIBLE[text * 18 + under]) textClass = ' tri-fg-inverse'
  else if (under === DEFAULT) textClass = ''
  else if (under === INVERSE) textClass = ' tri-fg-inverse'
  else textClass = ` tri-on-${under}`
  return textClass + backgroundClass
}

// ECMA-48 SGR: the parameters of one sequence, applied in order.
function applySgr(parameters: string, style: Style): void {
  const codes = parameters === '' ? [0] : parameters.split(/[;:]/).map((code) => (code === '' ? 0 : Number(code)))
  for (let index = 0; index < codes.length; index++) {
    const code = codes[index]
    if (code === 0) {
      style.foreground = undefined
      style.background = undefined
      style.bold = style.dim = style.italic = style.underline = style.inverse = false
    } else if (code === 1) style.bold = true
    else if (code === 2) style.dim = true
    else if (code === 3) style.italic = true
    else if (code === 4) style.underline = true
    else if (code === 7) style.inverse = true
    else if (code === 22) style.bold = style.dim = false
    else if (code === 23) style.italic = false
    else if (code === 24) style.underline = false
    else if (code === 27) style.inverse = false
    else if (code >= 30 && code <= 37) style.foreground = code - 30
    else if (code === 39) style.foreground = undefined
    else if (code >= 40 && code <= 47) style.background = code - 40
    else if (code === 49) style.background = undefined
    else if (code >= 90 && code <= 97) style.foreground = code - 90 + 8
    else if (code >= 100 && code <= 107) style.background = code - 100 + 8
    // 38/48: extended colours, `5;n` or `2;r;g;b`; their parameters are skipped.
    else if (code === 38 || code === 48) index += codes[index + 1] === 5 ? 2 : codes[index + 1] === 2 ? 4 : 1
  }
}
