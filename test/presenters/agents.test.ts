import { describe, expect, it } from 'vitest'
import { exitPlanModeTool, taskTool } from 'tool-render-intent/presenters'
import { wireTitle } from '../../src/safety/title-text.js'

describe('task: the call', () => {
  it('is a generic think card titled with the description, with the prompt as its text', () => {
    const args = { description: 'Find the flaky test', prompt: 'Run the suite ten times.', subagent_type: 'general-purpose' }
    expect(taskTool.presentCall?.(args)).toEqual({
      card: 'generic',
      kind: 'think',
      title: 'Find the flaky test',
      content: [{ type: 'text', text: 'Run the suite ten times.' }],
      rawInput: args,
    })
  })

  it('titles the card Task when the description is absent, empty or blank', () => {
    expect(taskTool.presentCall?.({ prompt: 'p' })?.title).toBe('Task')
    expect(taskTool.presentCall?.({ description: '', prompt: 'p' })?.title).toBe('Task')
    expect(taskTool.presentCall?.({ description: '   ', prompt: 'p' })?.title).toBe('Task')
  })

  it('titles the card with the description as written; the bridge keeps it from opening a heading or a list, and from linking', () => {
    expect(taskTool.presentCall?.({ description: '# Fix it' })?.title).toBe('# Fix it')
    expect(wireTitle('# Fix it', 'think', 'markdown')).toBe('\\# Fix it')
    expect(wireTitle(taskTool.presentCall?.({ description: '1. [x](y)' })?.title ?? '', 'think', 'markdown')).toBe('1\\. \\[x\\](y)')
  })

  it('shows no text for an empty prompt', () => {
    expect(taskTool.presentCall?.({ description: 'd', prompt: '' })).toMatchObject({ content: undefined })
  })

  it('gives undefined for fields of the wrong type', () => {
    expect(taskTool.presentCall?.({ description: 3 })).toBeUndefined()
    expect(taskTool.presentCall?.('task')).toBeUndefined()
  })
})

describe('task: the result', () => {
  it("shows the sub-agent's report as Markdown that cannot link or embed", () => {
    expect(
      taskTool.presentResult?.({ description: 'd' }, { content: [{ type: 'text', text: '## Found\n![x](https://e/t.png)' }] }),
    ).toEqual({
      card: 'generic',
      content: [{ type: 'text', text: '## Found\n!\\[x](https://e/t.png)' }],
    })
  })
})

describe('exit_plan_mode', () => {
  it('is a switch_mode card titled Approve Plan with the plan as its text', () => {
    expect(exitPlanModeTool.presentCall?.({ plan: '## Plan\n1. Parse\n2. Test' })).toEqual({
      card: 'generic',
      kind: 'switch_mode',
      title: 'Approve Plan',
      content: [{ type: 'text', text: '## Plan\n1. Parse\n2. Test' }],
      rawInput: { plan: '## Plan\n1. Parse\n2. Test' },
    })
  })

  it('accepts a call without a plan (newer Claude Code keeps it elsewhere)', () => {
    expect(exitPlanModeTool.presentCall?.({ allowedPrompts: [] })).toMatchObject({ title: 'Approve Plan', content: undefined })
  })

  it('titles the result Exited plan mode and keeps showing the plan', () => {
    expect(exitPlanModeTool.presentResult?.({ plan: 'p' }, { content: [{ type: 'text', text: 'User approved' }] })).toEqual({
      card: 'generic',
      title: 'Exited plan mode',
      content: [{ type: 'text', text: 'p' }],
    })
    expect(exitPlanModeTool.presentResult?.({}, { content: [{ type: 'text', text: 'User approved' }] })).toEqual({
      card: 'generic',
      title: 'Exited plan mode',
      content: [{ type: 'text', text: 'User approved' }],
    })
  })

  it('shows an error result (the user kept planning) as returned', () => {
    const content = [{ type: 'text', text: 'The user wants to keep planning' }] as const
    expect(exitPlanModeTool.presentResult?.({ plan: 'p' }, { content, isError: true })).toEqual({ card: 'generic', content })
  })
})

describe('task: the effort asked for', () => {
  it('follows the description as (high effort)', () => {
    expect(taskTool.presentCall?.({ description: 'Review', prompt: 'p', effort: 'high' })?.title).toBe('Review (high effort)')
    expect(taskTool.presentCall?.({ prompt: 'p', effort: 'low' })?.title).toBe('Task (low effort)')
  })

  it('is not shown for a fork, which runs at its parent effort', () => {
    expect(taskTool.presentCall?.({ description: 'Review', subagent_type: 'fork', effort: 'high' })?.title).toBe('Review')
  })
})
