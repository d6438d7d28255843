// The hostile corpus in a real browser: rendered as fragments on a page with
// scripts enabled and no policy, and as a session page with its own policy,
// nothing runs and nothing is requested.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ToolCallView, ToolResultView } from 'tool-render-intent'
import { createToolPresenter } from 'tool-render-intent/acp'
import { createToolPresenter as createV2Presenter } from 'tool-render-intent/acp-v2'
import { HTML_STYLESHEET, renderSessionHtml, renderToolCallHtml } from 'tool-render-intent/html'
import { SESSION_PAGE_SCRIPT } from '../../../src/html/page-script.js'
import { readAcpUpdates, type ToolCallRecord } from 'tool-render-intent/reader'
import { defineTool } from 'tool-render-intent'
import { hostileValues, hostileViews } from '../../fixtures/hostile-values.js'
import { launchChromium } from './chromium.js'

const ORIGIN = 'http://tri.test'
// Each payload, if it ran or loaded, would call home or open a dialog.
const HOME = `${ORIGIN}/pwned`
const payloads = [
  `<script>fetch('${HOME}/script')</script>`,
  `<img src=x onerror="fetch('${HOME}/onerror')">`,
  `<svg onload="alert(1)"></svg>`,
  `<iframe src="${HOME}/iframe"></iframe>`,
  `<meta http-equiv="refresh" content="0;url=${HOME}/refresh">`,
  `<link rel="stylesheet" href="${HOME}/css">`,
  `</style><script>alert(2)</script>`,
  `"><script>alert(3)</script>`,
  `' onmouseover='alert(4)`,
  `[click](javascript:alert(5))`,
  `![pixel](${HOME}/markdown-image.png)`,
  `<${HOME}/autolink>`,
  `[ref][r]\n\n[r]: javascript:alert(6)`,
  `<a href="javascript:alert(7)">a</a>`,
  `<object data="${HOME}/object"></object>`,
  `<style>body{background:url(${HOME}/style)}</style>`,
  `\u001b]8;;${HOME}/osc8\u0007link\u001b]8;;\u0007`,
  `\u001b]52;c;cHduZWQ=\u0007`,
  '&lt;script&gt;alert(8)&lt;/script&gt;',
  `<base href="${HOME}/">`,
  `<form action="${HOME}/form"><button>x</button></form>`,
]

