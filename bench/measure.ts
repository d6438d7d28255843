// The timing loop: warm-up, then samples taken in turns (each round in a
// rotated order, a full GC before every sample), reported as medians.
import { performance } from 'node:perf_hooks'

/** A side of a comparison: one run of the work; returns something to keep it from being optimised away. */
export type Work = () => unknown

/**
 * How a sample is timed. `cpu`: the process's CPU time (user + system, every
 * thread: the main thread and V8's GC helpers), which time slices lost to
 * other processes on a shared machine do not inflate; `wall`: elapsed time.
 */
export type Clock = 'cpu' | 'wall'

const cpuNow = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
const clocks: Record<Clock, () => number> = { cpu: cpuNow, wall: () => performance.now() }

/** The median and minimum of one side's samples, in milliseconds. */
export interface Timing {
  readonly median: number
  readonly min: number
  readonly samples: number
}

const collect = (globalThis as { gc?: () => void }).gc ?? (() => {})

/** Whether `node --expose-gc` gave us `gc()`; without it samples are noisier. */
export const canCollect = typeof (globalThis as { gc?: unknown }).gc === 'function'

/** Collects garbage now (when `--expose-gc` was given). */
export const collectGarbage = (): void => collect()

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

let kept: unknown
/**
 * Runs every side `warmup` times, then `samples` rounds of one timed run
 * each. With `collect` (the default) a full GC runs before every sample, so
 * no side pays for another's garbage; but on Node 20 that GC also frees
 * objects optimised code holds weakly, which deoptimises it ("weak objects"
 * in `--trace-deopt`), so every sample starts by optimising again. Short
 * samples pay for that the most; `collect: false` measures the steady state.
 */
export function compare<Name extends string>(
  sides: Record<Name, Work>,
  { warmup = 2, samples = 9, collect: collectFirst = true, clock = 'wall' as Clock } = {},
): Record<Name, Timing> {
  const now = clocks[clock]
  const names = Object.keys(sides) as Name[]
  for (let round = 0; round < warmup; round++) for (const name of names) kept = sides[name]()
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Name, number[]>
  for (let round = 0; round < samples; round++) {
    for (let turn = 0; turn < names.length; turn++) {
      const name = names[(round + turn) % names.length]
      if (collectFirst) collect()
      const start = now()
      kept = sides[name]()
      times[name].push(now() - start)
    }
  }
  return Object.fromEntries(names.map((name) => [name, { median: median(times[name]), min: Math.min(...times[name]), samples }])) as Record<
    Name,
    Timing
  >
}

/** Something the samples returned, so no run is dead code. */
export const keptValue = () => kept
