// Two helpers for tuning, not part of `npm run bench`:
// `node --cpu-prof bench/dist/profile.js <side> <tool> <on|off> [seconds]`: one
// side's passes over one tool of the small mix (or of a sweep row: `read@1048576`;
// or `todo`, comparison 1's todo lists),
// for a CPU profile;
// `node bench/dist/profile.js compare [tool…]`: the small mix's dropped
// regime (REGIME=retained for the other), every side in one process, fewer samples than the bench.
import { compare } from './measure.js'
import { buildCorpus } from './corpus.js'
import { buildMixCorpus, buildSweepCorpus, buildTodoCorpus, type SweepTool } from './mix-corpus.js'
import { checkSides, type Regime, type Side, sidesOf, work } from './sides.js'

const corpus = buildMixCorpus('small')
// `read@1048576`: 20 calls of the size sweep's row; `todo@10240`: 500 todo lists of the per-call rows; `bash@medium`: the per-call rows' calls of up to 10 KiB; `read`: the small mix's reads; `todo`: comparison 1's todo lists.
const subset = (tool: string) => {
  if (tool === 'todo') return buildCorpus().filter((entry) => entry.kind === 'todo')
  const [name, size] = tool.split('@')
  if (name === 'todo' && size !== undefined) return buildTodoCorpus(Number(size), 500)
  if (size === 'medium')
    return buildMixCorpus('medium', 6000)
      .filter((entry) => entry.kind === name)
      .slice(0, 2000)
  if (size !== undefined) return buildSweepCorpus(name as SweepTool, Number(size), 20)
  return tool === 'mix' ? corpus : corpus.filter((entry) => entry.kind === tool)
}
const [first = 'ours', ...rest] = process.argv.slice(2)
// REGIME=retained: every update of a sample kept until the next (see Heap regimes); dropped by default.
const regime: Regime = process.env.REGIME === 'retained' ? 'retained' : 'dropped'

if (first === 'compare') {
  for (const terminal of [true, false]) {
    for (const tool of rest.length > 0 ? rest : ['mix', 'read', 'write', 'edit', 'bash']) {
      const calls = subset(tool)
      if (process.env.CHECK === '1') checkSides(calls, terminal)
      const t = compare(sidesOf(calls, terminal, regime, Math.round(corpus.length / calls.length)), {
        warmup: 3,
        samples: 11,
        collect: false,
      })
      const r = (side: Side) => (t.ours.median / t[side].median).toFixed(2)
      console.log(
        `${tool.padEnd(5)} ${terminal ? 'on ' : 'off'} ours ${t.ours.median.toFixed(1)} ms  /bare ${r('bare')}  /wrapped ${r('wrapped')}  /floor ${r('floor')}`,
      )
    }
  }
} else {
  const [tool = 'mix', terminal = 'on', seconds = '5'] = rest
  const calls = subset(tool)
  const run = work(first as Side, calls, terminal === 'on', regime, tool.includes('@') ? 1 : Math.round(corpus.length / calls.length))
  const until = performance.now() + Number(seconds) * 1000
  const times: number[] = []
  while (performance.now() < until) {
    const start = performance.now()
    run()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  console.log(`${first} ${tool} terminal ${terminal}: ${times.length} passes, median ${times[times.length >> 1].toFixed(2)} ms`)
}
