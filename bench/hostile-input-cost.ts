// "What hostile-input safety costs": the pieces the bridge added so that any
// input gives safe updates, each run alone over the very inputs a pass of
// our presenter feeds it, timed in the same loop as the full pass.
//
// The pieces come from src/ (bundled into the bench), the pass from the
// built package: the same code, two copies, so each is compiled on its own.
import { isJsonSafe } from '../src/json-safe.js'
import { boundedText } from '../src/bounded-text.js'
import { sanitizeTerminalOutput } from '../src/terminal-output.js'
import { DEFAULT_MAX_OUTPUT_LENGTH } from 'tool-render-intent/acp'
import { computeEditMeta, computeWriteMeta } from 'tool-render-intent/presenters'
import { CWD, filePath, linesOf, type OurCall, outputText, sourceText, text, words } from './corpus.js'
import { compare, type Timing } from './measure.js'
import { ourPass } from './our-presenter.js'
import { integerBetween, logSize, pick, type Random, seededRandom } from './prng.js'
import { bytes, ms, section, table } from './table.js'

const KiB = 1024

/** The target: the entry check on plain JSON arguments adds at most this share of the pass. */
const TARGET = 0.05

/**
 * How many of the same calls the 100 KiB regime takes: the first 1,000. Its
 * pass takes over a second without display terminals; the shares of the pass
 * do not depend on the count.
 */
const STRESS_CALLS = 1000

/** One call of this section's corpus: what our presenter takes, and what the pieces need to know. */
interface SafetyCall {
  readonly id: string
  readonly kind: 'read' | 'write' | 'edit' | 'bash'
  /** A bash call with `run_in_background`: a generic card, its output neither sanitised nor bounded by itself. */
  readonly background: boolean
  /** The text the tool returned: the file read, the command's output; `undefined` for write and edit. */
  readonly output: string | undefined
  readonly ours: OurCall
}

// Whole lines of `pool`, about `size` long and never longer than `max`.
function linesUpTo(random: Random, pool: string, size: number, max: number): string {
  const lines = linesOf(random, pool, size)
  return lines.length <= max ? lines : lines.slice(0, lines.lastIndexOf('\n', max - 1) + 1)
}

/** How long the outputs of read and bash are: small (up to 1 KiB, 20% of commands silent) or all 100 KiB. */
type Outputs = 'small' | 'stress'

/**
 * `count` calls in the main corpus's mix without the todo lists (of 95: 35
 * reads, 20 edits, 10 writes, 30 bash, 5% of them in the background, 15%
 * failing, 70% with a description). The arguments, and the files of writes
 * and edits, come from one seeded stream and are the same for both regimes
 * (up to 1 KiB each); the outputs of read and bash from another: up to
 * 1 KiB, or 100 KiB each.
 */
function buildSafetyCorpus(outputs: Outputs, count = 10_000, seed = 20261202): SafetyCall[] {
  const pools = seededRandom(seed)
  const source = sourceText(pools, 512 * KiB)
  const log = outputText(pools, 512 * KiB)
  const random = seededRandom(seed + 1)
  const sizes = seededRandom(seed + 2)
  const outputOf = (pool: string, smallMin: number): string =>
    outputs === 'stress' ? linesUpTo(sizes, pool, 100 * KiB - 256, 100 * KiB) : linesUpTo(sizes, pool, logSize(sizes, smallMin, KiB - 64), KiB)
  const calls: SafetyCall[] = []
  for (let index = 0; index < count; index++) {
    const id = `toolu_${String(index).padStart(5, '0')}`
    const roll = random() * 0.95
    if (roll < 0.35) {
      const file_path = filePath(random)
      const args = random() < 0.2 ? { file_path, offset: integerBetween(random, 1, 400), limit: integerBetween(random, 20, 400) } : { file_path }
      const output = outputOf(source, 64)
      calls.push({ id, kind: 'read', background: false, output, ours: { toolName: 'read', args, result: { content: text(output) } } })
    } else if (roll < 0.55) {
      const file_path = filePath(random)
      const before = linesUpTo(random, source, logSize(random, 256, KiB - 128), KiB)
      let lineStart = before.indexOf('\n', integerBetween(random, 0, before.length >> 1)) + 1
      while (before[lineStart] === '\n') lineStart++
      const old_string = before.slice(lineStart, before.indexOf('\n', lineStart))
      const args = { file_path, old_string, new_string: `${old_string} // edited` }
      const result = { content: text(`The file ${file_path} has been updated successfully.`), meta: computeEditMeta(before, args) }
      calls.push({ id, kind: 'edit', background: false, output: undefined, ours: { toolName: 'edit', args, result } })
    } else if (roll < 0.65) {
      const file_path = filePath(random)
      const content = linesUpTo(random, source, logSize(random, 64, KiB - 64), KiB)
      const before = random() < 0.5 ? null : content.replace('const', 'let')
      const args = { file_path, content }
      const message = before === null ? `File created successfully at: ${file_path}` : `The file ${file_path} has been updated.`
      calls.push({ id, kind: 'write', background: false, output: undefined, ours: { toolName: 'write', args, result: { content: text(message), meta: computeWriteMeta(before, content) } } })
    } else {
      const command = `npm run ${pick(random, words)} -- --filter ${pick(random, words)}${integerBetween(random, 0, 99)}`
      const background = random() < 0.05
      const args = background
        ? { command, description: `Start the ${pick(random, words)} server`, run_in_background: true }
        : random() < 0.7
          ? { command, description: `Run the ${pick(random, words)} checks` }
          : { command }
      const failed = random() < 0.15
      const output = outputs === 'small' && sizes() < 0.2 ? '' : outputOf(log, 50)
      const result = { content: text(output), isError: failed, meta: { exitCode: failed ? 1 : 0 } }
      calls.push({ id, kind: 'bash', background, output, ours: { toolName: 'bash', args, result } })
    }
  }
  return calls
}

