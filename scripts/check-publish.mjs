// `npm run check:publish`: runs `npm publish --dry-run --json` (which packs as
// a publish does: `prepack` builds dist/ when stale and strips `prepare` from
// the manifest, `postpublish` puts it back) and checks that the tarball holds
// exactly the files meant to ship:
//
// - at its root README.md, CHANGELOG.md, LICENSE and package.json, nothing else;
// - under dist/ only
//   - the built code of an entry point that package.json names (`exports`,
//     `main`, `module`, `bin`), in both formats, and the CommonJS twin of the
//     command (tsup builds every entry in both; nothing names it),
//   - shared chunks (`dist/chunk-XXXXXXXX.js` / `.cjs`),
//   - declarations, `.d.ts` with its `.d.cts` twin, each named as its source in
//     src/ (no source maps, no tests, no bench/, examples/, docs/ or api/);
// - every file package.json points at is in it, and every file of dist/ is;
// - npm corrected nothing in package.json, and the dry run left it as it was
//   (bytes and modification time).
//
// Exits 1 naming each problem.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

const root = join(import.meta.dirname, '..')
const manifestPath = join(root, 'package.json')
const problems = []

const before = { text: readFileSync(manifestPath, 'utf8'), mtime: statSync(manifestPath).mtimeMs }
const manifest = JSON.parse(before.text)

// npm's own CLI when run as an npm script, else the one on PATH.
const npm = process.env.npm_execpath
const run = spawnSync(
  npm ? process.execPath : 'npm',
  [...(npm ? [npm] : []), 'publish', '--dry-run', '--json', '--access', 'public', '--tag', 'latest'],
  { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
)
if (run.status !== 0) {
  console.error(`npm publish --dry-run failed (exit ${run.status}):\n${run.stderr}`)
  process.exit(1)
}

// package.json is back as it was.
const after = { text: readFileSync(manifestPath, 'utf8'), mtime: statSync(manifestPath).mtimeMs }
if (after.text !== before.text)
  problems.push('package.json changed during the dry run (the prepack/postpublish scripts did not put it back)')
if (after.mtime !== before.mtime) problems.push('package.json has a new modification time after the dry run')
for (const line of run.stderr.split('\n')) {
  if (/auto-corrected|errors corrected|was invalid|was renamed|removed invalid/i.test(line))
    problems.push(`npm corrected package.json: ${line.trim()}`)
}

// npm 10 prints the summary itself, npm 11 keys it by the package's name (`npm pack --json` gives a list); lifecycle banners may precede it.
const start = run.stdout.search(/^[{[]/m)
if (start === -1) {
  console.error(`npm publish --dry-run --json printed no JSON:\n${run.stdout}`)
  process.exit(1)
}
const printed = JSON.parse(run.stdout.slice(start))
const summary = Array.isArray(printed) ? printed[0] : Array.isArray(printed.files) ? printed : printed[manifest.name]
if (summary === undefined || !Array.isArray(summary.files)) {
  console.error(`unexpected npm publish --json output:\n${run.stdout.slice(start, start + 2000)}`)
  process.exit(1)
}
const files = summary.files.map((file) => file.path)
const shipped = new Set(files)

// The files package.json points at (each export's targets, main, module, types, bin).
const targets = new Set()
const collect = (value) => {
  if (typeof value === 'string') targets.add(value.replace(/^\.\//, ''))
  else if (value && typeof value === 'object') for (const inner of Object.values(value)) collect(inner)
}
collect(manifest.exports)
collect([manifest.main, manifest.module, manifest.types])
collect(manifest.bin)
for (const target of targets) if (!shipped.has(target)) problems.push(`package.json points at ${target}, which is not in the tarball`)

// The built code of each entry point, in both formats.
const entries = new Set(
  [...targets].filter((target) => target.startsWith('dist/') && /\.c?js$/.test(target)).map((target) => target.replace(/\.c?js$/, '')),
)
const rootFiles = new Set(['README.md', 'CHANGELOG.md', 'LICENSE', 'package.json'])
// tsup builds the command in both formats too; only the ES module is `bin`.
const commandTwin =
  typeof manifest.bin === 'object' ? Object.values(manifest.bin).map((bin) => bin.replace(/^\.\//, '').replace(/\.js$/, '.cjs')) : []

function why(path) {
  if (!path.includes('/'))
    return rootFiles.has(path) ? undefined : 'a file at the root that is not README.md, CHANGELOG.md, LICENSE or package.json'
  if (!path.startsWith('dist/')) return 'outside dist/'
  if (/\.map$/.test(path)) return 'a source map'
  if (/(?:^|\/)(?:test|tests|__tests__|bench|examples|docs|api)\//.test(path) || /\.(?:test|spec|bench)\./.test(path))
    return 'a test, bench, example or docs file'
  const declaration = /^dist\/(.+)\.d\.(c?)ts$/.exec(path)
  if (declaration) {
    if (!existsSync(join(root, 'src', `${declaration[1]}.ts`))) return `a declaration without a source (src/${declaration[1]}.ts)`
    const twin = `dist/${declaration[1]}.d.${declaration[2] ? '' : 'c'}ts`
    return shipped.has(twin) ? undefined : `a declaration without its twin ${twin}`
  }
  if (/^dist\/chunk-[A-Z0-9]{8}\.c?js$/.test(path)) return undefined
  const code = /^(dist\/.+)\.c?js$/.exec(path)
  if (code && (entries.has(code[1]) || commandTwin.includes(path))) return undefined
  return 'not an entry point package.json names, a chunk or a declaration'
}
for (const path of files) {
  const reason = why(path)
  if (reason !== undefined) problems.push(`${path}: ${reason}`)
}
for (const file of rootFiles) if (!shipped.has(file)) problems.push(`${file} is missing from the tarball`)
for (const entry of entries) {
  for (const extension of ['.js', '.cjs']) if (!shipped.has(`${entry}${extension}`)) problems.push(`${entry}${extension} is missing`)
}

// Every file of dist/ ships (the build is the tarball).
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [relative(root, join(dir, entry.name)).split(sep).join('/')],
  )
for (const path of walk(join(root, 'dist'))) if (!shipped.has(path)) problems.push(`${path} is built but not in the tarball`)

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`
const count = (pattern) => files.filter((path) => pattern.test(path)).length
console.log(
  `${summary.filename}: ${files.length} files, ${kb(summary.size)} packed, ${kb(summary.unpackedSize)} unpacked: ` +
    `${count(/^[^/]+$/)} at the root, ${count(/^dist\/.*(?<!\.d)\.c?js$/) - count(/^dist\/chunk-/)} entry files, ` +
    `${count(/^dist\/chunk-/)} chunks, ${count(/\.d\.c?ts$/)} declarations`,
)
if (problems.length > 0) {
  console.error(
    `\n${problems.length} problem${problems.length === 1 ? '' : 's'} with what npm would publish:\n${problems.map((p) => `  ${p}`).join('\n')}`,
  )
  process.exit(1)
}
console.log('ok   the tarball holds exactly the files meant to ship, and package.json is as it was')
