// The five sides every mapping comparison times, in both heap regimes, and
// the untimed checks that make the race fair.
import { PerformanceObserver } from 'node:perf_hooks'
import type { CorpusEntry } from './corpus.js'
import { CWD } from './corpus.js'
import { guardedFloorPass } from './guarded-floor.js'
import { floorPass } from './hand-written-floor.js'
import { collectGarbage, type Work } from './measure.js'
import { ourPass } from './our-presenter.js'
import { theirAgentPass } from './their-agent.js'
import { theirBarePass, theirWrappedPass } from './their-mapping.js'

/** The sides of Comparison 1 (claude-agent-acp 0.23.1's functions, bare and wrapped). */
export const SIDES = ['ours', 'bare', 'wrapped', 'floor', 'guarded'] as const
/** Those, and `agent`: claude-agent-acp 0.101.0's own agent code (bench/their-agent.ts). */
export type Side = (typeof SIDES)[number] | 'agent'

/**
 * What happens to the updates a sample builds.
 *
 * - `dropped`: nothing keeps them; they die young, in the young generation.
 * - `retained`: every update of the sample is pushed to one array, held
 *   until the next sample: they survive scavenges, and V8's allocation-site
 *   pretenuring soon allocates such objects in the old generation directly.
 *   Every side pays that differently (2-6x), so figures say which they are in.
 */
export type Regime = 'dropped' | 'retained'

type Pass = (corpus: readonly CorpusEntry[], terminalOutput: boolean, cwd: string, sink?: never[]) => number

const passes: Record<Side, Pass> = {
  ours: ourPass as Pass,
  bare: theirBarePass as Pass,
  wrapped: theirWrappedPass as Pass,
  floor: floorPass as Pass,
  guarded: guardedFloorPass as Pass,
  agent: theirAgentPass as Pass,
}

/**
 * One side's pass over `corpus` in a regime, `repeat` times over, as a
 * sample (each pass a fresh session; with `retained`, every update of every
 * pass kept until the next sample).
 */
export function work(side: Side, corpus: readonly CorpusEntry[], terminalOutput: boolean, regime: Regime, repeat = 1): Work {
  const pass = passes[side]
  return regime === 'dropped'
    ? () => {
        let count = 0
        for (let round = 0; round < repeat; round++) count += pass(corpus, terminalOutput, CWD)
        return count
      }
    : () => {
        const sink: unknown[] = []
        for (let round = 0; round < repeat; round++) pass(corpus, terminalOutput, CWD, sink as never[])
        return sink
      }
}

/** The five sides over `corpus` in a regime (see {@link work}). */
export const sidesOf = (corpus: readonly CorpusEntry[], terminalOutput: boolean, regime: Regime, repeat = 1): Record<Side, Work> =>
  Object.fromEntries(SIDES.map((side) => [side, work(side, corpus, terminalOutput, regime, repeat)])) as Record<Side, Work>

/** What one side built for `corpus`, collected untimed. */
export function updatesOf(side: Side, corpus: readonly CorpusEntry[], terminalOutput: boolean): Record<string, unknown>[] {
  const sink: Record<string, unknown>[] = []
  passes[side](corpus, terminalOutput, CWD, sink as never[])
  return sink
}

type Update = { sessionUpdate?: unknown; toolCallId?: unknown }

/**
 * Every call must be announced and settled, or the race is not fair: a
 * `tool_call` and a `tool_call_update` for every tool; for a todo list, a
 * `plan` (and no tool card: the well-known agents show it in the plan view).
 */
