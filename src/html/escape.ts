// HTML text and attribute values from strings we did not write. Every string
// that reaches the page passes through here or through the Markdown renderer.

const SPECIAL = /[&<>"']/
const SPECIALS = /[&<>"']/g
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * Text made safe to place in HTML, as element content or as a quoted
 * attribute value: `& < > " '` become entities, and a lone UTF-16 surrogate
 * becomes U+FFFD so the page is well-formed.
 *
 * @example
 * escapeHtml('<img src=x onerror=alert(1)>') // '&lt;img src=x onerror=alert(1)&gt;'
 */
export function escapeHtml(text: string): string {
  const wellFormed = text.isWellFormed() ? text : text.toWellFormed()
  return SPECIAL.test(wellFormed) ? wellFormed.replace(SPECIALS, (char) => ENTITIES[char]) : wellFormed
}
