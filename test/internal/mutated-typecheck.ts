// Type-checks a copy of src/ (and the given type tests) with some files
// rewritten, using TypeScript 7, and returns the compiler's errors: each
// `file(line,col): error TS…: message` with its indented continuation lines.
// Type tests are only worth something if they fail when the code changes;
// this is how the tests show that they do.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../..', import.meta.url))
const tsc = join(root, 'node_modules/typescript7/bin/tsc')

/**
 * The errors of `src/index.ts` and `typeTests` (paths from the repository
 * root) in `dir` (inside the repository, so that packages resolve from its
 * node_modules), after `edits` rewrote their files.
 */
export function typeErrors(dir: string, typeTests: readonly string[], edits: Readonly<Record<string, (text: string) => string>>): string[] {
  cpSync(join(root, 'src'), join(dir, 'src'), { recursive: true })
  for (const file of typeTests) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    cpSync(join(root, file), join(dir, file))
  }
  for (const [file, edit] of Object.entries(edits)) {
    const path = join(dir, file)
    writeFileSync(path, edit(readFileSync(path, 'utf8')))
  }
  const { compilerOptions } = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'))
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['src/index.ts', ...typeTests] }))
  try {
    execFileSync(process.execPath, [tsc, '--noEmit', '-p', '.'], { cwd: dir, encoding: 'utf8' })
    return []
  } catch (error) {
    const errors: string[] = []
    for (const line of String((error as { stdout?: string }).stdout).split('\n')) {
      if (line.includes(': error TS')) errors.push(line)
      else if (line.startsWith(' ') && errors.length > 0) errors[errors.length - 1] += `\n${line}`
    }
    return errors
  }
}

/** `text` with `search` replaced by `replacement`, failing when `search` is not found exactly once. */
export function replaceOnce(text: string, search: string, replacement: string): string {
  const at = text.indexOf(search)
  if (at === -1 || text.indexOf(search, at + 1) !== -1) throw new Error(`expected one ${JSON.stringify(search)}`)
  return text.slice(0, at) + replacement + text.slice(at + search.length)
}

/** The line number in an error (`file(12,5): …`). */
export const lineOf = (error: string): number => Number(/\((\d+),/.exec(error)?.[1])

/** The names of the `it(…)` tests of `file` that the errors fall in. */
export function failingTests(errors: readonly string[], file: string): string[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n')
  const testAt = (line: number) => {
    for (let index = line - 1; index >= 0; index--) {
      const title = /it\((['"])(.+?)\1/.exec(lines[index])
      if (title) return title[2]
    }
    return ''
  }
  return [...new Set(errors.filter((error) => error.startsWith(`${file}(`)).map((error) => testAt(lineOf(error))))]
}
