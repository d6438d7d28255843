// WCAG 2 contrast between two `#rrggbb` colours: what the stylesheet and the
// terminal colours are checked against.

/** The least contrast a terminal colour pair may draw text with, in either theme. */
export const CONTRAST_FLOOR = 3

/** The relative luminance of a `#rrggbb` colour (WCAG 2). */
function luminance(hex: string): number {
  let sum = 0
  for (const [at, weight] of [
    [1, 0.2126],
    [3, 0.7152],
    [5, 0.0722],
  ] as const) {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255
    sum += weight * (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4)
  }
  return sum
}

/** The WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}
