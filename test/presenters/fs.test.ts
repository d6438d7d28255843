import { describe, expect, it } from 'vitest'
import { computeEditMeta, computeWriteMeta, editTool, readTool, writeTool } from 'tool-render-intent/presenters'
import { nodeTypes, parse, UNSAFE_TYPES } from './markdown-tree.js'
import { wireTitle } from '../../src/safety/title-text.js'

const cwd = { cwd: '/repo' }

describe('read: the call', () => {
  it('is a generic read card that follows the first line read', () => {
    expect(readTool.presentCall?.({ file_path: '/repo/src/a.ts', offset: 10, limit: 5 }, cwd)).toEqual({
      card: 'generic',
      kind: 'read',
      title: 'Read src/a.ts (10 - 14)',
      locations: [{ path: '/repo/src/a.ts', line: 10 }],
      rawInput: { file_path: '/repo/src/a.ts', offset: 10, limit: 5 },
    })
  })

  it('shows (from line N) for an offset alone and nothing without one', () => {
    expect(readTool.presentCall?.({ file_path: '/repo/a.ts', offset: 7 }, cwd)?.title).toBe('Read a.ts (from line 7)')
    expect(readTool.presentCall?.({ file_path: '/repo/a.ts' }, cwd)?.title).toBe('Read a.ts')
  })

  it('keeps a path outside the cwd, or in a sibling directory, as given', () => {
    expect(readTool.presentCall?.({ file_path: '/repo-other/a.ts' }, cwd)?.title).toBe('Read /repo-other/a.ts')
    expect(readTool.presentCall?.({ file_path: 'rel/a.ts' }, cwd)?.title).toBe('Read rel/a.ts')
  })

  it('follows line 1 for an offset of 0 or less', () => {
    const view = readTool.presentCall?.({ file_path: '/repo/a.ts', offset: -2 }, cwd)
    expect(view).toMatchObject({ locations: [{ path: '/repo/a.ts', line: 1 }] })
  })

  it('gives undefined for arguments that are not a read', () => {
    expect(readTool.presentCall?.({ file_path: 3 }, cwd)).toBeUndefined()
    expect(readTool.presentCall?.({ file_path: 'a', offset: '3' }, cwd)).toBeUndefined()
    expect(readTool.presentCall?.(null, cwd)).toBeUndefined()
  })

  it('ignores a cwd that is not a string', () => {
    expect(readTool.presentCall?.({ file_path: '/repo/a.ts' }, { cwd: 3 } as never)?.title).toBe('Read /repo/a.ts')
  })
})

describe('read: the result', () => {
  it('fences the file text with a language hint from the extension', () => {
    const view = readTool.presentResult?.({ file_path: '/repo/a.ts' }, { content: [{ type: 'text', text: 'let a = 1\n' }] })
    expect(view).toEqual({ card: 'generic', content: [{ type: 'text', text: '```typescript\nlet a = 1\n```' }] })
  })

  it('uses a fence longer than any backtick run in the file', () => {
    const text = 'before\n````\ninside\n````\nafter'
    const view = readTool.presentResult?.({ file_path: '/repo/README' }, { content: [{ type: 'text', text }] })
    expect(view).toEqual({ card: 'generic', content: [{ type: 'text', text: `\`\`\`\`\`\n${text}\n\`\`\`\`\`` }] })
  })

  it('joins the text blocks and keeps images after the fence', () => {
    const image = { type: 'image', data: 'AAAA', mimeType: 'image/png' } as const
    const view = readTool.presentResult?.(
      { file_path: 'x.py' },
      { content: [{ type: 'text', text: 'a' }, image, { type: 'text', text: 'b' }] },
    )
    expect(view).toEqual({ card: 'generic', content: [{ type: 'text', text: '```python\nab\n```' }, image] })
  })

  it('shows an error result as returned, unfenced', () => {
    const content = [{ type: 'text', text: 'ENOENT: no such file' }] as const
    expect(readTool.presentResult?.({ file_path: '/repo/a.ts' }, { content, isError: true })).toEqual({
      card: 'generic',
      content,
    })
  })
})

