// Comparisons 1 and 2: the corpus through our presenter, through
// claude-agent-acp (its bare functions, and its agent's code around them),
// and through the hand-written floor, in both heap regimes.
import { buildCorpus, type CorpusEntry } from './corpus.js'
import { compare } from './measure.js'
import { checkSides, type Regime } from './sides.js'
import { sidesOf } from './sides.js'
import { bytes, ms, ratio, section, table } from './table.js'

function describeCorpus(corpus: readonly CorpusEntry[]): string {
  const rows = new Map<string, { count: number; chars: number }>()
  let total = 0
  for (const entry of corpus) {
    const row = rows.get(entry.kind) ?? { count: 0, chars: 0 }
    const args = entry.ours.args as { content?: string }
    let chars = typeof args.content === 'string' ? args.content.length : 0
    for (const block of entry.ours.result.content) if (block.type === 'text') chars += block.text.length
    row.count++
    row.chars += chars
    total += chars
    rows.set(entry.kind, row)
  }
  return table(
    ['tool', 'calls', 'text in arguments and results'],
    [...[...rows].map(([kind, row]) => [kind, String(row.count), bytes(row.chars)]), ['all', String(corpus.length), bytes(total)]],
  )
}

/** Runs comparisons 1 and 2 and prints their tables. */
export function runAgentsMapping(): void {
  const started = performance.now()
  const corpus = buildCorpus()
  section('Corpus', `Seeded, built in ${ms(performance.now() - started)} ms (untimed):`, describeCorpus(corpus))

  // Both dropped rows first, then the checks (which keep every update) and
  // the retained rows: once updates survive, V8 pretenures their allocation
  // sites for the rest of the process (see Heap regimes).
  const time = (terminalOutput: boolean, regime: Regime) =>
    compare(sidesOf(corpus, terminalOutput, regime), { warmup: 2, samples: 9, collect: false })
  // The todo lists alone, passed over as many times as make about 10,000 calls: the plan's own cost.
  const todos = corpus.filter((entry) => entry.kind === 'todo')
  const todoRepeat = Math.round(corpus.length / todos.length)
  const timeTodos = (terminalOutput: boolean, regime: Regime) =>
    compare(sidesOf(todos, terminalOutput, regime, todoRepeat), { warmup: 3, samples: 21, collect: false })
  const dropped = [time(true, 'dropped'), time(false, 'dropped')]
  const todoDropped = timeTodos(false, 'dropped')
  const rows: string[][] = []
  for (const terminalOutput of [true, false]) {
    const counts = checkSides(corpus, terminalOutput)
    for (const regime of ['dropped', 'retained'] as Regime[]) {
      const timing = regime === 'dropped' ? dropped[terminalOutput ? 0 : 1] : time(terminalOutput, regime)
      rows.push([
        terminalOutput ? 'on' : 'off',
        regime,
        `${counts.ours} / ${counts.wrapped} / ${counts.floor}`,
        ms(timing.ours.median),
        ms(timing.bare.median),
        ms(timing.wrapped.median),
        ms(timing.floor.median),
        ratio(timing.ours.median / timing.bare.median),
        ratio(timing.ours.median / timing.wrapped.median),
        ratio(timing.ours.median / timing.floor.median),
      ])
    }
  }
  section(
    'Comparison 1 and 2: 10,000 calls with their results',
    'One sample = one pass over the whole corpus (call + result for every entry); the five sides taken in turns, the order rotated every round; median of 9 samples after 2 warm-up passes, no forced GC (garbage is collected when it falls due, in whichever side\'s time). "Bare" is claude-agent-acp\'s mapping functions alone; "wrapped" is its agent\'s code around them, building the updates it sends. Every call was checked (untimed) to give a `tool_call` and a `tool_call_update` (a todo list: one `plan` and no tool card) on our side and the wrapped one, and the floor to build exactly our notifications (compared as JSON).',
    table(
      [
        'terminal output',
        'outputs',
        'updates (ours / wrapped / floor)',
        'ours ms',
        'bare ms',
        'wrapped ms',
        'floor ms',
        'ours / bare',
        'ours / wrapped',
        'ours / floor',
      ],
      rows,
    ),
  )
  checkSides(todos, false)
  const todoRows = [
    ['dropped', todoDropped],
    ['retained', timeTodos(false, 'retained')],
  ].map(([regime, timing]) => {
    const t = timing as ReturnType<typeof timeTodos>
    const worse = t.ours.median / t.floor.median
    const guarded = t.ours.median / t.guarded.median
    return [
      regime as string,
      ms(t.ours.median),
      ms(t.bare.median),
      ms(t.floor.median),
      ms(t.guarded.median),
      ratio(t.ours.median / t.bare.median),
      ratio(worse),
      ratio(guarded),
      worse <= 2 ? 'yes' : '**no**',
      guarded <= 2 ? 'yes' : '**no**',
    ]
  })
  section(
    'The todo plan',
    `The corpus's ${todos.length} todo lists alone (a \`plan\` update each, no tool card), passed over ${todoRepeat} times a sample, median of 21 samples after 3 warm-ups, no forced GC, checked as above. Target: at most 2.0x the floor; the guarded floor (bench/guarded-floor.ts) does the same safe work as ours (each list's shape checked by hand, the arguments walked for JSON-safety, each entry Markdown-escaped, marked and bounded).`,
    table(
      [
        'outputs',
        'ours ms',
        'bare ms',
        'floor ms',
        'guarded floor ms',
        'ours / bare',
        'ours / floor',
        'ours / guarded floor',
        'at most 2.0x the floor',
        'at most 2.0x the guarded floor',
      ],
      todoRows,
    ),
  )
}
