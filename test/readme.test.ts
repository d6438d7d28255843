// The README's examples say what the code does: each documented call, run.
import { readFileSync } from 'node:fs'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { describe, expect, it } from 'vitest'
import { parseToolResultView } from 'tool-render-intent'
import { bashTool, computeEditMeta, computeWriteMeta, readTool } from 'tool-render-intent/presenters'
import { renderCallView, renderResultView } from 'tool-render-intent/text'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

describe('the README', () => {
  it('gives the set-up and test commands a newcomer runs', () => {
    const shell = fromMarkdown(readme).children.flatMap((node) => (node.type === 'code' && node.lang === 'sh' ? [node.value] : []))
    expect(shell).toContain('npm ci\nnpm test')
    expect(shell).toContain('npm ci\nnpm run demo')
  })

  it('shows the error a misplaced field gets', () => {
    expect(() => parseToolResultView({ card: 'generic', output: 'hi' })).toThrow(
      'output: not a field of a generic result view (it belongs to a terminal result view)',
    )
    expect(readme).toContain('// InvalidViewError: output: not a field of a generic result view (it belongs to a terminal result view)')
  })

  it('shows what the read presenter returns', () => {
    expect(readTool.presentCall?.({ file_path: '/repo/src/a.ts', offset: 10, limit: 5 }, { cwd: '/repo' })).toMatchObject({
      card: 'generic',
      kind: 'read',
      title: 'Read src/a.ts (10 - 14)',
      locations: [{ path: '/repo/src/a.ts', line: 10 }],
    })
  })

  it('shows what the bash result presenter returns', () => {
    expect(
      bashTool.presentResult?.({ command: 'npm test' }, { content: [{ type: 'text', text: '1 failing\n' }], meta: { exitCode: 1 } }),
    ).toEqual({ card: 'terminal', output: '1 failing\n', exitCode: 1 })
  })

  it('shows the applied-change meta', () => {
    expect(computeEditMeta('a\nb\nc\n', { old_string: 'b', new_string: 'B' })).toEqual({
      hunks: [{ oldText: 'a\nb\nc\n', newText: 'a\nB\nc\n', line: 1 }],
    })
    expect(computeWriteMeta(null, 'hello\n')).toEqual({ hunks: [{ oldText: null, newText: 'hello\n', line: 1 }] })
  })

  it('shows what the text renderer draws', () => {
    expect(renderCallView({ card: 'terminal', title: 'npm test', cwd: '/repo/pkg' }, { cwd: '/repo' })).toBe('$ npm test  (in pkg)')
    expect(renderResultView({ card: 'terminal', output: 'ok\n', exitCode: 0 })).toBe('ok\n[exit 0]')
  })
})