describe('write: the call', () => {
  it('is a diff card showing the whole text as a new file', () => {
    expect(writeTool.presentCall?.({ file_path: '/repo/a.txt', content: 'hi\n' }, cwd)).toEqual({
      card: 'diff',
      title: 'Write a.txt',
      diffs: [{ path: '/repo/a.txt', oldText: null, newText: 'hi\n' }],
      locations: [{ path: '/repo/a.txt' }],
    })
  })

  it('with an empty path is a generic Write card showing the text', () => {
    expect(writeTool.presentCall?.({ file_path: '', content: 'x' }, cwd)).toEqual({
      card: 'generic',
      kind: 'edit',
      title: 'Write',
      content: [{ type: 'text', text: 'x' }],
    })
  })
})

describe('write: the result', () => {
  const args = { file_path: '/repo/a.txt', content: 'a\nB\nc\n' }

  it('shows the applied hunks from the meta, each located at its line', () => {
    const meta = computeWriteMeta('a\nb\nc\n', args.content)
    expect(writeTool.presentResult?.(args, { content: [], meta })).toEqual({
      card: 'diff',
      diffs: [{ path: '/repo/a.txt', oldText: 'a\nb\nc\n', newText: 'a\nB\nc\n' }],
      locations: [{ path: '/repo/a.txt', line: 1 }],
    })
  })

  it('shows a create as a whole-file diff', () => {
    const meta = computeWriteMeta(null, args.content)
    expect(writeTool.presentResult?.(args, { content: [], meta })).toMatchObject({
      card: 'diff',
      diffs: [{ path: '/repo/a.txt', oldText: null, newText: args.content }],
    })
  })

  it('falls back to the whole-file diff of its arguments without meta, with malformed meta, or past the size bound', () => {
    const fallback = {
      card: 'diff',
      diffs: [{ path: '/repo/a.txt', oldText: null, newText: args.content }],
      locations: [{ path: '/repo/a.txt' }],
    }
    for (const meta of [
      undefined,
      { hunks: 'no' },
      { hunks: [{ oldText: 'a', newText: 'b', line: 0 }] },
      computeWriteMeta('x', args.content, { maxLength: 2 }),
    ]) {
      expect(writeTool.presentResult?.(args, { content: [], meta: meta as never })).toEqual(fallback)
    }
  })

  it('shows the content when the overwrite changed nothing', () => {
    const content = [{ type: 'text', text: 'unchanged' }] as const
    expect(writeTool.presentResult?.(args, { content, meta: computeWriteMeta(args.content, args.content) })).toEqual({
      card: 'generic',
      content,
    })
  })

  it('shows an error result as a generic card with the error text', () => {
    const content = [{ type: 'text', text: 'EACCES' }] as const
    expect(writeTool.presentResult?.(args, { content, isError: true, meta: computeWriteMeta(null, 'x') })).toEqual({
      card: 'generic',
      content,
    })
  })
})

describe('edit: the call', () => {
  it('is a diff card from the old string to the new one', () => {
    expect(editTool.presentCall?.({ file_path: 'src/a.ts', old_string: 'a', new_string: 'b' }, cwd)).toEqual({
      card: 'diff',
      title: 'Edit src/a.ts',
      diffs: [{ path: 'src/a.ts', oldText: 'a', newText: 'b' }],
      locations: [{ path: 'src/a.ts' }],
    })
  })

  it('shows an empty old string as no old text, and no diff when both are empty', () => {
    expect(editTool.presentCall?.({ file_path: '/repo/a', old_string: '', new_string: 'b' }, cwd)).toMatchObject({
      diffs: [{ path: '/repo/a', oldText: null, newText: 'b' }],
    })
    expect(editTool.presentCall?.({ file_path: '/repo/a', old_string: '', new_string: '' }, cwd)).toMatchObject({
      card: 'diff',
      diffs: [],
    })
  })

  it('gives undefined without new_string', () => {
    expect(editTool.presentCall?.({ file_path: '/repo/a', old_string: 'x' }, cwd)).toBeUndefined()
  })
})

