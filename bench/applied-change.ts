// Comparison 4: the applied-change meta on files from 10 KiB to 10 MiB:
// time, heap growth across one call, and the size bound.
import { PerformanceObserver, performance } from 'node:perf_hooks'
import { type AppliedChangeMeta, computeEditMeta, computeWriteMeta } from 'tool-render-intent/presenters'
import { collectGarbage, compare } from './measure.js'
import { bytes, ms, section, table } from './table.js'

// The default `maxLength` of the applied-change functions: 10 MiB of UTF-16 code units.
const DEFAULT_MAX_LENGTH = 10 * 1024 * 1024

const KiB = 1024
const MiB = 1024 * KiB

// `size` characters of numbered source lines, each line unique.
function file(size: number): string {
  const lines: string[] = []
  let length = 0
  for (let line = 0; length < size; line++) {
    const text = `  const value${line} = compute(${line}, 'alpha') // line ${line}`
    lines.push(text)
    length += text.length + 1
  }
  const text = `${lines.join('\n')}\n`
  return text.length > size ? `${text.slice(0, size - 1)}\n` : text
}

// `size` characters with `sites` occurrences of MARK evenly spread.
const MARK = '__SITE__'
function fileWithSites(size: number, sites: number): string {
  const base = file(size - sites * MARK.length)
  const step = Math.floor(base.length / sites)
  let text = ''
  for (let site = 0; site < sites; site++) {
    const end = site === sites - 1 ? base.length : (site + 1) * step
    const cut = base.indexOf('\n', site * step) + 1
    text += base.slice(site * step, cut) + MARK + base.slice(cut, end)
  }
  return text
}

// Lines changed in place, length kept (so 10 MiB stays within the bound):
// every `every`-th line says omega instead of alpha.
function overwrite(before: string, every: number): string {
  const lines = before.split('\n')
  for (let index = every >> 1; index < lines.length - 1; index += every) lines[index] = lines[index].replace('alpha', 'omega')
  return lines.join('\n')
}

// When each collection started; entries arrive asynchronously, so a call's
// collections are counted afterwards by their start time.
const collectionStarts: number[] = []
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) collectionStarts.push(entry.startTime)
})

interface Memory {
  growth: number
  retained: number
  collections: number
}

// Heap after one call minus heap before it, from a collected heap: all the
// call allocated (garbage included) when no collection ran in between, which
// `collections` says. `retained` is what is still held once collected: the meta.
async function memoryOf(work: () => AppliedChangeMeta): Promise<Memory> {
  collectGarbage()
  await new Promise((resolve) => setImmediate(resolve))
  const before = process.memoryUsage().heapUsed
  const start = performance.now()
  const meta = work()
  const end = performance.now()
  const after = process.memoryUsage().heapUsed
  await new Promise((resolve) => setTimeout(resolve, 20))
  const collections = collectionStarts.filter((time) => time >= start && time <= end).length
  collectGarbage()
  const retained = process.memoryUsage().heapUsed - before
  if (!meta) throw new Error('unreachable')
  return { growth: after - before, retained, collections }
}

const describe = (meta: AppliedChangeMeta) =>
  'skipped' in meta ? `skipped: ${meta.skipped}` : `${meta.hunks.length} hunk${meta.hunks.length === 1 ? '' : 's'}`

/** Runs comparison 4 and prints its tables. */
export async function runAppliedChange(): Promise<void> {
  observer.observe({ entryTypes: ['gc'] })
  const cases: { name: string; size: number; input: string; work: () => AppliedChangeMeta }[] = []
  for (const size of [10 * KiB, MiB, 10 * MiB]) {
    // Replacements keep the length, so a 10 MiB file stays within the bound.
    const one = file(size)
    const middle = one.indexOf('\n', one.length >> 1) + 1
    const oldString = one.slice(middle, one.indexOf('\n', middle))
    cases.push({
      name: 'computeEditMeta, one edit',
      size,
      input: one,
      work: () => computeEditMeta(one, { old_string: oldString, new_string: oldString.replace('alpha', 'omega') }),
    })
    const many = fileWithSites(size, 1000)
    cases.push({
      name: 'computeEditMeta, replace_all, 1,000 sites',
      size,
      input: many,
      work: () => computeEditMeta(many, { old_string: MARK, new_string: '__DONE__', replace_all: true }),
    })
    const few = overwrite(one, Math.max(2, Math.floor(one.split('\n').length / 3)))
    cases.push({ name: 'computeWriteMeta, overwrite, few lines changed', size, input: one, work: () => computeWriteMeta(one, few) })
    const lots = overwrite(one, 10)
    cases.push({ name: 'computeWriteMeta, overwrite, every 10th line changed', size, input: one, work: () => computeWriteMeta(one, lots) })
  }

  const rows: string[][] = []
  for (const entry of cases) {
    if (entry.input.length > DEFAULT_MAX_LENGTH) throw new Error(`${entry.name}: input past the bound`)
    const big = entry.size >= 10 * MiB
    const timing = compare({ run: entry.work }, big ? { warmup: 1, samples: 3 } : { warmup: 3, samples: 9 })
    const memory = await memoryOf(entry.work)
    rows.push([
      entry.name,
      bytes(entry.size),
      describe(entry.work()),
      ms(timing.run.median),
      bytes(memory.growth),
      String(memory.collections),
      bytes(Math.max(0, memory.retained)),
    ])
  }
  observer.disconnect()

  const past = `${file(10 * MiB)}x`
  const bound: string[][] = [
    ['computeEditMeta on 10 MiB + 1 char', describe(computeEditMeta(past, { old_string: 'value1 ', new_string: 'v1 ' }))],
    [
      'computeEditMeta growing a 10 MiB file by 1 char',
      describe(computeEditMeta(file(10 * MiB), { old_string: 'value1 ', new_string: 'value1  ' })),
    ],
    ['computeWriteMeta creating 10 MiB + 1 char', describe(computeWriteMeta(null, past))],
    ['computeWriteMeta overwriting 10 MiB with 10 MiB + 1 char', describe(computeWriteMeta(file(10 * MiB), past))],
  ]
  for (const [name, outcome] of bound) if (outcome !== 'skipped: too-large') throw new Error(`size bound broken: ${name} gave ${outcome}`)

  section(
    'Comparison 4: applied-change meta',
    `Median of 9 samples (3 at 10 MiB). Heap growth = \`process.memoryUsage().heapUsed\` right after one call minus right before it, from a collected heap: everything the call allocated, garbage included, as long as no collection ran during the call ("GCs during" counts those, from the \`gc\` performance entries; with one or more, growth is a lower bound). Retained = what is still held after a full collection (the meta itself; its strings may be slices of the input).`,
    table(['case', 'file', 'outcome', 'median ms', 'heap growth', 'GCs during', 'retained'], rows),
    `Size bound (default 10 MiB of UTF-16 code units):\n\n${table(['input', 'outcome'], bound)}`,
  )
}
