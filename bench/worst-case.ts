// Each fidelity rule's worst case, per client kind: what one call with the
// most hostile input for that rule sends (JSON bytes, UTF-8) and costs (CPU
// time), as ratios against one benign call of the same shape measured in the
// same process. The benign call: a `bash` command with a short description
// streaming 1 MiB of plain text, then its result.
import { KINDS, type Kind, presenterFor } from './client-kinds.js'
import { compare } from './measure.js'
import { bytes, ms, ratio, section, table } from './table.js'

const MIB = 1024 * 1024
const PIECE = 16 * 1024
const repeatTo = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)

const PLAIN_OUTPUT = repeatTo('ok 12 - renders the card as the user sees it\n', MIB)
// Clipboard writes, colours, screen clears, mode switches, nothing else.
const ESCAPE_OUTPUT = repeatTo('\u001b]52;c;cm0gLXJmIH4=\u0007\u001b[31m\u001b[2J\u001b[?1049h\u001b]0;t\u0007', MIB)
// U+202E: one code unit, eight as a marker (`<U+202E>`), the most any character grows.
const BIDI_OUTPUT = '\u202e'.repeat(MIB)
const DESCRIPTION_LENGTH = 4096

function deepArray(depth: number): unknown {
  let value: unknown = 1
  for (let level = 0; level < depth; level++) value = [value]
  return value
}

/** One call: its arguments and the output it streams, then its result. */
interface Scenario {
  readonly rule: string
  readonly input: string
  readonly tool: string
  readonly args: unknown
  readonly output: string
}

const benignArgs = { command: 'npm test', description: 'Run the tests' }

const SCENARIOS: readonly Scenario[] = [
  { rule: 'baseline', input: '1 MiB plain output', tool: 'bash', args: benignArgs, output: PLAIN_OUTPUT },
  { rule: 'nothing hidden', input: '1 MiB of escape sequences as output', tool: 'bash', args: benignArgs, output: ESCAPE_OUTPUT },
  { rule: 'nothing hidden', input: '1 MiB of U+202E as output (marker expansion)', tool: 'bash', args: benignArgs, output: BIDI_OUTPUT },
  {
    rule: 'nothing hidden, bound',
    input: `a description of ${DESCRIPTION_LENGTH} U+202E (its bound, marked)`,
    tool: 'bash',
    args: { command: 'npm test', description: '\u202e'.repeat(DESCRIPTION_LENGTH) },
    output: PLAIN_OUTPUT,
  },
  {
    rule: 'literal Markdown, bound',
    input: `a description of ${DESCRIPTION_LENGTH} Markdown specials`,
    tool: 'bash',
    args: { command: 'npm test', description: repeatTo('*_[`<~^\\', DESCRIPTION_LENGTH) },
    output: PLAIN_OUTPUT,
  },
  {
    rule: 'nothing hidden',
    input: 'a command of 1 MiB U+202E (title, prompt)',
    tool: 'bash',
    args: { command: BIDI_OUTPUT, description: 'Run the tests' },
    output: PLAIN_OUTPUT,
  },
  { rule: 'JSON safety', input: 'an argument of 1 MiB', tool: 'job_list', args: { data: 'x'.repeat(MIB) }, output: '' },
  { rule: 'JSON safety', input: 'arguments nested 100,000 deep', tool: 'job_list', args: { deep: deepArray(100_000) }, output: '' },
  {
    rule: 'nothing hidden',
    input: 'a plan of 1,000 entries of 1,000 U+202E',
    tool: 'todo_write',
    args: { todos: Array.from({ length: 1000 }, () => ({ content: '\u202e'.repeat(1000), status: 'pending', activeForm: 'x' })) },
    output: '',
  },
]

// One call as a harness runs it; every update serialised, as sending does. Returns the UTF-8 bytes sent.
function runOnce(kind: Kind, scenario: Scenario, counted?: { updates: number }): number {
  let time = 0
  const presenter = presenterFor(kind, () => time)
  let sent = 0
  const send = (updates: readonly object[]) => {
    for (const update of updates) sent += Buffer.byteLength(JSON.stringify(update))
    if (counted) counted.updates += updates.length
  }
  send(presenter.call('w', scenario.tool, scenario.args))
  send(presenter.start('w'))
  const output = scenario.output
  // 64 pieces, 100 ms apart: a client without terminals gets a snapshot a second.
  for (let at = 0; at < output.length; at += PIECE) {
    time += 100
    send(presenter.output('w', output.slice(at, at + PIECE)))
  }
  send(presenter.result('w', { content: [{ type: 'text', text: output || 'done' }] } as never))
  return sent
}

/** Runs the section and prints its table. */
export function runWorstCase(): void {
  const cells: string[][] = SCENARIOS.map((scenario) => [scenario.rule, scenario.input])
  for (const kind of KINDS) {
    const sent = SCENARIOS.map((scenario) => {
      const counted = { updates: 0 }
      return { bytes: runOnce(kind, scenario, counted), updates: counted.updates }
    })
    const sides = Object.fromEntries(SCENARIOS.map((scenario, index) => [String(index), () => runOnce(kind, scenario)]))
    const timing = compare(sides, { warmup: 1, samples: 5, clock: 'cpu' })
    const base = { bytes: sent[0].bytes, ms: timing['0'].median }
    SCENARIOS.forEach((_, index) => {
      const time = timing[String(index)].median
      cells[index].push(
        index === 0
          ? `${bytes(base.bytes)} in ${sent[0].updates}, ${ms(base.ms)} ms`
          : `${ratio(sent[index].bytes / base.bytes)} (${bytes(sent[index].bytes)} in ${sent[index].updates}), ${ratio(time / base.ms)}`,
      )
    })
  }
  section(
    "Each rule's worst case, per client kind",
    'One call per row: `call`, `start`, the output in pieces of 16 KiB 100 ms apart on a fake clock (a client without terminals gets a snapshot a second), the result with the whole output as its text. Each cell: JSON bytes sent (UTF-8) as a ratio to the baseline call of the same client kind (bytes and updates in brackets), then CPU time as a ratio to the baseline, median of 5 samples taken in turns in the same process. The baseline cell gives its own bytes, updates and CPU ms. Default options (`maxOutputLength` 4 Mi code units).',
    table(['rule', 'hostile input', ...KINDS], cells),
  )
}
