import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseToolCallView } from 'tool-render-intent'
import { propertyRuns } from '../property-runs.js'
import { taskCreateTool, taskGetTool, taskListTool, taskUpdateTool } from '../../src/presenters/tasks.js'
import { nextTaskList, type TaskListEntry, taskListPlan } from '../../src/presenters/tasks.js'

describe('the task list tools', () => {
  it('TaskCreate is titled with the subject and shows the description', () => {
    const args = { subject: 'Fix the parser', description: 'It drops [the last line](x).', activeForm: 'Fixing the parser' }
    expect(taskCreateTool.presentCall?.(args)).toEqual({
      card: 'generic',
      kind: 'think',
      title: 'Create task: Fix the parser',
      content: [{ type: 'text', text: 'It drops \\[the last line](x).' }],
      rawInput: args,
    })
  })

  it('TaskUpdate is titled with a new subject, else Update task, and keeps the status in its raw input', () => {
    expect(taskUpdateTool.presentCall?.({ taskId: '3', subject: 'Ship' })?.title).toBe('Update task: Ship')
    expect(taskUpdateTool.presentCall?.({ taskId: '3', status: 'completed' })).toEqual({
      card: 'generic',
      kind: 'think',
      title: 'Update task',
      content: undefined,
      rawInput: { taskId: '3', status: 'completed' },
    })
  })

  it('TaskList and TaskGet are think cards titled as claude-agent-acp titles them', () => {
    expect(taskListTool.presentCall?.({})).toEqual({ card: 'generic', kind: 'think', title: 'List tasks' })
    expect(taskGetTool.presentCall?.({ taskId: '3' })).toEqual({
      card: 'generic',
      kind: 'think',
      title: 'Get task',
      rawInput: { taskId: '3' },
    })
  })

  it('shows the result the tool returned, escaped so it cannot link', () => {
    expect(taskListTool.presentResult?.({}, { content: [{ type: 'text', text: '#1 [pending] Ship' }] })).toEqual({
      card: 'generic',
      content: [{ type: 'text', text: '#1 \\[pending] Ship' }],
    })
  })

  it('gives undefined for arguments of the wrong shape', () => {
    expect(taskCreateTool.presentCall?.({ description: 'x' })).toBeUndefined()
    expect(taskUpdateTool.presentCall?.({ taskId: 3 })).toBeUndefined()
  })
})

describe('the task list as the session plan', () => {
  const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] })

  it('adds a created task, pending, named as the result names it', () => {
    const tasks = nextTaskList(
      [],
      'TaskCreate',
      { subject: 'Ship', description: 'd', activeForm: 'Shipping' },
      text('Task #1 created successfully: Ship'),
    )
    expect(tasks).toEqual([{ id: '1', subject: 'Ship', status: 'pending', activeForm: 'Shipping' }])
    const structured = { content: [], structured: { task: { id: '2', subject: 'Test (saved)' } } }
    expect(nextTaskList(tasks, 'TaskCreate', { subject: 'Test' }, structured).map((task) => task.subject)).toEqual(['Ship', 'Test (saved)'])
  })

  it('updates a task in place, and shows it by its activeForm while in progress', () => {
    let tasks = nextTaskList([], 'TaskCreate', { subject: 'Ship', activeForm: 'Shipping' }, text('Task #1 created successfully: Ship'))
    tasks = nextTaskList(tasks, 'TaskCreate', { subject: 'Tag' }, text('Task #2 created successfully: Tag'))
    tasks = nextTaskList(tasks, 'TaskUpdate', { taskId: '1', status: 'in_progress' }, text('Updated task #1 status'))
    expect(taskListPlan(tasks)).toEqual({
      card: 'plan',
      title: 'Update tasks',
      entries: [
        { content: 'Shipping', status: 'in_progress', priority: 'medium' },
        { content: 'Tag', status: 'pending', priority: 'medium' },
      ],
    })
  })

  it('removes a deleted task and takes the list TaskList returns, keeping activeForm', () => {
    const tasks = [
      { id: '1', subject: 'Ship', status: 'pending', activeForm: 'Shipping' },
      { id: '2', subject: 'Tag', status: 'pending' },
    ] as const
    expect(nextTaskList(tasks, 'TaskUpdate', { taskId: '2', status: 'deleted' }, text('ok'))).toEqual([tasks[0]])
    expect(nextTaskList(tasks, 'TaskList', {}, text('#1 [in_progress] Ship [blocked by #2]\n#3 [completed] Docs'))).toEqual([
      { id: '1', subject: 'Ship', status: 'in_progress', activeForm: 'Shipping' },
      { id: '3', subject: 'Docs', status: 'completed', activeForm: undefined },
    ])
    expect(nextTaskList(tasks, 'TaskList', {}, text('No tasks found'))).toEqual([])
  })

  it('leaves the list as it was for a failed call, an unreadable result, or any other tool', () => {
    const tasks = [{ id: '1', subject: 'Ship', status: 'pending' }] as const
    expect(nextTaskList(tasks, 'TaskCreate', { subject: 'X' }, { ...text('Task #2 created successfully: X'), isError: true })).toBe(tasks)
    expect(nextTaskList(tasks, 'TaskCreate', { subject: 'X' }, text('done'))).toBe(tasks)
    expect(nextTaskList(tasks, 'TaskList', {}, text('a table of some kind'))).toBe(tasks)
    expect(nextTaskList(tasks, 'TaskUpdate', { taskId: '9' }, text('ok'))).toBe(tasks)
    expect(nextTaskList(tasks, 'Read', { file_path: 'a' }, text('x'))).toBe(tasks)
    expect(nextTaskList(tasks, 'TaskCreate', null, null as never)).toBe(tasks)
  })
})

describe('the task list fold, on any JSON', () => {
  it('never throws and always gives a valid plan', () => {
    const name = fc.constantFrom('TaskCreate', 'TaskUpdate', 'TaskList', 'TaskGet', 'Read')
    const json = fc.jsonValue({ maxDepth: 3 })
    const result = fc.oneof(
      json,
      fc.record({ content: fc.array(fc.record({ type: fc.constant('text'), text: fc.string() })), structured: json }),
    )
    fc.assert(
      fc.property(fc.array(fc.tuple(name, json, result), { maxLength: 6 }), (steps) => {
        let tasks: readonly TaskListEntry[] = []
        for (const [tool, args, value] of steps) tasks = nextTaskList(tasks, tool, args, value as never)
        parseToolCallView(taskListPlan(tasks))
      }),
      { numRuns: propertyRuns(2_000) },
    )
  })
})
