// One pass over large text: a Read of 100 KiB to 16 MiB through our side,
// against a floor that reads the text once and builds the same two updates.
//
// The floor, for each call: the call's `tool_call` (title, kind, location),
// then one character loop over the file's text that finds what ours must
// know of it (whether a character needs marking, the longest backtick run,
// a lone surrogate), then the fenced `tool_call_update`, the text cut to the
// output bound first. The corpus's source text holds nothing to mark, so the
// floor never marks: any cost ours has past 1x is past that one scan.
import { DEFAULT_MAX_OUTPUT_LENGTH } from '../src/lifecycle/limits.js'
import { CWD, filePath, sourceText } from './corpus.js'
import { compare } from './measure.js'
import { type MixEntry, readEntry } from './mix-corpus.js'
import { ourPass } from './our-presenter.js'
import { seededRandom } from './prng.js'
import { type Area, commandOf, loadNow, span, times, verdict } from './report.js'
import { bytes } from './table.js'

const KiB = 1024
const MiB = KiB * KiB
const SIZES = [100 * KiB, MiB, 4 * MiB, 16 * MiB]
const SAMPLES = 9

/** The target of issue 32: ours at most this many times the floor. */
export const READ_TARGET = 1.5

// What the one scan finds.
interface Facts {
  readonly mark: boolean
  readonly longestRun: number
  readonly loneSurrogate: boolean
}

function scan(text: string): Facts {
  let mark = false
  let loneSurrogate = false
  let longestRun = 0
  let run = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === 96) {
      if (++run > longestRun) longestRun = run
      continue
    }
    run = 0
    if (code >= 0x20 && code < 0x7f) continue
    if (code === 0x0a || code === 0x09) continue
    if (code < 0xa0) mark = true
    else if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(index + 1)
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) index++
      else loneSurrogate = true
    }
  }
  return { mark, longestRun, loneSurrogate }
}

function floorPass(corpus: readonly MixEntry[], sink?: unknown[]): number {
  let count = 0
  for (const entry of corpus) {
    const path = (entry.ours.args as { file_path: string }).file_path
    const call = {
      sessionUpdate: 'tool_call',
      toolCallId: entry.id,
      title: `Read ${path.startsWith(`${CWD}/`) ? path.slice(CWD.length + 1) : path}`,
      kind: 'read',
      status: 'pending',
      locations: [{ path, line: 1 }],
      rawInput: entry.ours.args,
    }
    const output = entry.output!
    const facts = scan(output)
    if (facts.mark || facts.loneSurrogate) throw new Error('the floor does not mark: the corpus holds nothing to mark')
    const text = output.endsWith('\n') ? output.slice(0, -1) : output
    const fence = facts.longestRun < 3 ? '```' : '`'.repeat(facts.longestRun + 1)
    const whole = `${fence}typescript\n${text}\n${fence}`
    const shown =
      whole.length <= DEFAULT_MAX_OUTPUT_LENGTH
        ? whole
        : `${whole.slice(0, DEFAULT_MAX_OUTPUT_LENGTH >> 1)}${whole.slice(-(DEFAULT_MAX_OUTPUT_LENGTH >> 1) + 64)}`
    const result = {
      sessionUpdate: 'tool_call_update',
      toolCallId: entry.id,
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: shown } }],
    }
    count += call.toolCallId === result.toolCallId ? 2 : 0
    sink?.push(call, result)
  }
  return count
}

// `size` characters of whole source lines, flat (a file read from disk is one flat string).
function fileText(pool: string, size: number): string {
  const text = pool.repeat(Math.ceil(size / pool.length)).slice(0, size)
  const whole = text.slice(0, text.lastIndexOf('\n') + 1)
  whole.charCodeAt(whole.length >> 1)
  return whole
}

/** Runs the read section: the area of read-size figures. */
export function runReadSize(): Area {
  const random = seededRandom(20261204)
  const pool = sourceText(random, 2 * MiB)
  const rows: string[][] = []
  const ratios: string[] = []
  let met = 0
  for (const size of SIZES) {
    const calls = Math.max(1, Math.round((4 * MiB) / size))
    const corpus = Array.from({ length: calls }, (_, index) =>
      readEntry(`toolu_${String(index).padStart(5, '0')}`, { file_path: filePath(random) }, fileText(pool, size)),
    )
    // Each side's updates built, then each sent: JSON.stringify reads every string whole, as a transport does.
    const sent = (updates: unknown[]) => updates.reduce((length: number, update) => length + JSON.stringify(update).length, 0)
    const timing = compare(
      {
        ours: () => ourPass(corpus, false, CWD),
        floor: () => floorPass(corpus),
        oursSent: () => {
          const sink: never[] = []
          ourPass(corpus, false, CWD, sink)
          return sent(sink)
        },
        floorSent: () => {
          const sink: unknown[] = []
          floorPass(corpus, sink)
          return sent(sink)
        },
      },
      { warmup: 2, samples: SAMPLES, collect: true, clock: 'cpu' },
    )
    const perMiB = (value: number) => (value / ((calls * size) / MiB)).toFixed(2)
    const ratio = timing.ours.median / timing.floor.median
    if (ratio <= READ_TARGET) met++
    ratios.push(times(ratio))
    rows.push([
      bytes(size),
      String(calls),
      perMiB(timing.ours.median),
      perMiB(timing.floor.median),
      times(ratio),
      verdict(ratio <= READ_TARGET),
      `${perMiB(timing.oursSent.median)} / ${perMiB(timing.floorSent.median)}`,
      times(timing.oursSent.median / timing.floorSent.median),
      loadNow(),
      commandOf('read'),
    ])
  }
  return {
    id: 'read',
    title: 'Read size: 100 KiB to 16 MiB',
    method: `A Read of one file of source text, no range, through \`createToolPresenter\` (call and result; terminal output off), against the anchor in the same process: a floor that builds the same two updates reading the text once (one character loop for what needs marking, the longest backtick run and lone surrogates; \`floorPass\` in \`bench/read-size.ts\`). 4 MiB of text a sample, median of ${SAMPLES} samples after 2 warm-ups, a full GC before each, CPU time (user + system). "Sent": each update also through \`JSON.stringify\`, which reads every string whole. Target: ours at most ${READ_TARGET.toFixed(1)}x the floor, and time per MiB flat (linear).`,
    header: [
      'size',
      'calls',
      'ours ms per MiB',
      'floor ms per MiB',
      'ours ÷ floor',
      `≤ ${READ_TARGET.toFixed(1)}x`,
      'built and sent, ms per MiB (ours / floor)',
      'sent: ours ÷ floor',
      'load',
      'command',
    ],
    rows,
    summary: `**Read size**: a Read of 100 KiB to 16 MiB takes ${span(ratios)} a floor that scans the text once and builds the same updates (target ${READ_TARGET.toFixed(1)}x, met in ${met} of ${rows.length} sizes).`,
  }
}
