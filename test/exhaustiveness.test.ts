// The type tests in views.test-d.ts are only worth something if they fail
// when the union changes. This compiles them with TypeScript 7 against a
// mutated copy of the vocabulary (a card added, a card removed) and checks
// that the compiler rejects the switches it should.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { failingTests as failingIn, root, typeErrors as typeErrorsIn } from './internal/mutated-typecheck.js'

// Inside the repository, so that packages resolve from its node_modules.
const work = join(root, '.exhaustiveness-tmp')

afterAll(() => rmSync(work, { recursive: true, force: true }))

// Type-checks src/ and the type tests with `views.ts` rewritten by `mutate`;
// returns the compiler's errors, naming file and line.
const typeErrors = (name: string, mutate: (views: string) => string): string[] =>
  typeErrorsIn(join(work, name), ['test/views.test-d.ts'], { 'src/views.ts': mutate })

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

const failingTests = (errors: string[]) => failingIn(errors, 'test/views.test-d.ts')

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
