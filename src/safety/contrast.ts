// WCAG 2 contrast between two colours: what the page's stylesheet and
// terminal colours are checked against, and the floor under which a
// terminal colour pair is taken for one that hides text.

/** The least contrast a terminal colour pair may draw text with, in either theme. */
export const CONTRAST_FLOOR = 3

// One sRGB channel (0-255), linear.
const linear = (value: number): number => {
  const channel = value / 255
  return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
}

/** The relative luminance (WCAG 2) of the colour of channels `red`, `green`, `blue`, each 0-255. */
export const luminanceOf = (red: number, green: number, blue: number): number =>
  0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)

/** The WCAG 2 contrast ratio of two relative luminances, from 1 to 21. */
export function luminanceContrast(a: number, b: number): number {
  return a > b ? (a + 0.05) / (b + 0.05) : (b + 0.05) / (a + 0.05)
}

// A `#rrggbb` colour's relative luminance.
const luminance = (hex: string): number =>
  luminanceOf(Number.parseInt(hex.slice(1, 3), 16), Number.parseInt(hex.slice(3, 5), 16), Number.parseInt(hex.slice(5, 7), 16))

/** The WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  return luminanceContrast(luminance(a), luminance(b))
}
