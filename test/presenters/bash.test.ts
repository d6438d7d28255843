import { describe, expect, it } from 'vitest'
import { bashTool, jobKillTool, jobListTool, jobOutputTool } from '../../src/presenters/index.js'

describe('bash in the foreground', () => {
  it('is a terminal card titled with the command, with its description and workdir', () => {
    expect(bashTool.presentCall?.({ command: 'npm test', description: 'Run tests', workdir: 'pkg', timeout: 1000 })).toEqual({
      card: 'terminal',
      title: 'npm test',
      description: 'Run tests',
      cwd: 'pkg',
    })
  })

  it('titles an empty command Terminal, as claude-agent-acp does', () => {
    expect(bashTool.presentCall?.({ command: '' })).toMatchObject({ card: 'terminal', title: 'Terminal' })
  })

  it('gives a terminal result with the text as output and the exit status from the meta', () => {
    const result = { content: [{ type: 'text', text: 'a\n' }, { type: 'text', text: 'b\n' }], meta: { exitCode: 2, signal: 'SIGTERM' } } as const
    expect(bashTool.presentResult?.({ command: 'x' }, result)).toEqual({
      card: 'terminal',
      output: 'a\nb\n',
      exitCode: 2,
      signal: 'SIGTERM',
    })
  })

  it('never parses the exit status out of the text', () => {
    const view = bashTool.presentResult?.({ command: 'x' }, { content: [{ type: 'text', text: 'Exit code: 1\n' }] })
    expect(view).toEqual({ card: 'terminal', output: 'Exit code: 1\n' })
  })

  it('takes each meta field only when it has the right type', () => {
    const view = bashTool.presentResult?.({ command: 'x' }, { content: [], meta: { exitCode: '1', signal: 9 } as never })
    expect(view).toEqual({ card: 'terminal', output: '' })
    const fraction = bashTool.presentResult?.({ command: 'x' }, { content: [], meta: { exitCode: 1.5, signal: 'SIGKILL' } })
    expect(fraction).toEqual({ card: 'terminal', output: '', signal: 'SIGKILL' })
  })

  it('keeps a terminal result for an error result; the consumer marks it failed', () => {
    const view = bashTool.presentResult?.({ command: 'x' }, { content: [{ type: 'text', text: 'boom' }], isError: true, meta: { exitCode: 1 } })
    expect(view).toEqual({ card: 'terminal', output: 'boom', exitCode: 1 })
  })

  it('leaves images out of the output', () => {
    const view = bashTool.presentResult?.({ command: 'x' }, { content: [{ type: 'image', data: 'AA', mimeType: 'image/png' }, { type: 'text', text: 'ok' }] })
    expect(view).toEqual({ card: 'terminal', output: 'ok' })
  })
})

describe('bash in the background', () => {
  const args = { command: 'npm run dev', description: 'Start the server', run_in_background: true }

  it('is a generic execute card with the description as text', () => {
    expect(bashTool.presentCall?.(args)).toEqual({
      card: 'generic',
      kind: 'execute',
      title: 'npm run dev',
      content: [{ type: 'text', text: 'Start the server' }],
      rawInput: args,
    })
  })

  it('has no content without a description', () => {
    expect(bashTool.presentCall?.({ command: 'sleep 1', run_in_background: true })).toMatchObject({ card: 'generic', content: undefined })
  })

  it('gives a generic result with the content', () => {
    const content = [{ type: 'text', text: 'Started job 3' }] as const
    expect(bashTool.presentResult?.(args, { content, meta: { exitCode: 0 } })).toEqual({ card: 'generic', content })
  })

  it('gives undefined for arguments that are not a bash call', () => {
    expect(bashTool.presentCall?.({ command: 'ls', run_in_background: 'yes' })).toBeUndefined()
    expect(bashTool.presentCall?.({ cmd: 'ls' })).toBeUndefined()
  })
})

describe('the job controls', () => {
  it('reading a job output is a generic read card naming the job', () => {
    expect(jobOutputTool.presentCall?.({ job_id: 'job-3' })).toEqual({
      card: 'generic',
      kind: 'read',
      title: 'Read output from background job job-3',
      rawInput: { job_id: 'job-3' },
    })
  })

  it('killing a job is a generic execute card naming the job, numeric ids included', () => {
    expect(jobKillTool.presentCall?.({ job_id: 7 })).toMatchObject({ card: 'generic', kind: 'execute', title: 'Kill background job 7' })
  })

  it('listing jobs is a generic read card for any object of arguments', () => {
    expect(jobListTool.presentCall?.({})).toEqual({ card: 'generic', kind: 'read', title: 'List background jobs' })
    expect(jobListTool.presentCall?.({ extra: 1 })).toMatchObject({ title: 'List background jobs' })
    expect(jobListTool.presentCall?.([])).toBeUndefined()
  })

  it('their results show the content', () => {
    const content = [{ type: 'text', text: 'job-3 running' }] as const
    for (const tool of [jobOutputTool, jobKillTool]) expect(tool.presentResult?.({ job_id: 'job-3' }, { content })).toEqual({ card: 'generic', content })
    expect(jobListTool.presentResult?.({}, { content })).toEqual({ card: 'generic', content })
  })

  it('give undefined without a job id', () => {
    expect(jobOutputTool.presentCall?.({})).toBeUndefined()
    expect(jobKillTool.presentCall?.({ job_id: null })).toBeUndefined()
  })
})
