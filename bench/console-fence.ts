// Comparison 3: `consoleFence` on outputs from 1 KiB to 64 MiB, against the
// floor the agents use today, `'```console\n' + output.trimEnd() + '\n```'`.
import { consoleFence } from '../src/acp/console-fence.js'
import { compare } from './measure.js'
import { bytes, ratio, section, table } from './table.js'

const KiB = 1024
const MiB = 1024 * KiB

// A V8 string built by `+` is a rope until something reads it; reading one
// character flattens it, the least any consumer (JSON.stringify, a socket
// write) does with it.
const flatten = (text: string): number => text.charCodeAt(text.length >> 1)

// `size` characters of log lines, flat; with `backticks`, a fence line every 64 lines.
function output(size: number, backticks: boolean): string {
  let block = ''
  for (let line = 0; block.length < 64 * KiB; line++) {
    block +=
      backticks && line % 64 === 63
        ? line % 128 === 127
          ? '`````\n'
          : '```js\n'
        : `[12:00:${String(line % 60).padStart(2, '0')}] step ${line} ok, 0 warnings\n`
  }
  const text = `${block.repeat(Math.ceil(size / block.length)).slice(0, size - 1)}\n`
  flatten(text)
  return text
}

const floor = (text: string) => `\`\`\`console\n${text.trimEnd()}\n\`\`\``

/** Runs comparison 3 and prints its table. */
export function runConsoleFence(): void {
  const rows: string[][] = []
  const perByte: Record<string, number[]> = {}
  for (const backticks of [false, true]) {
    for (const size of [KiB, MiB, 64 * MiB]) {
      const text = output(size, backticks)
      if (!backticks && consoleFence(text) !== floor(text)) throw new Error('without backtick runs consoleFence must equal the floor')
      // Enough repetitions per sample that a sample lasts milliseconds.
      const repeat = size === KiB ? 20_000 : size === MiB ? 20 : 1
      const batch = (fence: (text: string) => string, flat: boolean) => () => {
        let sink = 0
        for (let index = 0; index < repeat; index++) {
          const fenced = fence(text)
          sink += flat ? flatten(fenced) : fenced.length
        }
        return sink
      }
      const big = size === 64 * MiB
      const timing = compare(
        {
          ours: batch(consoleFence, false),
          floor: batch(floor, false),
          oursFlat: batch(consoleFence, true),
          floorFlat: batch(floor, true),
        },
        big ? { warmup: 1, samples: 3 } : { warmup: 2, samples: 9 },
      )
      const ns = (value: number) => (value * 1e6) / (repeat * size)
      const key = backticks ? 'with' : 'without'
      ;(perByte[key] ??= []).push(ns(timing.ours.median))
      rows.push([
        bytes(size),
        backticks ? 'yes' : 'no',
        ns(timing.ours.median).toFixed(4),
        ns(timing.floor.median).toFixed(4),
        ratio(timing.ours.median / timing.floor.median),
        ns(timing.oursFlat.median).toFixed(4),
        ns(timing.floorFlat.median).toFixed(4),
        ratio(timing.oursFlat.median / timing.floorFlat.median),
      ])
    }
  }
  const flatness = Object.entries(perByte)
    .map(([key, values]) => `${key} backtick runs, ns/byte at 64 MiB ÷ at 1 MiB: ${ratio(values[2] / values[1])}`)
    .join('; ')
  section(
    'Comparison 3: consoleFence, time per byte',
    'Per byte of output; 1 KiB samples batch 20,000 calls, 1 MiB 20 calls, 64 MiB one call (3 samples). "As returned" times the call alone: V8 concatenation builds a rope, so the floor does no per-byte work at all. "Flattened" also reads one character of the result, which makes V8 copy the rope into one flat string, as sending it will.',
    table(
      [
        'output',
        'backtick runs',
        'ours ns/B (as returned)',
        'floor ns/B (as returned)',
        'ours / floor',
        'ours ns/B (flattened)',
        'floor ns/B (flattened)',
        'ours / floor (flattened)',
      ],
      rows,
    ),
    `Linearity: ${flatness}.`,
  )
}