describe('edit: the result', () => {
  const before = ['x\n', ...Array.from({ length: 10 }, (_, index) => `l${index}\n`), 'x\n'].join('')
  const args = { file_path: '/repo/a.txt', old_string: 'x', new_string: 'y', replace_all: true }

  it('shows one hunk per replacement site, each located at its new-file line, and counts them in its title', () => {
    const meta = computeEditMeta(before, args)
    expect(editTool.presentResult?.(args, { content: [{ type: 'text', text: 'ok' }], meta })).toEqual({
      card: 'diff',
      diffs: [
        { path: '/repo/a.txt', oldText: 'x\nl0\nl1\nl2\n', newText: 'y\nl0\nl1\nl2\n' },
        { path: '/repo/a.txt', oldText: 'l7\nl8\nl9\nx\n', newText: 'l7\nl8\nl9\ny\n' },
      ],
      locations: [
        { path: '/repo/a.txt', line: 1 },
        { path: '/repo/a.txt', line: 9 },
      ],
      // How many occurrences changed, now that the applied hunks say it.
      title: 'Edit /repo/a.txt (2 occurrences)',
    })
  })

  it('falls back to the call-time diff without meta', () => {
    expect(editTool.presentResult?.(args, { content: [] })).toEqual({
      card: 'diff',
      diffs: [{ path: '/repo/a.txt', oldText: 'x', newText: 'y' }],
      locations: [{ path: '/repo/a.txt' }],
    })
  })

  it('shows the content when there is no diff to show at all', () => {
    const content = [{ type: 'text', text: 'nothing to do' }] as const
    expect(editTool.presentResult?.({ file_path: '/a', old_string: '', new_string: '' }, { content })).toEqual({
      card: 'generic',
      content,
    })
  })

  it('shows an error result as a generic card with the error text', () => {
    const content = [{ type: 'text', text: 'old_string not found' }] as const
    expect(editTool.presentResult?.(args, { content, isError: true })).toEqual({ card: 'generic', content })
  })
})

// Every file tool's call title for `file_path`.
const fileTitles = (file_path: string, ctx: { cwd?: string } = cwd) => [
  readTool.presentCall?.({ file_path }, ctx)?.title,
  writeTool.presentCall?.({ file_path, content: 'x' }, ctx)?.title,
  editTool.presentCall?.({ file_path, old_string: 'a', new_string: 'b' }, ctx)?.title,
]

describe('file titles are plain, and Markdown-safe as Zed gets them', () => {
  it('show the path as written; the bridge escapes link, image, HTML, entity and code syntax in it', () => {
    // Relative: an absolute path would lose the `//` of the URL to normalisation.
    const path = '![x](https://host/t.png) [a](javascript:x) <img src=x> &amp; `c` *e*.md'
    const shown = '!\\[x\\](https://host/t.png) \\[a\\](javascript:x) \\<img src=x\\> \\&amp; \\`c\\` \\*e\\*.md'
    expect(fileTitles(path)).toEqual([`Read ${path}`, `Write ${path}`, `Edit ${path}`])
    const wire = fileTitles(path).map((title) => wireTitle(title!, 'edit', 'markdown'))
    expect(wire).toEqual([`Read ${shown}`, `Write ${shown}`, `Edit ${shown}`])
    for (const title of wire) {
      const types = nodeTypes(parse(title))
      for (const type of UNSAFE_TYPES) expect(types.has(type)).toBe(false)
    }
  })

  it('never hold a line break as Zed gets them', () => {
    const wire = (title: string | undefined) => wireTitle(title ?? '', 'read', 'markdown')
    expect(fileTitles('/repo/a\nb\r\nc\u2028d.ts').map(wire)).toEqual(['Read a b c d.ts', 'Write a b c d.ts', 'Edit a b c d.ts'])
    expect(wire(readTool.presentCall?.({ file_path: 'x\n# y', offset: 2 }, cwd)?.title)).toBe('Read x # y (from line 2)')
  })

  it('keep paths of letters, digits, spaces and / . - _ byte for byte', () => {
    expect(fileTitles('/repo/src/a_b.ts')).toEqual(['Read src/a_b.ts', 'Write src/a_b.ts', 'Edit src/a_b.ts'])
    expect(fileTitles('/elsewhere/my file-1.0/x_y.md')).toEqual([
      'Read /elsewhere/my file-1.0/x_y.md',
      'Write /elsewhere/my file-1.0/x_y.md',
      'Edit /elsewhere/my file-1.0/x_y.md',
    ])
  })

  it('keep Windows paths, whose backslashes escape nothing', () => {
    expect(fileTitles('C:\\repo\\src\\a.ts', { cwd: 'C:\\repo' })).toEqual(['Read src\\a.ts', 'Write src\\a.ts', 'Edit src\\a.ts'])
  })
})

