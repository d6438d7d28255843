import { describe, expect, it } from 'vitest'
import { renderCallView } from 'tool-render-intent/text'
import type { ToolCallView } from 'tool-render-intent'

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

  it('shows audio, embedded blobs and embedded text resources, and ignores annotations and _meta', () => {
    const view: ToolCallView = {
      card: 'generic',
      title: 'Fetch',
      content: [
        { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav', annotations: { audience: ['user'], priority: 1 } },
        { type: 'resource', resource: { uri: 'file:///repo/a.pdf', blob: 'JVBERi0xLjQ=', mimeType: 'application/pdf' } },
        { type: 'resource', resource: { uri: 'file:///repo/one.bin', blob: 'AA==' }, _meta: { x: 1 } },
        { type: 'resource', resource: { uri: 'file:///repo/a.ts', text: 'export const a = 1\n', mimeType: 'text/x-typescript' } },
        { type: 'resource', resource: { uri: 'file:///repo/notes.md', text: '```js\nx\n```' } },
        { type: 'resource', resource: { uri: 'file:///repo/empty.txt', text: '' } },
      ],
    }
    expect(renderCallView(view).split('\n').slice(1)).toEqual([
      '[audio audio/wav]',
      '[resource file:///repo/a.pdf application/pdf, 8 bytes]',
      '[resource file:///repo/one.bin, 1 byte]',
      '``` file:///repo/a.ts (text/x-typescript)',
      'export const a = 1',
      '```',
      '```` file:///repo/notes.md',
      '```js',
      'x',
      '```',
      '````',
      '``` file:///repo/empty.txt',
      '```',
    ])
  })

  it('shows null optional fields of a block as absent', () => {
    const view: ToolCallView = {
      card: 'generic',
      title: 'T',
      content: [
        { type: 'image', data: 'AA', mimeType: 'image/png', uri: null },
        { type: 'resource_link', uri: 'file:///a', name: 'a', mimeType: null, title: null },
        { type: 'resource', resource: { uri: 'file:///b', text: 'b', mimeType: null } },
      ],
    }
    expect(renderCallView(view).split('\n').slice(1)).toEqual(['[image image/png]', '[link a file:///a]', '``` file:///b', 'b', '```'])
  })

  it('reads a resource with a text as text contents, a blob key left undefined aside', () => {
    const view = {
      card: 'generic',
      title: 'T',
      content: [{ type: 'resource', resource: { uri: 'file:///a', text: 'a', blob: undefined } }],
    } as ToolCallView
    expect(renderCallView(view)).toBe('• tool    T\n``` file:///a\na\n```')
  })

  it('shows escape sequences but colours in an embedded text resource, and controls in its uri, as visible escapes', () => {
    const view: ToolCallView = {
      card: 'generic',
      title: 'T',
      content: [{ type: 'resource', resource: { uri: 'file:///a\u001b[2J', text: '\u001b[31mred\u001b[0m\u0007' } }],
    }
    expect(renderCallView(view)).toBe('• tool    T\n``` file:///a\\x1b[2J\nred\\x07\n```')
  })

  it('does not show rawInput', () => {
    expect(renderCallView({ card: 'generic', title: 'Read a.ts', kind: 'read', rawInput: { file_path: '/a.ts' } })).toBe(
      '▸ read    Read a.ts',
    )
  })

  it('makes control characters in the title and escape sequences in text content visible, colours in content dropped', () => {
    const view: ToolCallView = {
      card: 'generic',
      title: 'bad\u001b[2Jtitle\u001b[31m',
      content: [{ type: 'text', text: '\u001b[32mok\u001b[0m\u0007' }],
    }
    expect(renderCallView(view)).toBe('• tool    bad\\x1b[2Jtitle\\x1b[31m\nok\\x07')
  })
})

