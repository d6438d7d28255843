import { readdirSync, readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { shellRead } from '../../src/presenters/shell-read.js'
import { commandLine } from '../../src/presenters/codex.js'
import { propertyRuns } from '../property-runs.js'

const cwd = { cwd: '/repo' }

describe('shellRead', () => {
  it.each([
    ['cat a.ts', { kind: 'read', locations: [{ path: 'a.ts' }] }],
    ['cat -n a.ts b.ts', { kind: 'read', locations: [{ path: 'a.ts' }, { path: 'b.ts' }] }],
    ['head -n 20 a.ts', { kind: 'read', locations: [{ path: 'a.ts', line: 1 }] }],
    ['head -20 a.ts', { kind: 'read', locations: [{ path: 'a.ts', line: 1 }] }],
    ['tail -n 5 a.ts', { kind: 'read', locations: [{ path: 'a.ts' }] }],
    ['tail -n +40 a.ts', { kind: 'read', locations: [{ path: 'a.ts', line: 40 }] }],
    ["sed -n '10,40p' a.ts", { kind: 'read', locations: [{ path: 'a.ts', line: 10 }] }],
    ["sed -n '7p' a.ts", { kind: 'read', locations: [{ path: 'a.ts', line: 7 }] }],
    ["sed -n '5,$p' a.ts", { kind: 'read', locations: [{ path: 'a.ts', line: 5 }] }],
    ['nl -ba a.ts', { kind: 'read', locations: [{ path: 'a.ts', line: 1 }] }],
    ["rg -n 'fn main' src", { kind: 'search', locations: [{ path: 'src' }] }],
    ['rg -n todo', { kind: 'search', locations: [] }],
    ["rg --files -g '*.ts' src", { kind: 'search', locations: [{ path: 'src' }] }],
    ['rg -e foo -e bar src lib', { kind: 'search', locations: [{ path: 'src' }, { path: 'lib' }] }],
    ['grep -rn TODO src', { kind: 'search', locations: [{ path: 'src' }] }],
    ["grep -n --include='*.ts' TODO src", { kind: 'search', locations: [{ path: 'src' }] }],
    ['ls -la src', { kind: 'search', locations: [{ path: 'src' }] }],
    ['ls', { kind: 'search', locations: [] }],
    ["find src -name '*.ts' -type f", { kind: 'search', locations: [{ path: 'src' }] }],
    ['find . -maxdepth 2', { kind: 'search', locations: [{ path: '.' }] }],
  ])('reads %j', (command, read) => {
    expect(shellRead(command, undefined, cwd)).toEqual(read)
  })

  it('resolves the paths against the working directory, itself against the session cwd', () => {
    expect(shellRead('cat a.ts /etc/hosts', '/repo/pkg')?.locations).toEqual([{ path: '/repo/pkg/a.ts' }, { path: '/etc/hosts' }])
    expect(shellRead('cat ../a.ts', 'pkg', cwd)?.locations).toEqual([{ path: '/repo/a.ts' }])
    expect(shellRead('cat a.ts', 'pkg')?.locations).toEqual([{ path: 'pkg/a.ts' }])
  })

  it('names the working directory for a listing or a search without a path', () => {
    expect(shellRead('ls', '/repo/pkg')?.locations).toEqual([{ path: '/repo/pkg' }])
    expect(shellRead('rg todo', 'pkg', cwd)?.locations).toEqual([{ path: '/repo/pkg' }])
  })

  it.each([
    ['a command it does not know', 'echo hi'],
    ['a program named by its path', '/bin/cat a.ts'],
    ['an assignment', 'LC_ALL=C cat a.ts'],
    ['no file', 'cat'],
    ['stdin', 'cat -'],
    ['an unknown flag', 'cat --squeeze-blank-lines a.ts'],
    ['following a file', 'tail -f log.txt'],
    ["rg's preprocessor, which runs a command", 'rg --pre ./x foo src'],
    ["rg's decompression, which runs programs", 'rg -z foo src'],
    ['grep without a path, which reads its input', 'grep foo'],
    ['grep with patterns from a file', 'grep -f patterns src'],
    ['a sed script that writes', "sed -n 'w out' a.ts"],
    ['sed without -n', "sed '1,5p' a.ts"],
    ['sed in place', "sed -i 's/a/b/' a.ts"],
    ['find with an action', 'find . -name x -delete'],
    ['find with -exec', 'find . -exec cat {} +'],
    ['find with -fprint', 'find . -fprint out'],
    ['find with a test missing its value', 'find . -name'],
    ['a count that is not a number', 'head -n x a.ts'],
    ['ls with an unknown letter', 'ls -Z'],
    ['a home path', 'cat ~/a'],
    ['a quoted home path, which the editor would expand', "cat '~/a'"],
    ['a pipe', 'cat a.ts | head'],
    ['a second command', 'cat a.ts; rm -rf /'],
    ['a redirection', 'cat a.ts > b.ts'],
    ['a substitution', 'cat $(echo a.ts)'],
    ['a glob', 'cat src/*.ts'],
    ['a glob in an option the shell still expands', 'grep -n --include=*.ts TODO src'],
    ['a line break', 'cat a.ts\nrm b'],
  ])('refuses %s', (_name, command) => {
    expect(shellRead(command, undefined, cwd)).toBeUndefined()
  })
})

// Commands shellRead accepts, written with every kind of quoting it reads.
const pathWord = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9_./-]{0,8}$/),
  fc.stringMatching(/^[a-z ;|&<>$`*?()]{1,8}$/).map((text) => `'${text}'`),
  fc.stringMatching(/^[a-z ;|&<>*?()]{1,8}$/).map((text) => `"${text}"`),
)
const readCommand = fc.oneof(
  fc.array(pathWord, { minLength: 1, maxLength: 3 }).map((paths) => `cat ${paths.join(' ')}`),
  fc.tuple(fc.nat(500), pathWord).map(([lines, path]) => `head -n ${lines} ${path}`),
  fc.tuple(fc.nat(500), fc.nat(500), pathWord).map(([from, to, path]) => `sed -n '${from},${to}p' ${path}`),
  fc.tuple(pathWord, fc.array(pathWord, { maxLength: 2 })).map(([pattern, paths]) => ['rg', '-n', pattern, ...paths].join(' ')),
  fc
    .tuple(pathWord, fc.array(pathWord, { minLength: 1, maxLength: 2 }))
    .map(([pattern, paths]) => ['grep', '-rn', pattern, ...paths].join(' ')),
  fc.array(pathWord, { maxLength: 2 }).map((paths) => ['ls', '-la', ...paths].join(' ')),
  pathWord.map((path) => `find ${path} -type f`),
)
// What makes a command more than one read.
const operator = fc.constantFrom(';', '&&', '||', '|', '&', '\n', '\r\n', '|&', ';;')
const redirection = fc.constantFrom('>', '>>', '<', '2>', '&>', '>|', '<<', '<<<', '<>', '>&', '1>&2', '2>&1', '0<')
const substitution = fc
  .tuple(fc.constantFrom('$(', '`', '<(', '>(', '${', '$', '$((', '"$(', '"`'), fc.stringMatching(/^[a-z ]{1,6}$/))
  .map(([open, inner]) => {
    const close = { '$(': ')', '`': '`', '<(': ')', '>(': ')', '${': '}', $: '', '$((': '))', '"$(': ')"', '"`': '`"' }[open]
    return `${open}${inner}${close}`
  })

// Inserts `extra` into `command` at a word boundary (between words, or glued
// to the start or end of one), never inside quotes, which would make it literal.
function insertAt(command: string, extra: string, position: number, glued: boolean): string {
  const boundaries: number[] = [0, command.length]
  let quote: string | undefined
  for (let index = 0; index < command.length; index++) {
    const char = command[index]
    if (quote) {
      if (char === quote) quote = undefined
    } else if (char === "'" || char === '"') quote = char
    else if (char === ' ') boundaries.push(index)
  }
  const at = boundaries[position % boundaries.length]
  const spaced = glued ? extra : ` ${extra} `
  return command.slice(0, at) + spaced + command.slice(at)
}

describe('shellRead on commands that do more than read', () => {
  it('accepts every command of the generator on its own', () => {
    fc.assert(
      fc.property(readCommand, (command) => {
        expect(shellRead(command)).toBeDefined()
      }),
      { numRuns: propertyRuns(2000) },
    )
  })

  it('never shows a command holding a second command, a redirection or a substitution as a read', () => {
    const second = fc
      .tuple(operator, fc.oneof(readCommand, fc.constantFrom('rm -rf /', 'curl x', 'true')))
      .map(([op, next]) => `${op} ${next}`)
    const extra = fc.oneof(
      second,
      fc.tuple(redirection, pathWord).map(([redirect, path]) => `${redirect}${path}`),
      redirection,
      substitution,
    )
    fc.assert(
      fc.property(readCommand, extra, fc.nat(), fc.boolean(), (command, more, position, glued) => {
        expect(shellRead(insertAt(command, more, position, glued))).toBeUndefined()
      }),
      { numRuns: propertyRuns(5000) },
    )
  })

  it('never shows a command with a glob, an assignment or a line break outside quotes as a read', () => {
    const extra = fc.constantFrom('*', '?', '[ab]', '{a,b}', '~', 'A=1', '\n', '#', '!!')
    fc.assert(
      fc.property(readCommand, extra, fc.nat(), (command, more, position) => {
        const changed = insertAt(command, more, position, true)
        // An assignment is harmless past the first word (a literal argument); in front of the command it is refused.
        if (more === 'A=1' && !changed.startsWith('A=1')) return
        expect(shellRead(changed)).toBeUndefined()
      }),
      { numRuns: propertyRuns(2000) },
    )
  })
})

// The shell commands of the transcripts this project keeps: Claude Code's
// Bash and codex's shell tools, as the models wrote them.
function keptCommands(): string[] {
  const commands: string[] = []
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item)
      return
    }
    if (typeof value !== 'object' || value === null) return
    const record = value as Record<string, unknown>
    let input = record.input ?? record.arguments
    if (typeof input === 'string') {
      try {
        input = JSON.parse(input)
      } catch {}
    }
    if (typeof input === 'object' && input !== null) {
      const args = input as Record<string, unknown>
      if ((record.name === 'Bash' || record.name === 'shell_command') && typeof args.command === 'string') commands.push(args.command)
      else if (record.name === 'exec_command' && typeof args.cmd === 'string') commands.push(args.cmd)
      else if (record.name === 'shell' && Array.isArray(args.command)) commands.push(commandLine(args.command as string[]))
    }
    for (const key in record) visit(record[key])
  }
  const root = new URL('../../', import.meta.url)
  const logs = [
    'test/presenters/fixtures/transcripts/claude-code-calls.jsonl',
    'test/presenters/fixtures/transcripts/codex-calls.jsonl',
    ...readdirSync(new URL('examples/sessions/', root))
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => `examples/sessions/${name}`),
  ]
  for (const log of logs)
    for (const line of readFileSync(new URL(log, root), 'utf8').split('\n')) if (line.trim() !== '') visit(JSON.parse(line))
  visit(JSON.parse(readFileSync(new URL('test/presenters/fixtures/claude-agent-acp-parity.json', root), 'utf8')))
  return commands
}

describe('shellRead on the kept transcripts', () => {
  const commands = keptCommands()
  const reads = commands.filter((command) => shellRead(command) !== undefined)

  it('shows 27 of their 82 shell commands as reads', () => {
    expect(commands.length).toBe(82)
    expect(reads.length).toBe(27)
  })

  it('shows none of their compound commands as a read', () => {
    for (const command of reads) expect(command).not.toMatch(/&&|\|\||;|\n|2>|\$\(/)
    expect(reads).not.toContain(
      "sed -n '70,150p' src/agents/plugins/codemie-code.plugin.ts && sed -n '1,220p' src/agents/plugins/__tests__/codemie-code-reasoning.test.ts",
    )
    expect(reads).not.toContain('mix test 2>&1 | tail -5')
  })
})