describe('file titles show the path the location resolves to', () => {
  it('normalise an absolute path escaping the cwd, while the location keeps it for the bridge to resolve', () => {
    expect(fileTitles('/repo/../etc/passwd')).toEqual(['Read /etc/passwd', 'Write /etc/passwd', 'Edit /etc/passwd'])
    expect(readTool.presentCall?.({ file_path: '/repo/../etc/passwd' }, cwd)).toMatchObject({
      locations: [{ path: '/repo/../etc/passwd', line: 1 }],
    })
  })

  it('normalise without a cwd, and show paths inside the cwd relative to it', () => {
    expect(fileTitles('/a/./b//../c.ts', {})).toEqual(['Read /a/c.ts', 'Write /a/c.ts', 'Edit /a/c.ts'])
    expect(fileTitles('/repo/x/../src/a.ts')).toEqual(['Read src/a.ts', 'Write src/a.ts', 'Edit src/a.ts'])
  })

  it('leave a relative path as given', () => {
    expect(fileTitles('../other/b.ts')).toEqual(['Read ../other/b.ts', 'Write ../other/b.ts', 'Edit ../other/b.ts'])
  })
})

describe('read: null and numbers JSON cannot carry count as absent', () => {
  it('null offset and limit, from a strict tool schema', () => {
    expect(readTool.presentCall?.({ file_path: '/repo/a.ts', offset: null, limit: null }, cwd)).toMatchObject({
      title: 'Read a.ts',
      locations: [{ path: '/repo/a.ts', line: 1 }],
    })
  })

  it.each([Number.NaN, Infinity, -Infinity])('an offset or a limit of %s', (value) => {
    const absent = readTool.presentCall?.({ file_path: '/repo/a.ts', offset: 4 }, cwd)
    expect(readTool.presentCall?.({ file_path: '/repo/a.ts', offset: 4, limit: value }, cwd)).toEqual({
      ...absent,
      rawInput: { file_path: '/repo/a.ts', offset: 4, limit: value },
    })
    expect(readTool.presentCall?.({ file_path: '/repo/a.ts', offset: value }, cwd)).toMatchObject({
      title: 'Read a.ts',
      locations: [{ path: '/repo/a.ts', line: 1 }],
    })
  })

  it('a null path is still a mismatch', () => {
    expect(readTool.presentCall?.({ file_path: null }, cwd)).toBeUndefined()
  })
})

describe('read: the location line is an ACP unsigned 32-bit line', () => {
  it('keeps an offset up to 4294967295', () => {
    expect(readTool.presentCall?.({ file_path: '/repo/a.ts', offset: 4294967295 }, cwd)).toMatchObject({
      locations: [{ line: 4294967295 }],
    })
  })

  it('follows line 1 past it, the title still naming the offset', () => {
    expect(readTool.presentCall?.({ file_path: '/repo/a.ts', offset: 4294967296 }, cwd)).toMatchObject({
      title: 'Read a.ts (from line 4294967296)',
      locations: [{ line: 1 }],
    })
    expect(readTool.presentCall?.({ file_path: '/repo/a.ts', offset: 1e300 }, cwd)).toMatchObject({ locations: [{ line: 1 }] })
  })
})

describe('write and edit: null optional fields count as absent', () => {
  it('write keeps its diff beside null extras', () => {
    expect(writeTool.presentCall?.({ file_path: '/repo/a.txt', content: 'hi', mode: null, encoding: null }, cwd)).toMatchObject({
      card: 'diff',
      diffs: [{ path: '/repo/a.txt', oldText: null, newText: 'hi' }],
    })
  })

  it('edit with a null replace_all keeps its diff', () => {
    expect(editTool.presentCall?.({ file_path: '/repo/a.txt', old_string: 'a', new_string: 'b', replace_all: null }, cwd)).toMatchObject({
      card: 'diff',
      diffs: [{ path: '/repo/a.txt', oldText: 'a', newText: 'b' }],
    })
    const meta = computeEditMeta('a a\n', { old_string: 'a', new_string: 'b', replace_all: null })
    expect(meta).toEqual(computeEditMeta('a a\n', { old_string: 'a', new_string: 'b' }))
  })

  it('required fields stay required', () => {
    expect(writeTool.presentCall?.({ file_path: '/repo/a.txt', content: null }, cwd)).toBeUndefined()
    expect(editTool.presentCall?.({ file_path: '/repo/a.txt', old_string: null, new_string: 'b' }, cwd)).toBeUndefined()
  })
})
