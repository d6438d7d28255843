// `npm run bench`: every comparison of BENCHMARKS.md, one after the other, in
// one process. Run with `node --expose-gc bench/dist/run.js`.
import { cpus, loadavg } from 'node:os'
import { runAgentsMapping } from './agents-mapping.js'
import { runAppliedChange } from './applied-change.js'
import { runConsoleFence } from './console-fence.js'
import { runHostileInputCost } from './hostile-input-cost.js'
import { canCollect } from './measure.js'
import { runSizeSweep } from './size-sweep.js'
import { runSmallMix } from './small-mix.js'
import { runTypeCheck } from './type-check.js'

const only = process.argv.slice(2)
const wanted = (name: string) => only.length === 0 || only.includes(name)
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')

console.log('## tool-render-intent benchmarks\n')
console.log(`- Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${process.platform} ${process.arch}`)
console.log(`- Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`)
console.log(`- gc() between samples: ${canCollect ? 'yes' : 'no (run with --expose-gc)'}`)
console.log(`- Load average (1 / 5 / 15 min) at the start: ${load()}`)
console.log("- Absolute times are this machine's; only the ratios are claimed.")

const started = performance.now()
if (wanted('small')) await runSmallMix()
if (wanted('sweep')) runSizeSweep()
if (wanted('mapping')) runAgentsMapping()
if (wanted('safety')) runHostileInputCost()
if (wanted('fence')) runConsoleFence()
if (wanted('meta')) await runAppliedChange()
if (wanted('types')) runTypeCheck()
console.log(`\n- Load average at the end: ${load()}; ${((performance.now() - started) / 1000).toFixed(0)} s`)
