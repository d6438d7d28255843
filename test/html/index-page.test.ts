import { describe, expect, it } from 'vitest'
import { HTML_STYLESHEET } from 'tool-render-intent/html'
import { renderSessionIndexHtml } from '../../src/html/index-page.js'
import { sessionPagePolicy } from '../../src/html/page.js'

describe('an index of session pages', () => {
  it('is self-contained under the session policy, with one escaped row per session in the order given', () => {
    const html = renderSessionIndexHtml(
      [
        { path: 'b.html', name: 'b', turns: 2, cards: 5 },
        { path: 'a.html', name: '<img src=x onerror=alert(1)>', format: 'acp', firstPrompt: '"quoted" & <b>' },
      ],
      { title: '</title><script>' },
    )
    expect(html).toContain(`content="${sessionPagePolicy(false)}"`)
    expect(html).toContain(`<style>${HTML_STYLESHEET}</style>`)
    expect(html).not.toMatch(/<script|<img/)
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;</title>')
    expect(html.indexOf('href="./b.html"')).toBeLessThan(html.indexOf('href="./a.html"'))
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;</a>')
    expect(html).toContain('<td>&quot;quoted&quot; &amp; &lt;b&gt;</td>')
  })

  it('keeps every link below the index: a path is encoded segment by segment, so no scheme, query, quote or way up gets through', () => {
    const html = renderSessionIndexHtml([
      { path: 'javascript:alert(1)', name: 'x' },
      { path: 'dir/a b"c?.html', name: 'y' },
      { path: '//evil.example/x', name: 'z' },
      { path: '../../etc/passwd', name: 'w' },
    ])
    expect(html).toContain('href="./javascript%3Aalert(1)"')
    expect(html).toContain('href="./dir/a%20b%22c%3F.html"')
    expect(html).toContain('href="./evil.example/x"')
    expect(html).toContain('href="./etc/passwd"')
  })
})
