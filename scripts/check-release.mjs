// `npm run check:release [-- --tag vX.Y.Z] [-- --repository owner/name]`: what a
// release needs before `npm publish`:
//
// - CHANGELOG.md has a section for package.json's version, `## [X.Y.Z] — YYYY-MM-DD`
//   (or `## X.Y.Z - YYYY-MM-DD`), with something in it, and an `## [Unreleased]`
//   heading above it for the next changes;
// - with `--tag` (the release workflow passes the pushed tag), the tag is `v` and
//   that version;
// - with `--repository` (the workflow passes GITHUB_REPOSITORY), package.json's
//   `repository.url` is that GitHub repository, exactly: npm provenance checks it.
//
// Exits 1 naming each problem.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

const root = join(import.meta.dirname, '..')
const { values } = parseArgs({ options: { tag: { type: 'string' }, repository: { type: 'string' }, root: { type: 'string' } } })
const at = values.root ?? root
const manifest = JSON.parse(readFileSync(join(at, 'package.json'), 'utf8'))
const changelog = readFileSync(join(at, 'CHANGELOG.md'), 'utf8')
const { version } = manifest
const problems = []

const escaped = version.replaceAll('.', '\\.')
const headings = [...changelog.matchAll(/^## (.*)$/gm)]
const section = headings.findIndex((heading) => new RegExp(`^\\[?${escaped}\\]?(?:\\s|$)`).test(heading[1]))
if (section === -1) problems.push(`CHANGELOG.md has no section for ${version} (\`## [${version}] — YYYY-MM-DD\`)`)
else {
  const heading = headings[section]
  if (!/^\[?[^\]\s]+\]? [—–-] \d{4}-\d{2}-\d{2}$/.test(heading[1]))
    problems.push(`CHANGELOG.md: "${heading[0]}" gives no date (\`## [${version}] — YYYY-MM-DD\`)`)
  const end = headings[section + 1]?.index ?? changelog.length
  const body = changelog.slice(heading.index + heading[0].length, end).replace(/^\[[^\]]+\]: .*$/gm, '')
  if (body.trim() === '') problems.push(`CHANGELOG.md: the ${version} section is empty`)
  const unreleased = headings.findIndex((h) => /^\[?Unreleased\]?$/i.test(h[1]))
  if (unreleased === -1 || unreleased > section) problems.push('CHANGELOG.md: no `## [Unreleased]` heading above the release')
}

if (values.tag !== undefined && values.tag !== `v${version}`)
  problems.push(`the tag ${values.tag} is not v${version}, package.json's version`)

if (values.repository !== undefined) {
  const url = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url
  const named = /^(?:git\+)?https:\/\/github\.com\/([^/]+\/[^/]+?)(?:\.git)?$/.exec(url ?? '')?.[1]
  if (named?.toLowerCase() !== values.repository.toLowerCase())
    problems.push(
      `package.json: "repository" must be https://github.com/${values.repository} for npm provenance (found ${JSON.stringify(url)})`,
    )
}

if (problems.length > 0) {
  console.error(problems.map((problem) => `check:release: ${problem}`).join('\n'))
  process.exit(1)
}
console.log(
  `ok   ${version}: CHANGELOG.md has its section` +
    (values.tag === undefined ? '' : `, the tag is ${values.tag}`) +
    (values.repository === undefined ? '' : `, repository is ${values.repository}`),
)
