#!/usr/bin/env node
// The type checker `vitest --typecheck` runs (vitest.config.ts `typecheck.checker`):
// TypeScript 7's native compiler, as `npm run typecheck` uses, over the same
// project. It takes a third of the CPU time of TypeScript 6's `tsc` on this
// project, and two cores are all `npm test` has. Vitest's `--incremental`
// build info would live inside node_modules/vitest, shared by every checkout
// that links one node_modules; it is dropped, so each run checks afresh.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const args = []
for (let index = 2; index < process.argv.length; index++) {
  const arg = process.argv[index]
  if (arg === '--incremental') continue
  if (arg === '--tsBuildInfoFile') {
    index++
    continue
  }
  args.push(arg)
}
const tsc = join(import.meta.dirname, '../node_modules/typescript7/bin/tsc')
const run = spawnSync(process.execPath, [tsc, ...args], { stdio: 'inherit' })
process.exit(run.status ?? 1)
