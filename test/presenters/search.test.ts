import { describe, expect, it } from 'vitest'
import { globTool, grepTool, lsTool } from 'tool-render-intent/presenters'
import { nodeTypes, parse, UNSAFE_TYPES } from './markdown-tree.js'
import { wireTitle } from '../../src/safety/title-text.js'

const cwd = { cwd: '/repo' }
const grepTitle = (args: Record<string, unknown>, ctx: { cwd?: string } = cwd) =>
  grepTool.presentCall?.({ pattern: 'x', ...args }, ctx)?.title

describe('grep: the call', () => {
  it('is a generic search card titled with the command line it stands for', () => {
    expect(grepTool.presentCall?.({ pattern: 'TODO', path: '/repo/src' }, cwd)).toEqual({
      card: 'generic',
      kind: 'search',
      title: 'grep "TODO" src',
      rawInput: { pattern: 'TODO', path: '/repo/src' },
    })
  })

  it("puts the flags in claude-agent-acp's order", () => {
    expect(
      grepTitle({
        '-i': true,
        '-n': true,
        '-A': 2,
        '-B': 1,
        '-C': 3,
        output_mode: 'files_with_matches',
        head_limit: 10,
        glob: 'src/*.ts',
        type: 'ts',
        multiline: true,
      }),
    ).toBe('grep -i -n -A 2 -B 1 -C 3 -l | head -10 --include="src/*.ts" --type=ts -P "x"')
    expect(grepTitle({ output_mode: 'count' })).toBe('grep -c "x"')
    expect(grepTitle({ output_mode: 'content' })).toBe('grep "x"')
  })

  it('shows the newer context key as -C when -C is absent', () => {
    expect(grepTitle({ context: 4 })).toBe('grep -C 4 "x"')
    expect(grepTitle({ context: 4, '-C': 1 })).toBe('grep -C 1 "x"')
  })

  it('leaves out a head_limit of 0, which means no limit', () => {
    expect(grepTitle({ head_limit: 0 })).toBe('grep "x"')
  })

  it('shows the path relative to the cwd, normalised, and leaves out the cwd itself', () => {
    expect(grepTitle({ path: '/repo' })).toBe('grep "x"')
    expect(grepTitle({ path: '/repo/../etc' })).toBe('grep "x" /etc')
    expect(grepTitle({ path: 'rel/dir' })).toBe('grep "x" rel/dir')
    expect(grepTitle({ path: '/repo/src' }, {})).toBe('grep "x" /repo/src')
  })

  it('reads null and non-finite numbers as absent', () => {
    expect(grepTitle({ '-A': null, '-B': Number.NaN, head_limit: Infinity, '-i': null, glob: null, path: null })).toBe('grep "x"')
  })

  it('is plain text, which the bridge escapes whole for Markdown', () => {
    const title = grepTitle({ pattern: '![a](https://host/t.png) <b> `c`' })!
    expect(title).toBe('grep "![a](https://host/t.png) <b> `c`"')
    for (const type of UNSAFE_TYPES) expect(nodeTypes(parse(wireTitle(title, 'search', 'markdown'))).has(type)).toBe(false)
  })

  it('gives undefined for arguments that are not a grep', () => {
    expect(grepTool.presentCall?.({ pattern: 1 }, cwd)).toBeUndefined()
    expect(grepTool.presentCall?.({ pattern: 'x', '-i': 'yes' }, cwd)).toBeUndefined()
    expect(grepTool.presentCall?.({ pattern: 'x', '-A': '2' }, cwd)).toBeUndefined()
  })
})

