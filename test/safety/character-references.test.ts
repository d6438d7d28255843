import { characterEntities } from 'character-entities'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HIDING_NAMED_REFERENCES, markedCharacterReferences } from '../../src/safety/character-references.js'
import { holdsInvisible } from '../../src/safety/visible-text.js'
import { zedMarkdown } from '../fixtures/zed-markdown.js'

// What a reader sees of Markdown: rendered as Zed's dialect does, tags dropped, references decoded.
const shown = (markdown: string) =>
  zedMarkdown
    .render(markdown)
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')

describe('the named references that hide', () => {
  it('are every HTML named reference whose value holds a character visibleText marks', () => {
    const hiding = Object.fromEntries(Object.entries(characterEntities).filter(([, value]) => holdsInvisible(value)))
    expect(HIDING_NAMED_REFERENCES).toStrictEqual(hiding)
  })
})

describe('a character reference that decodes to a character that hides', () => {
  it('is marked as the character would be, hexadecimal, decimal or named (past six hex digits it is no reference)', () => {
    expect(markedCharacterReferences('user&#x202E; &#X202e;&#8238;&#x00202E;&#x0000202E;')).toBe(
      'user<U+202E> <U+202E><U+202E><U+202E>&#x0000202E;',
    )
    expect(markedCharacterReferences('is&ZeroWidthSpace;Admin &zwj; &lrm; &shy; &lesg;')).toBe(
      'is<U+200B>Admin <U+200D> <U+200E> <U+00AD> ⋚<U+FE00>',
    )
    expect(markedCharacterReferences('&#27;]0;x&#7; &#x9b; &#13;')).toBe('␛]0;x␇ <U+009B> ␍')
    expect(markedCharacterReferences('&#xE0041;&#917569;')).toBe('<U+E0041><U+E0041>')
  })

  it('leaves references to characters that show, unknown names and escaped references as written (the same string)', () => {
    const text = '&amp; &lt; &#x41; &#10; &#0; &#xD800; &#x110000; &nosuch; \\&#x202E; &#x202E no semicolon'
    expect(markedCharacterReferences(text)).toBe(text)
  })

  it('marks one after an escaped backslash, which does not escape it', () => {
    expect(markedCharacterReferences('\\\\&#x202E;')).toBe('\\\\<U+202E>')
  })

  it('leaves one inside a fenced code block at the start of a line, where it shows as written', () => {
    const text = 'before &zwj;\n```html\n<p>&zwj;&#x202E;</p>\n```\nafter &zwj;\n~~~~\n&lrm;\n~~~~\n'
    expect(markedCharacterReferences(text)).toBe('before <U+200D>\n```html\n<p>&zwj;&#x202E;</p>\n```\nafter <U+200D>\n~~~~\n&lrm;\n~~~~\n')
  })

  it('marks one in what only looks like a fence: indented in a list item, after an HTML block, a backtick info string', () => {
    expect(markedCharacterReferences('- a\n  ```\n&zwj;\n  ```')).toBe('- a\n  ```\n<U+200D>\n  ```')
    expect(markedCharacterReferences('<div>\n```\n&zwj;\n```')).toBe('<div>\n```\n<U+200D>\n```')
    expect(markedCharacterReferences('``` a`b\n&zwj;\n```')).toBe('``` a`b\n<U+200D>\n```')
  })

  it('trusts no fence after an indented fence line, which may close one a column-0 line would seem to open', () => {
    // CommonMark: `  ```` opens, the next ```` closes, and the reference after them is text.
    expect(markedCharacterReferences('  ```\n```\n&#x202E;')).toBe('  ```\n```\n<U+202E>')
    expect(markedCharacterReferences('```\n&zwj;\n```\n  ```\n```\n&zwj;')).toBe('```\n&zwj;\n```\n  ```\n```\n<U+200D>')
  })

  it('never lets a character that hides reach a reader of the rendered Markdown, for any text', () => {
    const piece = fc.constantFrom(
      '&#x202E;',
      '&#8203;',
      '&ZeroWidthSpace;',
      '&zwj;',
      '\\',
      '```',
      '~~~',
      '\n',
      '<div>',
      '- ',
      '  ',
      '`',
      'a',
      '&amp;',
      ';',
      '&',
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const markdown = markedCharacterReferences(pieces.join(''))
        expect(holdsInvisible(shown(markdown).replace(/\r/g, ''))).toBe(false)
      }),
      { numRuns: 2000 },
    )
  })
})
