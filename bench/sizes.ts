// Sizes: every entry of `.size-limit.json`, measured by size-limit itself
// (min+gzip, as `npm run size` checks them), each against its limit.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type Area, commandOf, loadNow, times, verdict } from './report.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

interface Limit {
  readonly name: string
  readonly path: string
  readonly import?: string
  readonly ignore?: readonly string[]
  readonly limit: string
}

interface Measured {
  readonly name: string
  readonly size: number
  readonly passed: boolean
}

// A short label: the entry point, what is imported, what is left out.
function labelOf(entry: Limit): string {
  const point = entry.path.replace(/^dist\//, '').replace(/\/?index\.js$/, '') || 'core'
  const imported = entry.import && entry.import !== '*' ? ` ${entry.import}` : ''
  const left = entry.ignore?.length ? ` without ${entry.ignore.join(', ')}` : ''
  return `\`${point}\`${imported}${left}`
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`

/** Runs the sizes section. */
export function runSizes(): Area {
  const limits = JSON.parse(readFileSync(`${root}/.size-limit.json`, 'utf8')) as Limit[]
  const child = spawnSync(process.execPath, [`${root}/node_modules/size-limit/bin.js`, '--json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  })
  const measured = JSON.parse(child.stdout) as Measured[]
  const load = loadNow()
  const rows: string[][] = []
  const shown: string[] = []
  let met = 0
  for (const entry of limits) {
    const found = measured.find((item) => item.name === entry.name)
    if (!found) throw new Error(`size-limit gave no size for ${entry.name}`)
    const limit = Number.parseFloat(entry.limit) * (entry.limit.endsWith('kB') ? 1000 : 1)
    const ok = found.size <= limit
    if (ok) met++
    shown.push(`${labelOf(entry)} ${kB(found.size)}`)
    rows.push([labelOf(entry), kB(found.size), kB(limit), times(found.size / limit), verdict(ok), load, commandOf('sizes')])
  }
  return {
    id: 'sizes',
    title: 'Sizes',
    method:
      "Every entry of `.size-limit.json`, measured by size-limit (`@size-limit/preset-small-lib`: esbuild, minified, gzip) on the built `dist/`, as `npm run size` checks it. The anchor is the entry's limit (a limit grows only in a commit that names, in the CHANGELOG, the feature it pays for); kB is 1,000 bytes.",
    header: ['entry point', 'min+gzip', 'limit', '÷ limit', 'within the limit', 'load', 'command'],
    rows,
    summary: `**Sizes**, min+gzip: ${shown.join(', ')} (within the limit: ${met} of ${rows.length}).`,
  }
}
