// Views hold plain titles; the encoders escape them once, for the client's
// title style, and remember what the client has in the escaped form.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createToolPresenter as createV1 } from '../../src/acp/presenter.js'
import { createToolPresenter as createV2 } from '../../src/acp-v2/presenter.js'
import type { ToolDefinition } from '../../src/define-tool.js'
import { claudeCodePresenters } from '../../src/presenters/index.js'
import { readAcpUpdates } from '../../src/reader/acp-reader.js'
import { plainTitle, type TitleStyle, wireTitle } from '../../src/safety/title-text.js'
import { propertyRuns } from '../property-runs.js'

// A card whose result gives the call's title again: a client that has the
// title must not be sent it a second time.
const sameTitle: ToolDefinition = {
  name: 'same',
  presentCall: () => ({ card: 'generic', kind: 'read', title: 'Read a_b*.ts' }),
  presentResult: () => ({ card: 'generic', title: 'Read a_b*.ts', content: [{ type: 'text', text: 'ok' }] }),
}

const v1 = (titles: TitleStyle) => createV1({ tools: [sameTitle, ...claudeCodePresenters], cwd: '/repo', titles })
const v2 = (titles: TitleStyle) => createV2({ tools: [sameTitle, ...claudeCodePresenters], cwd: '/repo', titles })

describe('a title the client has is not sent again', () => {
  for (const titles of ['markdown', 'plain'] as const) {
    it(`after a permission prompt, on a v1 client with ${titles} titles`, () => {
      const presenter = v1(titles)
      presenter.call('x', 'same', {})
      presenter.permission('x')
      const result = presenter.result('x', { content: [] })
      expect(result).toEqual([expect.not.objectContaining({ title: expect.anything() })])
    })

    it(`after a permission prompt, on a v2 client with ${titles} titles`, () => {
      const presenter = v2(titles)
      presenter.call('x', 'same', {})
      presenter.permission('x')
      for (const update of presenter.result('x', { content: [] })) expect(update).not.toHaveProperty('title')
    })
  }
})

describe('titles are escaped once, at the encoder, for the client', () => {
  const path = '/repo/src/__tests__/a_b*.ts'

  it('a Markdown client gets the Read title escaped, a plain one as written', () => {
    expect(v1('markdown').call('r', 'Read', { file_path: path })[0]).toMatchObject({ title: 'Read src/\\_\\_tests\\_\\_/a_b\\*.ts' })
    expect(v1('plain').call('r', 'Read', { file_path: path })[0]).toMatchObject({ title: 'Read src/__tests__/a_b*.ts' })
    expect(v2('markdown').call('r', 'Read', { file_path: path })[0]).toMatchObject({ title: 'Read src/\\_\\_tests\\_\\_/a_b\\*.ts' })
    expect(v2('plain').call('r', 'Read', { file_path: path })[0]).toMatchObject({ title: 'Read src/__tests__/a_b*.ts' })
  })

  it('a command is never escaped: every client shows it as plain text', () => {
    expect(v1('markdown').call('b', 'Bash', { command: 'ls *_a_*' })[0]).toMatchObject({ title: 'ls *_a_*' })
  })

  it('the reader gives back the plain title the view held, for either style', () => {
    for (const titles of ['markdown', 'plain'] as const) {
      const presenter = v1(titles)
      const updates = [...presenter.call('r', 'Read', { file_path: path }), ...presenter.result('r', { content: [] })]
      const { records } = readAcpUpdates(updates, { titles })
      expect(records[0].call).toMatchObject({ title: 'Read src/__tests__/a_b*.ts' })
    }
  })
})

// One line of visible text, not starting with white space: what wireTitle
// sends without changing it otherwise (no line break, marker or cut).
const visibleLine = fc
  .string({
    unit: fc.oneof(fc.constantFrom(...'\\`*_[]<>&~^"\'{}()!#-+=.:|/ 1a'), fc.string({ minLength: 1, maxLength: 1 })),
    maxLength: 60,
  })
  .filter((text) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text) && !/^[ \t]/.test(text))

describe('the reader is the exact inverse of the title escaping', () => {
  for (const titles of ['markdown', 'plain'] as const) {
    for (const kind of ['read', 'execute'] as const) {
      it(`escape then read back gives the plain title (${titles} titles, kind ${kind})`, () => {
        fc.assert(
          fc.property(visibleLine, (title) => plainTitle(wireTitle(title, kind, titles), kind, titles) === title),
          { numRuns: propertyRuns(500) },
        )
      })
    }
  }
})
