// How a long session's page opens in Debian's Chromium: `node
// scripts/page-load.mjs PAGE.html…` loads each page (scripts on, as a person
// opens it), and prints its size, its DOM element count and the time from
// navigation to the load event, and to the search script's first count
// (`--no-search` for pages without it, such as claude-code-log's).
// Pages made by `tool-render-intent render LOG --html OUT`; for a long
// session, OUT (the contents) and its parts OUT.N.html. The render bench
// (bench/render.ts) imports `loadPages` to measure the pages it renders.
import { existsSync, realpathSync, statSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'

/** The Chromium the pages open in: `$CHROMIUM_PATH`, or Debian's. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Why no page can be opened here (no Chromium), or `undefined` when one can. */
export const chromiumMissing = () =>
  existsSync(chromiumPath) ? undefined : `no Chromium at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`

/**
 * Opens each page in a fresh context of one headless Chromium, in turn, and says how it loaded.
 * `searchScript: false` for pages without our search script (another tool's): no wait for its count.
 */
export async function loadPages(pages, { searchScript = true } = {}) {
  const missing = chromiumMissing()
  if (missing) throw new Error(missing)
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] })
  const loads = []
  try {
    for (const page of pages) {
      const context = await browser.newContext({ viewport: { width: 1200, height: 900 } })
      const tab = await context.newPage()
      const started = performance.now()
      await tab.goto(pathToFileURL(page).href, { waitUntil: 'load', timeout: 600_000 })
      const loaded = performance.now() - started
      // The search script has run once it has written its count.
      if (searchScript)
        await tab.waitForFunction(`document.querySelector('form.tri-filters output')?.textContent !== ''`, undefined, { timeout: 600_000 })
      const searchable = performance.now() - started
      const elements = await tab.evaluate('document.getElementsByTagName("*").length')
      loads.push({
        page,
        bytes: statSync(page).size,
        elements,
        loadSeconds: loaded / 1000,
        searchReadySeconds: searchScript ? searchable / 1000 : undefined,
      })
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return loads
}

// Run as a script (not imported): measure the pages named on the command line.
if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const searchScript = !process.argv.includes('--no-search')
  const pages = process.argv.slice(2).filter((arg) => arg !== '--no-search')
  if (pages.length === 0) throw new Error('usage: node scripts/page-load.mjs [--no-search] PAGE.html…')
  for (const load of await loadPages(pages, { searchScript })) {
    const ready = load.searchReadySeconds === undefined ? '' : `\tsearch ready ${load.searchReadySeconds.toFixed(2)} s`
    process.stdout.write(
      `${load.page}\t${(load.bytes / 1e6).toFixed(1)} MB\t${load.elements} elements\tload ${load.loadSeconds.toFixed(2)} s${ready}\n`,
    )
  }
}