export function assertEveryCallShown(corpus: readonly CorpusEntry[], side: string, updates: readonly Update[]): void {
  const calls = new Set<unknown>()
  const results = new Set<unknown>()
  let plans = 0
  for (const update of updates) {
    if (update.sessionUpdate === 'plan') plans++
    else (update.sessionUpdate === 'tool_call' ? calls : results).add(update.toolCallId)
  }
  let todos = 0
  for (const { id, kind } of corpus) {
    if (kind === 'todo') {
      todos++
      if (calls.has(id) || results.has(id)) throw new Error(`${side}: the todo list ${id} has a tool card`)
    } else if (!calls.has(id) || !results.has(id)) throw new Error(`${side}: call ${id} has no tool_call or no tool_call_update`)
  }
  if (plans !== todos) throw new Error(`${side}: ${plans} plan updates for ${todos} todo lists`)
}

/** The floor is a floor only if it builds what we build, byte for byte. */
export function assertFloorMatches(ours: readonly unknown[], floor: readonly unknown[], name = 'floor'): void {
  if (ours.length !== floor.length) throw new Error(`${name} built ${floor.length} notifications, ours ${ours.length}`)
  for (let index = 0; index < ours.length; index++) {
    if (JSON.stringify(ours[index]) !== JSON.stringify(floor[index])) {
      throw new Error(
        `${name} differs from ours at notification ${index}: ${JSON.stringify(floor[index]).slice(0, 300)} / ${JSON.stringify(ours[index]).slice(0, 300)}`,
      )
    }
  }
}

/** The checks, for the sides that build updates (the bare functions build parts of them). */
export function checkSides(corpus: readonly CorpusEntry[], terminalOutput: boolean): { ours: number; wrapped: number; floor: number } {
  const ours = updatesOf('ours', corpus, terminalOutput)
  const wrapped = updatesOf('wrapped', corpus, terminalOutput)
  const floor = updatesOf('floor', corpus, terminalOutput)
  assertEveryCallShown(corpus, 'ours', ours)
  assertEveryCallShown(corpus, 'claude-agent-acp', wrapped)
  assertEveryCallShown(corpus, 'claude-agent-acp 0.101.0', updatesOf('agent', corpus, terminalOutput))
  assertFloorMatches(ours, floor)
  assertFloorMatches(ours, updatesOf('guarded', corpus, terminalOutput), 'guarded floor')
  return { ours: ours.length, wrapped: wrapped.length, floor: floor.length }
}

// When each collection started; entries arrive asynchronously, so a batch's
// collections are counted afterwards by their start time.
const collectionStarts: number[] = []
let observing = false

/**
 * Bytes one call allocates on a side, garbage included: the heap after a
 * batch of calls minus the heap before it, from a collected heap, over
 * batches during which no collection ran (the smallest of up to 12 tries;
 * a batch halves after a try a collection spoiled). The updates are kept
 * until the batch is measured, so everything allocated is still counted.
 */
export async function allocationPerCall(
  side: Side,
  corpus: readonly CorpusEntry[],
  terminalOutput: boolean,
  batch = 200,
): Promise<number | undefined> {
  if (!observing) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) collectionStarts.push(entry.startTime)
    }).observe({ entryTypes: ['gc'] })
    observing = true
  }
  const pass = passes[side]
  let best: number | undefined
  let size = Math.min(batch, corpus.length)
  for (let attempt = 0, clean = 0; attempt < 12 && clean < 4; attempt++) {
    const from = (attempt * size) % Math.max(1, corpus.length - size + 1)
    const slice = corpus.slice(from, from + size)
    const sink: unknown[] = []
    pass(slice, terminalOutput, CWD, sink as never[]) // warm
    sink.length = 0
    collectGarbage()
    await new Promise((resolve) => setImmediate(resolve))
    const before = process.memoryUsage().heapUsed
    const start = performance.now()
    pass(slice, terminalOutput, CWD, sink as never[])
    const end = performance.now()
    const after = process.memoryUsage().heapUsed
    await new Promise((resolve) => setTimeout(resolve, 10))
    if (collectionStarts.some((time) => time >= start && time <= end)) {
      size = Math.max(10, size >> 1)
      continue
    }
    clean++
    const perCall = (after - before) / slice.length
    if (best === undefined || perCall < best) best = perCall
  }
  return best
}
