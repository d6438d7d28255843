import { describe, expect, it } from 'vitest'
import { renderMessageHtml } from '../../src/html/message.js'

describe('a message of the conversation on the page', () => {
  it("shows the assistant's text as Markdown, with who wrote it, when, the model and the tokens", () => {
    const html = renderMessageHtml({
      role: 'assistant',
      text: 'The tests **pass**.',
      timestamp: '2026-11-30T10:02:00.000Z',
      model: 'claude-sonnet-4-5',
      inputTokens: 1200,
      outputTokens: 80,
    })
    expect(html).toContain('<section class="tri-message tri-message-assistant">')
    expect(html).toContain('<strong>pass</strong>')
    expect(html).toContain('2026-11-30T10:02:00.000Z')
    expect(html).toContain('claude-sonnet-4-5')
    expect(html).toContain('1200 in, 80 out tokens')
  })

  it('folds the thinking under a closed details', () => {
    const html = renderMessageHtml({ role: 'thought', text: 'Maybe the rounding.' })
    expect(html.startsWith('<details class="tri-message tri-message-thought"><summary')).toBe(true)
    expect(html).not.toContain(' open')
  })

  it('shows raw HTML as text and makes no link to anything but http(s) and mailto', () => {
    const html = renderMessageHtml({
      role: 'user',
      text: '<img src=x onerror=alert(1)> [run](javascript:alert(1)) [docs](https://example.com)',
    })
    expect(html).not.toMatch(/<img|href="javascript/)
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).toContain('href="https://example.com"')
  })

  it('marks what would hide in the text, the model or the timestamp', () => {
    const html = renderMessageHtml({ role: 'assistant', text: 'a\u202Eb', model: 'm\u202E', timestamp: 't\u0007' })
    expect(html).not.toMatch(/[\u202E\u0007]/)
  })
})
