// Diffs and raw input reach the client exactly as written (they are the
// file's content and the tool's arguments), and the card says, first, what
// hides in them: Trojan Source through v1 and v2, on every client kind.
import { describe, expect, it } from 'vitest'
import { createToolPresenter as createV1Presenter } from '../../src/acp/presenter.js'
import { createToolPresenter as createV2Presenter } from '../../src/acp-v2/presenter.js'
import { presenters } from '../../src/presenters/index.js'
import { trojanSource } from '../fixtures/trojan-source.js'
import { zedMarkdown } from '../fixtures/zed-markdown.js'

type Entry = {
  type: string
  content?: { type: string; text?: string }
  oldText?: string | null
  newText?: string
  patch?: { text: string }
}
type Update = { content?: readonly Entry[] | null; rawInput?: unknown }

const kinds = [
  [
    'v1 with terminal_output',
    () => createV1Presenter({ tools: presenters, cwd: '/repo', clientCapabilities: { _meta: { terminal_output: true } } }),
  ],
  ['v1 with text only', () => createV1Presenter({ tools: presenters, cwd: '/repo' })],
  ['v2', () => createV2Presenter({ tools: presenters, cwd: '/repo' })],
] as const

const contentOf = (updates: readonly unknown[]): readonly Entry[] =>
  (updates.find((update) => (update as Update).content) as Update).content ?? []
// What Zed shows of a text block: its Markdown rendered as text.
const shownText = (markdown: string) => zedMarkdown.renderInline(markdown).replace(/&lt;/g, '<').replace(/&gt;/g, '>')

const WARNING =
  'Warning: this change holds bidirectional characters, kept as written: it may read differently from what it does. ' +
  '/repo/check.js (new text): <U+202E> on line 2, <U+2066> on line 2, <U+2069> on line 2.'

describe('a change that holds bidirectional or invisible characters', () => {
  it.each(kinds)('keeps the diff exact and says first what hides in it and where, at call time (%s)', (_kind, create) => {
    const presenter = create()
    const updates = presenter.call('w', 'write', { file_path: '/repo/check.js', content: trojanSource.commentingOut })
    const [warning, diff] = contentOf(updates)
    expect(warning.type).toBe('content')
    expect(shownText(warning.content!.text!)).toBe(WARNING)
    // The file's own content, byte for byte: a v1 diff's newText, a v2 patch's added lines.
    if (diff.newText !== undefined) expect(diff.newText).toBe(trojanSource.commentingOut)
    else expect(diff.patch!.text).toContain(`+${trojanSource.commentingOut.split('\n')[1]}\n`)
  })

  it.each(kinds)('says so again on the applied change of the result (%s)', (_kind, create) => {
    const presenter = create()
    presenter.call('e', 'edit', { file_path: '/repo/a.js', old_string: 'x', new_string: trojanSource.stretchedString })
    const hunks = [{ oldText: 'x\n', newText: trojanSource.stretchedString, line: 10 }]
    const [warning] = contentOf(presenter.result('e', { content: [{ type: 'text', text: 'ok' }], meta: { hunks } }))
    expect(warning.content?.text).toMatch(/^Warning: this change holds bidirectional characters/)
    // Lines count within each text: here the hunk's, which starts at line 10 of the file.
    expect(shownText(warning.content!.text!)).toContain(
      '/repo/a.js (new text): <U+202E> on line 1, <U+2066> on line 1, <U+2069> on line 1.',
    )
  })

  it.each(kinds)('adds nothing to a clean change (%s)', (_kind, create) => {
    const presenter = create()
    const content = contentOf(presenter.call('w', 'write', { file_path: '/repo/a.js', content: 'ok\n' }))
    expect(content.some((entry) => entry.type === 'content')).toBe(false)
  })
})

describe('raw input that holds bidirectional or invisible characters', () => {
  it.each(kinds)('is sent as written, and a generic card says first which field holds what (%s)', (_kind, create) => {
    const presenter = create()
    const args = { query: 'users\u202e --drop', note: 'is\u200bAdmin' }
    const updates = presenter.call('u', 'some_unknown_tool', args)
    const update = updates.find((candidate) => (candidate as Update).rawInput) as Update
    expect(update.rawInput).toStrictEqual(args)
    const [warning] = update.content ?? []
    expect(shownText(warning.content!.text!)).toBe(
      "Warning: this call's raw input holds bidirectional and invisible characters, kept as written: it may read differently from what it does. " +
        'rawInput.query: <U+202E> on line 1. rawInput.note: <U+200B> on line 1.',
    )
  })
})
