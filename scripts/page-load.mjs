// How a long session's page opens in Debian's Chromium: `node
// scripts/page-load.mjs PAGE.html…` loads each page (scripts on, as a person
// opens it), and prints its size, its DOM element count and the time from
// navigation to the load event, and to the search script's first count.
// Pages made by `tool-render-intent render LOG --html OUT`; for a long
// session, OUT (the contents) and its parts OUT.N.html.
import { existsSync, statSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromiumPath)) throw new Error(`no Chromium at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`)
const pages = process.argv.slice(2)
if (pages.length === 0) throw new Error('usage: node scripts/page-load.mjs PAGE.html…')

const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] })
try {
  for (const page of pages) {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } })
    const tab = await context.newPage()
    const started = performance.now()
    await tab.goto(pathToFileURL(page).href, { waitUntil: 'load', timeout: 600_000 })
    const loaded = performance.now() - started
    // The search script has run once it has written its count.
    await tab.waitForFunction(`document.querySelector('form.tri-filters output')?.textContent !== ''`, undefined, { timeout: 600_000 })
    const searchable = performance.now() - started
    const elements = await tab.evaluate('document.getElementsByTagName("*").length')
    const mb = (statSync(page).size / 1e6).toFixed(1)
    process.stdout.write(
      `${page}\t${mb} MB\t${elements} elements\tload ${(loaded / 1000).toFixed(2)} s\tsearch ready ${(searchable / 1000).toFixed(2)} s\n`,
    )
    await context.close()
  }
} finally {
  await browser.close()
}
