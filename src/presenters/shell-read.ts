// Shell commands that only read: one `cat`, `head`, `tail`, `sed -n`, `nl`,
// `rg`, `grep`, `ls` or `find` with options this module knows, nothing else.
// codex-acp shows these as read and search cards (its `parse_command`
// actions); anything not read exactly stays a terminal.
import { isAbsolutePath, resolvePath } from '../safety/paths.js'
import type { FileLocation, PresentContext } from '../views.js'
import { cwdOf } from './display.js'
import { shellWords } from './shell-words.js'

/**
 * What a shell command that only reads does: `read` (it prints files:
 * `cat`, `head`, `tail`, `sed -n`, `nl`) or `search` (it searches or lists
 * them: `rg`, `grep`, `ls`, `find`), and the files or directories it names,
 * each resolved against the command's working directory.
 */
export interface ShellRead {
  /** `read` for a command that prints files, `search` for one that searches or lists them. */
  readonly kind: 'read' | 'search'
  /** The files and directories the command names (its first line for `head`, `sed -n` and `tail -n +N`), in order. */
  readonly locations: readonly FileLocation[]
}

// One operand or option word, as the command reads it.
interface Operands {
  readonly options: Map<string, string>
  readonly operands: string[]
}

// What a command takes: options without a value, options with one (and a
// check of it), and the short ones that may be written together (`-rn`).
interface OptionSpec {
  readonly flags: ReadonlySet<string>
  readonly valued: ReadonlyMap<string, (value: string) => boolean>
}

const COUNT = /^\d+$/
const count = (value: string) => COUNT.test(value)
const anyValue = (value: string) => value !== ''

const spec = (flags: readonly string[], valued: Record<string, (value: string) => boolean> = {}): OptionSpec => ({
  flags: new Set(flags),
  valued: new Map(Object.entries(valued)),
})

const CAT = spec(['-n', '-b', '-s', '-A', '-E', '-T', '-v', '-e', '-t', '--number', '--number-nonblank', '--show-all'])
const HEAD = spec(['-q', '-v'], { '-n': count, '-c': count, '--lines': count, '--bytes': count })
const TAIL = spec(['-q', '-v'], { '-n': (value) => /^\+?\d+$/.test(value), '-c': count, '--lines': count, '--bytes': count })
const NL = spec([], { '-b': (value) => /^[atn]$/.test(value), '-w': count, '-n': (value) => /^(ln|rn|rz)$/.test(value) })
const RG = spec(
  [
    '-n',
    '-N',
    '-i',
    '-S',
    '-s',
    '-w',
    '-x',
    '-l',
    '-c',
    '-F',
    '-v',
    '-u',
    '-H',
    '-I',
    '-o',
    '-L',
    '-P',
    '-U',
    '--hidden',
    '--no-ignore',
    '--no-heading',
    '--heading',
    '--line-number',
    '--no-line-number',
    '--ignore-case',
    '--smart-case',
    '--case-sensitive',
    '--word-regexp',
    '--line-regexp',
    '--fixed-strings',
    '--files-with-matches',
    '--files-without-match',
    '--count',
    '--invert-match',
    '--files',
    '--follow',
    '--only-matching',
    '--multiline',
    '--pcre2',
    '--with-filename',
    '--no-filename',
    '--column',
    '--vimgrep',
    '--json',
    '--sort-files',
  ],
  {
    '-g': anyValue,
    '--glob': anyValue,
    '--iglob': anyValue,
    '-t': anyValue,
    '--type': anyValue,
    '-T': anyValue,
    '--type-not': anyValue,
    '-A': count,
    '-B': count,
    '-C': count,
    '--after-context': count,
    '--before-context': count,
    '--context': count,
    '-m': count,
    '--max-count': count,
    '--max-depth': count,
    '-d': count,
    '-e': anyValue,
    '--regexp': anyValue,
    '--sort': (value) => /^(path|modified|accessed|created|none)$/.test(value),
    '--color': (value) => /^(never|auto|always|ansi)$/.test(value),
  },
)
const GREP = spec(
  [
    '-r',
    '-R',
    '-n',
    '-i',
    '-l',
    '-L',
    '-c',
    '-w',
    '-x',
    '-F',
    '-E',
    '-G',
    '-P',
    '-v',
    '-H',
    '-h',
    '-s',
    '-I',
    '-o',
    '--recursive',
    '--line-number',
    '--ignore-case',
    '--files-with-matches',
    '--files-without-match',
    '--count',
    '--word-regexp',
    '--line-regexp',
    '--fixed-strings',
    '--extended-regexp',
    '--invert-match',
    '--with-filename',
    '--no-filename',
    '--no-messages',
    '--only-matching',
  ],
  {
    '-e': anyValue,
    '--regexp': anyValue,
    '-A': count,
    '-B': count,
    '-C': count,
    '-m': count,
    '--max-count': count,
    '--include': anyValue,
    '--exclude': anyValue,
    '--exclude-dir': anyValue,
    '--color': (value) => /^(never|auto|always)$/.test(value),
  },
)
const LS_LETTERS: ReadonlySet<string> = new Set('1aAlhRtSrdFGiknpsuUXv')
// find's tests that only look, each with how many words follow it.
const FIND_TESTS: ReadonlyMap<string, number> = new Map([
  ['-name', 1],
  ['-iname', 1],
  ['-path', 1],
  ['-ipath', 1],
  ['-wholename', 1],
  ['-iwholename', 1],
  ['-regex', 1],
  ['-iregex', 1],
  ['-type', 1],
  ['-maxdepth', 1],
  ['-mindepth', 1],
  ['-newer', 1],
  ['-size', 1],
  ['-mtime', 1],
  ['-mmin', 1],
  ['-empty', 0],
  ['-print', 0],
  ['-o', 0],
  ['-or', 0],
  ['-a', 0],
  ['-and', 0],
  ['-not', 0],
  ['-true', 0],
  ['-false', 0],
  ['-readable', 0],
  ['-follow', 0],
])

