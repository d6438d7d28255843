import { fromMarkdown } from 'mdast-util-from-markdown'
import { describe, expect, it } from 'vitest'
import { todoChecklist, todoTool } from '../../src/presenters/index.js'
import { countTypes, parse, UNSAFE_TYPES } from './markdown-tree.js'

const todos = [
  { content: 'Write tests', status: 'completed', activeForm: 'Writing tests' },
  { content: 'Fix the bug', status: 'in_progress', activeForm: 'Fixing the bug' },
  { content: 'Release', status: 'pending' },
] as const

describe('todo_write: the call', () => {
  it('is a generic think card with the checklist and the list as raw input', () => {
    expect(todoTool.presentCall?.({ todos })).toEqual({
      card: 'generic',
      kind: 'think',
      title: 'Update todo list',
      content: [{ type: 'text', text: '- [x] Write tests\n- [ ] **Fixing the bug** (in progress)\n- [ ] Release' }],
      rawInput: todos,
    })
  })

  it('labels an item in progress with its content when it has no activeForm', () => {
    expect(todoChecklist([{ content: 'Deploy', status: 'in_progress' }])).toBe('- [ ] **Deploy** (in progress)')
  })

  it('has no content for an empty list', () => {
    expect(todoTool.presentCall?.({ todos: [] })).toMatchObject({ content: undefined, rawInput: [] })
  })

  it('gives undefined for an unknown status', () => {
    expect(todoTool.presentCall?.({ todos: [{ content: 'x', status: 'done' }] })).toBeUndefined()
  })
})

describe('the checklist is one Markdown list whatever the todo texts', () => {
  it('turns line breaks into spaces so a todo cannot end the list', () => {
    const checklist = todoChecklist([
      { content: 'one\n\n# heading\r\ntwo', status: 'pending' },
      { content: '  spaced  ', status: 'in_progress' },
      { content: 'last', status: 'completed' },
    ])
    expect(checklist).toBe('- [ ] one  # heading two\n- [ ] **spaced** (in progress)\n- [x] last')
    const tree = fromMarkdown(checklist)
    expect(tree.children).toHaveLength(1)
    expect(tree.children[0]).toMatchObject({ type: 'list' })
    expect((tree.children[0] as { children: unknown[] }).children).toHaveLength(3)
  })
})

describe('todo_write: the result', () => {
  it('shows the checklist', () => {
    expect(todoTool.presentResult?.({ todos }, { content: [{ type: 'text', text: 'Todos updated' }] })).toEqual({
      card: 'generic',
      content: [{ type: 'text', text: '- [x] Write tests\n- [ ] **Fixing the bug** (in progress)\n- [ ] Release' }],
    })
  })

  it('shows an error as returned', () => {
    const content = [{ type: 'text', text: 'bad list' }] as const
    expect(todoTool.presentResult?.({ todos }, { content, isError: true })).toEqual({ card: 'generic', content })
  })
})

describe('todo items cannot inject links or images', () => {
  const hostile = [
    { content: '![x](https://host/t.png) and [a](javascript:x)', status: 'pending' },
    { content: 'done <img src=x> &amp; `code`', status: 'completed' },
    { content: 'x', status: 'in_progress', activeForm: 'Fixing **it** \\' },
    { content: '(javascript:x) right after the box', status: 'pending' },
  ] as const

  it('escapes each item with markdownInline, keeping the checklist format', () => {
    expect(todoChecklist(hostile)).toBe(
      [
        '- [ ] !\\[x\\](https://host/t.png) and \\[a\\](javascript:x)',
        '- [x] done \\<img src=x\\> \\&amp; \\`code\\`',
        '- [ ] **Fixing \\*\\*it\\*\\* \\\\** (in progress)',
        '- [ ] \\(javascript:x) right after the box',
      ].join('\n'),
    )
  })

  it('parses as one list of four items with no link, image, HTML or code, the bold marker intact', () => {
    const tree = parse(todoChecklist(hostile))
    expect(tree.children).toHaveLength(1)
    expect(tree.children![0]).toMatchObject({ type: 'list' })
    expect(tree.children![0].children).toHaveLength(4)
    expect(countTypes(tree, [...UNSAFE_TYPES, 'strong', 'emphasis'])).toEqual({ strong: 1 })
  })

  it('keeps plain items byte for byte', () => {
    expect(todoChecklist([{ content: 'Fix src/a_b.ts - now', status: 'pending' }])).toBe('- [ ] Fix src/a_b.ts - now')
  })

  it('trims a long item in linear time', () => {
    const long = `a${' '.repeat(200_000)}b`
    expect(todoChecklist([{ content: long, status: 'pending' }])).toBe(`- [ ] ${long}`)
  })

  it('trims every kind of white space at the ends, then turns inner line breaks into spaces', () => {
    expect(todoChecklist([{ content: '\u0085 a\u2028b \u2029', status: 'in_progress' }])).toBe('- [ ] **a b** (in progress)')
  })
})

describe('todo_write: null in an optional field counts as absent', () => {
  it('an item with a null activeForm is labelled with its content', () => {
    const todos = [{ content: 'Deploy', status: 'in_progress', activeForm: null }]
    expect(todoTool.presentCall?.({ todos })).toMatchObject({ content: [{ type: 'text', text: '- [ ] **Deploy** (in progress)' }] })
  })

  it('a null content or status is still a mismatch', () => {
    expect(todoTool.presentCall?.({ todos: [{ content: null, status: 'pending' }] })).toBeUndefined()
    expect(todoTool.presentCall?.({ todos: [{ content: 'x', status: null }] })).toBeUndefined()
  })
})
