import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseToolCallView } from 'tool-render-intent'
import { propertyRuns } from '../property-runs.js'
import { consoleFence } from '../../src/safety/fence.js'
import {
  bashTool,
  bashToolWith,
  claudeCodePresenters,
  codexPresenters,
  jobKillTool,
  jobListTool,
  jobOutputTool,
} from 'tool-render-intent/presenters'
import { claudeCodePresentersWith } from '../../src/presenters/claude-code.js'
import { codexPresentersWith } from '../../src/presenters/codex.js'
import { shellRead } from '../../src/presenters/shell-read.js'
import { nodeTypes, parse } from './markdown-tree.js'
import { wireTitle } from '../../src/safety/title-text.js'

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
    const result = {
      content: [
        { type: 'text', text: 'a\n' },
        { type: 'text', text: 'b\n' },
      ],
      meta: { exitCode: 2, signal: 'SIGTERM' },
    } as const
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
    const view = bashTool.presentResult?.(
      { command: 'x' },
      { content: [{ type: 'text', text: 'boom' }], isError: true, meta: { exitCode: 1 } },
    )
    expect(view).toEqual({ card: 'terminal', output: 'boom', exitCode: 1 })
  })

  it('leaves images out of the output', () => {
    const view = bashTool.presentResult?.(
      { command: 'x' },
      {
        content: [
          { type: 'image', data: 'AA', mimeType: 'image/png' },
          { type: 'text', text: 'ok' },
        ],
      },
    )
    expect(view).toEqual({ card: 'terminal', output: 'ok' })
  })
})

