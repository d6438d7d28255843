// The size sweep: one tool at a time, its text from 0 B to 1 MiB, our side
// against claude-agent-acp (bare and wrapped) and the floor, in both heap
// regimes, so the crossover points are visible.
import { compare, type Timing } from './measure.js'
import { buildSweepCorpus, type MixEntry, SWEEP_TOOLS, type SweepTool } from './mix-corpus.js'
import { checkSides, type Regime, type Side, sidesOf } from './sides.js'
import { bytes, ratio, section, table } from './table.js'

const KiB = 1024
const SIZES = [0, 100, KiB, 10 * KiB, 100 * KiB, KiB * KiB]

/** The targets at 100 KiB. */
export const LARGE_TARGETS = { readTheirs: 0.3, bashOffFloor: 1.5 }

// The calls of a row: 2 MiB of text, 20 to 1,000 calls. A sample passes over
// them as many times as make it last about SAMPLE_MS on our side, unless that
// would make the slowest side's sample last more than SLOWEST_MS (each side
// measured once on the row before it is timed), so few samples are too short
// to time and none takes seconds.
const callsFor = (size: number) => Math.max(20, Math.min(1000, Math.round((2 * KiB * KiB) / Math.max(size, 1))))
const SAMPLE_MS = 25
const SLOWEST_MS = 400

function repeatFor(sides: Record<Side, () => unknown>): number {
  const once = (work: () => unknown) => {
    const start = performance.now()
    work()
    return Math.max(performance.now() - start, 0.01)
  }
  const ours = once(sides.ours)
  const slowest = Math.max(ours, once(sides.bare), once(sides.wrapped), once(sides.floor))
  return Math.max(1, Math.min(400, Math.round(SAMPLE_MS / ours), Math.floor(SLOWEST_MS / slowest)))
}

interface Point {
  readonly tool: SweepTool
  readonly size: number
  readonly terminalOutput: boolean
  readonly timing: Record<Regime, Record<Side, Timing>>
}

const verdict = (ok: boolean) => (ok ? 'yes' : '**no**')

