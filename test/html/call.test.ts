import { describe, expect, it } from 'vitest'
import { renderToolCallHtml } from 'tool-render-intent/html'
import { renderCallViewHtml } from '../../src/html/call.js'

describe('a generic call shows its title as Markdown and its content safely', () => {
  it('shows the title as text, never as Markdown, under a kind marker', () => {
    const html = renderCallViewHtml({ card: 'generic', kind: 'read', title: 'Read `a.ts` <b>__x__</b>' })
    expect(html).toBe(
      '<section class="tri-call tri-generic"><header class="tri-header"><span class="tri-kind">read</span> <span class="tri-title">Read `a.ts` &lt;b&gt;__x__&lt;/b&gt;</span></header></section>',
    )
  })

  it('shows raw HTML in text content as text, never as elements', () => {
    const html = renderCallViewHtml({
      card: 'generic',
      title: 't',
      content: [{ type: 'text', text: '<script>alert(1)</script> <img src=x onerror=alert(1)>' }],
    })
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt;')
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img')
  })

  it('links only to http(s) and mailto addresses', () => {
    const text =
      '[a](https://example.com) [b](mailto:x@example.com) [c](javascript:alert(1)) [d](data:text/html,x) [e](/relative) [f](file:///etc/passwd)'
    const html = renderCallViewHtml({ card: 'generic', title: 't', content: [{ type: 'text', text }] })
    expect([...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toStrictEqual(['https://example.com', 'mailto:x@example.com'])
    expect(html).toContain('[c](javascript:alert(1))')
  })

  it('shows a remote Markdown image as a link unless the caller allows loading it', () => {
    const view = { card: 'generic', title: 't', content: [{ type: 'text', text: '![chart](https://example.com/c.png)' }] } as const
    expect(renderCallViewHtml(view)).toContain(
      '<a class="tri-image-link" href="https://example.com/c.png" rel="nofollow noopener noreferrer">[image: chart]</a>',
    )
    expect(renderCallViewHtml(view)).not.toContain('<img')
    expect(renderCallViewHtml(view, { allowRemoteImages: true })).toContain('<img src="https://example.com/c.png" alt="chart"')
  })

  it('shows a raster image block inline as data and any other image type as a placeholder', () => {
    const png = renderCallViewHtml({
      card: 'generic',
      title: 't',
      content: [{ type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' }],
    })
    expect(png).toContain('<img class="tri-image" alt="image image/png" src="data:image/png;base64,iVBORw0KGgo=">')
    const svg = renderCallViewHtml({
      card: 'generic',
      title: 't',
      content: [{ type: 'image', mimeType: 'image/svg+xml', data: 'PHN2Zz4=' }],
    })
    expect(svg).not.toContain('<img')
    expect(svg).toContain('[image image/svg+xml]')
    const quoted = renderCallViewHtml({
      card: 'generic',
      title: 't',
      content: [{ type: 'image', mimeType: 'image/png', data: 'x" onerror="alert(1)' }],
    })
    expect(quoted).not.toContain('<img')
  })

  it('shows the arguments as JSON when there is no content, and the locations relative to the cwd', () => {
    const html = renderCallViewHtml(
      { card: 'generic', title: 't', rawInput: { q: '<b>' }, locations: [{ path: '/repo/a.ts', line: 2 }] },
      { cwd: '/repo' },
    )
    expect(html).toContain('<pre class="tri-json">{\n  &quot;q&quot;: &quot;&lt;b&gt;&quot;\n}</pre>')
    expect(html).toContain('<ul class="tri-locations"><li>a.ts:2</li></ul>')
  })

  it('shows an embedded text resource verbatim under its uri', () => {
    const html = renderCallViewHtml({
      card: 'generic',
      title: 't',
      content: [{ type: 'resource', resource: { uri: 'file:///a.md', mimeType: 'text/markdown', text: '# not a heading <i>' } }],
    })
    expect(html).toContain('<figcaption>file:///a.md (text/markdown)</figcaption><pre># not a heading &lt;i&gt;</pre>')
  })
})

describe('a terminal call shows the command as plain text', () => {
  it('never reads the command as Markdown and shows its description and working directory', () => {
    const html = renderCallViewHtml(
      { card: 'terminal', title: 'echo *hi* <b>', description: 'Say `hi`', cwd: '/repo/pkg' },
      { cwd: '/repo' },
    )
    expect(html).toBe(
      '<section class="tri-call tri-terminal"><header class="tri-header"><span class="tri-kind">execute</span> <code class="tri-command">$ echo *hi* &lt;b&gt;</code></header><p class="tri-description">Say `hi`</p><p class="tri-cwd">in <code>pkg</code></p></section>',
    )
  })

  it('makes control characters in the command visible as labelled badges', () => {
    expect(renderCallViewHtml({ card: 'terminal', title: 'ls\u001b[2J\u0007' })).toContain(
      '$ ls<span class="tri-marker">ESC</span>[2J<span class="tri-marker">BEL</span>',
    )
  })
})

describe('a diff call is a table with line numbers and changed words', () => {
  it('pairs a removed line with its added line and marks only the changed word', () => {
    const html = renderCallViewHtml(
      {
        card: 'diff',
        title: 'Edit a.ts',
        diffs: [{ path: '/repo/a.ts', oldText: 'let a = 1\nlet b = 2\n', newText: 'let a = 10\nlet b = 2\n' }],
      },
      { cwd: '/repo' },
    )
    expect(html).toContain('<caption>a.ts</caption>')
    expect(html).toContain(
      '<tr class="tri-del"><td class="tri-ln">1</td><td class="tri-ln"></td><td class="tri-code"><span class="tri-sign">-</span>let a = <del>1</del></td></tr>',
    )
    expect(html).toContain(
      '<tr class="tri-add"><td class="tri-ln"></td><td class="tri-ln">1</td><td class="tri-code"><span class="tri-sign">+</span>let a = <ins>10</ins></td></tr>',
    )
    expect(html).toContain('<tr class="tri-ctx"><td class="tri-ln">2</td><td class="tri-ln">2</td>')
  })

  it('marks a new file and numbers its lines from 1', () => {
    const html = renderCallViewHtml({ card: 'diff', title: 'Write b.ts', diffs: [{ path: 'b.ts', oldText: null, newText: 'a\nb\n' }] })
    expect(html).toContain('<caption>b.ts <span class="tri-note">(new file)</span></caption>')
    expect(html).toContain('<td class="tri-ln">2</td><td class="tri-code"><span class="tri-sign">+</span>b</td>')
  })

  it('escapes the file name and every line', () => {
    const html = renderCallViewHtml({ card: 'diff', title: 'x', diffs: [{ path: '<img src=x>.ts', oldText: '<a>\n', newText: '<b>\n' }] })
    expect(html).not.toMatch(/<(img|a|b)[ >]/)
  })

  it('cuts a diff past the row bound with a line saying how many rows were left out', () => {
    const newText = Array.from({ length: 50 }, (_, index) => `line ${index}\n`).join('')
    const html = renderCallViewHtml({ card: 'diff', title: 'x', diffs: [{ path: 'a', oldText: null, newText }] }, { maxDiffLines: 10 })
    expect(html.match(/class="tri-add"/g)).toHaveLength(10)
    expect(html).toContain('… 40 more diff lines not shown')
  })
})

describe('a plan is a checklist', () => {
  it('checks completed entries and notes the one in progress and the priority', () => {
    const html = renderCallViewHtml({
      card: 'plan',
      entries: [
        { content: 'Write <tests>', status: 'completed' },
        { content: 'Ship', status: 'in_progress', priority: 'high' },
        { content: 'Rest', status: 'pending' },
      ],
    })
    expect(html).toContain('<li class="tri-completed"><label><input type="checkbox" disabled checked> Write &lt;tests&gt;</label></li>')
    expect(html).toContain(
      '<li class="tri-in-progress"><label><input type="checkbox" disabled> Ship</label> <span class="tri-note">(in progress, high priority)</span></li>',
    )
    expect(html).toContain('<li class="tri-pending"><label><input type="checkbox" disabled> Rest</label></li>')
  })

  it('says so when the plan has no entries', () => {
    expect(renderCallViewHtml({ card: 'plan', entries: [] })).toContain('(no entries)')
  })
})

describe('a call with its result is one collapsible card', () => {
  it('puts the header and status in the summary, the result after the call body', () => {
    const html = renderToolCallHtml({
      toolCallId: 'c1',
      status: 'failed',
      call: { card: 'terminal', title: 'npm test' },
      result: { card: 'terminal', output: 'boom\n', exitCode: 1 },
    })
    expect(html).toBe(
      '<details class="tri-card tri-terminal tri-is-failed" open id="call-c1"><summary class="tri-header"><span class="tri-kind">execute</span> <code class="tri-command">$ npm test</code> <span class="tri-status tri-status-failed">failed</span></summary><div class="tri-body"><section class="tri-result tri-terminal"><pre class="tri-output">boom\n</pre><p class="tri-exit tri-failed">exit 1</p></section></div></details>',
    )
  })

  it("shows a generic call's arguments only while its result shows nothing", () => {
    const call = { card: 'generic', kind: 'search', title: 'grep x', rawInput: { pattern: 'x' } } as const
    expect(renderToolCallHtml({ toolCallId: 'g', call })).toContain('tri-json')
    expect(
      renderToolCallHtml({ toolCallId: 'g', call, result: { card: 'generic', content: [{ type: 'text', text: 'a.ts' }] } }),
    ).not.toContain('tri-json')
    expect(renderToolCallHtml({ toolCallId: 'g', call, result: { card: 'generic' } })).toContain('tri-json')
  })

  it('leaves out a status that is none of the six, whatever its text', () => {
    const status = '"><script>x</script>' as unknown as 'failed'
    const html = renderToolCallHtml({ toolCallId: 'c3', status, call: { card: 'terminal', title: 'ls' } })
    expect(html).toMatch(/^<details class="tri-card tri-terminal" open id="call-c3"><summary class="tri-header">[\s\S]*<\/summary>/)
    expect(html).not.toContain('script')
  })

  it('shows what a running command printed so far when there is no result yet', () => {
    const html = renderToolCallHtml(
      { toolCallId: 'c2', status: 'in_progress', call: { card: 'terminal', title: 'make' }, output: 'building…' },
      { collapsed: true },
    )
    expect(html).toMatch(/^<details class="tri-card tri-terminal tri-is-in_progress" id="call-c2">/)
    expect(html).toContain('<pre class="tri-output">building…</pre>')
  })
})

describe('a change or raw input that holds characters that hide says so on the page', () => {
  it('puts a warning before the diff tables, naming each character and its lines', () => {
    const html = renderCallViewHtml({
      card: 'diff',
      title: 'Write a.js',
      diffs: [{ path: '/repo/a.js', oldText: null, newText: 'ok\n/*\u202e } \u2066if (isAdmin)\u2069 \u2066 begin admins only */\n' }],
    })
    expect(html).toContain(
      '<p class="tri-warning">Warning: this change holds bidirectional characters, kept as written: it may read differently from what it does. ' +
        '/repo/a.js (new text): &lt;U+202E&gt; on line 2, &lt;U+2066&gt; on line 2, &lt;U+2069&gt; on line 2.</p><table class="tri-diff">',
    )
  })

  it('puts a warning before raw input shown as JSON', () => {
    const html = renderCallViewHtml({ card: 'generic', title: 'T', rawInput: { command: 'ls\u200b' } })
    expect(html).toContain('<p class="tri-warning">Warning: this call&#39;s raw input holds invisible characters')
    expect(html).toContain('rawInput.command: &lt;U+200B&gt; on line 1.</p><pre class="tri-json">')
  })
})

describe('a command that only reads', () => {
  it('shows its kind, the command as code and the files it names', () => {
    const html = renderCallViewHtml({ card: 'terminal', title: 'rg -n todo src', kind: 'search', locations: [{ path: '/repo/src' }] })
    expect(html).toContain('<span class="tri-kind">search</span> <code class="tri-command">$ rg -n todo src</code>')
    expect(html).toContain('/repo/src')
  })
})
