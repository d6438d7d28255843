import { fromMarkdown } from 'mdast-util-from-markdown'
import { describe, expect, it } from 'vitest'
import { todoChecklist, todoTool } from '../../src/presenters/index.js'

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