/** Runs the sweep and prints its tables. */
export function runSizeSweep(): void {
  // Every side's code warmed on every tool first, so the first rows do not pay for compiling it.
  for (const tool of SWEEP_TOOLS) {
    for (const terminalOutput of [true, false]) {
      const sides = sidesOf(buildSweepCorpus(tool, KiB, 200), terminalOutput, 'dropped')
      for (let round = 0; round < 20; round++) for (const work of Object.values(sides)) work()
    }
  }
  // Every row in the dropped regime first, then the checks (which keep every
  // update) and the retained regime: once updates survive, V8 pretenures
  // their allocation sites for the rest of the process (see Heap regimes).
  const options = { warmup: 2, samples: 15, collect: false }
  const repeats = new Map<string, number>()
  const rowsToTime: { tool: SweepTool; size: number; terminalOutput: boolean; calls: MixEntry[]; dropped: Record<Side, Timing> }[] = []
  for (const tool of SWEEP_TOOLS) {
    // Only bash depends on terminal output, on both sides; the file tools are timed once.
    for (const terminalOutput of tool === 'bash' ? [true, false] : [false]) {
      for (const size of SIZES) {
        const calls = buildSweepCorpus(tool, size, callsFor(size))
        const repeat = repeatFor(sidesOf(calls, terminalOutput, 'dropped'))
        repeats.set(`${tool} ${terminalOutput} ${size}`, repeat)
        rowsToTime.push({ tool, size, terminalOutput, calls, dropped: compare(sidesOf(calls, terminalOutput, 'dropped', repeat), options) })
      }
    }
  }
  const points: Point[] = []
  for (const { tool, size, terminalOutput, calls, dropped } of rowsToTime) {
    checkSides(calls, terminalOutput)
    const repeat = repeats.get(`${tool} ${terminalOutput} ${size}`)!
    points.push({
      tool,
      size,
      terminalOutput,
      timing: { dropped, retained: compare(sidesOf(calls, terminalOutput, 'retained', repeat), options) },
    })
  }
  const rows = points.map(({ tool, size, terminalOutput, timing }) => {
    const repeat = repeats.get(`${tool} ${terminalOutput} ${size}`)!
    const perCall = (value: number) => `${((value * 1000) / (callsFor(size) * repeat)).toFixed(size >= 100 * KiB ? 0 : 2)}`
    const calls = repeat === 1 ? String(callsFor(size)) : `${callsFor(size)} × ${repeat}`
    const cells = [tool === 'bash' ? `bash, terminal ${terminalOutput ? 'on' : 'off'}` : `${tool} (terminal on or off)`, bytes(size), calls]
    for (const regime of ['dropped', 'retained'] as Regime[]) {
      const t = timing[regime]
      cells.push(
        perCall(t.ours.median),
        ratio(t.ours.median / t.bare.median),
        ratio(t.ours.median / t.wrapped.median),
        ratio(t.ours.median / t.floor.median),
      )
    }
    return cells
  })

  const at = (tool: SweepTool, size: number, terminalOutput: boolean) =>
    points.find((point) => point.tool === tool && point.size === size && point.terminalOutput === terminalOutput)!.timing
  const read = at('read', 100 * KiB, false)
  const bashOff = at('bash', 100 * KiB, false)
  const regimes = ['dropped', 'retained'] as Regime[]
  const readRatios = (against: Side) =>
    regimes.map((regime) => `${ratio(read[regime].ours.median / read[regime][against].median)} (${regime})`).join(', ')
  const readWorst = Math.max(
    ...regimes.flatMap((regime) => [
      read[regime].ours.median / read[regime].bare.median,
      read[regime].ours.median / read[regime].wrapped.median,
    ]),
  )
  const bashWorst = Math.max(...regimes.map((regime) => bashOff[regime].ours.median / bashOff[regime].floor.median))
  const targets = table(
    ['target', 'result', 'met?'],
    [
      [
        `read at 100 KiB: at most ${LARGE_TARGETS.readTheirs}x claude-agent-acp`,
        `bare ${readRatios('bare')}; wrapped ${readRatios('wrapped')}`,
        verdict(readWorst <= LARGE_TARGETS.readTheirs),
      ],
      [
        `bash without terminal at 100 KiB: at most ${LARGE_TARGETS.bashOffFloor}x the floor`,
        regimes.map((regime) => `${ratio(bashOff[regime].ours.median / bashOff[regime].floor.median)} (${regime})`).join(', '),
        verdict(bashWorst <= LARGE_TARGETS.bashOffFloor),
      ],
    ],
  )

  section(
    'Size sweep',
    "One tool at a time, every call of a row carrying whole lines of text, as many as fit in the size given: the file read (whole, no range), the file written (created), the text an edit puts in place of one line of a 600-byte file (0 B: the line deleted), a foreground command's output (with a description, exit 0, colour sequences in a tenth of its lines). A row has 20 to 1,000 calls (about 2 MiB of text); a sample passes over them as many times as make our side's sample last about 25 ms, unless the slowest side's would then last over 400 ms (the count after the ×, from one pass of each side before the row is timed), each pass a fresh session, the four sides in turns; median of 15 samples after 2 warm-ups (and every side warmed on every tool before the first row), no forced GC. µs/call is ours. Only bash depends on terminal output (on both sides), so the file tools were timed once. Each row was checked as in comparison 1.",
    table(
      [
        'tool',
        'size',
        'calls',
        'dropped: ours µs/call',
        'ours / bare',
        'ours / wrapped',
        'ours / floor',
        'retained: ours µs/call',
        'ours / bare',
        'ours / wrapped',
        'ours / floor',
      ],
      rows,
    ),
    `**Targets**\n\n${targets}`,
  )
}