// The options and operands of `words` (after the command name) for `spec`,
// or `undefined` for an option it does not know or a value it refuses.
// Short options may be joined (`-rn`); the last of them may take its value
// attached or as the next word (`-A3`, `-A 3`); a long one takes it after
// `=` or as the next word. `--` ends the options.
function readOptions(words: readonly string[], spec: OptionSpec, digitCount?: string): Operands | undefined {
  const options = new Map<string, string>()
  const operands: string[] = []
  let index = 0
  while (index < words.length) {
    const word = words[index++]
    if (word === '--') {
      operands.push(...words.slice(index))
      break
    }
    if (word.length < 2 || !word.startsWith('-')) {
      operands.push(word)
      continue
    }
    // `head -20`: the count written as an option.
    if (digitCount !== undefined && COUNT.test(word.slice(1))) {
      options.set(digitCount, word.slice(1))
      continue
    }
    if (word.startsWith('--')) {
      const equals = word.indexOf('=')
      const name = equals < 0 ? word : word.slice(0, equals)
      const check = spec.valued.get(name)
      if (check) {
        const value = equals < 0 ? words[index++] : word.slice(equals + 1)
        if (value === undefined || !check(value)) return undefined
        options.set(name, value)
      } else if (equals < 0 && spec.flags.has(name)) options.set(name, '')
      else return undefined
      continue
    }
    for (let at = 1; at < word.length; at++) {
      const name = `-${word[at]}`
      const check = spec.valued.get(name)
      if (check) {
        const value = at + 1 < word.length ? word.slice(at + 1) : words[index++]
        if (value === undefined || !check(value)) return undefined
        options.set(name, value)
        break
      }
      if (!spec.flags.has(name)) return undefined
      options.set(name, '')
    }
  }
  return { options, operands }
}

// A file the command names: not empty, not stdin, not an option it failed to know.
const isFileOperand = (word: string) => word !== '' && word !== '-' && !word.startsWith('~')

// The files of a command that prints them: at least one, each a file operand.
function printed(operands: readonly string[]): readonly string[] | undefined {
  return operands.length > 0 && operands.every(isFileOperand) ? operands : undefined
}

interface Reading {
  readonly kind: 'read' | 'search'
  readonly paths: readonly string[]
  readonly line?: number | undefined
}

// A line number as written (digits), 1-based: line 0 is the first; one past the safe integers is none.
function lineOf(digits: string): number | undefined {
  const line = Number(digits)
  return Number.isSafeInteger(line) ? Math.max(1, line) : undefined
}

// sed's one read-only script: print lines A to B (`5p`, `5,40p`, `5,$p`).
const SED_PRINT = /^(\d+)(?:,(?:\d+|\$))?p$/

