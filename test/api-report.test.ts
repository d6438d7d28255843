// The API report (api/*.api.md) is every export of every entry point as the
// built declarations give it: a change to the public API shows in review as a
// change to those files, and this test fails until they are regenerated.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { type ApiReport, apiReport, entryPoints, staleFiles } from '../scripts/api-report.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

let report: ApiReport
beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs', '--package'], { cwd: root, stdio: 'inherit' })
  report = apiReport(root)
})

describe('the API report', () => {
  it('is as the built package gives it (else run `npm run api`)', () => {
    expect(staleFiles(root, report)).toEqual([])
  })

  it('covers every entry point of package.json, each export once with its kind', () => {
    const { files, counts } = report
    expect(counts.map(({ specifier }) => specifier)).toEqual(entryPoints(root).map(({ specifier }) => specifier))
    for (const { file, count } of counts) {
      const headings = [...files[file]!.matchAll(/^## `(\w+)` \(([a-z ]+)\)$/gm)]
      expect(headings).toHaveLength(count)
      expect(new Set(headings.map(([, name]) => name)).size).toBe(count)
    }
  })
})
