import { describe, expect, it } from 'vitest'
import { applyPatchTool, codexPresenters } from 'tool-render-intent/presenters'
import { execCommandTool, shellCommandTool, shellTool, updatePlanTool, viewImageTool, writeStdinTool } from '../../src/presenters/codex.js'
import { commandLine } from '../../src/presenters/codex.js'

const cwd = { cwd: '/repo' }

describe("codex's tool names", () => {
  it('are the names codex defines today, apply_patch being the shared patch presenter', () => {
    expect(codexPresenters.map((tool) => tool.name)).toEqual([
      'shell',
      'shell_command',
      'exec_command',
      'write_stdin',
      'apply_patch',
      'update_plan',
      'view_image',
      'web_search',
      'image_generation',
      'mcp__*',
    ])
    expect(codexPresenters).toContain(applyPatchTool)
  })
})

describe('commandLine', () => {
  it('shows the script of a shell run with -lc or -c', () => {
    expect(commandLine(['bash', '-lc', 'npm test && echo ok'])).toBe('npm test && echo ok')
    expect(commandLine(['/bin/zsh', '-c', 'ls'])).toBe('ls')
  })

  it("quotes the arguments that need it, as Python's shlex.join does", () => {
    expect(commandLine(['rg', '-n', 'fn main', 'src/'])).toBe("rg -n 'fn main' src/")
    expect(commandLine(['echo', "it's", ''])).toBe("echo 'it'\\''s' ''")
    expect(commandLine(['bash', '-lc', 'a', 'b'])).toBe('bash -lc a b')
  })
})

describe('shell', () => {
  it("is bash's terminal card titled with the command line, workdir as cwd, justification as description", () => {
    expect(
      shellTool.presentCall?.(
        { command: ['bash', '-lc', 'cargo test'], workdir: '/repo', timeout_ms: 60_000, justification: 'Run tests outside the sandbox?' },
        cwd,
      ),
    ).toEqual({
      card: 'terminal',
      title: 'cargo test',
      cwd: '/repo',
      description: 'Run tests outside the sandbox?',
    })
  })

  it('accepts the older timeout field and null optional fields', () => {
    expect(shellTool.presentCall?.({ command: ['ls'], timeout: 5, workdir: null, sandbox_permissions: 'use_default' }, cwd)).toEqual({
      card: 'terminal',
      title: 'ls',
    })
  })

  it("gives bash's terminal result, exit status from the meta", () => {
    expect(shellTool.presentResult?.({ command: ['false'] }, { content: [{ type: 'text', text: 'no\n' }], meta: { exitCode: 1 } })).toEqual(
      {
        card: 'terminal',
        output: 'no\n',
        exitCode: 1,
      },
    )
  })

  it('shows a terminal from the first sighting of streaming arguments', () => {
    expect(shellTool.presentPartialCall?.({}, cwd)).toEqual({ card: 'terminal', title: 'Terminal' })
    expect(shellTool.presentPartialCall?.({ command: ['bash', '-lc', 'np'] }, cwd)).toEqual({ card: 'terminal', title: 'np' })
    expect(shellTool.presentPartialCall?.('{"comm', cwd)).toEqual({ card: 'terminal', title: 'Terminal' })
  })

  it('gives undefined for a command that is a string or holds a number', () => {
    expect(shellTool.presentCall?.({ command: 'ls' }, cwd)).toBeUndefined()
    expect(shellTool.presentCall?.({ command: ['ls', 1] }, cwd)).toBeUndefined()
  })
})

describe('shell_command and exec_command', () => {
  it('are terminal cards titled with the script or cmd', () => {
    expect(shellCommandTool.presentCall?.({ command: 'git status', workdir: 'pkg', login: true }, cwd)).toEqual({
      card: 'terminal',
      title: 'git status',
      cwd: 'pkg',
    })
    expect(
      execCommandTool.presentCall?.({ cmd: 'npm run dev', workdir: '/repo', tty: true, yield_time_ms: 1000, max_output_tokens: 5000 }, cwd),
    ).toEqual({
      card: 'terminal',
      title: 'npm run dev',
      cwd: '/repo',
    })
  })

  it('give a terminal result without an exit status for a command still running', () => {
    expect(execCommandTool.presentResult?.({ cmd: 'npm run dev' }, { content: [{ type: 'text', text: 'listening\n' }] })).toEqual({
      card: 'terminal',
      output: 'listening\n',
    })
  })

  it('stream in as terminals', () => {
    expect(execCommandTool.presentPartialCall?.({ cmd: 'npm' }, cwd)).toEqual({ card: 'terminal', title: 'npm' })
    expect(shellCommandTool.presentPartialCall?.(null, cwd)).toEqual({ card: 'terminal', title: 'Terminal' })
  })
})

