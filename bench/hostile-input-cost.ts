// "What hostile-input safety costs": the pieces the bridge added so that any
// input gives safe updates, each run alone over the very inputs a pass of
// our presenter feeds it, timed in the same loop as the full pass.
//
// The pieces come from src/ (bundled into the bench), the pass from the
// built package: the same code, two copies, so each is compiled on its own.
import { isJsonSafe, isJsonShape } from '../src/safety/json-safe.js'
import { boundedText } from '../src/safety/bounded-text.js'
import { sanitizeTerminalOutput } from '../src/safety/terminal-output.js'
import { visibleWellFormedText } from '../src/safety/visible-text.js'
import { DEFAULT_MAX_OUTPUT_LENGTH } from '../src/lifecycle/limits.js'
import { CWD } from './corpus.js'
import { compare, type Timing } from './measure.js'
import { buildMixCorpus, type MixEntry, type Outputs } from './mix-corpus.js'
import { ourPass } from './our-presenter.js'
import { bytes, ms, section, table } from './table.js'

/** The target: the entry check on plain JSON arguments adds at most this share of the pass. */
const TARGET = 0.05

/**
 * How many of the same calls the 100 KiB regime takes: the first 1,000. Its
 * pass takes over a second without display terminals; the shares of the pass
 * do not depend on the count.
 */
const STRESS_CALLS = 1000

/** One call of this section's corpus: the mix's calls (bench/mix-corpus.ts). */
type SafetyCall = MixEntry

const buildSafetyCorpus = (outputs: Outputs, count = 10_000) => buildMixCorpus(outputs, count)

const textLength = (values: readonly string[]) => values.reduce((sum, value) => sum + value.length, 0)

// The strings inside a plain JSON value, for saying how much text a check walks.
function stringLength(value: unknown): number {
  if (typeof value === 'string') return value.length
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + stringLength(item), 0)
  if (value && typeof value === 'object') return Object.values(value).reduce((sum: number, item) => sum + stringLength(item), 0)
  return 0
}

const describeValues = (values: readonly unknown[], what: string) => `${values.length} ${what}, ${bytes(stringLength(values))} of strings`

// The sides of one timing: the full pass and each piece alone, each returning
// something so no run is dead code. A result the library's own presenters
// read is checked for its shape on the way in (its strings are scanned on
// the way out, in the final check).
function checkEach(values: readonly unknown[]): () => number {
  return () => {
    let safe = 0
    for (let index = 0; index < values.length; index++) if (isJsonShape(values[index])) safe++
    return safe
  }
}

// The checks as the pass runs them: the arguments' walk, and the walk of
// every built update (the one last check).
function checkArgs(values: readonly unknown[]): () => number {
  return () => {
    let safe = 0
    for (let index = 0; index < values.length; index++) if (isJsonSafe(values[index])) safe++
    return safe
  }
}

function checkUpdates(values: readonly object[]): () => number {
  return () => {
    let safe = 0
    for (let index = 0; index < values.length; index++) if (isJsonSafe(values[index])) safe++
    return safe
  }
}

// A display terminal's output is sanitised; output shown as text is marked instead.
function sanitizeEach(outputs: readonly string[], mode: 'terminal' | 'marked'): () => number {
  const make = mode === 'terminal' ? sanitizeTerminalOutput : visibleWellFormedText
  return () => {
    let length = 0
    for (let index = 0; index < outputs.length; index++) length += make(outputs[index]).length
    return length
  }
}

function boundEach(outputs: readonly string[]): () => number {
  return () => {
    let length = 0
    for (let index = 0; index < outputs.length; index++) length += boundedText(outputs[index], DEFAULT_MAX_OUTPUT_LENGTH).length
    return length
  }
}

interface Measured {
  readonly calls: number
  readonly timing: Record<'pass' | 'args' | 'results' | 'updates' | 'sanitize' | 'bound', Timing>
  readonly inputs: Record<'args' | 'results' | 'updates' | 'sanitize' | 'bound', string>
}

