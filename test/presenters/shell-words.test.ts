import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { shellWords } from '../../src/presenters/shell-words.js'
import { propertyRuns } from '../property-runs.js'

describe('shellWords', () => {
  it('reads plain, quoted and escaped words as the shell passes them', () => {
    expect(shellWords('cat a.ts')).toEqual(['cat', 'a.ts'])
    expect(shellWords(`rg -n 'fn main' src`)).toEqual(['rg', '-n', 'fn main', 'src'])
    expect(shellWords('rg "a\\"b\\\\c\\(d" src')).toEqual(['rg', 'a"b\\c\\(d', 'src'])
    expect(shellWords('a\'b\'"c"\\ d')).toEqual(['abc d'])
    expect(shellWords("cat ''")).toEqual(['cat', ''])
    expect(shellWords('  ls\t-la  ')).toEqual(['ls', '-la'])
    expect(shellWords('')).toEqual([])
  })

  it('keeps operators, globs and expansions inside quotes literal', () => {
    expect(shellWords(`rg 'a|b;c&d>e<f' "*.ts" '$(x)' '\`y\`'`)).toEqual(['rg', 'a|b;c&d>e<f', '*.ts', '$(x)', '`y`'])
  })

  it.each([
    ['a pipe', 'cat a | head'],
    ['a list', 'cat a; rm b'],
    ['an and-list', 'cd x && cat a'],
    ['an or-list', 'cat a || true'],
    ['a background job', 'cat a &'],
    ['a redirection', 'cat a > b'],
    ['an input redirection', 'cat < a'],
    ['a numbered redirection', 'cat a 2>/dev/null'],
    ['a command substitution', 'cat $(ls)'],
    ['a backtick substitution', 'cat `ls`'],
    ['a process substitution', 'cat <(ls)'],
    ['a parameter expansion', 'cat $HOME/a'],
    ['an expansion in double quotes', 'cat "$HOME"'],
    ['a substitution in double quotes', 'cat "$(ls)"'],
    ['a backtick in double quotes', 'cat "`ls`"'],
    ['a glob', 'cat *.ts'],
    ['a character class', 'cat a[12].ts'],
    ['a question mark glob', 'cat a?.ts'],
    ['a brace expansion', 'cat {a,b}.ts'],
    ['a tilde', 'cat ~/a'],
    ['a comment', 'cat a #b'],
    ['history expansion', 'cat !!'],
    ['a subshell', '(cat a)'],
    ['a line break', 'cat a\nrm b'],
    ['a carriage return', 'cat a\rrm b'],
    ['an escaped line break', 'cat a\\\nb'],
    ['an unterminated single quote', "cat 'a"],
    ['an unterminated double quote', 'cat "a'],
    ['a control character', 'cat a\u0007'],
    ['a character outside ASCII', 'cat a\u00a0b'],
    ['a bidi control', 'cat \u202ea'],
    ['a line break in quotes', "cat 'a\nb'"],
  ])('refuses %s', (_name, command) => {
    expect(shellWords(command)).toBeUndefined()
  })
})

// The shell itself as the oracle: whatever shellWords accepts, bash passes
// to the program as exactly those words. It runs in an empty directory
// with no PATH, so a command wrongly accepted could neither run a program
// nor leave a file unseen.
describe('shellWords against bash', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shell-words-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const bashWords = (command: string) => {
    const run = spawnSync('/bin/bash', ['--norc', '--noprofile', '-c', `words() { printf '%s\\0' "$@"; }; words ${command}`], {
      cwd: dir,
      env: { PATH: '/nonexistent' },
      encoding: 'utf8',
    })
    return { words: run.stdout.split('\0').slice(0, -1), stderr: run.stderr, status: run.status }
  }

  const piece = fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9_@%+=:,./-]{1,6}$/),
    fc.stringMatching(/^[ -&(-~]{0,6}$/).map((text) => `'${text}'`),
    fc.stringMatching(/^[ -~]{0,6}$/).map((text) => `"${text}"`),
    fc.stringMatching(/^[ -~]$/).map((char) => `\\${char}`),
    fc.constantFrom('|', ';', '&', '>', '<', '$', '`', '*', '?', '[', '{', '~', '#', '!', '(', '\n'),
  )
  const command = fc.array(
    fc.array(piece, { minLength: 1, maxLength: 3 }).map((word) => word.join('')),
    { minLength: 1, maxLength: 4 },
  )

  it('gives the words bash gives, for every command it accepts', () => {
    fc.assert(
      fc.property(command, (words) => {
        const line = words.join(' ')
        const read = shellWords(line)
        if (read === undefined) return
        const bash = bashWords(line)
        expect(bash.stderr).toBe('')
        expect(bash.status).toBe(0)
        expect(bash.words).toEqual(read)
        expect(readdirSync(dir)).toEqual([])
      }),
      { numRuns: propertyRuns(1000) },
    )
  })
})
