// The package.json that `npm pack` and `npm publish` ship has no `prepare`
// script: it builds dist/ in a clone and on a git install (where scripts/
// is there), but the tarball has no scripts/, so an installed copy would
// list a script that cannot run, and npm 11 warns about it on every install.
//
// `strip` (the `prepack` script) moves package.json aside and writes it
// again without `prepare`; `restore` moves the original back. Both keep the
// original's mtime, so build-if-needed (in a test running meanwhile) does
// not take the manifest for changed and rebuild dist/.
// `npm publish` re-reads the manifest after packing to send it to the
// registry, so there `postpack` leaves the stripped one and `postpublish`
// restores it. A `strip` that finds one left aside (a publish that failed)
// restores it first.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const manifest = join(root, 'package.json')
// One place aside per checkout: git worktrees that share one node_modules (a
// symlink) must never restore each other's manifest.
const checkout = createHash('sha256').update(realpathSync(root)).digest('hex').slice(0, 16)
const aside = join(root, `node_modules/.cache/tool-render-intent/${checkout}/package.json`)

function restore() {
  if (existsSync(aside)) renameSync(aside, manifest)
}

function strip() {
  restore()
  const text = readFileSync(manifest, 'utf8')
  const json = JSON.parse(text)
  delete json.scripts.prepare
  mkdirSync(join(aside, '..'), { recursive: true })
  const { atime, mtime } = statSync(manifest)
  renameSync(manifest, aside)
  writeFileSync(manifest, `${JSON.stringify(json, null, 2)}\n`)
  utimesSync(manifest, atime, mtime)
}

const [command] = process.argv.slice(2)
if (command === 'strip') strip()
else if (command === 'restore') {
  // During `npm publish`, postpack comes before the registry reads the manifest: postpublish restores it.
  if (!(process.argv.includes('--after-pack') && process.env.npm_command === 'publish')) restore()
} else {
  console.error('usage: node scripts/packed-manifest.mjs strip | restore [--after-pack]')
  process.exit(1)
}