describe('search results', () => {
  it.each([
    ['grep', grepTool, { pattern: 'x' }],
    ['glob', globTool, { pattern: '*' }],
    ['ls', lsTool, { path: '/repo' }],
  ] as const)('%s fences what was found, so no line of it renders as Markdown', (_name, tool, args) => {
    const text = 'src/a.ts:1:```\nsrc/b.ts:2:[x](https://host)\n'
    expect(tool.presentResult?.(args as never, { content: [{ type: 'text', text }] })).toEqual({
      card: 'generic',
      content: [{ type: 'text', text: '````\nsrc/a.ts:1:```\nsrc/b.ts:2:[x](https://host)\n````' }],
    })
  })

  it('shows nothing for blank output and an error as returned', () => {
    expect(grepTool.presentResult?.({ pattern: 'x' }, { content: [{ type: 'text', text: '\n' }] })).toEqual({
      card: 'generic',
      content: [],
    })
    const content = [{ type: 'text', text: 'Path does not exist' }] as const
    expect(grepTool.presentResult?.({ pattern: 'x' }, { content, isError: true })).toEqual({ card: 'generic', content })
  })
})

describe('glob: the call', () => {
  it('is a generic search card Find <pattern> in <path>, with a location for the directory', () => {
    expect(globTool.presentCall?.({ pattern: '*.ts', path: '/repo/src' }, cwd)).toEqual({
      card: 'generic',
      kind: 'search',
      title: 'Find *.ts in src',
      locations: [{ path: '/repo/src' }],
      rawInput: { pattern: '*.ts', path: '/repo/src' },
    })
  })

  it('leaves out an absent path, the cwd, and an empty pattern', () => {
    expect(globTool.presentCall?.({ pattern: 'a', path: null }, cwd)).toMatchObject({ title: 'Find a', locations: undefined })
    expect(globTool.presentCall?.({ pattern: 'a', path: '/repo' }, cwd)).toMatchObject({ title: 'Find a', locations: [{ path: '/repo' }] })
    expect(globTool.presentCall?.({ pattern: '' }, cwd)?.title).toBe('Find')
  })

  it('never puts code spans in the title, as Zed gets it', () => {
    const title = globTool.presentCall?.({ pattern: '`x`', path: '/repo/`y`' }, cwd)?.title ?? ''
    expect(nodeTypes(parse(wireTitle(title, 'search', 'markdown'))).has('inlineCode')).toBe(false)
  })
})

describe('ls: the call', () => {
  it('is a generic read card List <path> with a location, . for the cwd', () => {
    expect(lsTool.presentCall?.({ path: '/repo/src', ignore: ['node_modules'] }, cwd)).toEqual({
      card: 'generic',
      kind: 'read',
      title: 'List src',
      locations: [{ path: '/repo/src' }],
      rawInput: { path: '/repo/src', ignore: ['node_modules'] },
    })
    expect(lsTool.presentCall?.({ path: '/repo' }, cwd)?.title).toBe('List .')
  })

  it('gives undefined for an ignore list that is not strings', () => {
    expect(lsTool.presentCall?.({ path: '/repo', ignore: [1] }, cwd)).toBeUndefined()
    expect(lsTool.presentCall?.({ path: '/repo', ignore: null }, cwd)).toMatchObject({ title: 'List .' })
  })
})

describe("grep: Claude Code's newer spellings", () => {
  it('reads file_path when path is absent, path winning', () => {
    expect(grepTool.presentCall?.({ pattern: 'x', file_path: '/repo/a.ts' }, { cwd: '/repo' })?.title).toBe('grep "x" a.ts')
    expect(grepTool.presentCall?.({ pattern: 'x', path: 'b', file_path: 'a' }, { cwd: '/repo' })?.title).toBe('grep "x" b')
  })

  it('reads -l and -c flags as the output mode when output_mode is absent', () => {
    expect(grepTool.presentCall?.({ pattern: 'x', '-l': true })?.title).toBe('grep -l "x"')
    expect(grepTool.presentCall?.({ pattern: 'x', '-c': 'true' })?.title).toBe('grep -c "x"')
    expect(grepTool.presentCall?.({ pattern: 'x', '-c': true, output_mode: 'content' })?.title).toBe('grep "x"')
    expect(grepTool.presentCall?.({ pattern: 'x', '-l': 'no' })?.title).toBe('grep "x"')
  })
})
