// The trust mark must survive the build: a bundler that sees no effect in
// stamping a function drops it, and then the built package checks every
// view of its own presenters again (no byte changes, only time).
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

type Tool = { presentCall?: unknown; presentResult?: unknown; forName?: unknown }

const root = fileURLToPath(new URL('../..', import.meta.url))

describe('the built package', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-if-needed.mjs', '--package'], { cwd: root, stdio: 'inherit' })
  })

  it('trusts its own presenters, as the sources do', async () => {
    // The shared chunk that holds the trust mark (its name is a content hash).
    const chunk = readdirSync(`${root}dist`).find(
      (file) => file.endsWith('.js') && readFileSync(`${root}dist/${file}`, 'utf8').includes('function trustPresenters('),
    )
    expect(chunk).toBeDefined()
    const { isTrustedPresenter } = (await import(pathToFileURL(`${root}dist/${chunk}`).href)) as {
      isTrustedPresenter: (present: unknown) => boolean
    }
    const { presenters, claudeCodePresenters } = (await import(pathToFileURL(`${root}dist/presenters/index.js`).href)) as {
      presenters: Tool[]
      claudeCodePresenters: Tool[]
    }
    // A family (the MCP presenter) trusts the definition it gives for each name, not itself.
    for (const tool of [...presenters, ...claudeCodePresenters].filter((tool) => tool.forName === undefined)) {
      expect(isTrustedPresenter(tool.presentCall)).toBe(true)
      if (tool.presentResult !== undefined) expect(isTrustedPresenter(tool.presentResult)).toBe(true)
    }
  })
})
