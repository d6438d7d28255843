// Zero runtime dependencies for the core, `acp`, `acp-v2` and `reader` entry
// points, so they run anywhere, browsers included. Checked two ways:
// - the built files package.json's `exports` name for `.`, `./acp`,
//   `./acp-v2` and `./reader`, and every chunk they reach, import or require
//   nothing but relative paths;
// - their sources (src/*.ts, src/acp/**, src/acp-v2/**, src/reader/**) import
//   nothing else at run time (`import type` from anywhere is fine: it is erased).
// Run after `npm run build`. Exits 1 and names each offending import.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

const root = join(import.meta.dirname, '..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})])
const problems = []

// Every module specifier in a built file: static and dynamic imports,
// re-exports, side-effect imports and CommonJS requires.
const specifierPatterns = [
  /\b(?:import|export)\b[^'"`;]*?\bfrom\s*(['"])([^'"]+)\1/g,
  /\bimport\s*(['"])([^'"]+)\1/g,
  /\bimport\s*\(\s*(['"])([^'"]+)\1\s*\)/g,
  /\brequire\s*\(\s*(['"])([^'"]+)\1\s*\)/g,
]

function specifiers(code) {
  const found = new Set()
  for (const pattern of specifierPatterns) for (const match of code.matchAll(pattern)) found.add(match[2])
  return found
}

const isRelative = (specifier) => specifier.startsWith('./') || specifier.startsWith('../')

const why = (specifier) =>
  declared.has(
    specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/'),
  )
    ? 'a dependency in package.json'
    : specifier.startsWith('node:')
      ? 'a Node built-in'
      : 'not relative'

function checkBuilt(entry, label) {
  const seen = new Set()
  const queue = [join(root, entry)]
  while (queue.length > 0) {
    const file = queue.pop()
    if (seen.has(file)) continue
    seen.add(file)
    if (!existsSync(file)) {
      problems.push(`${label}: ${relative(root, file)} is missing (run npm run build first)`)
      continue
    }
    for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
      if (isRelative(specifier)) queue.push(join(dirname(file), specifier))
      else problems.push(`${label}: ${relative(root, file)} imports '${specifier}' (${why(specifier)})`)
    }
  }
  return seen.size
}

// A source import that survives compilation: anything but `import type` / `export type`.
const sourceImport = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm

function checkSources(directory, recursive, label) {
  let count = 0
  for (const entry of readdirSync(join(root, directory), { withFileTypes: true })) {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) {
      if (recursive) count += checkSources(path, true, label)
      continue
    }
    if (!entry.name.endsWith('.ts')) continue
    count++
    for (const match of readFileSync(join(root, path), 'utf8').matchAll(sourceImport)) {
      const specifier = match[3] ?? match[4]
      if (!isRelative(specifier) && !match[2]) problems.push(`${label}: ${path} imports '${specifier}' at run time (${why(specifier)})`)
    }
  }
  return count
}

const entryFiles = (subpath) => {
  const target = pkg.exports?.[subpath]
  if (!target) {
    problems.push(`package.json exports has no '${subpath}'`)
    return []
  }
  return [target.import?.default, target.require?.default].filter(Boolean)
}

for (const [subpath, label] of [
  ['.', 'core'],
  ['./acp', 'acp'],
  ['./acp-v2', 'acp-v2'],
  ['./reader', 'reader'],
]) {
  for (const entry of entryFiles(subpath)) {
    const before = problems.length
    const files = checkBuilt(entry, label)
    const verdict = problems.length === before ? 'import only relative paths' : 'import something else'
    console.log(`${label}: ${entry} and the ${files - 1} chunk(s) it reaches ${verdict}`)
  }
}
const coreSources = checkSources('src', false, 'core')
const acpSources = checkSources('src/acp', true, 'acp')
const acpV2Sources = checkSources('src/acp-v2', true, 'acp-v2')
const readerSources = checkSources('src/reader', true, 'reader')
console.log(`sources: ${coreSources} core, ${acpSources} acp, ${acpV2Sources} acp-v2 and ${readerSources} reader files checked`)

if (problems.length > 0) {
  console.error(`\nRuntime dependencies where there must be none:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
  process.exit(1)
}
console.log('core, acp, acp-v2 and reader: zero runtime dependencies')
