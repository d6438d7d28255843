import { describe, expect, it } from 'vitest'
import { renderCallViewHtml } from '../../src/html/call.js'
import { renderResultViewHtml } from '../../src/html/result.js'

const hunkRows = (html: string) => [...html.matchAll(/<tr class="tri-hunk"><td colspan="3">([^<]*)<\/td><\/tr>/g)].map((match) => match[1])

describe('a diff is numbered as the file is, only where its place in the file is known', () => {
  it('says a snippet of unknown place is one, instead of a made-up @@ -1,1 +1,1 @@', () => {
    const html = renderCallViewHtml({
      card: 'diff',
      title: 'Edit a.ts',
      diffs: [{ path: '/repo/a.ts', oldText: 'let a = 1', newText: 'let a = 2' }],
    })
    expect(hunkRows(html)).toStrictEqual(['(where in the file: not known; lines numbered within the snippet)'])
    expect(html).not.toContain('@@')
  })

  it('numbers an applied change from the line its location gives', () => {
    const html = renderResultViewHtml({
      card: 'diff',
      diffs: [{ path: '/repo/a.ts', oldText: 'one\ntwo\n', newText: 'one\n2\n' }],
      locations: [{ path: '/repo/a.ts', line: 41 }],
    })
    expect(hunkRows(html)).toStrictEqual(['@@ -41,2 +41,2 @@'])
    expect(html).toContain('<td class="tri-ln">42</td>')
  })

  it('numbers a later hunk of the same file by where the earlier hunks left the old file', () => {
    const html = renderResultViewHtml({
      card: 'diff',
      diffs: [
        { path: '/repo/a.ts', oldText: 'a\n', newText: 'a\nb\nc\n' },
        { path: '/repo/a.ts', oldText: 'x\n', newText: 'y\n' },
      ],
      locations: [
        { path: '/repo/a.ts', line: 1 },
        { path: '/repo/a.ts', line: 10 },
      ],
    })
    expect(hunkRows(html)).toStrictEqual(['@@ -1,1 +1,3 @@', '@@ -8,1 +10,1 @@'])
  })

  it('numbers a new file from line 1', () => {
    const html = renderCallViewHtml({ card: 'diff', title: 'Write b.ts', diffs: [{ path: '/repo/b.ts', oldText: null, newText: 'x\n' }] })
    expect(hunkRows(html)[0]).toMatch(/^@@ -\d+,0 \+1,1 @@$/)
  })
})
