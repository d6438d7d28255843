// Builds the package (dist/) and the examples (examples/dist/) when an output
// is missing or older than its sources, so `npm run demo` and the example
// agent's test work straight after `npm ci`, and cost nothing when fresh.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')

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

function buildIfStale(output, sources, args) {
  const target = join(root, output)
  if (existsSync(target) && statSync(target).mtimeMs >= newest(sources)) return
  console.error(`building ${output} …`)
  execFileSync(process.execPath, [join(root, 'node_modules/tsup/dist/cli-default.js'), ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

buildIfStale('dist/text/index.js', ['src', 'package.json', 'tsup.config.ts'], [])
buildIfStale('examples/dist/demo/demo.js', ['examples', 'tsup.examples.config.ts'], ['--config', 'tsup.examples.config.ts'])
