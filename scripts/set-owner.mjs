// `node scripts/set-owner.mjs <owner> [--root DIR]`: moves the package to the
// GitHub account <owner>. package.json's `repository.url` is the one place the
// owner is defined; this writes it there and rewrites every place derived from
// it: `homepage` and `bugs`, and the links in README.md, CHANGELOG.md, docs/
// (not the generated docs/api/) and .github/ (`github.com/<x>/tool-render-intent`,
// `raw.githubusercontent.com/<x>/tool-render-intent`, `github:<x>/tool-render-intent`,
// `<x>.github.io/tool-render-intent`, the `<owner>` placeholder included).
// test/package/home.test.ts fails when any of them disagrees with `repository`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

const repo = 'tool-render-intent'
const args = process.argv.slice(2)
const rootAt = args.indexOf('--root')
const root = rootAt === -1 ? join(import.meta.dirname, '..') : resolve(args[rootAt + 1] ?? '.')
const owner = args.filter((_, index) => rootAt === -1 || (index !== rootAt && index !== rootAt + 1))[0]

// GitHub's rule for an account name: letters, digits and single hyphens, at most 39.
if (owner === undefined || !/^[A-Za-z0-9](?:-?[A-Za-z0-9]){0,38}$/.test(owner)) {
  console.error('usage: node scripts/set-owner.mjs <github-owner> [--root DIR]')
  process.exit(2)
}

const manifestPath = join(root, 'package.json')
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
manifest.repository = { type: 'git', url: `git+https://github.com/${owner}/${repo}.git` }
manifest.homepage = `https://github.com/${owner}/${repo}#readme`
manifest.bugs = { url: `https://github.com/${owner}/${repo}/issues` }
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)

// Any owner, or the placeholder, in front of this repository's name.
const name = '(?:<owner>|[A-Za-z0-9-]+)'
const links = [
  [new RegExp(`(https?://(?:www\\.)?github\\.com/)${name}/${repo}\\b`, 'g'), `$1${owner}/${repo}`],
  [new RegExp(`(raw\\.githubusercontent\\.com/)${name}/${repo}\\b`, 'g'), `$1${owner}/${repo}`],
  [new RegExp(`(github:)${name}/${repo}\\b`, 'g'), `$1${owner}/${repo}`],
  // GitHub Pages serves an account's site under its lower-case name.
  [new RegExp(`(https?://)${name}\\.github\\.io/${repo}\\b`, 'g'), `$1${owner.toLowerCase()}.github.io/${repo}`],
]

const textFile = /\.(?:md|mdx|markdown|txt|html|json|jsonc|ya?ml|ts|mts|js|mjs)$/
function walk(dir, skip) {
  let stat
  try {
    stat = statSync(dir)
  } catch {
    return []
  }
  if (!stat.isDirectory()) return [dir]
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (skip.includes(relative(root, path))) return []
    if (entry.isDirectory()) return walk(path, skip)
    return textFile.test(entry.name) ? [path] : []
  })
}

const files = [
  ...['README.md', 'CHANGELOG.md', 'typedoc.json'].map((file) => join(root, file)),
  ...walk(join(root, 'docs'), ['docs/api']),
  ...walk(join(root, '.github'), []),
]
let changed = 0
for (const file of files) {
  let text
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    continue
  }
  const next = links.reduce((current, [pattern, replacement]) => current.replace(pattern, replacement), text)
  if (next !== text) {
    writeFileSync(file, next)
    changed += 1
    console.log(`rewrote ${relative(root, file)}`)
  }
}
console.log(`owner is now ${owner}: package.json and ${changed} other file${changed === 1 ? '' : 's'} rewritten`)
