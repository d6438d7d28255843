// The inverse of markdownInline's backslashes: text that travels as literal
// Markdown (plan entries, a v2 terminal's description) read back as text, and
// titles for clients that show them as plain text.

const ESCAPED = /\\([!-/:-@[-`{-~])/g

/**
 * Text that `markdownInline` escaped, as it was written: every backslash
 * before ASCII punctuation is dropped (markdownInline escapes every backslash
 * that stands there, so this undoes it exactly). Line breaks it turned into
 * spaces stay spaces.
 */
export const unescapeMarkdownInline = (text: string): string => (text.includes('\\') ? text.replace(ESCAPED, '$1') : text)