describe('a terminal call', () => {
  it('shows $ and the command, with the cwd when it is not the session cwd', () => {
    expect(renderCallView({ card: 'terminal', title: 'npm test', cwd: '/repo' })).toBe('$ npm test  (in /repo)')
    expect(renderCallView({ card: 'terminal', title: 'npm test', cwd: '/repo/pkg' }, { cwd: '/repo' })).toBe('$ npm test  (in pkg)')
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
      ['✎ edit    Edit src/a.ts', '--- a/src/a.ts', '+++ b/src/a.ts', '@@ -1,1 +1,1 @@', '-let a = 1', '+let a = 2', '1 file, +1 -1'].join(
        '\n',
      ),
    )
  })
})

describe('a plan call', () => {
  const entries = [
    { content: 'Write tests', status: 'completed', priority: 'medium' },
    { content: 'Fix the bug', status: 'in_progress', priority: 'high' },
    { content: 'Release', status: 'pending' },
    { content: 'Tidy up', status: 'pending', priority: 'low' },
  ] as const

  it('draws a checklist under a plan header: [x] done, [ ] to do, the entry in progress marked, priority when not medium', () => {
    expect(renderCallView({ card: 'plan', title: 'Update todo list', entries })).toBe(
      [
        '☰ plan    Update todo list',
        '[x] Write tests',
        '[ ] Fix the bug  (in progress, high priority)',
        '[ ] Release',
        '[ ] Tidy up  (low priority)',
      ].join('\n'),
    )
  })

  it('has a bare header without a title, and says when the plan is empty', () => {
    expect(renderCallView({ card: 'plan', entries: [{ content: 'a', status: 'in_progress' }] })).toBe('☰ plan\n[ ] a  (in progress)')
    expect(renderCallView({ card: 'plan', entries: [] })).toBe('☰ plan\n(no entries)')
  })

  it('wraps a long entry and indents its other lines under its text, the notes after its first line', () => {
    const view: ToolCallView = { card: 'plan', entries: [{ content: 'one two three\nfour', status: 'pending', priority: 'high' }] }
    expect(renderCallView(view, { width: 16 })).toBe('☰ plan\n[ ] one two\n    three  (high\n    priority)\n    four')
  })

  it('makes control characters in an entry visible', () => {
    expect(renderCallView({ card: 'plan', entries: [{ content: 'a\u001b[2Jb', status: 'pending' }] })).toBe('☰ plan\n[ ] a\\x1b[2Jb')
  })

  it('paints done entries dim with a green box, the entry in progress bold', () => {
    const lines = renderCallView({ card: 'plan', title: 'P', entries }, { color: true }).split('\n')
    expect(lines[1]).toBe('\u001b[32m[x]\u001b[0m \u001b[2mWrite tests\u001b[0m')
    expect(lines[2]).toBe('\u001b[2m[ ]\u001b[0m \u001b[1mFix the bug\u001b[0m\u001b[2m  (in progress, high priority)\u001b[0m')
    expect(lines[3]).toBe('\u001b[2m[ ]\u001b[0m Release')
  })
})

describe('width wraps header lines only', () => {
  it('wraps a long title at spaces and indents the continuation under the title', () => {
    const view: ToolCallView = { card: 'generic', title: 'Read a rather long file name here', kind: 'read', content: [] }
    expect(renderCallView(view, { width: 24 })).toBe('▸ read    Read a rather\n          long file name\n          here')
  })

  it('breaks a word longer than the line at the width', () => {
    expect(renderCallView({ card: 'terminal', title: 'echo abcdefghijkl' }, { width: 8 })).toBe('$ echo\n  abcdef\n  ghijkl')
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

describe('a command that only reads', () => {
  it('is the command, then the files it names, as a read card lists them', () => {
    const view = { card: 'terminal', title: 'cat a.ts', kind: 'read', locations: [{ path: '/repo/a.ts', line: 1 }] } as const
    expect(renderCallView(view)).toBe('$ cat a.ts\n↳ /repo/a.ts:1')
  })
})
