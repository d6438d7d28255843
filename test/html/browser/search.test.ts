// The page's search and filters in Chromium: the one script the policy
// allows runs, narrows the cards and messages by kind, status and text, lets
// nothing typed or logged become markup or run, and with scripts off the
// page shows everything and no search form.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSessionPage } from 'tool-render-intent/html'
import type { ToolCallRecord } from 'tool-render-intent/reader'
import { launchChromium } from './chromium.js'

const ORIGIN = 'http://tri.test'
const HOME = `${ORIGIN}/pwned`
const payloads = [
  `<script>fetch('${HOME}/script')</script>`,
  `<img src=x onerror="fetch('${HOME}/onerror')">`,
  `<svg onload="alert(1)"></svg>`,
  `"><script>alert(3)</script>`,
  `' onmouseover='alert(4)`,
  `</script><script>alert(5)</script>`,
  `<iframe srcdoc="<script>alert(6)</script>"></iframe>`,
  `javascript:alert(7)`,
  `\${alert(8)}`,
  `');alert(9);('`,
]

function page(records: readonly ToolCallRecord[], messages: readonly string[]): string {
  const writer = createSessionPage({ title: 'search' })
  let html = writer.start()
  messages.forEach((text, index) => {
    html += writer.message({ role: index % 2 === 0 ? 'user' : 'assistant', text })
  })
  for (const record of records) html += writer.record(record)
  return html + writer.end()
}

const ordinary = page(
  [
    {
      toolCallId: 'a',
      status: 'completed',
      call: { card: 'terminal', title: 'npm test' },
      result: { card: 'terminal', output: 'ok\n', exitCode: 0 },
    },
    {
      toolCallId: 'b',
      status: 'failed',
      call: { card: 'terminal', title: 'npm run lint' },
      result: { card: 'terminal', output: 'bad\n', exitCode: 1 },
    },
    { toolCallId: 'c', status: 'completed', call: { card: 'generic', kind: 'read', title: 'Read src/cart.ts' } },
    { toolCallId: 'd', status: 'in_progress', parentToolCallId: 'c', call: { card: 'generic', kind: 'search', title: 'grep rounding' } },
  ],
  ['Fix the cart test.', 'Running the tests first.', 'Now lint it.'],
)

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** A tab with `html`, every request and dialog recorded (and refused). */
async function open(html: string, javaScriptEnabled = true): Promise<{ context: BrowserContext; tab: Page; calls: string[] }> {
  const context = await browser.newContext({ javaScriptEnabled })
  const calls: string[] = []
  await context.route('**/*', (route) => {
    calls.push(route.request().url())
    return route.abort()
  })
  const tab = await context.newPage()
  tab.on('dialog', (dialog) => {
    calls.push(`dialog: ${dialog.message()}`)
    void dialog.dismiss()
  })
  tab.on('console', (message) => {
    if (message.type() === 'error') calls.push(`console: ${message.text()}`)
  })
  await tab.setContent(html, { waitUntil: 'load' })
  return { context, tab, calls }
}

// The header text of each card and message the reader can see, in order. (Page code as a string: this project's types have no DOM.)
const shown = (tab: Page) =>
  tab.evaluate<string[]>(`Array.from(document.querySelectorAll('main .tri-card, main .tri-message'))
    .filter((node) => node.offsetParent !== null)
    .map((node) => node.querySelector('.tri-header').textContent.trim())`)

describe('search and filters, with scripts on', () => {
  it('runs under the policy: the form shows, the kinds found are offered, every item is counted', async () => {
    const { context, tab, calls } = await open(ordinary)
    expect(await tab.isVisible('form.tri-filters')).toBe(true)
    expect(await tab.$$eval('select[name=kind] option', (nodes) => nodes.map((node) => node.textContent))).toStrictEqual([
      'any',
      'assistant',
      'execute',
      'read',
      'search',
      'user',
    ])
    expect(await tab.textContent('form.tri-filters output')).toBe('7 of 7 shown')
    expect(calls).toStrictEqual([])
    await context.close()
  })

  it('runs no script the policy does not name: a page whose script was changed by one character shows no form', async () => {
    const { context, tab, calls } = await open(ordinary.replace('f.hidden=false', 'f.hidden=!1'))
    expect(await tab.isVisible('form.tri-filters')).toBe(false)
    expect(calls.some((call) => call.includes('Content Security Policy'))).toBe(true)
    await context.close()
  })

  it('narrows by text, case aside, and shows everything again when the text is cleared', async () => {
    const { context, tab } = await open(ordinary)
    await tab.fill('input[name=q]', 'LINT')
    const texts = await shown(tab)
    expect(texts).toHaveLength(2)
    expect(texts[0]).toMatch(/^user/)
    expect(texts[1]).toContain('npm run lint')
    expect(await tab.textContent('form.tri-filters output')).toBe('2 of 7 shown')
    await tab.fill('input[name=q]', '')
    expect(await shown(tab)).toHaveLength(7)
    await context.close()
  })

  it('narrows by kind and by status, and the two together', async () => {
    const { context, tab } = await open(ordinary)
    await tab.selectOption('select[name=kind]', 'execute')
    expect(await shown(tab)).toHaveLength(2)
    await tab.selectOption('select[name=status]', 'failed')
    const texts = await shown(tab)
    expect(texts).toHaveLength(1)
    expect(texts[0]).toContain('npm run lint')
    await tab.selectOption('select[name=kind]', '')
    await tab.selectOption('select[name=status]', 'running')
    expect((await shown(tab))[0]).toContain('grep rounding')
    await context.close()
  })
})

describe('a hostile corpus cannot get markup or script in through the search', () => {
  const hostile = page(
    payloads.map((payload, index) => ({
      toolCallId: `${payload}-${index}`,
      status: 'completed' as const,
      call: { card: 'generic' as const, kind: 'fetch' as const, title: payload, content: [{ type: 'text' as const, text: payload }] },
      result: { card: 'terminal' as const, output: payload, exitCode: 0 },
    })),
    payloads,
  )

  it('shows each payload as text, types each into the search, and nothing runs, loads or is added', async () => {
    const { context, tab, calls } = await open(hostile)
    const count = () => tab.evaluate<number>('document.getElementsByTagName("*").length')
    const before = await count()
    expect(await tab.evaluate<number>('document.scripts.length')).toBe(1)
    for (const payload of payloads) {
      await tab.fill('input[name=q]', payload)
      // Each payload is in a message and a card: both found, as text.
      expect(await tab.textContent('form.tri-filters output')).toMatch(/^[1-9]\d* of \d+ shown$/)
      expect(await count()).toBe(before)
    }
    expect(await tab.evaluate<number>('document.scripts.length')).toBe(1)
    expect(await tab.$$('iframe, img, svg, object, embed')).toHaveLength(0)
    expect(await tab.title()).toBe('search')
    expect(calls).toStrictEqual([])
    await context.close()
  })
})

describe('with scripts off', () => {
  it('shows every card and message, the contents links, and no search form', async () => {
    const { context, tab, calls } = await open(ordinary, false)
    expect(await tab.isVisible('form.tri-filters')).toBe(false)
    expect(await shown(tab)).toHaveLength(7)
    expect(await tab.$$eval('nav.tri-contents a', (nodes) => nodes.map((node) => node.getAttribute('href')))).toStrictEqual([
      '#turn-1',
      '#turn-2',
    ])
    await tab.click('nav.tri-contents a[href="#turn-2"]')
    expect(await tab.evaluate<string>('location.hash')).toBe('#turn-2')
    expect(calls).toStrictEqual([])
    await context.close()
  })
})
