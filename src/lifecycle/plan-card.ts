// A plan as a tool card, for the one place it needs one: a permission
// prompt (a plan has no card of its own; the client shows it in its plan view).
import type { CardView } from './events.js'
import { boundedMarkdownInline, markdownLine } from '../safety/markdown-text.js'
import type { ContentBlock, PlanCallView } from '../views.js'

/**
 * The most code units one plan entry shows, after marking and Markdown
 * escaping, as a command's description: a plan is sent whole with every
 * change, so each entry is held to it. The number of entries is not cut
 * (what a plan sends grows with its entries, linearly).
 */
export const PLAN_ENTRY_LENGTH = 4096

const isAlphanumeric = (code: number) => (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122)

// Printable ASCII that neither Markdown escaping nor marking changes in any
// position: letters, digits, space and `#$%)+,/:;=?@|}`. Five more are
// plain except where `plainAt` looks: `.` `-` `_` `(` `!`.
function isPlainCode(code: number): boolean {
  if (code === 32 || isAlphanumeric(code)) return true
  switch (code) {
    case 35: // #
    case 36: // $
    case 37: // %
    case 41: // )
    case 43: // +
    case 44: // ,
    case 47: // /
    case 58: // :
    case 59: // ;
    case 61: // =
    case 63: // ?
    case 64: // @
    case 124: // |
    case 125: // }
      return true
    default:
      return false
  }
}

// Whether the character at `index` is one of the five that is plain where it stands:
// `.` not in `...`, `-` not in `--`, `_` between ASCII letters or digits, `(` not first, `!` not last.
function plainAt(text: string, index: number, code: number): boolean {
  switch (code) {
    case 46: // `.`: markdownInline escapes `...`
      return !(text.charCodeAt(index + 1) === 46 && text.charCodeAt(index + 2) === 46) && text.charCodeAt(index - 1) !== 46
    case 45: // `-`: and `--`
      return text.charCodeAt(index + 1) !== 45 && text.charCodeAt(index - 1) !== 45
    case 95: // `_`: and one not between letters or digits
      return index > 0 && isAlphanumeric(text.charCodeAt(index - 1)) && isAlphanumeric(text.charCodeAt(index + 1))
    case 40: // `(`: and one that opens the text
      return index > 0
    case 33: // `!`: and one that ends it
      return index < text.length - 1
    default:
      return false
  }
}

/**
 * Whether `text` is shown as it is: short enough, and only characters that
 * Markdown escaping and marking leave alone where they stand. One character
 * loop, where the general path runs two regular expressions; held to it by
 * a property test.
 */
function isPlainEntry(text: string): boolean {
  if (text.length > PLAN_ENTRY_LENGTH) return false
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (!isPlainCode(code) && !plainAt(text, index, code)) return false
  }
  return true
}

/**
 * A plan entry's text as the client shows it: literal Markdown on one line,
 * every invisible character marked, at most {@link PLAN_ENTRY_LENGTH} code
 * units (head and tail around ` … N characters left out … `; see `boundedMarkdownInline`).
 */
export const planEntryText = (content: string): string =>
  isPlainEntry(content) ? content : boundedMarkdownInline(content, PLAN_ENTRY_LENGTH)

/** A plan as a card, for the one place it needs one: a prompt. Its entries as a Markdown checklist. */
export function planCard(view: PlanCallView): CardView {
  return { card: 'generic', kind: 'think', title: markdownLine(view.title ?? 'Update the plan'), content: planChecklist(view) }
}

function planChecklist(view: PlanCallView): ContentBlock[] {
  let text = ''
  for (const entry of view.entries)
    text += `${text ? '\n' : ''}- [${entry.status === 'completed' ? 'x' : ' '}] ${planEntryText(entry.content)}`
  return text ? [{ type: 'text', text }] : []
}
