import { describe, expect, it } from 'vitest'
import { bashTool, claudeCodePresenters, jobOutputTool, presenters, readTool, renameTool, todoTool } from 'tool-render-intent/presenters'
import { adaptTool } from '../../src/presenters/rename-tool.js'
import { bashOutputTool, killShellTool, taskOutputTool, taskStopTool } from '../../src/presenters/claude-code.js'
import { isRecord } from '../../src/presenters/arguments.js'

const byName = new Map(claudeCodePresenters.map((tool) => [tool.name, tool]))

describe("Claude Code's tool names", () => {
  it('cover every tool of the issue, the newer TaskOutput and TaskStop, and the tools of the current Claude Code', () => {
    expect(claudeCodePresenters.map((tool) => tool.name).sort()).toEqual(
      [
        'Read',
        'Write',
        'Edit',
        'MultiEdit',
        'Bash',
        'BashOutput',
        'KillShell',
        'TaskOutput',
        'TaskStop',
        'Glob',
        'Grep',
        'LS',
        'WebFetch',
        'WebSearch',
        'TodoWrite',
        'Task',
        'Agent',
        'NotebookEdit',
        'ExitPlanMode',
        'PowerShell',
        'KillBash',
        'EnterPlanMode',
        'TaskCreate',
        'TaskUpdate',
        'TaskList',
        'TaskGet',
        'AskUserQuestion',
        'Skill',
        'ReportFindings',
        'SendMessage',
        'ListAgents',
        'Monitor',
        'mcp__*',
      ].sort(),
    )
  })

  it('are the snake_case presenters renamed, so they render the same; TodoWrite is the todo tool', () => {
    const snake = new Map(presenters.map((tool) => [tool.name, tool]))
    const pairs = [
      ['Read', 'read'],
      ['Write', 'write'],
      ['Edit', 'edit'],
      ['MultiEdit', 'multi_edit'],
      ['Bash', 'bash'],
      ['Glob', 'glob'],
      ['Grep', 'grep'],
      ['LS', 'ls'],
      ['WebFetch', 'web_fetch'],
      ['WebSearch', 'web_search'],
      ['TodoWrite', 'todo_write'],
      ['Task', 'task'],
      ['Agent', 'task'],
      ['NotebookEdit', 'notebook_edit'],
      ['ExitPlanMode', 'exit_plan_mode'],
    ]
    for (const [claude, own] of pairs) {
      expect(byName.get(claude)?.presentCall).toBe(snake.get(own)?.presentCall)
      expect(byName.get(claude)?.presentResult).toBe(snake.get(own)?.presentResult)
    }
    expect(byName.get('TodoWrite')?.presentCall).toBe(todoTool.presentCall)
  })

  it('have unique names, as do the snake_case ones', () => {
    expect(new Set(claudeCodePresenters.map((tool) => tool.name)).size).toBe(claudeCodePresenters.length)
    expect(new Set(presenters.map((tool) => tool.name)).size).toBe(presenters.length)
  })
})

describe("the background-job controls under Claude Code's id fields", () => {
  it('render as job_output and job_kill, with the arguments as sent as raw input', () => {
    expect(bashOutputTool.presentCall?.({ bash_id: 'bash_1', filter: 'error' })).toEqual({
      card: 'generic',
      kind: 'read',
      title: 'Read output from background job bash_1',
      rawInput: { bash_id: 'bash_1', filter: 'error' },
    })
    expect(killShellTool.presentCall?.({ shell_id: 'bash_1' })).toEqual({
      card: 'generic',
      kind: 'execute',
      title: 'Kill background job bash_1',
      rawInput: { shell_id: 'bash_1' },
    })
    expect(taskOutputTool.presentCall?.({ task_id: 't1', block: true, timeout: 1000 })?.title).toBe('Read output from background job t1')
    expect(taskStopTool.presentCall?.({ task_id: 't1' })?.title).toBe('Kill background job t1')
    expect(taskStopTool.presentCall?.({ task_id: null, shell_id: 's1' })?.title).toBe('Kill background job s1')
  })

  it('fence the output in the result', () => {
    expect(bashOutputTool.presentResult?.({ bash_id: 'b' }, { content: [{ type: 'text', text: 'ok\n' }] })).toEqual({
      card: 'generic',
      content: [{ type: 'text', text: '```console\nok\n```' }],
    })
  })

  it('give undefined for arguments without their id', () => {
    expect(bashOutputTool.presentCall?.({ job_id: 'b' })).toBeUndefined()
    expect(taskStopTool.presentCall?.({})).toBeUndefined()
    expect(killShellTool.presentResult?.({}, { content: [] })).toBeUndefined()
  })
})

describe('renameTool', () => {
  it('gives the same presenters under another name, leaving the tool as it was', () => {
    const renamed = renameTool(readTool, 'view_file')
    expect(renamed.name).toBe('view_file')
    expect(readTool.name).toBe('read')
    expect(renamed.presentCall?.({ file_path: '/repo/a.ts' }, { cwd: '/repo' })).toEqual(
      readTool.presentCall?.({ file_path: '/repo/a.ts' }, { cwd: '/repo' }),
    )
    expect(renamed.presentPartialCall).toBe(readTool.presentPartialCall)
  })

  it('keeps partial presenters, such as the terminal of a streaming bash call', () => {
    expect(renameTool(bashTool, 'run').presentPartialCall?.({})).toEqual({ card: 'terminal', title: 'Terminal' })
  })
})

describe('adaptTool', () => {
  it("maps another argument shape onto a tool's own, raw input as sent, and refuses what the base refuses", () => {
    const tool = adaptTool({
      name: 'output',
      args: (value): value is { id: unknown } => isRecord(value) && 'id' in value,
      base: jobOutputTool,
      toBase: (args) => ({ job_id: args.id as string }),
    })
    expect(tool.presentCall?.({ id: 'x' })).toMatchObject({ title: 'Read output from background job x', rawInput: { id: 'x' } })
    expect(tool.presentCall?.({ id: {} })).toBeUndefined()
    expect(tool.presentPartialCall).toBeUndefined()
  })
})
