// A plan card is the session's plan, not a tool card: what claude-agent-acp,
// codex-acp and Zed's own agent send for a todo list.
import { describe, expect, it } from 'vitest'
import { toolCallUpdate } from '../../src/acp/call.js'
import { createToolPresenter, type PresentationError } from '../../src/acp/presenter.js'
import { validNotification } from './fixtures/acp-schema.js'
import { testTools } from './fixtures/test-tools.js'

const todos = [
  { content: 'Rename the greeting', status: 'completed' },
  { content: 'Add a [farewell](https://x)', status: 'in_progress' },
] as const

function session() {
  const errors: PresentationError[] = []
  const presenter = createToolPresenter({
    tools: testTools,
    clientCapabilities: { _meta: { terminal_output: true } },
    cwd: '/repo',
    onError: (r) => errors.push(r),
  })
  return { presenter, errors }
}

describe('the plan arm of the bridge', () => {
  it('is one plan update, priority medium unless given, entry text safe for Markdown', () => {
    const update = toolCallUpdate(
      'p',
      { card: 'plan', entries: [...todos, { content: 'Release', status: 'pending', priority: 'high' }] },
      { terminalOutput: true, cwd: '/repo' },
    )
    expect(update).toStrictEqual({
      sessionUpdate: 'plan',
      entries: [
        { content: 'Rename the greeting', priority: 'medium', status: 'completed' },
        { content: 'Add a \\[farewell\\](https://x)', priority: 'medium', status: 'in_progress' },
        { content: 'Release', priority: 'high', status: 'pending' },
      ],
    })
    expect(validNotification({ sessionId: 's', update }), JSON.stringify(validNotification.errors)).toBe(true)
  })
})

describe('a plan call in a session', () => {
  it('sends the plan and no tool card, and again in full when the call is seen again', () => {
    const { presenter } = session()
    expect(presenter.call('p', 'plan', { todos: [todos[0]] }).map((update) => update.sessionUpdate)).toStrictEqual(['plan'])
    const [again] = presenter.call('p', 'plan', { todos })
    expect(again).toMatchObject({ sessionUpdate: 'plan', entries: [{ content: 'Rename the greeting' }, { status: 'in_progress' }] })
  })

  it('has nothing to start, cancel or finish: the client never saw a card for it', () => {
    const { presenter, errors } = session()
    presenter.call('p', 'plan', { todos })
    expect(presenter.start('p')).toStrictEqual([])
    expect(presenter.result('p', { content: [{ type: 'text', text: 'ok' }] })).toStrictEqual([])
    presenter.call('q', 'plan', { todos })
    expect(presenter.cancel('q')).toStrictEqual([])
    expect(errors).toStrictEqual([])
  })

  it('that fails is announced as a failed card carrying the error', () => {
    const { presenter } = session()
    presenter.call('p', 'plan', { todos })
    const updates = presenter.result('p', { content: [{ type: 'text', text: 'todo list too long' }], isError: true })
    expect(updates).toStrictEqual([
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'p',
        title: 'Update the plan',
        kind: 'think',
        status: 'failed',
        name: 'plan',
        content: [{ type: 'content', content: { type: 'text', text: 'todo list too long' } }],
        rawInput: { todos },
      },
    ])
    for (const update of updates) expect(validNotification({ sessionId: 's', update })).toBe(true)
  })
})