/** Every card arm with every payload in every string the arm shows. */
function hostileRecords(): ToolCallRecord[] {
  const records: ToolCallRecord[] = []
  payloads.forEach((payload, index) => {
    const calls: ToolCallView[] = [
      {
        card: 'generic',
        kind: 'fetch',
        title: payload,
        content: [
          { type: 'text', text: payload },
          { type: 'image', mimeType: `image/png" onerror="alert(9)`, data: payload },
          { type: 'image', mimeType: 'image/svg+xml', data: btoa(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(10)"/>`) },
          { type: 'resource_link', uri: `javascript:alert(11)`, name: payload },
          { type: 'resource', resource: { uri: payload, text: payload } },
        ],
        locations: [{ path: payload, line: 1 }],
      },
      { card: 'generic', title: 'raw', rawInput: { payload } },
      { card: 'terminal', title: payload, description: payload, cwd: payload },
      { card: 'diff', title: payload, diffs: [{ path: payload, oldText: payload, newText: `${payload}\n${payload}` }] },
      { card: 'plan', title: payload, entries: [{ content: payload, status: 'in_progress' }] },
    ]
    const results: ToolResultView[] = [
      { card: 'generic', title: payload, content: [{ type: 'text', text: payload }] },
      { card: 'terminal', title: payload, output: `\u001b[31m${payload}\u001b[0m`, exitCode: 1, signal: payload },
      { card: 'diff', title: payload, diffs: [{ path: payload, oldText: null, newText: payload }] },
    ]
    calls.forEach((call, at) => {
      records.push({
        toolCallId: `${payload}-${index}-${at}`,
        name: payload,
        call,
        result: results[at % results.length],
        status: 'failed',
        output: payload,
      })
    })
  })
  return records
}

/** The JavaScript-level hostile corpus (cycles, proxies, BigInts, lone surrogates) through both session presenters and the reader. */
function presentedRecords(): ToolCallRecord[] {
  const updates: unknown[] = []
  const views = hostileViews.map(([, make]) => make)
  const tool = defineTool({ name: 'plugin', args: (_: unknown): _ is unknown => true, presentCall: (args) => args as ToolCallView })
  for (const [protocol, presenter] of [
    [1, createToolPresenter({ tools: [tool], cwd: '/repo', clientCapabilities: { _meta: { terminal_output: true } } })],
    [2, createV2Presenter({ tools: [tool], cwd: '/repo' })],
  ] as const) {
    ;[...views, ...hostileValues].forEach((make, index) => {
      const id = `v${protocol}-${index}`
      updates.push(...presenter.call(id, 'plugin', make()))
      updates.push(...presenter.result(id, { content: [{ type: 'text', text: payloads[index % payloads.length] }] }))
    })
  }
  return readAcpUpdates(updates).records
}

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** Loads `html` as the page at ORIGIN and says what was requested besides it, which dialogs opened and what the console said. */
async function load(html: string, options: { javaScriptEnabled: boolean }) {
  const context = await browser.newContext({ javaScriptEnabled: options.javaScriptEnabled })
  const page: Page = await context.newPage()
  const requests: string[] = []
  const dialogs: string[] = []
  const console: string[] = []
  await page.route('**/*', (route) => {
    const url = route.request().url()
    if (url === `${ORIGIN}/`) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
    requests.push(url)
    return route.abort()
  })
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  page.on('console', (message) => console.push(message.text()))
  await page.goto(`${ORIGIN}/`, { waitUntil: 'load' })
  // Open every card and hover every element, so nothing waits for an event.
  // (Page code as strings: this project's types have no DOM.)
  await page.evaluate(`for (const details of document.querySelectorAll('details')) details.open = true`)
  await page.mouse.move(100, 100)
  await page.waitForTimeout(300)
  const result = { requests, dialogs, console, scripts: await page.locator('script').count(), page }
  return { ...result, close: () => context.close() }
}

describe('the hostile corpus renders in Chromium with no script run and no request made', () => {
  it('as fragments on a page that allows scripts and sets no policy', async () => {
    const fragments = hostileRecords()
      .map((record) => renderToolCallHtml(record))
      .join('\n')
    const html = `<!doctype html><html><head><meta charset="utf-8"><style>${HTML_STYLESHEET}</style></head><body class="tri-session">${fragments}</body></html>`
    const loaded = await load(html, { javaScriptEnabled: true })
    try {
      expect(loaded.requests).toStrictEqual([])
      expect(loaded.dialogs).toStrictEqual([])
      expect(loaded.scripts).toBe(0)
      // No element of the page carries an event handler or a script address.
      const handlers = await loaded.page.evaluate<string[]>(`(() => {
        const found = []
        for (const element of document.querySelectorAll('*'))
          for (const attribute of element.attributes)
            if (/^on/i.test(attribute.name) || /^\\s*(javascript|vbscript|data:text)/i.test(attribute.value)) found.push(element.tagName + ' ' + attribute.name)
        return found
      })()`)
      expect(handlers).toStrictEqual([])
      const links = await loaded.page.evaluate<string[]>(`[...document.querySelectorAll('a[href]')].map((link) => link.protocol)`)
      expect(links.filter((protocol) => protocol !== 'http:' && protocol !== 'https:' && protocol !== 'mailto:')).toStrictEqual([])
    } finally {
      await loaded.close()
    }
  }, 60_000)

  it('as session pages read back from both session presenters, under their own policy', async () => {
    const html = renderSessionHtml([...presentedRecords(), ...hostileRecords()], { title: payloads[0] })
    const loaded = await load(html, { javaScriptEnabled: true })
    try {
      expect(loaded.requests).toStrictEqual([])
      expect(loaded.dialogs).toStrictEqual([])
      // The page's own search script, and no other.
      expect(loaded.scripts).toBe(1)
      expect(await loaded.page.locator('script').textContent()).toBe(SESSION_PAGE_SCRIPT)
      // The policy was never needed: nothing tried to load or run.
      expect(loaded.console.filter((line) => line.includes('Content Security Policy'))).toStrictEqual([])
      expect(await loaded.page.title()).toBe(payloads[0])
    } finally {
      await loaded.close()
    }
  }, 60_000)
})
