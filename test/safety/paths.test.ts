import { posix, win32 } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { displayPath, expandHome, isAbsolutePath, isHomePath, normalizePath, resolvePath } from '../../src/safety/paths.js'

describe('absolute paths', () => {
  it.each(['/', '/repo/a.ts', 'C:\\work', 'c:/work', '\\\\server\\share\\x'])('%s is absolute', (path) => {
    expect(isAbsolutePath(path)).toBe(true)
  })

  it.each(['', 'a.ts', './a', '../a', 'C:relative', '\\single'])('%j is relative', (path) => {
    expect(isAbsolutePath(path)).toBe(false)
  })
})

describe('lexical normalisation', () => {
  it.each([
    ['/repo/./a/../b.ts', '/repo/b.ts'],
    ['/repo//a///b/', '/repo/a/b'],
    ['/../../etc', '/etc'],
    ['/', '/'],
    ['C:\\work\\.\\src\\..\\a.ts', 'C:\\work\\a.ts'],
    ['C:/work/src/', 'C:\\work\\src'],
    ['C:\\..', 'C:\\'],
    ['\\\\server\\share\\a\\..\\b', '\\\\server\\share\\b'],
  ])('%s becomes %s', (path, normal) => {
    expect(normalizePath(path)).toBe(normal)
  })
})

describe('resolving against the session cwd', () => {
  it.each([
    ['src/a.ts', '/repo', '/repo/src/a.ts'],
    ['./a.ts', '/repo/', '/repo/a.ts'],
    ['../other/a.ts', '/repo/pkg', '/repo/other/a.ts'],
    ['', '/repo', '/repo'],
    ['/abs/a.ts', '/repo', '/abs/a.ts'],
    ['/abs/../a.ts', '/repo', '/a.ts'],
    ['src\\a.ts', 'C:\\work', 'C:\\work\\src\\a.ts'],
    ['src/a.ts', 'C:\\work', 'C:\\work\\src\\a.ts'],
    ['..\\a.ts', 'C:\\work\\pkg', 'C:\\work\\a.ts'],
    ['D:\\x.ts', 'C:\\work', 'D:\\x.ts'],
  ])('%s in %s is %s', (path, base, resolved) => {
    expect(resolvePath(path, base)).toBe(resolved)
  })
})

describe('display paths', () => {
  it.each([
    ['/repo/src/a.ts', '/repo', 'src/a.ts'],
    ['/repo/src/a.ts', '/repo/', 'src/a.ts'],
    ['/repo/x/../a.ts', '/repo', 'a.ts'],
    ['/repo', '/repo', ''],
    ['/repo-other/a.ts', '/repo', '/repo-other/a.ts'],
    ['/elsewhere/a.ts', '/repo', '/elsewhere/a.ts'],
    ['src/a.ts', '/repo', 'src/a.ts'],
    ['/repo/a.ts', undefined, '/repo/a.ts'],
    ['/repo/a.ts', '', '/repo/a.ts'],
    ['C:\\work\\src\\a.ts', 'C:\\work', 'src\\a.ts'],
  ])('%s in %s shows as %j', (path, cwd, shown) => {
    expect(displayPath(path, cwd)).toBe(shown)
  })
})

describe('agreement with Node', () => {
  const segment = fc.constantFrom('a', 'b.ts', '.', '..', '', 'ü', '.hidden', '...')
  const segments = fc.array(segment, { maxLength: 8 })

  it('normalises an absolute POSIX path as path.posix.resolve does', () => {
    fc.assert(
      fc.property(segments, fc.boolean(), (parts, trailing) => {
        const path = `/${parts.join('/')}${trailing ? '/' : ''}`
        expect(normalizePath(path)).toBe(posix.resolve(path))
      }),
      { numRuns: 2000 },
    )
  })

  it('resolves a relative POSIX path as path.posix.resolve does', () => {
    fc.assert(
      fc.property(segments, segments, (base, relative) => {
        const cwd = `/${base.join('/')}`
        expect(resolvePath(relative.join('/'), cwd)).toBe(posix.resolve(cwd, relative.join('/')))
      }),
      { numRuns: 2000 },
    )
  })

  // A first segment that is not empty: `\\server` (UNC) is out of scope here.
  const relativeParts = fc.tuple(fc.constantFrom('a', '.', '..', 'ü'), segments).map(([first, rest]) => [first, ...rest])

  it('resolves a relative or drive-rooted path against a drive path as path.win32.resolve does', () => {
    fc.assert(
      fc.property(segments, relativeParts, fc.constantFrom('\\', '/'), fc.boolean(), (base, relative, sep, rooted) => {
        const cwd = `C:\\${base.join('\\')}`
        const path = (rooted ? sep : '') + relative.join(sep)
        expect(resolvePath(path, cwd)).toBe(win32.resolve(cwd, path))
      }),
      { numRuns: 2000 },
    )
  })
})

describe('paths written from the home directory', () => {
  it.each(['~', '~/.claude/commands', '~\\AppData\\x'])('%s is a home path', (path) => {
    expect(isHomePath(path)).toBe(true)
  })

  it.each(['', 'a/~/b', '~alice/x', '~backup', '/~/x'])('%j is not a home path', (path) => {
    expect(isHomePath(path)).toBe(false)
  })

  it('expands with the home directory and normalises', () => {
    expect(expandHome('~/.claude/commands', '/home/me')).toBe('/home/me/.claude/commands')
    expect(expandHome('~', '/home/me/')).toBe('/home/me')
    expect(expandHome('~/../../etc/passwd', '/home/me')).toBe('/etc/passwd')
    expect(expandHome('~\\x.txt', 'C:\\Users\\me')).toBe('C:\\Users\\me\\x.txt')
  })

  it('cannot be placed without an absolute home directory', () => {
    expect(expandHome('~/.claude', undefined)).toBeUndefined()
    expect(expandHome('~/.claude', 'home/me')).toBeUndefined()
  })

  it('leaves every other path as it is, home or not', () => {
    expect(expandHome('src/a.ts', undefined)).toBe('src/a.ts')
    expect(expandHome('/repo/a.ts', '/home/me')).toBe('/repo/a.ts')
    expect(expandHome('~alice/x', '/home/me')).toBe('~alice/x')
  })
})