function reading(name: string, args: readonly string[]): Reading | undefined {
  switch (name) {
    case 'cat': {
      const read = readOptions(args, CAT)
      const paths = read && printed(read.operands)
      return paths && { kind: 'read', paths }
    }
    case 'head': {
      const read = readOptions(args, HEAD, '-n')
      const paths = read && printed(read.operands)
      return paths && { kind: 'read', paths, line: 1 }
    }
    case 'tail': {
      const read = readOptions(args, TAIL, '-n')
      const paths = read && printed(read.operands)
      const from = read?.options.get('-n')
      return paths && { kind: 'read', paths, line: from?.startsWith('+') ? lineOf(from.slice(1)) : undefined }
    }
    case 'nl': {
      const read = readOptions(args, NL)
      const paths = read && printed(read.operands)
      return paths && { kind: 'read', paths, line: 1 }
    }
    case 'sed': {
      // Exactly `sed -n <print> <file>…`: any other script may write.
      if (args[0] !== '-n' || args.length < 3) return undefined
      const match = SED_PRINT.exec(args[1])
      const paths = match && printed(args.slice(2))
      return paths ? { kind: 'read', paths, line: lineOf(match[1]) } : undefined
    }
    case 'rg':
    case 'grep': {
      const read = readOptions(args, name === 'rg' ? RG : GREP)
      if (!read) return undefined
      // The pattern is the first operand unless given with `-e` (`rg --files` has none).
      const patterned = read.options.has('-e') || read.options.has('--regexp') || read.options.has('--files')
      const paths = patterned ? read.operands : read.operands.slice(1)
      if (!patterned && read.operands.length === 0) return undefined
      // grep without a path reads its input, unless it recurses.
      const recursive = read.options.has('-r') || read.options.has('-R') || read.options.has('--recursive')
      if (name === 'grep' && paths.length === 0 && !recursive) return undefined
      return paths.every(isFileOperand) ? { kind: 'search', paths } : undefined
    }
    case 'ls': {
      const paths: string[] = []
      for (const word of args) {
        if (word.length > 1 && word.startsWith('-')) {
          for (let at = 1; at < word.length; at++) if (!LS_LETTERS.has(word[at])) return undefined
        } else if (isFileOperand(word)) paths.push(word)
        else return undefined
      }
      return { kind: 'search', paths }
    }
    case 'find': {
      let index = 0
      while (index < args.length && !args[index].startsWith('-')) {
        if (!isFileOperand(args[index])) return undefined
        index++
      }
      const paths = args.slice(0, index)
      while (index < args.length) {
        const takes = FIND_TESTS.get(args[index])
        if (takes === undefined || index + takes >= args.length) return undefined
        index += 1 + takes
      }
      return { kind: 'search', paths }
    }
    default:
      return undefined
  }
}

// Where a path the command names is: against its working directory (itself
// against the session cwd); a relative one left for the bridge to resolve.
function locatedAt(path: string, workdir: string | undefined, ctx: PresentContext | undefined): string {
  if (isAbsolutePath(path) || workdir === undefined) return path
  if (isAbsolutePath(workdir)) return resolvePath(path, workdir)
  const cwd = cwdOf(ctx)
  if (cwd && isAbsolutePath(cwd)) return resolvePath(path, resolvePath(workdir, cwd))
  return path === '.' ? workdir : `${workdir}/${path}`
}

/**
 * What `command` reads, when it is one simple command that only reads,
 * searches or lists files, and nothing else: `cat`, `head`, `tail`, `nl`
 * and `sed -n '<A>[,<B>]p'` on files (`read`); `rg` and `grep` with a
 * pattern and paths, `ls`, and `find` with tests but no action (`search`).
 * Every option must be one this function knows (`rg --pre`, `find -exec`,
 * `find -delete`, `tail -f` and the like are refused). Anything else is
 * `undefined`: a pipe, `;`, `&&`, `||`, `&`, a redirection, a substitution,
 * a glob the shell would expand, an assignment, `~`, a line break, an
 * unknown flag, or quoting {@link shellWords} cannot read exactly.
 *
 * The locations are the paths it names, in order, resolved against
 * `workdir` (itself resolved against `ctx.cwd`); a `ls` or `find` without
 * a path names `workdir` when there is one. `head`, `nl`, `sed -n` and
 * `tail -n +N` locate their first line.
 *
 * @example
 * shellRead('sed -n 10,40p src/a.ts', undefined, { cwd: '/repo' })
 * // { kind: 'read', locations: [{ path: 'src/a.ts', line: 10 }] }
 * shellRead("rg -n 'fn main' src", '/repo') // { kind: 'search', locations: [{ path: '/repo/src' }] }
 * shellRead('cat a.ts | head') // undefined
 */
export function shellRead(command: string, workdir?: string, ctx?: PresentContext): ShellRead | undefined {
  const words = shellWords(command)
  if (!words || words.length === 0) return undefined
  const read = reading(words[0], words.slice(1))
  if (!read) return undefined
  const dir = typeof workdir === 'string' && workdir !== '' ? workdir : undefined
  const paths = read.paths.length === 0 && read.kind === 'search' && dir !== undefined ? ['.'] : read.paths
  const locations: FileLocation[] = paths.map((path) => {
    const located = locatedAt(path, dir, ctx)
    return read.line === undefined ? { path: located } : { path: located, line: read.line }
  })
  return { kind: read.kind, locations }
}
