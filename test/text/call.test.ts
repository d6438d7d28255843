import { describe, expect, it } from 'vitest'
import { renderCallView } from '../../src/text/index.js'
import type { ToolCallView } from '../../src/views.js'

describe('a generic call', () => {
  it('shows a kind marker and the title, then the text content, then the locations as path:line', () => {
    const view: ToolCallView = {
      card: 'generic',
      title: 'Find TODOs',
      kind: 'search',
      content: [{ type: 'text', text: 'grep -rn TODO src\n' }],
      locations: [{ path: '/repo/src/a.ts', line: 12 }, { path: '/repo/src/b.ts' }],
    }
    expect(renderCallView(view)).toBe('/ search  Find TODOs\ngrep -rn TODO src\n↳ /repo/src/a.ts:12\n↳ /repo/src/b.ts')
  })

  it('gives every kind its own marker, padded so titles line up, and other when there is none', () => {
    const kinds = ['read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'switch_mode', 'other'] as const
    const headers = kinds.map((kind) => renderCallView({ card: 'generic', title: 'T', kind }))
    expect(new Set(headers).size).toBe(kinds.length)
    for (const header of headers) expect(Array.from(header).indexOf('T')).toBe(10)
    expect(renderCallView({ card: 'generic', title: 'T' })).toBe(renderCallView({ card: 'generic', title: 'T', kind: 'other' }))
  })

  it('shows images and resource links as one-line placeholders naming the mime type and uri', () => {
    const view: ToolCallView = {
      card: 'generic',
      title: 'Screenshot',
      content: [
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'image', data: 'AAAA', mimeType: 'image/jpeg', uri: 'file:///tmp/shot.jpg' },
        { type: 'resource_link', uri: 'file:///repo/README.md', name: 'README.md', mimeType: 'text/markdown' },
        { type: 'resource_link', uri: 'https://example.com', name: 'https://example.com' },
      ],
    }
    expect(renderCallView(view).split('\n').slice(1)).toEqual([
      '[image image/png]',
      '[image image/jpeg file:///tmp/shot.jpg]',
      '[link README.md file:///repo/README.md (text/markdown)]',
      '[link https://example.com]',
    ])
  })

  it('does not show rawInput', () => {
    expect(renderCallView({ card: 'generic', title: 'Read a.ts', kind: 'read', rawInput: { file_path: '/a.ts' } })).toBe(
      '▸ read    Read a.ts',
    )
  })

  it('makes control characters in the title visible and strips escape sequences from text content', () => {
    const view: ToolCallView = {
      card: 'generic',
      title: 'bad\u001b[2Jtitle',
      content: [{ type: 'text', text: '\u001b[32mok\u001b[0m\u0007' }],
    }
    expect(renderCallView(view)).toBe('• tool    bad\\x1b[2Jtitle\nok\\x07')
  })
})

describe('a terminal call', () => {
  it('shows $ and the command, with the cwd when it is not the session cwd', () => {
    expect(renderCallView({ card: 'terminal', title: 'npm test', cwd: '/repo' })).toBe('$ npm test  (in /repo)')
    expect(renderCallView({ card: 'terminal', title: 'npm test', cwd: '/repo/pkg' }, { cwd: '/repo' })).toBe(
      '$ npm test  (in pkg)',
    )
    expect(renderCallView({ card: 'terminal', title: 'npm test', cwd: '/repo' }, { cwd: '/repo' })).toBe('$ npm test')
    expect(renderCallView({ card: 'terminal', title: 'npm test' })).toBe('$ npm test')
  })

  it('shows the description as a # comment above the command', () => {
    expect(renderCallView({ card: 'terminal', title: 'ls', description: 'List files' })).toBe('# List files\n$ ls')
  })

  it('indents the following lines of a multi-line command under it', () => {
    expect(renderCallView({ card: 'terminal', title: 'cat <<EOF\nhi\nEOF' })).toBe('$ cat <<EOF\n  hi\n  EOF')
  })
})

