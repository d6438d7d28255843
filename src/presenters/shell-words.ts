// An exact reader of the smallest part of the POSIX shell language: one
// simple command of literal words. Whatever it cannot read exactly (an
// operator, a redirection, an expansion of any kind, a comment, a line
// break) is refused, so a caller never mistakes a longer script for one
// command.

// Unquoted characters that stand for themselves in a word. Everything else
// is either a separator (space, tab), a quote or escape this reader knows, or
// refused: `| & ; < > ( )` (operators), `$` and backtick (expansions), `* ? [`
// (globs), `{ }` (brace expansion), `~` (tilde expansion), `#` (a comment),
// `!` and `^` (history), line breaks, control characters and anything
// outside printable ASCII. `=` is literal but in an assignment (`A=1 cmd`),
// which a caller refuses by knowing its command names: none holds `=`.
const PLAIN = /^[A-Za-z0-9_@%+=:,./-]$/

/**
 * The words of `command` when it is one simple command made only of literal
 * words, as the shell would pass them to the program (quotes removed); else
 * `undefined`.
 *
 * A word may be plain (letters, digits and `_@%+=:,./-`), single-quoted
 * (anything printable but a line break), double-quoted (anything printable
 * but `$`, a backtick, `!` or a line break; a backslash keeps its POSIX
 * meaning there) or a backslash before a printable character; such pieces
 * may be joined. Words are separated by spaces and tabs. Anything else is
 * refused: operators (`|`, `;`, `&`, `&&`, `||`), redirections, `$`,
 * backticks, globs, braces, `~`, `#`, a line break, control characters,
 * characters outside printable ASCII, and an unterminated quote. An
 * assignment (`A=1 cat x`) reads as words: the caller must refuse a first
 * word that is not a command name it knows.
 *
 * @example
 * shellWords(`rg -n 'fn main' src`) // ['rg', '-n', 'fn main', 'src']
 * shellWords('cat a.ts | head') // undefined
 */
export function shellWords(command: string): string[] | undefined {
  const words: string[] = []
  let word = ''
  // Whether a word has started: `''` is a word of its own.
  let inWord = false
  let at = 0
  const end = command.length
  while (at < end) {
    const char = command[at]
    if (char === ' ' || char === '\t') {
      if (inWord) words.push(word)
      word = ''
      inWord = false
      at++
    } else if (char === "'") {
      const close = command.indexOf("'", at + 1)
      if (close < 0) return undefined
      const text = command.slice(at + 1, close)
      if (!isPrintable(text)) return undefined
      word += text
      inWord = true
      at = close + 1
    } else if (char === '"') {
      const read = doubleQuoted(command, at + 1)
      if (read === undefined) return undefined
      word += read.text
      inWord = true
      at = read.end
    } else if (char === '\\') {
      const next = command[at + 1]
      if (next === undefined || !isPrintable(next)) return undefined
      word += next
      inWord = true
      at += 2
    } else if (PLAIN.test(char)) {
      word += char
      inWord = true
      at++
    } else {
      return undefined
    }
  }
  if (inWord) words.push(word)
  return words
}

// The text of a double-quoted piece starting after its quote, and where it
// ends (after the closing quote). Inside, a backslash escapes only `\`, `"`,
// `$` and a backtick; before anything else it is kept.
function doubleQuoted(command: string, start: number): { text: string; end: number } | undefined {
  let text = ''
  let at = start
  while (at < command.length) {
    const char = command[at]
    if (char === '"') return { text, end: at + 1 }
    if (char === '$' || char === '`' || char === '!' || !isPrintable(char)) return undefined
    if (char === '\\') {
      const next = command[at + 1]
      if (next === undefined || !isPrintable(next)) return undefined
      if (next === '\\' || next === '"' || next === '$' || next === '`') {
        text += next
        at += 2
        continue
      }
    }
    text += char
    at++
  }
  return undefined
}

// Printable ASCII: a space to `~`. No line break, control character,
// invisible or look-alike character can hide in a word.
function isPrintable(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0x20 || code > 0x7e) return false
  }
  return true
}
