// Regenerates docs/images/session-light.png and session-dark.png (the README
// shows them): the shipped example session rendered by the built CLI, as a
// person opens it, in Debian's Chromium in each theme, scripts on so the
// search bar shows. `node scripts/screenshots.mjs` (builds dist/ if stale).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

const root = join(import.meta.dirname, '..')
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromiumPath)) throw new Error(`no Chromium at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`)

execFileSync(process.execPath, [join(root, 'scripts/build-if-needed.mjs'), '--package'], { stdio: 'inherit' })
const scratch = mkdtempSync(join(tmpdir(), 'tri-screenshots-'))
const page = join(scratch, 'cart-fix.html')
execFileSync(
  process.execPath,
  [join(root, 'dist/cli/main.js'), 'render', join(root, 'examples/sessions/cart-fix.claude-code.jsonl'), '--html', page],
  {
    stdio: 'inherit',
  },
)
const html = readFileSync(page, 'utf8')

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
})
try {
  mkdirSync(join(root, 'docs/images'), { recursive: true })
  for (const theme of ['light', 'dark']) {
    // The page follows the reader's system theme: each screenshot asks for one.
    const context = await browser.newContext({ viewport: { width: 1200, height: 1400 }, deviceScaleFactor: 1, colorScheme: theme })
    const tab = await context.newPage()
    await tab.setContent(html, { waitUntil: 'load' })
    const out = join(root, 'docs/images', `session-${theme}.png`)
    await tab.screenshot({ path: out, fullPage: false })
    process.stdout.write(`wrote ${out}\n`)
    await context.close()
  }
} finally {
  await browser.close()
  rmSync(scratch, { recursive: true, force: true })
}
