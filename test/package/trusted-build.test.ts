// The built package trusts its own presenters as the sources do: a bundler
// that dropped the trust mark would leave every update checked twice, and a
// long result scanned whole (about 50 ms for 100 Mi code units of output).
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

interface Built {
  createToolPresenter(options: object): {
    call(id: string, name: string, args: unknown): unknown[]
    result(id: string, result: unknown): unknown[]
  }
}

// A lone surrogate in a file read: a trusted presenter's result is scanned on the
// way out (the update did not serialise), an untrusted one's on the way in.
function readReport(acp: Built, tools: unknown): string {
  const reports: string[] = []
  const presenter = acp.createToolPresenter({
    tools,
    cwd: '/repo',
    onError: (report: { error: Error }) => reports.push(report.error.message),
  })
  presenter.call('r1', 'read', { file_path: '/repo/a.ts' })
  presenter.result('r1', { content: [{ type: 'text', text: 'half \udc00' }] })
  return reports.join('\n')
}

describe('the built package', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-if-needed.mjs', '--package'], { cwd: root, stdio: 'inherit' })
  })

  it('trusts its own presenters in the ESM build', async () => {
    const acp = (await import(`${root}dist/acp/index.js`)) as Built
    const { presenters } = await import(`${root}dist/presenters/index.js`)
    expect(readReport(acp, presenters)).toMatch(/the update did not serialise/)
  })

  it('trusts its own presenters in the CommonJS build', () => {
    const require = createRequire(import.meta.url)
    const acp = require(`${root}dist/acp/index.cjs`) as Built
    const { presenters } = require(`${root}dist/presenters/index.cjs`)
    expect(readReport(acp, presenters)).toMatch(/the update did not serialise/)
  })
})
