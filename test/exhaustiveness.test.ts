// The type tests in views.test-d.ts are only worth something if they fail
// when the union changes. This compiles them with TypeScript 7 against a
// mutated copy of the vocabulary (a card added, a card removed) and checks
// that the compiler rejects the switches it should.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const tsc = join(root, 'node_modules/typescript7/bin/tsc')
// Inside the repository, so that packages resolve from its node_modules.
const work = join(root, '.exhaustiveness-tmp')

afterAll(() => rmSync(work, { recursive: true, force: true }))

// Type-checks src/ and the type tests with `views.ts` rewritten by `mutate`;
// returns the compiler's error lines, naming file and line.
function typeErrors(name: string, mutate: (views: string) => string): string[] {
  const dir = join(work, name)
  cpSync(join(root, 'src'), join(dir, 'src'), { recursive: true })
  mkdirSync(join(dir, 'test'), { recursive: true })
  cpSync(join(root, 'test/views.test-d.ts'), join(dir, 'test/views.test-d.ts'))
  const views = join(dir, 'src/views.ts')
  writeFileSync(views, mutate(readFileSync(views, 'utf8')))
  const { compilerOptions } = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'))
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['src/index.ts', 'test/views.test-d.ts'] }))
  try {
    execFileSync(process.execPath, [tsc, '--noEmit', '-p', '.'], { cwd: dir, encoding: 'utf8' })
    return []
  } catch (error) {
    return String((error as { stdout?: string }).stdout)
      .split('\n')
      .filter((line) => line.includes('error TS'))
  }
}

const union = (views: string, name: string) => {
  const start = views.indexOf(`export type ${name} =`)
  return { start, end: views.indexOf('\n', start) }
}

// Adds `| { readonly card: 'table'; readonly title: string }` to a union.
const addTable = (name: string) => (views: string) => {
  const { end } = union(views, name)
  return `${views.slice(0, end)} | { readonly card: 'table'; readonly title: string }${views.slice(end)}`
}

// Drops the member `member` (such as `DiffCallView`) from a union.
const drop = (name: string, member: string) => (views: string) => {
  const { start, end } = union(views, name)
  const line = views.slice(start, end)
  if (!line.includes(` | ${member}`)) throw new Error(`${member} is not a later member of ${name}`)
  return views.slice(0, start) + line.replace(` | ${member}`, '') + views.slice(end)
}

const lineOf = (error: string) => Number(/\((\d+),/.exec(error)?.[1])
const typeTests = readFileSync(join(root, 'test/views.test-d.ts'), 'utf8').split('\n')
const testAt = (line: number) => {
  for (let index = line - 1; index >= 0; index--) {
    const title = /it\('([^']+)'/.exec(typeTests[index])
    if (title) return title[1]
  }
  return ''
}
const failingTests = (errors: string[]) => [...new Set(errors.filter((error) => error.startsWith('test/')).map((error) => testAt(lineOf(error))))]

describe('the exhaustiveness type tests', () => {
  it('pass against the real vocabulary', () => {
    expect(typeErrors('unchanged', (views) => views)).toEqual([])
  })

  it('fail where a call switch or match misses a card that was added', () => {
    expect(failingTests(typeErrors('call-added', addTable('ToolCallView')))).toEqual([
      'compiles when every call card has an arm',
      'compiles when every card is matched',
    ])
  })

  it('fail where a result switch or match misses a card that was added', () => {
    expect(failingTests(typeErrors('result-added', addTable('ToolResultView')))).toEqual([
      'compiles when every result card has an arm',
      'compiles when every card is matched',
    ])
  })

  it('fail where a switch names a card that was removed', () => {
    const failing = failingTests(typeErrors('call-removed', drop('ToolCallView', 'DiffCallView')))
    expect(failing).toContain('compiles when every call card has an arm')
    expect(failing).toContain('does not compile when a call card has no arm')
  })

  it('fail where a switch names the plan card once it is removed, and where a switch without it expected an error', () => {
    const failing = failingTests(typeErrors('plan-removed', drop('ToolCallView', 'PlanCallView')))
    expect(failing).toContain('compiles when every call card has an arm')
    expect(failing).toContain('does not compile when the plan card has no arm')
    expect(failing).toContain('compiles when every card is matched')
  })
})
