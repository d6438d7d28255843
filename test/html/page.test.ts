import { describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { createSessionPage, HTML_STYLESHEET, renderSessionHtml } from 'tool-render-intent/html'
import { HTML_STYLESHEET_HASH } from '../../src/html/stylesheet.js'
import { SESSION_PAGE_SCRIPT, SESSION_PAGE_SCRIPT_HASH } from '../../src/html/page-script.js'
import { sessionPagePolicy } from '../../src/html/page.js'

describe('a session page is self-contained and runs nothing', () => {
  it('inlines the stylesheet and its own script, forbids every other script and remote loads', () => {
    const page = renderSessionHtml([{ toolCallId: 'a', call: { card: 'terminal', title: 'ls' } }])
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="${sessionPagePolicy(false)}">`)
    expect(sessionPagePolicy(false)).toBe(
      `default-src 'none'; script-src ${SESSION_PAGE_SCRIPT_HASH}; style-src ${HTML_STYLESHEET_HASH}; img-src data:; form-action 'none'; base-uri 'none'`,
    )
    expect(page).toContain(`<style>${HTML_STYLESHEET}</style>`)
    expect(page.split('<script').length).toBe(2)
    expect(page).toContain(`<script>${SESSION_PAGE_SCRIPT}</script>`)
    expect(page).not.toMatch(/<link /)
  })

  it('names its script by the SHA-256 of its exact text, which reads no markup and writes none', () => {
    const digest = createHash('sha256').update(SESSION_PAGE_SCRIPT, 'utf8').digest('base64')
    expect(SESSION_PAGE_SCRIPT_HASH).toBe(`'sha256-${digest}'`)
    // What the script may touch: text, values, classes and `hidden`; never markup, never code from strings.
    expect(SESSION_PAGE_SCRIPT).not.toMatch(
      /innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval|Function\(|setTimeout|setInterval|srcdoc|setAttribute|\.href|\.src\b/,
    )
  })

  it('keeps the search form hidden until the script shows it', () => {
    expect(renderSessionHtml([])).toContain('<form class="tri-filters" role="search" hidden>')
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

describe('a session page written a piece at a time', () => {
  it('opens a turn at each prompt and lists the turns, escaped, in contents after the cards', () => {
    const page = createSessionPage({ title: 't' })
    let html = page.start()
    html += page.message({ role: 'user', text: '\n  Fix <b>it</b>\nplease', inputTokens: 10 })
    html += page.message({ role: 'assistant', text: 'ok', outputTokens: 5 })
    html += page.record({ toolCallId: 'a', status: 'completed', call: { card: 'terminal', title: 'ls' } })
    html += page.message({ role: 'user', text: 'x'.repeat(200) })
    html += page.end()
    expect(html).toContain('<h2 class="tri-turn" id="turn-1">Turn 1</h2>')
    expect(html).toContain('<h2 class="tri-turn" id="turn-2">Turn 2</h2>')
    expect(html).toContain(
      `<li><a href="#turn-1">Fix &lt;b&gt;it&lt;/b&gt;</a> <span class="tri-note">10 in, 5 out tokens</span></li><li><a href="#turn-2">${'x'.repeat(80)}…</a></li>`,
    )
    expect(html).toContain('<p class="tri-note">10 in, 5 out tokens in all</p>')
    expect(html.indexOf('<nav')).toBeGreaterThan(html.indexOf('</main>'))
    expect(page.cards).toBe(1)
  })

  it('gives each turn in the contents the tokens of its messages, and the session the tokens of all', () => {
    const page = createSessionPage()
    let html = page.message({ role: 'assistant', text: 'before any prompt', outputTokens: 1 })
    html += page.message({ role: 'user', text: 'one' })
    html += page.message({ role: 'thought', text: 'hm', inputTokens: 100, outputTokens: 20 })
    html += page.message({ role: 'assistant', text: 'a', inputTokens: 200, outputTokens: 3 })
    html += page.message({ role: 'user', text: 'two' })
    html += page.message({ role: 'assistant', text: 'b', inputTokens: 7, outputTokens: Number.NaN })
    html += page.end()
    expect(html).toContain(
      '<ol><li><a href="#turn-1">one</a> <span class="tri-note">300 in, 23 out tokens</span></li>' +
        '<li><a href="#turn-2">two</a> <span class="tri-note">7 in tokens</span></li></ol>',
    )
    expect(html).toContain('<p class="tri-note">307 in, 24 out tokens in all</p>')
  })

  it('keeps a turn’s tokens counted after its part ended on the page of all turns', () => {
    const page = createSessionPage()
    page.message({ role: 'user', text: 'one' })
    page.message({ role: 'assistant', text: 'a', inputTokens: 5 })
    const { end } = page.nextPart({ current: 'p.1.html', next: 'p.2.html', contents: 'p.html' })
    expect(end).toContain('<a href="#turn-1">one</a> <span class="tri-note">5 in tokens</span>')
    page.message({ role: 'assistant', text: 'b', inputTokens: 6 })
    page.end()
    expect(page.contentsPage('p.2.html')).toContain('<a href="p.1.html#turn-1">one</a> <span class="tri-note">11 in tokens</span>')
  })

  it('writes no contents for a session without prompts or tokens, the same bytes as renderSessionHtml', () => {
    const record = { toolCallId: 'a', call: { card: 'terminal', title: 'ls' } } as const
    const page = createSessionPage({ title: 't' })
    expect(page.start() + page.record(record) + page.end()).toBe(renderSessionHtml([record], { title: 't' }))
  })

  it("indents a sub-agent's calls under the call that spawned them, deeper for each level", () => {
    const page = createSessionPage()
    const task = page.record({ toolCallId: 'task', call: { card: 'generic', title: 'Task' } })
    const child = page.record({ toolCallId: 'read', parentToolCallId: 'task', call: { card: 'generic', title: 'Read' } })
    const grandchild = page.record({ toolCallId: 'ls', parentToolCallId: 'read', call: { card: 'terminal', title: 'ls' } })
    const orphan = page.record({ toolCallId: 'x', parentToolCallId: 'never-seen', call: { card: 'terminal', title: 'x' } })
    expect(task.startsWith('<details')).toBe(true)
    expect(child.startsWith('<div class="tri-subagent tri-depth-1"><details')).toBe(true)
    expect(grandchild.startsWith('<div class="tri-subagent tri-depth-2"><details')).toBe(true)
    expect(orphan.startsWith('<details')).toBe(true)
  })
})

describe('the stylesheet has a light and a dark theme', () => {
  it('sets the colours as variables, dark under the system preference or data-theme', () => {
    expect(HTML_STYLESHEET).toContain(':root,[data-theme="light"]{--tri-bg:#ffffff;')
    expect(HTML_STYLESHEET).toContain('@media (prefers-color-scheme: dark){:root:not([data-theme="light"]){--tri-bg:#0d1117;')
    expect(HTML_STYLESHEET).toContain('[data-theme="dark"]{--tri-bg:#0d1117;')
  })
})
