import { describe, expect, it } from 'vitest'
import { renderResultViewHtml } from '../../src/html/result.js'

describe('terminal output keeps its SGR colours as classed spans and nothing else', () => {
  it('turns colours and styles into spans and resets them', () => {
    const html = renderResultViewHtml({ card: 'terminal', output: '\u001b[1;31mred\u001b[0m plain \u001b[92mbright\u001b[39m end' })
    expect(html).toBe(
      '<section class="tri-result tri-terminal"><pre class="tri-output"><span class="tri-fg-1 tri-bold">red</span> plain <span class="tri-fg-10">bright</span> end</pre></section>',
    )
  })

  it('shows hyperlinks, screen clears and bells as visible escapes, never as links', () => {
    const html = renderResultViewHtml({
      card: 'terminal',
      output: '\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007\u001b[2J\u0007',
    })
    expect(html).toContain('\\x1b]8;;https://evil.example\\x07click\\x1b]8;;\\x07\\x1b[2J\\x07')
    expect(html).not.toContain('<a')
  })

  it('reads past 256-colour and true-colour parameters without showing them', () => {
    expect(renderResultViewHtml({ card: 'terminal', output: '\u001b[38;5;196;1mx\u001b[38;2;1;2;3my' })).toContain(
      '<span class="tri-bold">x</span><span class="tri-bold">y</span>',
    )
  })

  it('escapes HTML in the output', () => {
    expect(renderResultViewHtml({ card: 'terminal', output: '\u001b[31m<script>x</script>' })).toContain(
      '<span class="tri-fg-1">&lt;script&gt;x&lt;/script&gt;</span>',
    )
  })
})

describe('a terminal result says how the command ended', () => {
  it('marks a non-zero exit or a signal failed and exit 0 not', () => {
    expect(renderResultViewHtml({ card: 'terminal', exitCode: 0 })).toContain('<p class="tri-exit">exit 0</p>')
    expect(renderResultViewHtml({ card: 'terminal', exitCode: 2 })).toContain('<p class="tri-exit tri-failed">exit 2</p>')
    expect(renderResultViewHtml({ card: 'terminal', signal: 'SIGKILL' })).toContain('<p class="tri-exit tri-failed">signal SIGKILL</p>')
  })
})

describe('generic and diff results', () => {
  it('shows a new title only when the result has one', () => {
    expect(renderResultViewHtml({ card: 'generic', content: [{ type: 'text', text: 'ok' }] })).toBe(
      '<section class="tri-result tri-generic"><div class="tri-markdown"><p>ok</p>\n</div></section>',
    )
    expect(renderResultViewHtml({ card: 'generic', title: 'Read **3** lines' })).toContain(
      '<span class="tri-title">Read **3** lines</span>',
    )
  })

  it('shows an applied change as the same table as a diff call', () => {
    const html = renderResultViewHtml({ card: 'diff', diffs: [{ path: 'a', oldText: 'x\n', newText: 'y\n' }] })
    expect(html).toContain('<table class="tri-diff"><caption>a</caption>')
  })
})
