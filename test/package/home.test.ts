// The package's home is defined in one place, package.json's `repository.url`;
// every link to the repository (package.json's `homepage` and `bugs`, the
// README's install lines, the docs, the CHANGELOG's compare links, the
// workflows) names the same owner, and `node scripts/set-owner.mjs <owner>`
// moves them all at once.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const repo = 'tool-render-intent'

interface Mention {
  readonly file: string
  readonly line: number
  readonly owner: string
  readonly text: string
}

/** The files that link to the repository: README, CHANGELOG, package.json, typedoc.json, docs/ (not the generated docs/api/), .github/. */
function homeFiles(at: string): string[] {
  const walk = (dir: string): string[] =>
    !existsSync(dir)
      ? []
      : readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const path = join(dir, entry.name)
          if (relative(at, path) === join('docs', 'api')) return []
          if (entry.isDirectory()) return walk(path)
          return /\.(?:md|mdx|markdown|txt|html|json|jsonc|ya?ml|ts|mts|js|mjs)$/.test(entry.name) ? [path] : []
        })
  return [
    ...['README.md', 'CHANGELOG.md', 'package.json', 'typedoc.json'].map((file) => join(at, file)).filter((file) => existsSync(file)),
    ...walk(join(at, 'docs')),
    ...walk(join(at, '.github')),
  ]
}

// Each way a file names the repository's owner; `<owner>` is the placeholder.
const patterns = [
  new RegExp(`github\\.com[/:](<owner>|[A-Za-z0-9-]+)/${repo}\\b`, 'g'),
  new RegExp(`raw\\.githubusercontent\\.com/(<owner>|[A-Za-z0-9-]+)/${repo}\\b`, 'g'),
  new RegExp(`github:(<owner>|[A-Za-z0-9-]+)/${repo}\\b`, 'g'),
  new RegExp(`(<owner>|[A-Za-z0-9-]+)\\.github\\.io/${repo}\\b`, 'g'),
]

function mentions(at: string): Mention[] {
  return homeFiles(at).flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((text, index) =>
        patterns.flatMap((pattern) =>
          [...text.matchAll(pattern)].map((match) => ({ file: relative(at, path), line: index + 1, owner: match[1]!, text: match[0] })),
        ),
      ),
  )
}

const placeholders = (at: string) =>
  homeFiles(at).flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((text, index) => (text.includes('<owner>') ? [`${relative(at, path)}:${index + 1}: ${text.trim()}`] : [])),
  )

/** The owner `repository.url` names, or undefined when it is not this repository on GitHub. */
function ownerOf(at: string): string | undefined {
  const { repository } = JSON.parse(readFileSync(join(at, 'package.json'), 'utf8'))
  const url: unknown = typeof repository === 'string' ? repository : repository?.url
  return typeof url === 'string' ? new RegExp(`^git\\+https://github\\.com/([A-Za-z0-9-]+)/${repo}\\.git$`).exec(url)?.[1] : undefined
}

/** The mentions that name another owner than `repository` (Pages names it in lower case). */
const disagreeing = (at: string, owner: string) =>
  mentions(at)
    .filter((mention) => mention.owner !== (mention.text.includes('.github.io/') ? owner.toLowerCase() : owner))
    .map((mention) => `${mention.file}:${mention.line}: ${mention.text}`)

describe('package.json says where the package lives', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const owner = ownerOf(root)

  it('names its GitHub repository in `repository`, as npm provenance checks it', () => {
    expect(owner).toBeDefined()
    expect(manifest.repository.type).toBe('git')
  })

  it('derives `homepage` and `bugs` from `repository`', () => {
    expect(manifest.homepage).toBe(`https://github.com/${owner}/${repo}#readme`)
    expect(manifest.bugs).toEqual({ url: `https://github.com/${owner}/${repo}/issues` })
  })
})

describe('every link to the repository names the owner `repository` names', () => {
  const owner = ownerOf(root)!

  it('finds the install-from-git line (in the development notes) among the links it checks', () => {
    expect(mentions(root).some((mention) => mention.file.endsWith('development.md') && mention.text.startsWith('github:'))).toBe(true)
  })

  it('in README.md, CHANGELOG.md, docs/, package.json and the workflows', () => {
    expect(disagreeing(root, owner)).toEqual([])
  })

  it('leaves no `<owner>` placeholder', () => {
    expect(placeholders(root)).toEqual([])
  })
})

describe('scripts/set-owner.mjs moves the package to another owner', () => {
  const copy = mkdtempSync(join(tmpdir(), 'tool-render-intent-home-'))
  afterAll(() => rmSync(copy, { recursive: true, force: true }))

  it('rewrites `repository` and every link derived from it, and nothing else', () => {
    for (const path of homeFiles(root)) cpSync(path, join(copy, relative(root, path)), { recursive: true })
    const before = new Map(homeFiles(copy).map((path) => [path, readFileSync(path, 'utf8')]))
    execFileSync(process.execPath, [join(root, 'scripts/set-owner.mjs'), 'Someone-Else', '--root', copy], { stdio: 'ignore' })

    expect(ownerOf(copy)).toBe('Someone-Else')
    expect(disagreeing(copy, 'Someone-Else')).toEqual([])
    expect(mentions(copy).length).toBe(mentions(root).length)
    const manifest = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8'))
    expect(manifest.bugs.url).toBe(`https://github.com/Someone-Else/${repo}/issues`)
    // Nothing but the owner changed: with the owner put back, each file is as it was.
    for (const [path, text] of before) {
      const back = readFileSync(path, 'utf8')
        .replaceAll('Someone-Else', ownerOf(root)!)
        .replaceAll('someone-else', ownerOf(root)!.toLowerCase())
      expect(back, relative(copy, path)).toBe(text)
    }
  })

  it('replaces an `<owner>` placeholder in a link', () => {
    const readme = join(copy, 'README.md')
    writeFileSync(readme, 'npm install github:<owner>/tool-render-intent\n')
    execFileSync(process.execPath, [join(root, 'scripts/set-owner.mjs'), 'Someone-Else', '--root', copy], { stdio: 'ignore' })
    expect(readFileSync(readme, 'utf8')).toBe('npm install github:Someone-Else/tool-render-intent\n')
  })

  it('refuses a name GitHub would not give an account', () => {
    expect(() =>
      execFileSync(process.execPath, [join(root, 'scripts/set-owner.mjs'), 'not/an-owner', '--root', copy], { stdio: 'ignore' }),
    ).toThrow()
  })
})
