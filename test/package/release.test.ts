// A release has its notes: scripts/check-release.mjs (run by CI and by the
// release workflow before `npm publish`) finds a dated CHANGELOG section for
// package.json's version, under an `## [Unreleased]` heading, and checks the
// pushed tag and the repository npm provenance is checked against.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const script = join(root, 'scripts/check-release.mjs')
const manifest = readFileSync(join(root, 'package.json'), 'utf8')
const { version, repository } = JSON.parse(manifest)
// owner/name, as GITHUB_REPOSITORY gives it.
const home = /github\.com\/([^/]+\/[^/]+?)\.git$/.exec(repository.url)![1]!
const temp = mkdtempSync(join(tmpdir(), 'tool-render-intent-release-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

const check = (args: string[], changelog?: string, packageVersion = version) => {
  writeFileSync(join(temp, 'package.json'), manifest.replace(`"version": "${version}"`, `"version": "${packageVersion}"`))
  writeFileSync(join(temp, 'CHANGELOG.md'), changelog ?? readFileSync(join(root, 'CHANGELOG.md'), 'utf8'))
  return spawnSync(process.execPath, [script, '--root', temp, ...args], { encoding: 'utf8' })
}

describe('the CHANGELOG has a section for the version being released', () => {
  it('holds for this repository', () => {
    expect(spawnSync(process.execPath, [script], { encoding: 'utf8' }).status).toBe(0)
  })

  it('fails for a version the CHANGELOG does not name', () => {
    const run = check([], undefined, '9.9.9')
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('CHANGELOG.md has no section for 9.9.9')
  })

  it('fails for a section without a date, or with nothing in it', () => {
    expect(check([], `## [Unreleased]\n\n## [${version}]\n\n- a change\n`).stderr).toContain('gives no date')
    expect(check([], `## [Unreleased]\n\n## [${version}] — 2026-12-04\n\n## [0.0.1] — 2026-01-01\n\n- old\n`).stderr).toContain('is empty')
  })

  it('fails without an `## [Unreleased]` heading above the release', () => {
    expect(check([], `## [${version}] — 2026-12-04\n\n- a change\n`).stderr).toContain('no `## [Unreleased]` heading')
  })
})

describe('the release workflow’s tag and repository', () => {
  it('accepts the tag of the version and the repository package.json names', () => {
    expect(check(['--tag', `v${version}`, '--repository', home]).status).toBe(0)
  })

  it('refuses another tag, and a repository that only starts like this one', () => {
    const run = check(['--tag', 'v0.0.9', '--repository', `${home}-fork`])
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(`the tag v0.0.9 is not v${version}`)
    expect(run.stderr).toContain(`must be https://github.com/${home}-fork`)
  })
})