describe("bash: Node's close values as the result meta", () => {
  // What a harness gets from a real child process: `close(code, signal)`, one of them null.
  // No pipes: `close` then comes as the process ends, with nothing left holding its output open.
  const closed = async (command: string, args: readonly string[], kill?: NodeJS.Signals) => {
    const child = spawn(command, args, { stdio: 'ignore' })
    if (kill) child.kill(kill)
    const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null]
    return { exitCode: code, signal }
  }

  it('shows the exit code of a command that exited, its null signal absent', async () => {
    const meta = await closed('sh', ['-c', 'exit 3'])
    expect(meta).toEqual({ exitCode: 3, signal: null })
    const view = bashTool.presentResult?.({ command: 'exit 3' }, { content: [], meta })
    expect(view).toStrictEqual({ card: 'terminal', output: '', exitCode: 3, signal: undefined })
  })

  it('shows the signal of a command a signal ended, its null exit code absent', async () => {
    const meta = await closed('sleep', ['30'], 'SIGTERM')
    expect(meta).toEqual({ exitCode: null, signal: 'SIGTERM' })
    const view = bashTool.presentResult?.({ command: 'sleep 30' }, { content: [], meta })
    expect(view).toStrictEqual({ card: 'terminal', output: '', exitCode: undefined, signal: 'SIGTERM' })
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

  it('gives a generic result with the output in a console fence', () => {
    const content = [{ type: 'text', text: 'Started job 3' }] as const
    expect(bashTool.presentResult?.(args, { content, meta: { exitCode: 0 } })).toEqual({
      card: 'generic',
      content: [{ type: 'text', text: '```console\nStarted job 3\n```' }],
    })
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

  it('reading and killing show the output in a console fence; listing shows the content', () => {
    const content = [{ type: 'text', text: 'job-3 running' }] as const
    for (const tool of [jobOutputTool, jobKillTool]) {
      expect(tool.presentResult?.({ job_id: 'job-3' }, { content })).toEqual({
        card: 'generic',
        content: [{ type: 'text', text: '```console\njob-3 running\n```' }],
      })
    }
    expect(jobListTool.presentResult?.({}, { content })).toEqual({ card: 'generic', content })
  })

  it('give undefined without a job id', () => {
    expect(jobOutputTool.presentCall?.({})).toBeUndefined()
    expect(jobKillTool.presentCall?.({ job_id: null })).toBeUndefined()
  })
})

// The three results that show a command's output as Markdown.
const outputResults = [
  ['bash in the background', (result: never) => bashTool.presentResult?.({ command: 'x', run_in_background: true }, result)],
  ['job_output', (result: never) => jobOutputTool.presentResult?.({ job_id: 1 }, result)],
  ['job_kill', (result: never) => jobKillTool.presentResult?.({ job_id: 1 }, result)],
] as const

describe('command output shown as Markdown is fenced like the foreground fallback', () => {
  it.each(outputResults)('%s: the text blocks joined in one consoleFence, which no output line can close', (_name, present) => {
    const text = 'before\n```\n# not a heading\n![x](https://host/t.png)\n```\nafter\n\n'
    const view = present({
      content: [
        { type: 'text', text: text.slice(0, 9) },
        { type: 'text', text: text.slice(9) },
      ],
    } as never)
    expect(view).toEqual({ card: 'generic', content: [{ type: 'text', text: consoleFence(text) }] })
    const tree = parse(consoleFence(text))
    expect(tree.children).toHaveLength(1)
    expect(tree.children![0]).toMatchObject({ type: 'code', lang: 'console', value: text.trimEnd() })
  })

  it.each(outputResults)('%s: images and links pass through after the fence', (_name, present) => {
    const image = { type: 'image', data: 'AA', mimeType: 'image/png' } as const
    const link = { type: 'resource_link', uri: 'file:///log', name: 'log' } as const
    const view = present({ content: [image, { type: 'text', text: 'out\n' }, link] } as never)
    expect(view).toEqual({ card: 'generic', content: [{ type: 'text', text: '```console\nout\n```' }, image, link] })
  })

  it.each(outputResults)('%s: blank output gets no fence block', (_name, present) => {
    expect(present({ content: [{ type: 'text', text: ' \n\t\r\n' }] } as never)).toEqual({ card: 'generic', content: [] })
    expect(present({ content: [] } as never)).toEqual({ card: 'generic', content: [] })
    const image = { type: 'image', data: 'AA', mimeType: 'image/png' } as const
    expect(present({ content: [{ type: 'text', text: '\n' }, image] } as never)).toEqual({ card: 'generic', content: [image] })
  })

  it.each(outputResults)('%s: an error result is fenced too', (_name, present) => {
    const view = present({ content: [{ type: 'text', text: 'no such job <b>1</b>' }], isError: true } as never)
    expect(view).toEqual({ card: 'generic', content: [{ type: 'text', text: '```console\nno such job <b>1</b>\n```' }] })
  })
})

describe('a background description cannot inject links, images or HTML', () => {
  it('is escaped with markdownInline, its line breaks shown as spaces', () => {
    const description = 'Serve ![x](https://host/t.png)\n# and <img src=x> [docs](javascript:x)'
    const view = bashTool.presentCall?.({ command: 'npm run dev', description, run_in_background: true })
    expect(view).toMatchObject({
      content: [{ type: 'text', text: 'Serve !\\[x\\](https://host/t.png) # and \\<img src=x\\> \\[docs\\](javascript:x)' }],
    })
    const text = (view as unknown as { content: { text: string }[] }).content[0].text
    expect([...nodeTypes(parse(text))].sort()).toEqual(['paragraph', 'root', 'text'])
  })

  it('keeps a plain description byte for byte', () => {
    expect(bashTool.presentCall?.({ command: 'x', description: 'Start the dev server', run_in_background: true })).toMatchObject({
      content: [{ type: 'text', text: 'Start the dev server' }],
    })
  })

  it('never escapes the command: an execute title is plain text', () => {
    const command = 'echo "[a](b)" *x* `y`\nls'
    expect(bashTool.presentCall?.({ command, run_in_background: true })?.title).toBe(command)
    expect(bashTool.presentCall?.({ command })?.title).toBe(command)
    expect(jobKillTool.presentCall?.({ job_id: '[a](b)' })?.title).toBe('Kill background job [a](b)')
  })
})

describe('bash: null in an optional field counts as absent', () => {
  it('a strict-schema call with every optional field null is still a terminal card', () => {
    const args = { command: 'ls', description: null, run_in_background: null, timeout: null, workdir: null }
    expect(bashTool.presentCall?.(args)).toEqual({ card: 'terminal', title: 'ls' })
    expect(bashTool.presentCall?.({ command: 'ls', description: null })).toEqual({ card: 'terminal', title: 'ls' })
    expect(bashTool.presentResult?.(args, { content: [{ type: 'text', text: 'a' }] })).toEqual({ card: 'terminal', output: 'a' })
  })

  it('a background call with a null description has no content', () => {
    expect(bashTool.presentCall?.({ command: 'x', description: null, run_in_background: true })).toMatchObject({
      card: 'generic',
      content: undefined,
    })
  })

  it('a timeout JSON cannot carry is accepted and, like any timeout, not shown', () => {
    for (const timeout of [Number.NaN, Infinity, -Infinity])
      expect(bashTool.presentCall?.({ command: 'ls', timeout })).toEqual({ card: 'terminal', title: 'ls' })
  })

  it('a null command is still a mismatch', () => {
    expect(bashTool.presentCall?.({ command: null })).toBeUndefined()
  })
})

describe('job ids in titles', () => {
  it('are plain in the read title, which the bridge escapes for Markdown', () => {
    const title = jobOutputTool.presentCall?.({ job_id: '![x](https://host/t.png)\n<b>' })?.title
    expect(title).toBe('Read output from background job ![x](https://host/t.png)\n<b>')
    const wire = wireTitle(title!, 'read', 'markdown')
    expect(wire).toBe('Read output from background job !\\[x\\](https://host/t.png) \\<b\\>')
    expect([...nodeTypes(parse(wire))].sort()).toEqual(['paragraph', 'root', 'text'])
  })

  it('are kept as they are when plain', () => {
    expect(jobOutputTool.presentCall?.({ job_id: 'bg_3-a.b' })?.title).toBe('Read output from background job bg_3-a.b')
    expect(jobOutputTool.presentCall?.({ job_id: 12 })?.title).toBe('Read output from background job 12')
  })

  it('must be a string or a number JSON can carry', () => {
    for (const job_id of [Number.NaN, Infinity, -Infinity, null, undefined]) {
      expect(jobOutputTool.presentCall?.({ job_id })).toBeUndefined()
      expect(jobKillTool.presentCall?.({ job_id })).toBeUndefined()
    }
  })
})

describe('bash arguments still streaming in', () => {
  it('give a terminal card from the first sighting, before the command has arrived', () => {
    expect(bashTool.presentPartialCall?.({}, { cwd: '/repo' })).toStrictEqual({ card: 'terminal', title: 'Terminal' })
    expect(bashTool.presentPartialCall?.('{"comm', { cwd: '/repo' })).toStrictEqual({ card: 'terminal', title: 'Terminal' })
    expect(bashTool.presentPartialCall?.({ command: 'npm t' }, { cwd: '/repo' })).toStrictEqual({ card: 'terminal', title: 'npm t' })
  })

  it('give a generic execute card once the model asked for a background run', () => {
    expect(bashTool.presentPartialCall?.({ run_in_background: true }, { cwd: '/repo' })).toStrictEqual({
      card: 'generic',
      kind: 'execute',
      title: 'Terminal',
    })
  })

  it('never throw, whatever arrived', () => {
    for (const partial of [null, 1, [], { command: 7 }, { run_in_background: 'yes' }]) {
      expect(() => bashTool.presentPartialCall?.(partial, { cwd: '/repo' })).not.toThrow()
    }
  })
})

describe('bash with shellReads', () => {
  const reads = bashToolWith({ shellReads: true })

  it('shows a command that only reads as a read card with its locations, still a terminal view', () => {
    expect(reads.presentCall?.({ command: "sed -n '1,40p' src/a.ts", description: 'Look', workdir: '/repo' }, { cwd: '/repo' })).toEqual({
      card: 'terminal',
      title: "sed -n '1,40p' src/a.ts",
      description: 'Look',
      cwd: '/repo',
      kind: 'read',
      locations: [{ path: '/repo/src/a.ts', line: 1 }],
    })
  })

  it('shows a search or a listing as a search card', () => {
    expect(reads.presentCall?.({ command: 'rg -n todo src' }, { cwd: '/repo' })).toMatchObject({
      kind: 'search',
      locations: [{ path: 'src' }],
    })
    expect(reads.presentCall?.({ command: 'ls -la' }, { cwd: '/repo' })).toMatchObject({ kind: 'search', locations: [] })
  })

  it('keeps anything else a terminal', () => {
    expect(reads.presentCall?.({ command: 'cat a.ts | head' }, { cwd: '/repo' })).toEqual({ card: 'terminal', title: 'cat a.ts | head' })
  })

  it('keeps a background run a generic execute card', () => {
    expect(reads.presentCall?.({ command: 'cat a.ts', run_in_background: true })).toMatchObject({ card: 'generic', kind: 'execute' })
  })

  it('gives the same terminal result, so the exit status still decides the outcome', () => {
    const result = { content: [{ type: 'text' as const, text: 'no such file\n' }], meta: { exitCode: 1 } }
    expect(reads.presentResult?.({ command: 'cat a.ts' }, result)).toEqual(bashTool.presentResult?.({ command: 'cat a.ts' }, result))
  })

  it('is off by default: bashTool shows every command as a terminal', () => {
    expect(bashTool.presentCall?.({ command: 'cat a.ts' })).toEqual({ card: 'terminal', title: 'cat a.ts' })
    expect(bashToolWith({}).presentCall?.({ command: 'cat a.ts' })).toEqual({ card: 'terminal', title: 'cat a.ts' })
  })

  it("turns it on for Claude Code's Bash, never for PowerShell, whose words are not POSIX shell words", () => {
    const byName = new Map(claudeCodePresentersWith({ shellReads: true }).map((tool) => [tool.name, tool]))
    expect(byName.get('Bash')?.presentCall?.({ command: 'cat a.ts' })).toMatchObject({ kind: 'read' })
    expect(byName.get('PowerShell')?.presentCall?.({ command: 'cat a.ts' })).toEqual({ card: 'terminal', title: 'cat a.ts' })
    expect(claudeCodePresentersWith({ shellReads: true }).map((tool) => tool.name)).toEqual(claudeCodePresenters.map((tool) => tool.name))
  })

  it("turns it on for codex's shell, shell_command and exec_command", () => {
    const byName = new Map(codexPresentersWith({ shellReads: true }).map((tool) => [tool.name, tool]))
    const ctx = { cwd: '/repo' }
    expect(byName.get('shell')?.presentCall?.({ command: ['bash', '-lc', 'cat a.ts'] }, ctx)).toMatchObject({ kind: 'read' })
    expect(byName.get('shell')?.presentCall?.({ command: ['rg', '-n', 'fn main', 'src'] }, ctx)).toMatchObject({
      title: "rg -n 'fn main' src",
      kind: 'search',
    })
    expect(byName.get('shell_command')?.presentCall?.({ command: 'ls src' }, ctx)).toMatchObject({ kind: 'search' })
    expect(byName.get('exec_command')?.presentCall?.({ cmd: 'nl -ba a.ts', workdir: 'pkg' }, ctx)).toMatchObject({
      kind: 'read',
      locations: [{ path: '/repo/pkg/a.ts', line: 1 }],
    })
    expect(codexPresentersWith({ shellReads: true }).map((tool) => tool.name)).toEqual(codexPresenters.map((tool) => tool.name))
  })

  it('starts a streamed call as a terminal: the command may still grow', () => {
    expect(reads.presentPartialCall?.({ command: 'cat a' }, {})).toEqual({ card: 'terminal', title: 'cat a' })
  })
})

// The presenters with shellReads are trusted like the others: their views must fit the vocabulary.
describe('bash with shellReads, on any command', () => {
  const word = fc.oneof(
    fc.constantFrom('cat', 'head', 'tail', 'sed', 'nl', 'rg', 'grep', 'ls', 'find', '-n', '-la', '-rn', "'1,9p'", '-name', '--', '-'),
    fc.stringMatching(/^[a-z0-9_./-]{1,8}$/),
    fc.string({ maxLength: 6 }),
    fc.constantFrom("'a b'", '"x\\"y"', '\\ ', '9999999999999999999', '+0', '~/x', '\u202e', '\ud800'),
  )
  const command = fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(' '))
  const tools = [bashToolWith({ shellReads: true }), ...codexPresentersWith({ shellReads: true }).slice(0, 3)]

  it('gives valid, repeatable views, a read only where shellRead finds one', () => {
    fc.assert(
      fc.property(command, fc.option(fc.constantFrom('/repo/pkg', 'pkg', ''), { nil: undefined }), (line, workdir) => {
        const ctx = { cwd: '/repo' }
        const bash = tools[0].presentCall?.({ command: line, workdir }, ctx)
        if (bash === undefined) throw new Error('bash gave no view')
        parseToolCallView(bash)
        expect(tools[0].presentCall?.({ command: line, workdir }, ctx)).toEqual(bash)
        expect(bash.card === 'terminal' && bash.kind !== undefined).toBe(shellRead(line, workdir || undefined, ctx) !== undefined)
        for (const view of [
          tools[1].presentCall?.({ command: ['bash', '-lc', line], workdir }, ctx),
          tools[2].presentCall?.({ command: line, workdir }, ctx),
          tools[3].presentCall?.({ cmd: line, workdir }, ctx),
        ])
          if (view !== undefined) parseToolCallView(view)
      }),
      { numRuns: propertyRuns(3000) },
    )
  })
})