describe('write_stdin', () => {
  it('is a generic execute card showing what is written as a JSON string in a fence', () => {
    expect(writeStdinTool.presentCall?.({ session_id: 3, chars: '\u0003' })).toEqual({
      card: 'generic',
      kind: 'execute',
      title: 'Write to session 3',
      content: [{ type: 'text', text: '```\n"\\u0003"\n```' }],
      rawInput: { session_id: 3, chars: '\u0003' },
    })
  })

  it('is titled Poll session <id> when there is nothing to write', () => {
    expect(writeStdinTool.presentCall?.({ session_id: 3, chars: '' })).toMatchObject({ title: 'Poll session 3', content: undefined })
    expect(writeStdinTool.presentCall?.({ session_id: '7' })).toMatchObject({ title: 'Poll session 7' })
  })

  it('shows the output in a console fence', () => {
    expect(writeStdinTool.presentResult?.({ session_id: 3 }, { content: [{ type: 'text', text: 'done\n' }] })).toEqual({
      card: 'generic',
      content: [{ type: 'text', text: '```console\ndone\n```' }],
    })
  })

  it('gives undefined for a session id that is not a finite number or a string', () => {
    expect(writeStdinTool.presentCall?.({ session_id: Number.NaN })).toBeUndefined()
    expect(writeStdinTool.presentCall?.({ chars: 'x' })).toBeUndefined()
  })
})

describe('update_plan', () => {
  it("is a plan card with one entry per step, from codex's plan items", () => {
    expect(
      updatePlanTool.presentCall?.({
        explanation: 'Split the work',
        plan: [
          { step: 'Write the parser', status: 'completed' },
          { step: 'Test it', status: 'in_progress' },
          { step: 'Ship', status: 'pending' },
        ],
      }),
    ).toEqual({
      card: 'plan',
      title: 'Update plan',
      entries: [
        { content: 'Write the parser', status: 'completed', priority: 'medium' },
        { content: 'Test it', status: 'in_progress', priority: 'medium' },
        { content: 'Ship', status: 'pending', priority: 'medium' },
      ],
    })
  })

  it('gives undefined for an unknown status or a step that is not a string', () => {
    expect(updatePlanTool.presentCall?.({ plan: [{ step: 'x', status: 'done' }] })).toBeUndefined()
    expect(updatePlanTool.presentCall?.({ plan: [{ step: 1, status: 'pending' }] })).toBeUndefined()
  })

  it('has no result content of its own, and shows an error', () => {
    expect(updatePlanTool.presentResult?.({ plan: [] }, { content: [{ type: 'text', text: 'Plan updated' }] })).toEqual({ card: 'generic' })
    const content = [{ type: 'text', text: 'bad plan' }] as const
    expect(updatePlanTool.presentResult?.({ plan: [] }, { content, isError: true })).toEqual({ card: 'generic', content })
  })
})

describe('view_image', () => {
  it('is a generic read card View image <path> with a location, and shows the image returned', () => {
    expect(viewImageTool.presentCall?.({ path: '/repo/shots/a b.png', detail: 'original' }, cwd)).toEqual({
      card: 'generic',
      kind: 'read',
      title: 'View image shots/a b.png',
      locations: [{ path: '/repo/shots/a b.png' }],
      rawInput: { path: '/repo/shots/a b.png', detail: 'original' },
    })
    const image = { type: 'image', data: 'AAAA', mimeType: 'image/png' } as const
    expect(viewImageTool.presentResult?.({ path: 'a.png' }, { content: [image] })).toEqual({ card: 'generic', content: [image] })
  })
})