function measure(
  calls: readonly SafetyCall[],
  terminalOutput: boolean,
  options: { warmup: number; samples: number; collect?: boolean },
): Measured {
  // What the pass feeds each piece, collected untimed.
  const args = calls.map((call) => call.ours.args)
  const results = calls.map((call) => call.ours.result)
  const updates: unknown[] = []
  ourPass(calls, terminalOutput, CWD, updates as never)
  // A foreground command's output goes through the sanitiser for a display terminal, or is
  // marked for the text fallback; background output does not.
  const commandOutputs = calls.filter((call) => call.kind === 'bash' && !call.background).map((call) => call.output!)
  const outputs = calls.filter((call) => call.output !== undefined).map((call) => call.output!)
  for (const [what, values] of [
    ['arguments', args],
    ['results', results],
    ['updates', updates],
  ] as const) {
    if (!values.every((value) => isJsonSafe(value)))
      throw new Error(`safety: not every one of the ${what} is plain JSON; this section times the plain case`)
  }
  const mode = terminalOutput ? 'terminal' : 'marked'
  const timing = compare(
    {
      pass: () => ourPass(calls, terminalOutput, CWD),
      args: checkArgs(args),
      results: checkEach(results),
      updates: checkUpdates(updates as object[]),
      sanitize: sanitizeEach(commandOutputs, mode),
      bound: boundEach(outputs),
    },
    options,
  )
  return {
    calls: calls.length,
    timing,
    inputs: {
      args: describeValues(args, 'arguments'),
      results: describeValues(results, 'results'),
      updates: describeValues(updates, 'updates'),
      sanitize: `${commandOutputs.length} outputs, ${bytes(textLength(commandOutputs))}, ${mode} mode`,
      bound: `${outputs.length} outputs, ${bytes(textLength(outputs))}`,
    },
  }
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`

function describeCorpus(calls: readonly SafetyCall[]): string {
  const count = (kind: SafetyCall['kind']) => calls.filter((call) => call.kind === kind).length
  const background = calls.filter((call) => call.background).length
  const failing = calls.filter((call) => call.kind === 'bash' && (call.ours.result as { isError?: boolean }).isError).length
  return `${calls.length} calls: ${count('read')} read, ${count('edit')} edit, ${count('write')} write, ${count('bash')} bash (${background} in the background, ${failing} failing)`
}

// One table per regime: each piece's median, and its share of the full pass, with terminal output on and off.
function regimeTable(on: Measured, off: Measured): string {
  const pieces = [
    ['args', "(b) `isJsonSafe` on every call's arguments (entry check)"],
    ['results', "(b') `isJsonShape` on every result (the entry check's other half)"],
    ['updates', '(c) `isJsonSafe` on every emitted update (the one final check)'],
    ['sanitize', '(d) `sanitizeTerminalOutput` (terminal) or `visibleWellFormedText` (marked) on every foreground bash output'],
    ['bound', '(e) `boundedText` on every read and bash output'],
  ] as const
  const rows = [
    [
      '(a) full pass: `createToolPresenter`, call + result',
      `${on.calls} calls`,
      ms(on.timing.pass.median),
      '100%',
      `${off.calls} calls`,
      ms(off.timing.pass.median),
      '100%',
    ],
    ...pieces.map(([key, name]) => [
      name,
      on.inputs[key],
      ms(on.timing[key].median),
      percent(on.timing[key].median, on.timing.pass.median),
      off.inputs[key],
      ms(off.timing[key].median),
      percent(off.timing[key].median, off.timing.pass.median),
    ]),
  ]
  return table(['piece', 'inputs, terminal on', 'ms', 'share of pass', 'inputs, terminal off', 'ms', 'share of pass'], rows)
}

/** Runs the section and prints its tables. */
export function runHostileInputCost(): void {
  const small = buildSafetyCorpus('small')
  const smallOn = measure(small, true, { warmup: 3, samples: 31 })
  const smallOff = measure(small, false, { warmup: 3, samples: 31 })
  const steadyOn = measure(small, true, { warmup: 3, samples: 31, collect: false })
  const steadyOff = measure(small, false, { warmup: 3, samples: 31, collect: false })
  const stress = buildSafetyCorpus('stress', STRESS_CALLS)
  const stressOn = measure(stress, true, { warmup: 1, samples: 7 })
  const stressOff = measure(stress, false, { warmup: 1, samples: 7 })

  const share = (measured: Measured) => measured.timing.args.median / measured.timing.pass.median
  const shares = (on: Measured, off: Measured) =>
    `${percent(on.timing.args.median, on.timing.pass.median)} (terminal output on), ${percent(off.timing.args.median, off.timing.pass.median)} (off)`
  const met = [smallOn, smallOff, steadyOn, steadyOff].every((measured) => share(measured) <= TARGET)
  section(
    'What hostile-input safety costs',
    `The pieces the bridge added to make any input safe, each run alone over exactly the inputs a pass of our presenter feeds it, against the full pass: all six sides timed in turns in one \`compare\`. The updates were collected from one untimed pass; every argument, result and update was checked (untimed) to be plain JSON, so the checks take their one-walk path and nothing is copied. Each check is the one the pass runs: the arguments' walk (\`isJsonSafe\`), the walk of each result (\`isJsonShape\`: its shape; its strings are scanned in the final check), and the walk of each built update (\`isJsonSafe\`, the one final check). A piece's time alone approximates what it adds to the pass; the pass runs the built package, the pieces their sources. Background output is neither sanitised nor bounded by itself in the pass (it is fenced, and bounded with the rest of the text content), so (d) takes the foreground outputs only.`,
    `Corpus (seed 20261202): ${describeCorpus(small)}. Arguments and the files of edits and writes up to 1 KiB, the same in both regimes; only the outputs of read and bash change.`,
    `**Small outputs (up to 1 KiB, a fifth of the commands silent), a full GC before every sample** (as in every other comparison here; median of 31 samples after 3 warm-ups)\n\n${regimeTable(smallOn, smallOff)}`,
    `**The same, without the GC before each sample** (steady state: the GC before a sample deoptimises code, see How to reproduce; median of 31 samples after 3 warm-ups)\n\n${regimeTable(steadyOn, steadyOff)}`,
    `**The first ${STRESS_CALLS.toLocaleString('en')} of the same calls, every read and bash output 100 KiB, a full GC before every sample** (median of 7 samples after 1 warm-up)\n\n${regimeTable(stressOn, stressOff)}`,
    `Target: the entry check on plain JSON arguments adds at most ${TARGET * 100}% to the small-output mix: ${shares(smallOn, smallOff)}; without the GC before each sample ${shares(steadyOn, steadyOff)}: ${met ? 'met' : '**not met**'}. With 100 KiB outputs: ${shares(stressOn, stressOff)}.`,
  )
}
