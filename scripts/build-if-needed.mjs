// Builds the package (dist/) and the examples (examples/dist/) when an output
// is missing or older than its sources, so `npm run demo` and the example
// agent's test work straight after `npm ci`, and cost nothing when fresh.
//
// `--package` builds dist/ only: it is the `prepare` script, which npm runs
// after `npm install` / `npm ci` in a clone, before `npm pack` and `npm
// publish`, and (with the devDependencies installed) when a project installs
// this package from its git repository, so each of those gets a working
// package.
//
// Runs that overlap (two test files, each making sure of a build) take
// turns: the second waits for the first, then finds the outputs fresh.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const packageOnly = process.argv.includes('--package')

function newest(paths) {
  let latest = 0
  for (const path of paths) {
    const full = join(root, path)
    if (!existsSync(full)) continue
    const stat = statSync(full)
    if (stat.isDirectory()) {
      const children = readdirSync(full).filter((name) => name !== 'dist' && name !== 'node_modules')
      latest = Math.max(latest, newest(children.map((name) => join(path, name))))
    } else latest = Math.max(latest, stat.mtimeMs)
  }
  return latest
}

// The oldest of the outputs, 0 when one is missing.
function oldest(outputs) {
  let earliest = Infinity
  for (const output of outputs) {
    const full = join(root, output)
    if (!existsSync(full)) return 0
    earliest = Math.min(earliest, statSync(full).mtimeMs)
  }
  return earliest
}

function buildIfStale(outputs, sources, args) {
  if (oldest(outputs) >= newest(sources)) return
  const tsup = join(root, 'node_modules/tsup/dist/cli-default.js')
  if (!existsSync(tsup)) {
    console.error(
      `${outputs[0]} needs a build, and tsup is not installed: run \`npm install\` first (it installs the devDependencies and builds).`,
    )
    process.exit(1)
  }
  console.error(`building ${outputs[0]} …`)
  execFileSync(process.execPath, [tsup, ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

// One build at a time: a lock directory, taken atomically, left behind only by a
// run that was killed (taken over after ten minutes).
function withLock(run) {
  const lock = join(root, 'node_modules/.cache/tool-render-intent-build.lock')
  mkdirSync(join(lock, '..'), { recursive: true })
  const waitUntil = Date.now() + 10 * 60_000
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch (error) {
      if (error.code !== 'EEXIST') throw error
      if (Date.now() > waitUntil || Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 10 * 60_000) {
        rmSync(lock, { recursive: true, force: true })
        continue
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200)
    }
  }
  try {
    run()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

// Every entry point's code and declarations, in both formats.
const entries = ['index', 'presenters/index', 'acp/index', 'acp-v2/index', 'reader/index', 'text/index', 'html/index']
const packageOutputs = entries.flatMap((entry) => ['.js', '.cjs', '.d.ts', '.d.cts'].map((extension) => `dist/${entry}${extension}`))

withLock(() => {
  buildIfStale(packageOutputs, ['src', 'package.json', 'tsconfig.json', 'tsup.config.ts'], [])
  if (!packageOnly)
    buildIfStale(['examples/dist/demo/demo.js'], ['examples', 'tsup.examples.config.ts'], ['--config', 'tsup.examples.config.ts'])
})
