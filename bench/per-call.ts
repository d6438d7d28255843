// The per-call targets of issue 27 (item 8): read, write, edit, bash and the
// todo plan, for outputs up to 1 KiB and up to 10 KiB, terminal output on
// and off, in both heap regimes, against the code claude-agent-acp's agent
// runs per call (at most 1.0x) and against the guarded floor (at most 2.0x).
import type { CorpusEntry } from './corpus.js'
import { compare, type Timing } from './measure.js'
import { buildMixCorpus, buildTodoCorpus } from './mix-corpus.js'
import { type Area, commandOf, loadNow, span, times, verdict } from './report.js'
import { checkSides, type Regime, work } from './sides.js'
import { THEIR_AGENT_VERSION } from './their-agent.js'

const KiB = 1024
const TOOLS = ['read', 'write', 'edit', 'bash', 'todo'] as const
type Tool = (typeof TOOLS)[number]
const SIZES = [KiB, 10 * KiB] as const
const REGIMES: readonly Regime[] = ['dropped', 'retained']

/** The targets: ours at most this many times each anchor. */
export const PER_CALL_TARGETS = { agent: 1.0, guarded: 2.0 }

/** The calls of a row, at most this many (a sample passes over them as many times as make about SAMPLE_MS). */
const MAX_CALLS = 2000
const SAMPLE_MS = 20
const SAMPLES = 11

const THEIR_VERSION = THEIR_AGENT_VERSION

const SIDES = ['ours', 'agent', 'guarded'] as const
type Side = (typeof SIDES)[number]

interface Row {
  readonly tool: Tool
  readonly size: number
  readonly terminalOutput: boolean
  readonly calls: readonly CorpusEntry[]
  /** Passes per sample, per side: as many as make each side's sample last about SAMPLE_MS of CPU. */
  readonly repeat: Record<Side, number>
}

function corpusOf(size: number): Map<Tool, CorpusEntry[]> {
  const mix = buildMixCorpus(size === KiB ? 'small' : 'medium', size === KiB ? 10_000 : 6000)
  const byTool = new Map<Tool, CorpusEntry[]>()
  for (const tool of TOOLS)
    byTool.set(tool, tool === 'todo' ? buildTodoCorpus(size, 500) : mix.filter((entry) => entry.kind === tool).slice(0, MAX_CALLS))
  return byTool
}

const cpuNow = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

// Passes per sample for one side: as many as make its sample last about SAMPLE_MS of CPU (after warming it).
function repeatFor(side: Side, calls: readonly CorpusEntry[], terminalOutput: boolean): number {
  const once = work(side, calls, terminalOutput, 'dropped')
  for (let round = 0; round < 3; round++) once()
  const start = cpuNow()
  once()
  once()
  const ms = Math.max((cpuNow() - start) / 2, 0.01)
  return Math.max(1, Math.min(400, Math.round(SAMPLE_MS / ms)))
}

const sidesFor = (row: Row, regime: Regime) =>
  Object.fromEntries(SIDES.map((side) => [side, work(side, row.calls, row.terminalOutput, regime, row.repeat[side])])) as Record<
    Side,
    () => unknown
  >

