// The built package as a user loads it: the ESM build by `import`, the
// CommonJS build by `require`, in one process, as a project that mixes both
// does. An error from one build must be recognised by the other.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

describe('the ESM and CommonJS builds together', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-if-needed.mjs', '--package'], { cwd: root, stdio: 'inherit' })
  })

  it('recognise each other’s InvalidViewError', async () => {
    const esm = await import(`${root}dist/index.js`)
    const cjs = createRequire(import.meta.url)(`${root}dist/index.cjs`)
    expect(esm.InvalidViewError).not.toBe(cjs.InvalidViewError)
    let thrown: unknown
    try {
      cjs.parseToolCallView({ card: 'table' })
    } catch (error) {
      thrown = error
    }
    expect(thrown instanceof esm.InvalidViewError).toBe(true)
    expect(new esm.InvalidViewError('card', 'x') instanceof cjs.InvalidViewError).toBe(true)
  })
})
