// The package.json a user installs: the one `npm pack` ships (and `npm
// publish` uploads) runs nothing on install, while the repository's keeps
// the `prepare` script that builds dist/ in a clone and on a git install;
// and the SDK peer range is the one the ACP v2 entry point needs.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const temp = mkdtempSync(join(tmpdir(), 'tool-render-intent-manifest-'))
const installScripts = ['preinstall', 'install', 'postinstall', 'prepare']

type Manifest = { scripts: Record<string, string>; peerDependencies: Record<string, string> }
const readManifest = (path: string): Manifest => JSON.parse(readFileSync(path, 'utf8'))

let before: { readonly text: string; readonly mtime: number }
let tarball: string
let packed: Manifest

beforeAll(() => {
  before = { text: readFileSync(`${root}package.json`, 'utf8'), mtime: statSync(`${root}package.json`).mtimeMs }
  execFileSync('npm', ['pack', '--loglevel=warn', '--pack-destination', temp], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  tarball = join(temp, readdirSync(temp).find((name) => name.endsWith('.tgz'))!)
  execFileSync('tar', ['-xzf', tarball, '-C', temp, 'package/package.json'])
  packed = readManifest(join(temp, 'package/package.json'))
}, 180_000)

afterAll(() => rmSync(temp, { recursive: true, force: true }))

describe('the packed package.json', () => {
  it('has no install script', () => {
    expect(installScripts.filter((name) => name in packed.scripts)).toEqual([])
  })

  it('is the repository’s otherwise, which npm pack leaves as it was, prepare included', () => {
    const { prepare, ...rest } = readManifest(`${root}package.json`).scripts
    expect(prepare).toBe('node scripts/build-if-needed.mjs --package')
    expect(packed.scripts).toEqual(rest)
    expect(readFileSync(`${root}package.json`, 'utf8')).toBe(before.text)
    expect(statSync(`${root}package.json`).mtimeMs).toBe(before.mtime)
  })

  it('installs with npm without a warning about install scripts', () => {
    const project = join(temp, 'consumer')
    mkdirSync(project)
    writeFileSync(join(project, 'package.json'), '{ "name": "consumer", "version": "1.0.0", "private": true }\n')
    const install = spawnSync('npm', ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: project,
      encoding: 'utf8',
    })
    expect(install.status, install.stderr).toBe(0)
    expect(install.stderr).not.toMatch(/install-scripts|tool-render-intent@/)
    expect(readdirSync(join(project, 'node_modules/tool-render-intent/dist')).length).toBeGreaterThan(0)
  })
})

describe('the SDK peer range', () => {
  it('asks for 2.4, where the v2 types the acp-v2 entry point uses appeared, up to 3', () => {
    expect(packed.peerDependencies['@agentclientprotocol/sdk']).toBe('>=2.4 <3')
  })

  it('is the range the declarations name when the SDK is missing', () => {
    for (const entry of ['acp', 'acp-v2'])
      expect(readFileSync(`${root}dist/${entry}/index.d.ts`, 'utf8')).toContain('@agentclientprotocol/sdk (>=2.4 <3): install it')
  })
})