/** Runs the section: the area of per-call figures. */
export function runPerCall(): Area {
  const rows: Row[] = []
  for (const size of SIZES) {
    const corpus = corpusOf(size)
    for (const tool of TOOLS)
      for (const terminalOutput of [true, false]) {
        const calls = corpus.get(tool)!
        const repeat = Object.fromEntries(SIDES.map((side) => [side, repeatFor(side, calls, terminalOutput)])) as Record<Side, number>
        rows.push({ tool, size, terminalOutput, calls, repeat })
      }
  }
  // Every row in the dropped regime first, then the checks (which keep every
  // update) and the retained rows: once updates survive, V8 pretenures their
  // allocation sites for the rest of the process, and a "dropped" row timed
  // after that would not be in the dropped regime.
  const timed = new Map<Row, Partial<Record<Regime, { timing: Record<Side, Timing>; load: string }>>>()
  for (const regime of REGIMES)
    for (const row of rows) {
      if (regime === 'retained') checkSides(row.calls, row.terminalOutput)
      const timing = compare(sidesFor(row, regime), { warmup: 2, samples: SAMPLES, collect: false, clock: 'cpu' })
      timed.set(row, { ...timed.get(row), [regime]: { timing, load: loadNow() } })
    }

  // µs per call with its result, each side's sample divided by its own passes.
  const perCall = (row: Row, timing: Record<Side, Timing>, side: Side) =>
    (timing[side].median * 1000) / (row.calls.length * row.repeat[side])
  const us = (value: number) => value.toFixed(2)
  const cells: string[][] = []
  const agentRatios = new Map<Tool, string[]>()
  const guardedRatios = new Map<Tool, string[]>()
  let agentMet = 0
  let guardedMet = 0
  for (const row of rows)
    for (const regime of REGIMES) {
      const { timing, load } = timed.get(row)![regime]!
      const ours = perCall(row, timing, 'ours')
      const agent = ours / perCall(row, timing, 'agent')
      const guarded = ours / perCall(row, timing, 'guarded')
      if (agent <= PER_CALL_TARGETS.agent) agentMet++
      if (guarded <= PER_CALL_TARGETS.guarded) guardedMet++
      agentRatios.set(row.tool, [...(agentRatios.get(row.tool) ?? []), times(agent)])
      guardedRatios.set(row.tool, [...(guardedRatios.get(row.tool) ?? []), times(guarded)])
      cells.push([
        row.tool === 'todo' ? 'todo plan' : row.tool,
        `up to ${row.size / KiB} KiB`,
        row.terminalOutput ? 'on' : 'off',
        regime,
        `${row.calls.length} × ${SIDES.map((side) => row.repeat[side]).join(' / ')}`,
        us(ours),
        us(perCall(row, timing, 'agent')),
        times(agent),
        verdict(agent <= PER_CALL_TARGETS.agent),
        us(perCall(row, timing, 'guarded')),
        times(guarded),
        verdict(guarded <= PER_CALL_TARGETS.guarded),
        load,
        commandOf('calls'),
      ])
    }
  const total = rows.length * REGIMES.length
  const each = (ratios: Map<Tool, string[]>) =>
    TOOLS.map((tool) => `${tool === 'todo' ? 'the todo plan' : tool} ${span(ratios.get(tool) ?? [])}`).join(', ')
  return {
    id: 'calls',
    title: 'Per call: read, write, edit, bash and the todo plan',
    method: [
      `Each row: one tool's calls (call and result each, through \`createToolPresenter\` from the built package, each pass a fresh session), their arguments and outputs up to 1 KiB (the small mix, seed 20261202; 20% of commands silent, 15% failing, 5% in the background) or up to 10 KiB (the same mix, longer texts); todo lists of 3-10 entries (up to 1 KiB of text) or 3-40 (up to 10 KiB).`,
      `Two anchors, timed in turns with ours in the same process (the order rotated every round; median of ${SAMPLES} samples after 2 warm-ups, no forced GC; the process's CPU time, user + system, which time slices lost to other processes do not inflate; a side's sample passes over the row's calls as many times as make it last about ${SAMPLE_MS} ms, the counts after the ×, so a fast anchor is not timed on a sample too short to time):`,
      `**claude-agent-acp ${THEIR_VERSION}'s agent code** (\`bench/their-agent.ts\`): its own \`toAcpNotifications\`, called as its agent calls it, for the message with the \`tool_use\` block and for the one with the \`tool_result\` block and the tool's structured result (the session's tool-use cache and hooks kept across the pass; the PostToolUse hook's diff for Edit and Write, which its agent runs asynchronously, left out, so this side does less than its agent; installed in \`bench/anchor\` without its optional Claude Code binary; its \`engines\` asks for Node 22, and the code timed here runs as is on Node 20); target ours at most ${PER_CALL_TARGETS.agent.toFixed(1)}x.`,
      `**The guarded floor** (\`bench/guarded-floor.ts\`): our very bytes built by hand, with the safe work a hand-written bridge must do on hostile input (argument guards, JSON-safety walks, titles marked, escaped and bounded, output bounded and sanitised, the texts sent as written (diffs, a read's raw input) scanned for characters that hide, with the warning ours sends where any stand); target ours at most ${PER_CALL_TARGETS.guarded.toFixed(1)}x.`,
      `"dropped": each sample's updates are garbage as soon as they are built; "retained": every update of a sample is kept until the next one (V8 then pretenures their allocation sites); every dropped row is timed before any retained row or check. Every row is checked untimed before its retained sample: every call announced and settled on both sides, the guarded floor byte for byte ours. µs/call is per call with its result.`,
    ].join('\n\n'),
    header: [
      'tool',
      'texts',
      'terminal output',
      'heap',
      'calls × passes (ours / agent / floor)',
      'ours µs/call',
      `claude-agent-acp ${THEIR_VERSION} agent µs/call`,
      'ours ÷ agent',
      `≤ ${PER_CALL_TARGETS.agent.toFixed(1)}x`,
      'guarded floor µs/call',
      'ours ÷ guarded floor',
      `≤ ${PER_CALL_TARGETS.guarded.toFixed(1)}x`,
      'load',
      'command',
    ],
    rows: cells,
    summary: `**Per call** (texts up to 1 KiB and up to 10 KiB, terminal output on and off, both heap regimes): against the code claude-agent-acp ${THEIR_VERSION}'s agent runs, ${each(agentRatios)} (target ${PER_CALL_TARGETS.agent.toFixed(1)}x, met in ${agentMet} of ${total} rows); against the guarded floor, ${each(guardedRatios)} (target ${PER_CALL_TARGETS.guarded.toFixed(1)}x, met in ${guardedMet} of ${total}).`,
  }
}
