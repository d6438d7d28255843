// Comparisons 1 and 2: the corpus through our presenter, through
// claude-agent-acp's mapping, and through the hand-written floor.
import { buildCorpus, type CorpusEntry, CWD } from './corpus.js'
import { floorPass } from './hand-written-floor.js'
import { compare } from './measure.js'
import { ourPass } from './our-presenter.js'
import { bytes, ms, ratio, section, table } from './table.js'
import { theirPass } from './their-mapping.js'

type Update = { sessionUpdate?: unknown; toolCallId?: unknown }

// Every call must be announced and settled on both sides, or the race is not fair.
function assertEveryCallShown(corpus: readonly CorpusEntry[], side: string, updates: readonly Update[]): void {
  const calls = new Set<unknown>()
  const results = new Set<unknown>()
  for (const update of updates) (update.sessionUpdate === 'tool_call' ? calls : results).add(update.toolCallId)
  for (const { id } of corpus) {
    if (!calls.has(id) || !results.has(id)) throw new Error(`${side}: call ${id} has no tool_call or no tool_call_update`)
  }
}

// The floor is a floor only if it builds what we build, byte for byte.
function assertFloorMatches(ours: readonly unknown[], floor: readonly unknown[]): void {
  if (ours.length !== floor.length) throw new Error(`floor built ${floor.length} notifications, ours ${ours.length}`)
  for (let index = 0; index < ours.length; index++) {
    if (JSON.stringify(ours[index]) !== JSON.stringify(floor[index])) {
      throw new Error(`floor differs from ours at notification ${index}: ${JSON.stringify(floor[index]).slice(0, 300)}`)
    }
  }
}

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

  const rows: string[][] = []
  for (const terminalOutput of [true, false]) {
    const ours: Update[] = []
    const theirs: Update[] = []
    const floor: Update[] = []
    ourPass(corpus, terminalOutput, CWD, ours as never)
    theirPass(corpus, terminalOutput, CWD, theirs as never)
    floorPass(corpus, terminalOutput, CWD, floor as never)
    assertEveryCallShown(corpus, 'ours', ours)
    assertEveryCallShown(corpus, 'claude-agent-acp', theirs)
    assertFloorMatches(ours, floor)

    // As every comparison here, a full GC before each sample; then the steady state without it
    // (the GC deoptimises code, so each sample after it starts by optimising again; see measure.ts).
    for (const collect of [true, false]) {
      const timing = compare(
        {
          ours: () => ourPass(corpus, terminalOutput, CWD),
          theirs: () => theirPass(corpus, terminalOutput, CWD),
          floor: () => floorPass(corpus, terminalOutput, CWD),
        },
        collect ? { warmup: 3, samples: 15 } : { warmup: 2, samples: 9, collect: false },
      )
      rows.push([
        terminalOutput ? 'on' : 'off',
        collect ? 'yes' : 'no (steady state)',
        `${ours.length} / ${theirs.length} / ${floor.length}`,
        ms(timing.ours.median),
        ms(timing.theirs.median),
        ms(timing.floor.median),
        ratio(timing.ours.median / timing.theirs.median),
        ratio(timing.ours.median / timing.floor.median),
      ])
    }
  }
  section(
    'Comparison 1 and 2: 10,000 calls with their results',
    'One sample = one pass over the whole corpus (call + result for every entry); sides taken in turns; median of 15 samples after 3 warm-up passes with a full GC before every sample, and of 9 after 2 without it (steady state). Every call was checked (untimed) to give a `tool_call` and at least one `tool_call_update` on both sides, and the floor to build exactly our notifications (compared as JSON).',
    table(
      ['terminal output', 'GC before each sample', 'notifications (ours / theirs / floor)', 'ours ms', 'claude-agent-acp ms', 'floor ms', 'ours / theirs', 'ours / floor'],
      rows,
    ),
  )
}
