import { describe, expect, it } from 'vitest'
import { taskCreateTool, taskGetTool, taskListTool, taskUpdateTool } from 'tool-render-intent/presenters'

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
