// `npm run bench`: every published figure, from one run, each area in a
// process of its own; then BENCHMARKS.md and the README's performance
// section rewritten between their `<!-- bench:start -->` markers.
//
// `node --expose-gc bench/dist/run.js`            every area, files written
// `node --expose-gc bench/dist/run.js calls read` those areas only, printed, nothing written
// `node --expose-gc bench/dist/run.js small …`    the older sections (printed only):
//   small, sweep, mapping, safety, fence, meta, worst, types
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runAgentsMapping } from './agents-mapping.js'
import { runAppliedChange } from './applied-change.js'
import { runConsoleFence } from './console-fence.js'
import { runHostileInputCost } from './hostile-input-cost.js'
import { canCollect } from './measure.js'
import { runPerCall } from './per-call.js'
import { runReadSize } from './read-size.js'
import { runRender } from './render.js'
import { type Area, areaTables, benchmarksBlock, loadNow, readmeBlock, replaceBlock } from './report.js'
import { runSizes } from './sizes.js'
import { runSizeSweep } from './size-sweep.js'
import { runSmallMix } from './small-mix.js'
import { runMemory, runPartial, runStreaming } from './streaming.js'
import { runTypeCheck } from './type-check.js'
import { runWorstCase } from './worst-case.js'

/** The published areas, in the order BENCHMARKS.md shows them. */
const AREAS: Record<string, () => Area | Promise<Area>> = {
  calls: runPerCall,
  stream: runStreaming,
  memory: runMemory,
  partial: runPartial,
  read: runReadSize,
  render: runRender,
  sizes: runSizes,
}
/** Older sections, not published: they print their tables. */
const PRINTED: Record<string, () => unknown> = {
  small: runSmallMix,
  sweep: runSizeSweep,
  mapping: runAgentsMapping,
  safety: runHostileInputCost,
  fence: runConsoleFence,
  meta: runAppliedChange,
  worst: runWorstCase,
  types: runTypeCheck,
}

const root = fileURLToPath(new URL('../..', import.meta.url))
const self = fileURLToPath(import.meta.url)
const args = process.argv.slice(2)
const child = process.env.BENCH_AREA_OUT

if (child) {
  // A child: one area, handed to the parent as JSON.
  const [name] = args
  const area = await AREAS[name]()
  writeFileSync(child, JSON.stringify(area))
} else if (args.length === 1 && PRINTED[args[0]]) {
  console.log(`<!-- section ${args[0]}: gc() ${canCollect ? 'available' : 'unavailable (run with --expose-gc)'}; load ${loadNow()} -->`)
  await PRINTED[args[0]]()
} else {
  const unknown = args.filter((name) => !AREAS[name])
  if (unknown.length > 0) {
    console.error(`unknown area ${unknown.join(', ')}: one of ${[...Object.keys(AREAS), ...Object.keys(PRINTED)].join(', ')}`)
    process.exit(2)
  }
  if (!canCollect) {
    console.error('run with node --expose-gc (npm run bench does)')
    process.exit(2)
  }
  const wanted = args.length > 0 ? args : Object.keys(AREAS)
  const benchmarks = join(root, 'BENCHMARKS.md')
  const readme = join(root, 'README.md')
  // Before the run, not after it: a file without its markers would lose the run.
  if (args.length === 0)
    for (const [path, name] of [
      [benchmarks, 'BENCHMARKS.md'],
      [readme, 'README.md'],
    ])
      replaceBlock(readFileSync(path, 'utf8'), '', name)
  const loadAtStart = loadNow()
  const started = performance.now()
  const dir = mkdtempSync(join(tmpdir(), 'tri-bench-'))
  const areas: Area[] = []
  try {
    for (const name of wanted) {
      // One process per area: a section that keeps its updates makes V8
      // pretenure their allocation sites for the rest of the process.
      const out = join(dir, `${name}.json`)
      const areaStart = performance.now()
      const run = spawnSync(process.execPath, [...process.execArgv, self, name], {
        stdio: 'inherit',
        env: { ...process.env, BENCH_AREA_OUT: out },
      })
      if (run.status !== 0) {
        console.error(`area ${name} failed (exit ${run.status})`)
        process.exit(run.status ?? 1)
      }
      const area = JSON.parse(readFileSync(out, 'utf8')) as Area
      areas.push(area)
      console.log(`\n## ${area.title} (${((performance.now() - areaStart) / 1000).toFixed(0)} s)\n\n${areaTables(area)}\n\n${area.summary}`)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  const seconds = Math.round((performance.now() - started) / 1000)
  if (args.length === 0) {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', '--', 'src', 'bench'], {
      cwd: root,
      encoding: 'utf8',
    }).trim()
    const run = {
      machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${process.platform} ${process.arch}`,
      node: process.version,
      date: new Date().toISOString().slice(0, 10),
      commit: dirty ? `${commit} with uncommitted changes` : commit,
      loadAtStart,
      loadAtEnd: loadNow(),
      seconds,
    }
    writeFileSync(benchmarks, replaceBlock(readFileSync(benchmarks, 'utf8'), benchmarksBlock(run, areas), 'BENCHMARKS.md'))
    writeFileSync(readme, replaceBlock(readFileSync(readme, 'utf8'), readmeBlock(areas), 'README.md'))
    console.log(`\nBENCHMARKS.md and README.md written; ${seconds} s, load ${loadAtStart} at the start, ${run.loadAtEnd} at the end.`)
  } else console.log(`\n${seconds} s; nothing written (a partial run).`)
}
