// Comparison 5: what our unions cost a consumer's type check. A generated
// file with 50 exhaustive switches over each union, checked by TypeScript 7
// against the built declarations, next to an empty file.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { median } from './measure.js'
import { ms, section, table } from './table.js'

const root = join(import.meta.dirname, '..', '..')
const directory = join(root, 'bench', 'dist', 'type-check')
const tsc = join(root, 'node_modules', 'typescript7', 'bin', 'tsc')

function consumer(switches: number): string {
  let text = "import { assertNever, type ToolCallView, type ToolResultView } from 'tool-render-intent'\n\n"
  for (let index = 0; index < switches; index++) {
    text += `export function call${index}(view: ToolCallView): string {
  switch (view.card) {
    case 'generic':
      return view.title + (view.kind ?? '') + String(view.content?.length ?? 0)
    case 'terminal':
      return view.title + (view.cwd ?? '') + (view.description ?? '')
    case 'diff':
      return view.title + view.diffs.map((diff) => diff.path + (diff.oldText ?? '') + diff.newText).join('')
    case 'plan':
      return (view.title ?? '') + view.entries.map((entry) => entry.content).join('')
    default:
      return assertNever(view)
  }
}

export function result${index}(view: ToolResultView): string {
  switch (view.card) {
    case 'generic':
      return (view.title ?? '') + String(view.content?.length ?? 0)
    case 'terminal':
      return (view.output ?? '') + String(view.exitCode ?? view.signal ?? '')
    case 'diff':
      return view.diffs.map((diff) => diff.newText).join('') + String(view.locations?.length ?? 0)
    default:
      return assertNever(view)
  }
}

`
  }
  return text
}

function project(name: string, source: string): string {
  const folder = join(directory, name)
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'consumer.ts'), source)
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022'],
      module: 'ESNext',
      moduleResolution: 'bundler',
      strict: true,
      noEmit: true,
      types: [],
      // The consumer sees what a user installs: the built declarations.
      paths: { 'tool-render-intent': [join(root, 'dist', 'index.d.ts')] },
    },
    files: ['consumer.ts'],
  }
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2))
  return join(folder, 'tsconfig.json')
}

// Wall time of one whole `tsc --noEmit -p` process, start-up included.
function check(tsconfig: string): number {
  const start = performance.now()
  execFileSync(process.execPath, [tsc, '--noEmit', '-p', tsconfig], { stdio: 'inherit' })
  return performance.now() - start
}

/** Runs comparison 5 and prints its table. */
export function runTypeCheck(): void {
  const projects = {
    'empty file': project('empty', ''),
    'importing the unions only': project('import', "export type { ToolCallView, ToolResultView } from 'tool-render-intent'\n"),
    '50 exhaustive switches over each union': project('switches', consumer(50)),
  }
  const times: Record<string, number[]> = {}
  for (const name of Object.keys(projects)) check(projects[name as keyof typeof projects])
  for (let round = 0; round < 7; round++) {
    for (const [name, tsconfig] of Object.entries(projects)) (times[name] ??= []).push(check(tsconfig))
  }
  const empty = median(times['empty file'])
  section(
    'Comparison 5: type-check cost (TypeScript 7)',
    `\`tsc --noEmit -p\` (TypeScript ${execFileSync(process.execPath, [tsc, '--version']).toString().trim().replace('Version ', '')}), wall time of the whole process, start-up included; median of 7 runs after one warm-up run. The consumer imports \`tool-render-intent\` from the built declarations (dist/index.d.ts), strict mode, no @types.`,
    table(
      ['file', 'median ms', 'minus the empty file'],
      Object.entries(times).map(([name, values]) => [name, ms(median(values)), ms(median(values) - empty)]),
    ),
  )
}
