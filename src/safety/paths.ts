// Lexical path handling shared by the presenters (display paths) and the ACP
// bridge (absolute paths for the client). No file system, no Node built-ins:
// both must also run in a browser.

// `C:\` or `C:/`, by character codes: this runs for every path sent.
function isDrivePath(path: string): boolean {
  const letter = path.charCodeAt(0) | 32
  const slash = path.charCodeAt(2)
  return letter >= 97 && letter <= 122 && path.charCodeAt(1) === 58 && (slash === 92 || slash === 47)
}

// Most paths are already normal POSIX paths: those are returned as they are.
// One look at each slash: what follows it must not be another slash, the
// end, or a `.` / `..` segment.
function isNormalPosixPath(path: string): boolean {
  if (path.charCodeAt(0) !== 47) return false
  const end = path.length
  if (end === 1) return true
  for (let slash = 0; slash !== -1; slash = path.indexOf('/', slash + 1)) {
    const next = path.charCodeAt(slash + 1)
    if (next === 47 || slash + 1 === end) return false
    if (next === 46) {
      const after = slash + 2 === end ? 47 : path.charCodeAt(slash + 2)
      if (after === 47) return false
      if (after === 46 && (slash + 3 === end || path.charCodeAt(slash + 3) === 47)) return false
    }
  }
  return true
}

/** Whether `path` is absolute: POSIX `/…`, a Windows drive path `C:\…`, or a UNC path `\\…`. */
export const isAbsolutePath = (path: string): boolean => path.startsWith('/') || path.startsWith('\\\\') || isDrivePath(path)

// Windows paths (drive or UNC) join with backslashes and accept either slash.
const isWindowsPath = (path: string) => isDrivePath(path) || path.startsWith('\\\\')

/**
 * Normalises an absolute path lexically: `.` segments dropped, `..` segments
 * applied (never above the root), repeated and trailing separators removed.
 */
export function normalizePath(path: string): string {
  return isNormalPosixPath(path) ? path : normalized(path)
}

function normalized(path: string): string {
  const windows = isWindowsPath(path)
  const sep = windows ? '\\' : '/'
  const parts = windows ? path.split(/[\\/]/) : path.split('/')
  // The root: '' for POSIX, 'C:' for a drive, '\\server\share' for UNC.
  const root = path.startsWith('\\\\') ? `\\\\${parts.splice(0, 4).slice(2).join('\\')}` : parts.shift()!
  const kept: string[] = []
  for (const part of parts) {
    if (part === '..') kept.pop()
    else if (part !== '' && part !== '.') kept.push(part)
  }
  return kept.length === 0 ? root + sep : root + sep + kept.join(sep)
}

/**
 * Resolves `path` against `base` (an absolute directory) lexically, like
 * Node's `path.resolve` but without touching the file system or `process`.
 * An absolute `path` is only normalised.
 *
 * @example
 * resolvePath('../b/c.ts', '/repo/a') // '/repo/b/c.ts'
 * resolvePath('src\\x.ts', 'C:\\work') // 'C:\\work\\src\\x.ts'
 */
export function resolvePath(path: string, base: string): string {
  if (isDrivePath(base)) {
    if (isDrivePath(path) || path.startsWith('\\\\')) return normalizePath(path)
    // `\x` or `/x` on Windows: the root of the base's drive.
    if (path.startsWith('\\') || path.startsWith('/')) return normalizePath(base.slice(0, 2) + path)
    return normalizePath(path === '' ? base : `${base}\\${path}`)
  }
  if (isAbsolutePath(path)) return normalizePath(path)
  const sep = isWindowsPath(base) ? '\\' : '/'
  return normalizePath(path === '' ? base : base + sep + path)
}

/**
 * The path to show in a title: relative to `cwd` when the file lies inside
 * it (a sibling such as `/repo-other` is not inside `/repo`), otherwise
 * unchanged. A relative `path`, or no `cwd`, leaves it unchanged. This is the
 * rule editors' users see from claude-agent-acp today.
 *
 * @example
 * displayPath('/repo/src/a.ts', '/repo') // 'src/a.ts'
 * displayPath('/repo-other/a.ts', '/repo') // '/repo-other/a.ts'
 */
export function displayPath(path: string, cwd: string | undefined): string {
  if (!cwd || !isAbsolutePath(path) || !isAbsolutePath(cwd)) return path
  return relativePath(normalizePath(path), cwd) ?? path
}

/**
 * A normalised absolute `file` relative to `cwd` when inside it (`''` for
 * `cwd` itself), else `undefined`. The session cwd is the same on every call
 * of a session, and usually normal already (the sessions normalise theirs once).
 *
 * @internal
 */
export function relativePath(file: string, cwd: string): string | undefined {
  const dir = normalizePath(cwd)
  if (file === dir) return ''
  return file.length > dir.length && file.startsWith(dir) && file.startsWith(isWindowsPath(dir) ? '\\' : '/', dir.length)
    ? file.slice(dir.length + 1)
    : undefined
}

/**
 * Whether `path` is written from the user's home directory: `~` alone, or
 * `~` then a slash (`~/…`, or `~\…` on Windows). Such a path means nothing
 * relative to the cwd: joining it would name `/repo/~/.claude`. Another
 * user's home (`~alice/…`) is not this; it stays a relative path.
 *
 * @example
 * isHomePath('~/.claude/commands') // true
 * isHomePath('~backup') // false
 */
export const isHomePath = (path: string): boolean =>
  path.charCodeAt(0) === 126 && (path.length === 1 || path.charCodeAt(1) === 47 || path.charCodeAt(1) === 92)

/**
 * A {@link isHomePath home path} with `~` replaced by `home` (an absolute
 * directory) and normalised; any other path unchanged. Without a usable
 * `home` (absent or not absolute), a home path gives `undefined`: it cannot
 * be placed, and must not be joined to the cwd.
 *
 * @example
 * expandHome('~/.claude/x.md', '/home/me') // '/home/me/.claude/x.md'
 * expandHome('~/.claude/x.md', undefined) // undefined
 * expandHome('src/a.ts', undefined) // 'src/a.ts'
 */
export function expandHome(path: string, home: string | undefined): string | undefined {
  if (!isHomePath(path)) return path
  if (typeof home !== 'string' || !isAbsolutePath(home)) return undefined
  return path.length === 1 ? normalizePath(home) : resolvePath(path.slice(2), home)
}
