// The link check fails on a relative link that leads nowhere, in README.md
// and docs/**/*.md, and the repository's pages pass it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { anchorsOf, brokenLinks, documentationPages, slugOf } from '../scripts/check-doc-links.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

function site(pages: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'doc-links-'))
  for (const [path, text] of Object.entries(pages)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

describe('the documentation link check', () => {
  it('gives headings the anchors GitHub gives them', () => {
    expect(slugOf('The ACP v2 draft: tool-render-intent/acp-v2')).toBe('the-acp-v2-draft-tool-render-intentacp-v2')
    expect([...anchorsOf('# Usage\n\n## The `render` command\n\n## Usage\n')]).toEqual(['usage', 'the-render-command', 'usage-1'])
  })

  it('reports a link to a missing file and an anchor no heading makes, and nothing else', () => {
    const dir = site({
      'README.md': '# Home\n\n[guide](docs/guide.md#setup) [gone](docs/gone.md) [top](#home) [web](https://example.com/x.md)\n',
      'docs/guide.md':
        '# Guide\n\n## Set up\n\n[home](../README.md#home) [self](#set-up) [bad](#setup)\n\n```md\n[in a fence](nowhere.md)\n```\n',
    })
    const problems = brokenLinks([join(dir, 'README.md'), join(dir, 'docs/guide.md')], dir)
    expect(problems).toEqual([
      'README.md:3: docs/guide.md#setup: no heading makes #setup in docs/guide.md',
      'README.md:3: docs/gone.md: no such file',
      'docs/guide.md:5: #setup: no heading makes #setup in docs/guide.md',
    ])
  })

  it('finds no broken link in README.md and docs/, typedoc output left out', () => {
    const pages = documentationPages(root)
    expect(pages).toContain(join(root, 'README.md'))
    expect(pages).toContain(join(root, 'docs/guide/fidelity.md'))
    expect(pages.some((page) => page.startsWith(join(root, 'docs/api/')))).toBe(false)
    expect(brokenLinks(pages, root)).toEqual([])
  })
})
