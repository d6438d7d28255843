// The example session as a page in Chromium: both themes drawn, and an
// accessibility check with axe-core, contrast included. (The README's
// screenshots are made by scripts/screenshots.mjs, not by a test.)
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderSessionHtml } from 'tool-render-intent/html'
import { readAcpUpdates } from 'tool-render-intent/reader'
import { claudeCodeUpdates } from '../../../src/cli/claude-code-log.js'
import { parseLogLines } from '../../../src/cli/log-lines.js'
import { launchChromium } from './chromium.js'

const root = join(import.meta.dirname, '../../..')
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

// The scripted session: the shipped example, replayed as the CLI replays it.
const { values } = parseLogLines(readFileSync(join(root, 'examples/sessions/cart-fix.claude-code.jsonl'), 'utf8'))
const { updates, cwd } = claudeCodeUpdates(values)
const records = readAcpUpdates(updates).records
const page = (theme: 'light' | 'dark' | 'auto') => renderSessionHtml(records, { cwd, title: 'cart-fix.claude-code.jsonl', theme })

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

describe('a session page looks right in both themes', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`renders the example session in the ${theme} theme`, async () => {
      const context = await browser.newContext({ viewport: { width: 860, height: 1500 }, deviceScaleFactor: 1, javaScriptEnabled: false })
      const tab = await context.newPage()
      await tab.setContent(page(theme), { waitUntil: 'load' })
      const background = await tab.evaluate<string>('getComputedStyle(document.body).backgroundColor')
      expect(background).toBe(theme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(13, 17, 23)')
      await context.close()
    })
  }

  it("follows the reader's system theme when the page does not set one", async () => {
    const context = await browser.newContext({ colorScheme: 'dark', javaScriptEnabled: false })
    const tab = await context.newPage()
    await tab.setContent(page('auto'))
    expect(await tab.evaluate<string>('getComputedStyle(document.body).backgroundColor')).toBe('rgb(13, 17, 23)')
    await context.close()
  })
})

/** axe's WCAG 2 A and AA violations on `html`, as `rule: targets`. */
async function axeViolations(html: string): Promise<string[]> {
  // axe is a script: the page's own policy forbids it, so this context bypasses the policy.
  const context = await browser.newContext({ bypassCSP: true })
  const tab = await context.newPage()
  await tab.setContent(html)
  await tab.addScriptTag({ content: axeSource })
  // (Page code as a string: this project's types have no DOM.)
  const violations = await tab.evaluate<string[]>(`axe
    .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } })
    .then((result) => result.violations.map((violation) => violation.id + ': ' + violation.nodes.map((node) => node.target.join(' ')).join(', ')))`)
  await context.close()
  return violations
}

describe('a session page passes axe in both themes', () => {
  it('is checked by an axe that does see a contrast failure (the muted colour made too light)', async () => {
    const faint = page('light').replace('</style>', ':root{--tri-muted:#d8d8d8}</style>')
    expect((await axeViolations(faint)).some((violation) => violation.startsWith('color-contrast:'))).toBe(true)
  })

  for (const theme of ['light', 'dark'] as const) {
    it(`has no WCAG 2 A or AA violation, colour contrast included, in the ${theme} theme`, async () => {
      expect(await axeViolations(page(theme))).toStrictEqual([])
    })
  }
})
