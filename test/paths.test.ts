import { describe, expect, it } from 'vitest'
import { displayPath, isAbsolutePath, normalizePath, resolvePath } from '../src/paths.js'

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