const textLength = (values: readonly string[]) => values.reduce((sum, value) => sum + value.length, 0)

// The strings inside a plain JSON value, for saying how much text a check walks.
function stringLength(value: unknown): number {
  if (typeof value === 'string') return value.length
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + stringLength(item), 0)
  if (value && typeof value === 'object') return Object.values(value).reduce((sum: number, item) => sum + stringLength(item), 0)
  return 0
}

const describeValues = (values: readonly unknown[], what: string) => `${values.length} ${what}, ${bytes(stringLength(values))} of strings`

// The sides of one timing: the full pass and each piece alone, each returning something so no run is dead code.
function checkEach(values: readonly unknown[]): () => number {
  return () => {
    let safe = 0
    for (let index = 0; index < values.length; index++) if (isJsonSafe(values[index])) safe++
    return safe
  }
}

function sanitizeEach(outputs: readonly string[], mode: 'terminal' | 'plain'): () => number {
  return () => {
    let length = 0
    for (let index = 0; index < outputs.length; index++) length += sanitizeTerminalOutput(outputs[index], mode).length
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

function measure(calls: readonly SafetyCall[], terminalOutput: boolean, options: { warmup: number; samples: number; collect?: boolean }): Measured {
  // What the pass feeds each piece, collected untimed.
  const args = calls.map((call) => call.ours.args)
  const results = calls.map((call) => call.ours.result)
  const updates: unknown[] = []
  ourPass(calls, terminalOutput, CWD, updates as never)
  // A foreground command's output goes through the sanitiser (terminal mode for a display
  // terminal, plain for the text fallback), background output does not.
  const commandOutputs = calls.filter((call) => call.kind === 'bash' && !call.background).map((call) => call.output!)
  const outputs = calls.filter((call) => call.output !== undefined).map((call) => call.output!)
  for (const [what, values] of [['arguments', args], ['results', results], ['updates', updates]] as const) {
    if (checkEach(values)() !== values.length) throw new Error(`safety: not every one of the ${what} is plain JSON; this section times the plain case`)
  }
  const mode = terminalOutput ? 'terminal' : 'plain'
  const timing = compare(
    {
      pass: () => ourPass(calls, terminalOutput, CWD),
      args: checkEach(args),
      results: checkEach(results),
      updates: checkEach(updates),
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
    ['results', "(b') `isJsonSafe` on every result (the entry check's other half)"],
    ['updates', '(c) `isJsonSafe` on every emitted update (final check)'],
    ['sanitize', '(d) `sanitizeTerminalOutput` on every foreground bash output'],
    ['bound', '(e) `boundedText` on every read and bash output'],
  ] as const
  const rows = [
    ['(a) full pass: `createToolPresenter`, call + result', `${on.calls} calls`, ms(on.timing.pass.median), '100%', `${off.calls} calls`, ms(off.timing.pass.median), '100%'],
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
  const shares = (on: Measured, off: Measured) => `${percent(on.timing.args.median, on.timing.pass.median)} (terminal output on), ${percent(off.timing.args.median, off.timing.pass.median)} (off)`
  const met = [smallOn, smallOff, steadyOn, steadyOff].every((measured) => share(measured) <= TARGET)
  section(
    'What hostile-input safety costs',
    `The pieces the bridge added to make any input safe, each run alone over exactly the inputs a pass of our presenter feeds it, against the full pass: all six sides timed in turns in one \`compare\`. The updates were collected from one untimed pass; every argument, result and update was checked (untimed) to be plain JSON, so the checks take their one-walk path and nothing is copied. A piece's time alone approximates what it adds to the pass; the pass runs the built package, the pieces their sources. Background output is neither sanitised nor bounded by itself in the pass (it is fenced, and bounded with the rest of the text content), so (d) takes the foreground outputs only.`,
    `Corpus (seed 20261202): ${describeCorpus(small)}. Arguments and the files of edits and writes up to 1 KiB, the same in both regimes; only the outputs of read and bash change.`,
    `**Small outputs (up to 1 KiB, a fifth of the commands silent), a full GC before every sample** (as in every other comparison here; median of 31 samples after 3 warm-ups)\n\n${regimeTable(smallOn, smallOff)}`,
    `**The same, without the GC before each sample** (steady state: the GC before a sample deoptimises code, see How to reproduce; median of 31 samples after 3 warm-ups)\n\n${regimeTable(steadyOn, steadyOff)}`,
    `**The first ${STRESS_CALLS.toLocaleString('en')} of the same calls, every read and bash output 100 KiB, a full GC before every sample** (median of 7 samples after 1 warm-up)\n\n${regimeTable(stressOn, stressOff)}`,
    `Target: the entry check on plain JSON arguments adds at most ${TARGET * 100}% to the small-output mix: ${shares(smallOn, smallOff)}; without the GC before each sample ${shares(steadyOn, steadyOff)}: ${met ? 'met' : '**not met**'}. With 100 KiB outputs: ${shares(stressOn, stressOff)}.`,
  )
}