describe('a diff call', () => {
  it('shows a header, then a unified diff relative to the cwd, then the footer', () => {
    const view: ToolCallView = {
      card: 'diff',
      title: 'Edit src/a.ts',
      diffs: [{ path: '/repo/src/a.ts', oldText: 'let a = 1', newText: 'let a = 2' }],
      locations: [{ path: '/repo/src/a.ts' }],
    }
    expect(renderCallView(view, { cwd: '/repo' })).toBe(
      [
        '✎ edit    Edit src/a.ts',
        '--- a/src/a.ts',
        '+++ b/src/a.ts',
        '@@ -1,1 +1,1 @@',
        '-let a = 1',
        '+let a = 2',
        '1 file, +1 -1',
      ].join('\n'),
    )
  })
})

describe('width wraps header lines only', () => {
  it('wraps a long title at spaces and indents the continuation under the title', () => {
    const view: ToolCallView = { card: 'generic', title: 'Read a rather long file name here', kind: 'read', content: [] }
    expect(renderCallView(view, { width: 24 })).toBe('▸ read    Read a rather\n          long file name\n          here')
  })

  it('breaks a word longer than the line at the width', () => {
    expect(renderCallView({ card: 'terminal', title: 'echo abcdefghijkl' }, { width: 8 })).toBe(
      '$ echo\n  abcdef\n  ghijkl',
    )
  })

  it('wraps the cwd suffix with the command', () => {
    expect(renderCallView({ card: 'terminal', title: 'npm test', cwd: '/somewhere/else' }, { width: 20 })).toBe(
      '$ npm test  (in\n  /somewhere/else)',
    )
  })

  it('never wraps content or diff lines', () => {
    const long = 'x'.repeat(100)
    const generic = renderCallView({ card: 'generic', title: 'T', content: [{ type: 'text', text: long }] }, { width: 20 })
    expect(generic.split('\n')[1]).toBe(long)
    const diff = renderCallView({ card: 'diff', title: 'T', diffs: [{ path: 'a', oldText: null, newText: long }] }, { width: 20 })
    expect(diff).toContain(`+${long}`)
  })

  it('ignores a width that is not a positive number', () => {
    const view: ToolCallView = { card: 'terminal', title: 'echo one two three' }
    for (const width of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(renderCallView(view, { width })).toBe('$ echo one two three')
  })
})

describe('colour', () => {
  it('adds no escape sequence at all when colour is off', () => {
    const view: ToolCallView = { card: 'diff', title: 'T', diffs: [{ path: 'a', oldText: 'x', newText: 'y' }] }
    expect(renderCallView(view)).not.toContain('\u001b')
  })

  it('paints headers bold, additions green and removals red when colour is on', () => {
    const view: ToolCallView = { card: 'diff', title: 'T', diffs: [{ path: 'a', oldText: 'x', newText: 'y' }] }
    const lines = renderCallView(view, { color: true }).split('\n')
    expect(lines[0]).toBe('\u001b[2m✎ edit   \u001b[0m \u001b[1mT\u001b[0m')
    expect(lines).toContain('\u001b[31m-x\u001b[0m')
    expect(lines).toContain('\u001b[32m+y\u001b[0m')
  })

  it('paints each wrapped header line on its own so no style spans a line break', () => {
    const text = renderCallView({ card: 'terminal', title: 'echo one two' }, { color: true, width: 8 })
    expect(text).toBe('\u001b[1m$\u001b[0m \u001b[1mecho\u001b[0m\n  \u001b[1mone\u001b[0m\n  \u001b[1mtwo\u001b[0m')
  })
})

describe('input outside the union', () => {
  it('throws an Error naming the unknown card', () => {
    expect(() => renderCallView({ card: 'table' } as unknown as ToolCallView)).toThrow('renderCallView: unhandled card "table"')
  })
})
