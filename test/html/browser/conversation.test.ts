// The conversation on the page, in Chromium: prompts and replies shown as
// Markdown between the cards, thinking folded until opened, and nothing from
// the log able to run or load.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderToolCallHtml } from 'tool-render-intent/html'
import { renderMessageHtml } from '../../../src/html/message.js'
import { SESSION_PAGE_END, sessionPageStart } from '../../../src/html/page.js'
import { launchChromium } from './chromium.js'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

const page =
  sessionPageStart({ title: 'conversation' }) +
  renderMessageHtml({
    role: 'user',
    text: 'Fix the **cart** test. <img src=x onerror="document.title=1">',
    timestamp: '2026-11-30T10:01:00Z',
  }) +
  renderMessageHtml({ role: 'thought', text: 'The rounding, probably.' }) +
  renderMessageHtml({ role: 'assistant', text: 'Running it. [docs](javascript:alert(1))', model: 'claude-sonnet-4-5', outputTokens: 12 }) +
  renderToolCallHtml({
    toolCallId: 'a',
    status: 'completed',
    call: { card: 'terminal', title: 'npm test' },
    result: { card: 'terminal', output: 'ok\n', exitCode: 0 },
  }) +
  SESSION_PAGE_END

describe('the conversation in Chromium', () => {
  it('shows the prompt and the reply as text with Markdown, the thinking folded, in log order', async () => {
    const context = await browser.newContext({ viewport: { width: 860, height: 1200 } })
    const tab = await context.newPage()
    await tab.setContent(page, { waitUntil: 'load' })
    const order = await tab.$$eval('main > *', (nodes) => nodes.map((node) => node.className))
    expect(order).toStrictEqual([
      '',
      'tri-message tri-message-user',
      'tri-message tri-message-thought',
      'tri-message tri-message-assistant',
      'tri-card tri-terminal tri-is-completed',
    ])
    expect(await tab.textContent('.tri-message-user strong')).toBe('cart')
    // The raw HTML is text: no image, no handler ran.
    expect(await tab.$$('img')).toHaveLength(0)
    expect(await tab.title()).toBe('conversation')
    expect(await tab.$$('a[href^="javascript"]')).toHaveLength(0)
    // Thinking stays folded until opened.
    expect(await tab.isVisible('.tri-message-thought .tri-markdown')).toBe(false)
    await tab.click('.tri-message-thought summary')
    expect(await tab.isVisible('.tri-message-thought .tri-markdown')).toBe(true)
    await context.close()
  })
})
