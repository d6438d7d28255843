// The inverse of markdownInline's backslashes: plan entries and a v2
// terminal's description travel as literal Markdown, and read back as text.

const ESCAPED = /\\([!-/:-@[-`{-~])/g

/**
 * Text that `markdownInline` escaped, as it was written: every backslash
 * before ASCII punctuation is dropped (markdownInline escapes every backslash
 * that stands there, so this undoes it exactly). Line breaks it turned into
 * spaces stay spaces.
 */
export const unescapeMarkdownInline = (text: string): string => (text.includes('\\') ? text.replace(ESCAPED, '$1') : text)
