import { describe, expect, it } from 'vitest'
import { HTML_STYLESHEET, HTML_STYLESHEET_HASH, renderSessionHtml, sessionPagePolicy } from 'tool-render-intent/html'

describe('a session page is self-contained and runs nothing', () => {
  it('inlines the stylesheet, forbids scripts and remote loads, and holds no script', () => {
    const page = renderSessionHtml([{ toolCallId: 'a', call: { card: 'terminal', title: 'ls' } }])
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="${sessionPagePolicy(false)}">`)
    expect(sessionPagePolicy(false)).toBe(
      `default-src 'none'; style-src ${HTML_STYLESHEET_HASH}; img-src data:; form-action 'none'; base-uri 'none'`,
    )
    expect(page).toContain(`<style>${HTML_STYLESHEET}</style>`)
    expect(page).not.toMatch(/<script|<link /)
  })

  it('lets https images load only when the caller allows remote images', () => {
    expect(sessionPagePolicy(true)).toContain('img-src data: https:;')
    expect(renderSessionHtml([], { allowRemoteImages: true })).toContain('img-src data: https:;')
  })

  it('escapes the title and sets the theme it is given', () => {
    const page = renderSessionHtml([], { title: '</title><script>x</script>', theme: 'dark' })
    expect(page).toContain('<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>')
    expect(page).toContain('<html lang="en" data-theme="dark">')
    expect(renderSessionHtml([])).toContain('<html lang="en">')
  })

  it('shows one card per record, in order, collapsed when asked', () => {
    const page = renderSessionHtml(
      [
        { toolCallId: 'one', call: { card: 'terminal', title: 'first' } },
        { toolCallId: 'two', call: { card: 'terminal', title: 'second' } },
      ],
      { collapsed: true },
    )
    expect([...page.matchAll(/<details class="tri-card tri-terminal" id="call-(\w+)">/g)].map((match) => match[1])).toStrictEqual([
      'one',
      'two',
    ])
  })
})

describe('the stylesheet has a light and a dark theme', () => {
  it('sets the colours as variables, dark under the system preference or data-theme', () => {
    expect(HTML_STYLESHEET).toContain(':root,[data-theme="light"]{--tri-bg:#ffffff;')
    expect(HTML_STYLESHEET).toContain('@media (prefers-color-scheme: dark){:root:not([data-theme="light"]){--tri-bg:#0d1117;')
    expect(HTML_STYLESHEET).toContain('[data-theme="dark"]{--tri-bg:#0d1117;')
  })
})
