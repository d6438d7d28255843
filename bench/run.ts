// `npm run bench`: every comparison of BENCHMARKS.md, each section in a
// process of its own. Run with `node --expose-gc bench/dist/run.js [section…]`.
import { spawnSync } from 'node:child_process'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { runAgentsMapping } from './agents-mapping.js'
import { runAppliedChange } from './applied-change.js'
import { runConsoleFence } from './console-fence.js'
import { runHostileInputCost } from './hostile-input-cost.js'
import { canCollect } from './measure.js'
import { runReadSize } from './read-size.js'
import { runSizeSweep } from './size-sweep.js'
import { runSmallMix } from './small-mix.js'
import { runStreaming } from './streaming.js'
import { runTypeCheck } from './type-check.js'
import { runWorstCase } from './worst-case.js'

const SECTIONS = ['small', 'sweep', 'mapping', 'safety', 'fence', 'meta', 'stream', 'worst', 'read', 'types'] as const
const only = process.argv.slice(2)
const wanted = SECTIONS.filter((name) => only.length === 0 || only.includes(name))
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')

if (wanted.length > 1) {
  // One process per section: a section that keeps its updates makes V8
  // pretenure their allocation sites for the rest of the process, which
  // would move the next section's "dropped" rows into another heap regime.
  console.log('## tool-render-intent benchmarks\n')
  console.log(`- Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${process.platform} ${process.arch}`)
  console.log(`- Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`)
  console.log(`- Load average (1 / 5 / 15 min) at the start: ${load()}`)
  console.log("- Absolute times are this machine's; only the ratios are claimed.")
  console.log('- Each section runs in a process of its own.')
  const started = performance.now()
  for (const name of wanted) {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), name], { stdio: 'inherit' })
    if (child.status !== 0) process.exit(child.status ?? 1)
  }
  console.log(`\n- Load average at the end: ${load()}; ${((performance.now() - started) / 1000).toFixed(0)} s`)
} else {
  const [name] = wanted
  console.log(
    `\n<!-- section ${name}: gc() between samples ${canCollect ? 'available' : 'unavailable (run with --expose-gc)'}; load average at the start ${load()} -->`,
  )
  if (name === 'small') await runSmallMix()
  if (name === 'sweep') runSizeSweep()
  if (name === 'mapping') runAgentsMapping()
  if (name === 'safety') runHostileInputCost()
  if (name === 'fence') runConsoleFence()
  if (name === 'meta') await runAppliedChange()
  if (name === 'stream') runStreaming()
  if (name === 'worst') runWorstCase()
  if (name === 'read') runReadSize()
  if (name === 'types') runTypeCheck()
}
