// Debian's Chromium, driven by playwright-core: nothing downloads a browser.
import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

/** Where `apt-get install chromium` puts the browser; override with CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Launches the system Chromium headless; fails with the install command when it is missing. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: run apt-get install -y chromium (or set CHROMIUM_PATH)`)
  // --no-sandbox: CI runs as root, where Chromium's sandbox cannot start.
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'] })
}
