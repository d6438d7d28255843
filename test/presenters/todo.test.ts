import { isMatching, P } from 'ts-pattern'
import { isTodoArgs } from '../../src/presenters/todo.js'
import { propertyRuns } from '../property-runs.js'
import { planEntries } from '@zed-industries/claude-agent-acp/dist/tools.js'
import fc from 'fast-check'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { describe, expect, it } from 'vitest'
import { parseToolCallView } from 'tool-render-intent'
import { todoTool } from 'tool-render-intent/presenters'
import { todoChecklist } from '../../src/presenters/todo.js'
import { todoPlanEntries } from '../../src/presenters/todo.js'
import { countTypes, parse, UNSAFE_TYPES } from './markdown-tree.js'

const todos = [
  { content: 'Write tests', status: 'completed', activeForm: 'Writing tests' },
  { content: 'Fix the bug', status: 'in_progress', activeForm: 'Fixing the bug' },
  { content: 'Release', status: 'pending' },
] as const

describe('todo_write: the call', () => {
  it('is a plan card: one entry per todo, its content (its activeForm while in progress), its status, priority medium', () => {
    expect(todoTool.presentCall?.({ todos })).toEqual({
      card: 'plan',
      title: 'Update todo list',
      entries: [
        { content: 'Write tests', status: 'completed', priority: 'medium' },
        { content: 'Fixing the bug', status: 'in_progress', priority: 'medium' },
        { content: 'Release', status: 'pending', priority: 'medium' },
      ],
    })
  })

  it("sends what claude-agent-acp 0.23.1's TodoWrite plan sends for items with no activeForm", () => {
    const plain = todos.map(({ content, status }) => ({ content, status }))
    expect(todoPlanEntries(plain)).toEqual(planEntries({ todos: plain.map((todo) => ({ activeForm: '', ...todo })) }))
  })

  it("shows an item in progress by its activeForm, as claude-agent-acp 0.101.0's plan does, and any other by its content", () => {
    expect(
      todoPlanEntries([
        { content: 'Fix', status: 'in_progress', activeForm: 'Fixing' },
        { content: 'Ship', status: 'pending', activeForm: 'Shipping' },
        { content: 'Test', status: 'in_progress', activeForm: '' },
      ]).map((entry) => entry.content),
    ).toEqual(['Fixing', 'Ship', 'Test'])
  })

  it('keeps a priority the todo gives, and reads a null one as medium', () => {
    const given = [
      { content: 'a', status: 'pending', priority: 'high' },
      { content: 'b', status: 'pending', priority: 'low' },
      { content: 'c', status: 'pending', priority: null },
    ] as const
    expect(todoTool.presentCall?.({ todos: given })).toMatchObject({
      entries: [{ priority: 'high' }, { priority: 'low' }, { priority: 'medium' }],
    })
  })

  it('is an empty plan for an empty list (it clears the plan)', () => {
    expect(todoTool.presentCall?.({ todos: [] })).toEqual({ card: 'plan', title: 'Update todo list', entries: [] })
  })

  it('gives undefined for an unknown status or priority', () => {
    expect(todoTool.presentCall?.({ todos: [{ content: 'x', status: 'done' }] })).toBeUndefined()
    expect(todoTool.presentCall?.({ todos: [{ content: 'x', status: 'pending', priority: 'urgent' }] })).toBeUndefined()
  })

  it('labels an item in progress with its content when it has no activeForm in the checklist', () => {
    expect(todoChecklist([{ content: 'Deploy', status: 'in_progress' }])).toBe('- [ ] **Deploy** (in progress)')
  })
})

describe('plan entries hold the todo text as written', () => {
  it('is plain text, not Markdown: the consumer escapes it for what it renders', () => {
    const content = '  ![x](https://host/t.png)\nand <img src=x>  '
    expect(todoPlanEntries([{ content, status: 'pending' }])).toEqual([{ content, status: 'pending', priority: 'medium' }])
    expect(todoPlanEntries([{ content, status: 'pending' }])).toEqual(
      planEntries({ todos: [{ content, status: 'pending', activeForm: '' }] }),
    )
  })

  it('gives a view the guards accept for any todo list', () => {
    const todo = fc.record(
      {
        content: fc.string({ maxLength: 12 }),
        status: fc.constantFrom('pending', 'in_progress', 'completed'),
        activeForm: fc.option(fc.string({ maxLength: 6 }), { nil: undefined }),
        priority: fc.constantFrom('high', 'medium', 'low', null, undefined),
      },
      { requiredKeys: ['content', 'status'] },
    )
    fc.assert(
      fc.property(fc.array(todo, { maxLength: 5 }), (list) => {
        const view = todoTool.presentCall?.({ todos: list })
        expect(parseToolCallView(view)).toBe(view)
      }),
      { numRuns: 500 },
    )
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
  it('is a generic result with no content of its own: the plan is the call', () => {
    expect(todoTool.presentResult?.({ todos }, { content: [{ type: 'text', text: 'Todos updated' }] })).toEqual({ card: 'generic' })
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
  it('an item with a null activeForm is labelled with its content in the checklist', () => {
    expect(todoChecklist([{ content: 'Deploy', status: 'in_progress', activeForm: null }])).toBe('- [ ] **Deploy** (in progress)')
    expect(todoTool.presentCall?.({ todos: [{ content: 'Deploy', status: 'in_progress', activeForm: null }] })).toMatchObject({
      entries: [{ content: 'Deploy', status: 'in_progress', priority: 'medium' }],
    })
  })

  it('a null content or status is still a mismatch', () => {
    expect(todoTool.presentCall?.({ todos: [{ content: null, status: 'pending' }] })).toBeUndefined()
    expect(todoTool.presentCall?.({ todos: [{ content: 'x', status: null }] })).toBeUndefined()
  })
})

describe("the todo guard, plain code on the plan's hot path", () => {
  // The pattern it replaces, kept here as its specification.
  const pattern = isMatching({
    todos: P.array({
      content: P.string,
      status: P.union('pending', 'in_progress', 'completed'),
      activeForm: P.optional(P.union(P.string, null)),
      priority: P.optional(P.union('high', 'medium', 'low', null)),
    }),
  })
  const item = fc.record(
    {
      content: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      status: fc.constantFrom('pending', 'in_progress', 'completed', 'done', null),
      activeForm: fc.oneof(fc.string(), fc.constant(null), fc.integer()),
      priority: fc.constantFrom('high', 'medium', 'low', null, 'urgent', 3),
      extra: fc.jsonValue(),
    },
    { requiredKeys: [] },
  )
  const args = fc.oneof(fc.jsonValue(), fc.record({ todos: fc.oneof(fc.array(item, { maxLength: 4 }), fc.jsonValue()) }))

  it('accepts exactly what the ts-pattern guard accepts, for any JSON value', () => {
    fc.assert(
      fc.property(args, (value) => {
        expect(isTodoArgs(value)).toBe(pattern(value))
      }),
      { numRuns: propertyRuns(5000) },
    )
  })
})
