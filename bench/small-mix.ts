// The small-output mix (outputs up to 1 KiB; read, write, edit, bash), per
// tool and as a whole, terminal output on and off, in both heap regimes;
// then the bytes each side allocates per call.
import { compare, type Timing } from './measure.js'
import { buildMixCorpus, type MixEntry } from './mix-corpus.js'
import { allocationPerCall, checkSides, type Regime, SIDES, type Side, sidesOf } from './sides.js'
import { bytes, ms, ratio, section, table } from './table.js'

const SUBSETS = ['mix', 'read', 'write', 'edit', 'bash'] as const
const REGIMES: readonly Regime[] = ['dropped', 'retained']
type Subset = (typeof SUBSETS)[number]

/** Samples per row: a shared machine's noise needs many. */
const SAMPLES = 21

/** The issue's targets for the small-output mix: the file tools against claude-agent-acp's bare functions, bash against the floor. */
export const SMALL_TARGETS = { fileBare: 1.0, bashFloor: 2.0 }

export interface SmallResult {
  readonly subset: Subset
  readonly terminalOutput: boolean
  readonly regime: Regime
  readonly timing: Record<Side, Timing>
}

const subsetOf = (corpus: readonly MixEntry[], subset: Subset) =>
  subset === 'mix' ? corpus : corpus.filter((entry) => entry.kind === subset)

const verdict = (ok: boolean) => (ok ? 'yes' : '**no**')

/** Runs the section and prints its tables. */
export async function runSmallMix(): Promise<void> {
  const corpus = buildMixCorpus('small')
  // Every row in the dropped regime first, then the checks (which keep every
  // update) and the rows in the retained regime: once updates survive, V8
  // pretenures their allocation sites for the rest of the process, and a
  // "dropped" row timed after that would not be in the dropped regime.
  const timings = new Map<string, Record<Side, Timing>>()
  const key = (subset: Subset, terminalOutput: boolean, regime: Regime) => `${subset} ${terminalOutput} ${regime}`
  // Every sample covers about 10,000 calls: a subset is passed over as many times.
  const repeatOf = (calls: readonly MixEntry[]) => Math.round(corpus.length / calls.length)
  for (const regime of REGIMES) {
    for (const terminalOutput of [true, false]) {
      for (const subset of SUBSETS) {
        const calls = subsetOf(corpus, subset)
        if (regime === 'retained') checkSides(calls, terminalOutput)
        const timing = compare(sidesOf(calls, terminalOutput, regime, repeatOf(calls)), { warmup: 3, samples: SAMPLES, collect: false })
        timings.set(key(subset, terminalOutput, regime), timing)
      }
    }
  }
  const results: SmallResult[] = []
  const rows: string[][] = []
  for (const terminalOutput of [true, false]) {
    for (const subset of SUBSETS) {
      const calls = subsetOf(corpus, subset)
      const repeat = repeatOf(calls)
      for (const regime of REGIMES) {
        const timing = timings.get(key(subset, terminalOutput, regime))!
        results.push({ subset, terminalOutput, regime, timing })
        rows.push([
          subset,
          repeat === 1 ? String(calls.length) : `${calls.length} × ${repeat}`,
          terminalOutput ? 'on' : 'off',
          regime,
          ms(timing.ours.median),
          ms(timing.bare.median),
          ms(timing.wrapped.median),
          ms(timing.floor.median),
          ms(timing.guarded.median),
          ratio(timing.ours.median / timing.bare.median),
          ratio(timing.ours.median / timing.wrapped.median),
          ratio(timing.ours.median / timing.floor.median),
          ratio(timing.ours.median / timing.guarded.median),
        ])
      }
    }
  }
  const allocation: string[][] = []
  for (const terminalOutput of [true, false]) {
    for (const subset of SUBSETS) {
      const calls = subsetOf(corpus, subset)
      const row = [subset, terminalOutput ? 'on' : 'off']
      for (const side of SIDES) {
        const perCall = await allocationPerCall(side, calls, terminalOutput)
        row.push(perCall === undefined ? 'n/a (a collection ran in every batch)' : bytes(Math.round(perCall)))
      }
      allocation.push(row)
    }
  }

  const find = (subset: Subset, terminalOutput: boolean, regime: Regime) =>
    results.find((result) => result.subset === subset && result.terminalOutput === terminalOutput && result.regime === regime)!.timing
  const worst = (subset: Subset, against: Side) =>
    Math.max(
      ...results.filter((result) => result.subset === subset).map((result) => result.timing.ours.median / result.timing[against].median),
    )
  const each = (subset: Subset, against: Side) =>
    (['dropped', 'retained'] as Regime[])
      .map(
        (regime) =>
          `${regime}: ${[true, false].map((on) => `${ratio(find(subset, on, regime).ours.median / find(subset, on, regime)[against].median)} (${on ? 'on' : 'off'})`).join(', ')}`,
      )
      .join('; ')
  const targets = table(
    ['target', 'result (terminal output on / off, per regime)', 'met?'],
    [
      ...(['read', 'write', 'edit'] as const).map((tool) => [
        `${tool}: at most ${SMALL_TARGETS.fileBare}x the bare functions`,
        each(tool, 'bare'),
        verdict(worst(tool, 'bare') <= SMALL_TARGETS.fileBare),
      ]),
      [
        `bash: at most ${SMALL_TARGETS.bashFloor}x the floor`,
        each('bash', 'floor'),
        verdict(worst('bash', 'floor') <= SMALL_TARGETS.bashFloor),
      ],
      [
        `bash: at most ${SMALL_TARGETS.bashFloor}x the guarded floor (the same safe work)`,
        each('bash', 'guarded'),
        verdict(worst('bash', 'guarded') <= SMALL_TARGETS.bashFloor),
      ],
    ],
  )

  const counts = (kind: MixEntry['kind']) => corpus.filter((entry) => entry.kind === kind).length
  section(
    'The small-output mix, per tool',
    `${corpus.length} calls (seed 20261202, the safety section's corpus): ${counts('read')} read, ${counts('write')} write, ${counts('edit')} edit, ${counts('bash')} bash (5% in the background, 15% failing); arguments, files and outputs up to 1 KiB, a fifth of the commands silent. One sample = passes over the calls of a row (call + result each; a tool's own calls passed over as many times as make about 10,000 calls, each pass a fresh session), the five sides in turns with the order rotated every round, median of 21 samples after 3 warm-ups, no forced GC. "dropped": the updates are garbage as soon as they are built; "retained": every update of a sample is kept until the next one (see Heap regimes). Every row was checked (untimed) as in comparison 1: every call announced and settled, the floor and the guarded floor byte for byte ours. The guarded floor is the floor plus the safe work a hand-written bridge does on hostile input (bench/guarded-floor.ts: argument guards, JSON-safety walks of arguments and result, titles marked, escaped and bounded, output bounded and sanitised or marked). Every dropped row was timed before any check or retained row (see Heap regimes).`,
    table(
      [
        'calls',
        'count',
        'terminal output',
        'outputs',
        'ours ms',
        'bare ms',
        'wrapped ms',
        'floor ms',
        'guarded floor ms',
        'ours / bare',
        'ours / wrapped',
        'ours / floor',
        'ours / guarded floor',
      ],
      rows,
    ),
    `**Targets**\n\n${targets}`,
    `**Allocation per call** (bytes allocated, garbage included: the heap after a batch of calls minus before it, from a collected heap, in batches no collection interrupted; the smallest of several batches; updates kept until measured)\n\n${table(['calls', 'terminal output', ...SIDES.map((side) => `${side} B/call`)], allocation)}`,
  )
}
