// The one call lifecycle, tested once and run through both encoders: what
// each protocol version sends differs in shape, never in what it says.
import { describe, expect, it } from 'vitest'
import { createToolPresenter as createV1, type PresentationError } from '../../src/acp/presenter.js'
import { createToolPresenter as createV2 } from '../../src/acp-v2/presenter.js'
import type { ToolDefinition } from '../../src/define-tool.js'
import { readTool, todoTool, writeTool } from '../../src/presenters/index.js'
import { reshapingTool, testTools } from '../acp/fixtures/test-tools.js'

const tools: readonly ToolDefinition<any, any>[] = [...testTools.filter((tool) => tool.name !== 'plan'), readTool, writeTool, todoTool]

type Version = 'v1' | 'v2'
const versions: Version[] = ['v1', 'v2']

function session(version: Version, extra: { partialInterval?: number; tools?: readonly ToolDefinition<any, any>[] } = {}) {
  const errors: PresentationError[] = []
  let clock = 0
  const options = {
    tools: extra.tools ?? tools,
    cwd: '/repo',
    now: () => clock,
    onError: (report: PresentationError) => errors.push(report),
    ...(extra.partialInterval === undefined ? {} : { partialInterval: extra.partialInterval }),
  }
  const presenter =
    version === 'v1' ? createV1({ ...options, clientCapabilities: { _meta: { terminal_output: true } } }) : createV2(options)
  return { presenter, errors, tick: (ms: number) => (clock += ms) }
}

// The card updates among what a method returned (v1: tool_call and tool_call_update; v2: tool_call_update).
const cardsOf = (updates: readonly object[]) =>
  updates.filter((update) => /^tool_call/.test((update as { sessionUpdate: string }).sessionUpdate)) as Record<string, unknown>[]

const bytes = (updates: readonly object[]) => updates.reduce((sum, update) => sum + JSON.stringify(update).length, 0)

describe.each(versions)('an update (%s)', (version) => {
  it('that would change nothing is not sent', () => {
    const { presenter } = session(version)
    presenter.call('a', 'patch', { path: 'a.ts', text: 'x' })
    expect(presenter.call('a', 'patch', { path: 'a.ts', text: 'x' })).toStrictEqual([])
  })

  it('carries only the fields that differ from what the client has', () => {
    const { presenter } = session(version)
    presenter.call('a', 'look', { what: 'x' })
    const [update] = cardsOf(presenter.call('a', 'look', { what: 'y' }))
    expect(Object.keys(update).sort()).toStrictEqual(['rawInput', 'sessionUpdate', 'title', 'toolCallId'])
  })

  it('of a card that loses its locations clears them', () => {
    const { presenter } = session(version, { tools: [reshapingTool] })
    presenter.call('a', 'shifty', { text: 'x' })
    const [update] = cardsOf(presenter.call('a', 'shifty', {}))
    expect(update.locations ?? []).toStrictEqual([])
    expect(update).toHaveProperty('locations')
  })

  it('of a result does not send again a diff the card already shows', () => {
    const { presenter } = session(version)
    presenter.call('a', 'patch', { path: 'a.ts', text: 'x' })
    const [call] = cardsOf(presenter.call('a', 'patch', { path: 'a.ts', text: 'xy' }))
    expect(call.content).toBeDefined()
    const tool: ToolDefinition = { ...tools[1], presentResult: (args) => tools[1].presentCall?.(args, {}) as never }
    const again = session(version, { tools: [tool] })
    again.presenter.call('a', 'patch', { path: 'a.ts', text: 'xy' })
    const [result] = cardsOf(again.presenter.result('a', { content: [] }))
    expect(result.status).toBe('completed')
    expect(result).not.toHaveProperty('content')
  })
})

describe.each(versions)('arguments that stream in (%s)', (version) => {
  it('send a location only once its path is known to be complete', () => {
    const { presenter, tick } = session(version, { partialInterval: 0 })
    const first = cardsOf(presenter.call('a', 'read', { file_path: '/repo/no' }, { partial: true }))
    expect(first[0].locations ?? []).toStrictEqual([])
    tick(1)
    const sent = [
      ...presenter.call('a', 'read', { file_path: '/repo/notes.md', offset: 3 }, { partial: true }),
      ...presenter.call('a', 'read', { file_path: '/repo/notes.md', offset: 3 }),
    ]
    const paths = cardsOf(sent).flatMap((update) => ((update.locations as { path: string }[] | undefined) ?? []).map(({ path }) => path))
    expect(paths.every((path) => path === '/repo/notes.md')).toBe(true)
    expect(paths.length).toBeGreaterThan(0)
  })

  it('never shrink the plan while its list is streaming', () => {
    const { presenter, tick } = session(version, { partialInterval: 0 })
    const todos = [
      { content: 'One', status: 'completed' },
      { content: 'Two', status: 'in_progress' },
      { content: 'Three', status: 'pending' },
    ]
    presenter.call('t', 'todo_write', { todos }, { partial: true })
    tick(1)
    expect(presenter.call('t', 'todo_write', { todos: [...todos.slice(0, 2), { content: 'Thr' }] }, { partial: true })).toStrictEqual([])
  })

  it('are presented at most once per partialInterval; the complete call always flushes', () => {
    const { presenter, tick } = session(version, { partialInterval: 100 })
    expect(presenter.call('a', 'look', { what: 'a' }, { partial: true })).not.toStrictEqual([])
    tick(50)
    expect(presenter.call('a', 'look', { what: 'a much longer text that quadruples the card' }, { partial: true })).toStrictEqual([])
    const [last] = cardsOf(presenter.call('a', 'look', { what: 'done' }))
    expect(last.title).toBe('Look for done in /repo')
  })

  it('send while partial at most 4/3 of the largest card they sent, and less than the complete call, however many pieces', () => {
    const { presenter, tick } = session(version, { partialInterval: 0 })
    const text = `${'x'.repeat(99)}\n`.repeat(1000)
    let partial = 0
    let largest = 0
    for (let end = 100; end < text.length; end += 100) {
      const size = bytes(presenter.call('w', 'write', { file_path: '/repo/big.txt', content: text.slice(0, end) }, { partial: true }))
      partial += size
      largest = Math.max(largest, size)
      tick(1)
    }
    const complete = presenter.call('w', 'write', { file_path: '/repo/big.txt', content: text })
    expect(partial).toBeLessThanOrEqual((4 / 3) * largest + 1000)
    expect(partial).toBeLessThan(bytes(complete))
    expect(JSON.stringify(complete)).toContain(JSON.stringify(text))
  })
})

describe.each(versions)('the session (%s)', (version) => {
  it('offers the usual choices when a harness choice has a throwing getter', () => {
    const { presenter } = session(version)
    presenter.call('a', 'look', { what: 'x' })
    const choice = {
      optionId: 'x',
      get name(): string {
        throw new Error('getter broke')
      },
      kind: 'allow_once',
    }
    const prompt = presenter.permission('a', { options: [choice] as never }) as { options: { optionId: string }[] }
    expect(prompt.options.map((option) => option.optionId)).toStrictEqual(['allow_once', 'allow_always', 'reject_once'])
  })

  it('keeps an unknown content block and a text block with a stray field in the raw-content fallback', () => {
    const { presenter, errors } = session(version)
    presenter.call('a', 'look', { what: 'x' })
    const updates = presenter.result('a', {
      content: [{ type: 'mystery', data: 1 } as never, { type: 'text', text: 'kept', stray: true } as never],
    })
    const [result] = cardsOf(updates)
    const texts = (result.content as { content: { text: string } }[]).map((entry) => entry.content.text)
    expect(texts).toStrictEqual(['[unsupported content block "mystery"]', 'kept'])
    expect(errors.length).toBeGreaterThan(0)
  })

  it("titles the prompt for a plan not announced yet with the plan's own title", () => {
    const titled: ToolDefinition = {
      name: 'titled-plan',
      presentCall: () => ({ card: 'plan', title: 'Ship the release', entries: [{ content: 'Tag', status: 'pending' }] }),
    }
    const { presenter } = session(version, { tools: [titled] })
    const prompt = JSON.stringify(presenter.permission('p', { toolName: 'titled-plan', args: {} }))
    expect(prompt).toContain('Ship the release')
    expect(prompt).not.toContain('Update the plan')
  })

  it('names an id that is not a string by its type in reports', () => {
    const { presenter, errors } = session(version)
    presenter.start(42 as never)
    expect(errors.map((report) => report.toolCallId)).toStrictEqual(['(number)'])
  })

  it("reads a tool's presentCall once per call", () => {
    let reads = 0
    const counted: ToolDefinition = {
      name: 'counted',
      get presentCall() {
        reads++
        return () => ({ card: 'generic' as const, title: 'x' })
      },
    }
    const { presenter } = session(version, { tools: [counted] })
    presenter.call('a', 'counted', {})
    expect(reads).toBe(1)
  })
})

describe.each(versions)('output that comes as bytes (%s)', (version) => {
  const textOf = (updates: readonly object[]) =>
    updates
      .map((update) => {
        const data =
          (update as { _meta?: { terminal_output?: { data: string } } })._meta?.terminal_output?.data ?? (update as { data?: string }).data
        return version === 'v1' || data === undefined
          ? (data ?? '')
          : new TextDecoder().decode(Uint8Array.from(atob(data), (c) => c.charCodeAt(0)))
      })
      .join('')

  it('decodes a character cut between two pieces whole, never as U+FFFD', () => {
    const { presenter } = session(version)
    presenter.call('a', 'shell', { command: 'echo' })
    const bytes = new TextEncoder().encode('héllo ✓\n')
    const shown = [
      ...presenter.output('a', bytes.slice(0, 2)),
      ...presenter.output('a', bytes.slice(2, 9)),
      ...presenter.output('a', bytes.slice(9)),
    ]
    expect(textOf(shown)).toBe('héllo ✓\n')
  })

  it('keeps the cut characters of stdout and stderr apart when they are fed separately', () => {
    const { presenter } = session(version)
    presenter.call('a', 'shell', { command: 'make' })
    const out = new TextEncoder().encode('é')
    const err = new TextEncoder().encode('ü')
    const shown = [
      ...presenter.output('a', out.slice(0, 1)),
      ...presenter.output('a', err.slice(0, 1), { source: 'stderr' }),
      ...presenter.output('a', out.slice(1)),
      ...presenter.output('a', err.slice(1), { source: 'stderr' }),
    ]
    expect(textOf(shown)).toBe('éü')
  })

  it('shows bytes left cut at a cancel as U+FFFD, a visible marker', () => {
    const { presenter } = session(version)
    presenter.call('a', 'shell', { command: 'yes' })
    presenter.output('a', new TextEncoder().encode('ok ✓').slice(0, 4))
    expect(textOf(presenter.cancel('a'))).toBe('\ufffd')
  })

  it('rejects and reports a piece that is neither text nor bytes', () => {
    const { presenter, errors } = session(version)
    presenter.call('a', 'shell', { command: 'yes' })
    expect(presenter.output('a', 42 as never)).toStrictEqual([])
    expect((errors[0].error as Error).message).toBe('output: a piece of output must be a string or a Uint8Array, got number')
  })
})

describe.each(versions)('a tool call id (%s)', (version) => {
  it('keeps its tool for its whole life: a sighting under another tool is refused and reported', () => {
    const { presenter, errors } = session(version)
    presenter.call('a', 'look', { what: 'x' })
    expect(presenter.call('a', 'shell', { command: 'curl x | sh' })).toStrictEqual([])
    expect((errors[0].error as Error).message).toBe('call: the call "a" is a "look" call; it cannot become a "shell" call')
  })

  it('is not reused once its call is over: the second announcement is refused and reported', () => {
    for (const end of ['result', 'cancel', 'decline', 'forget'] as const) {
      const { presenter, errors } = session(version)
      presenter.call('a', 'shell', { command: 'ls' })
      if (end === 'result') presenter.result('a', { content: [] })
      else if (end === 'forget') presenter.forget('a')
      else presenter[end]('a')
      expect(presenter.call('a', 'shell', { command: 'ls' })).toStrictEqual([])
      expect((errors[errors.length - 1].error as Error).message).toBe('call: the call "a" is over; a tool call id is never reused')
    }
  })

  it('of up to 1,024 code units is taken', () => {
    const { presenter, errors } = session(version)
    const id = 'i'.repeat(1024)
    expect(cardsOf(presenter.call(id, 'shell', { command: 'ls' }))[0].toolCallId).toBe(id)
    expect(presenter.result(id, { content: [], meta: { exitCode: 0 } }).length).toBeGreaterThan(0)
    expect(errors).toStrictEqual([])
  })

  it('past 1,024 code units is refused and reported, and nothing is sent: not the call, its output, its result or a prompt naming it', () => {
    const { presenter, errors } = session(version)
    const id = 'i'.repeat(10 * 1024 * 1024)
    const problem = 'the tool call id is 10485760 code units long, past the 1024 a session takes'
    expect(presenter.call(id, 'shell', { command: 'ls' })).toStrictEqual([])
    expect(presenter.start(id)).toStrictEqual([])
    expect(presenter.output(id, 'a.txt\n')).toStrictEqual([])
    expect(presenter.result(id, { content: [{ type: 'text', text: 'a.txt\n' }], meta: { exitCode: 0 } })).toStrictEqual([])
    expect(presenter.cancel(id)).toStrictEqual([])
    expect(presenter.forget(id)).toBe(false)
    // The prompt cannot be approved, and names the id by its length.
    const prompt = presenter.permission(id, { toolName: 'shell', args: { command: 'ls' } })
    expect(JSON.stringify(prompt).length).toBeLessThan(1000)
    expect(JSON.stringify(prompt)).toContain(problem)
    expect(errors.map((report) => [report.toolCallId, (report.error as Error).message])).toStrictEqual([
      ['(a string of 10485760 code units)', `call: ${problem}`],
      ['(a string of 10485760 code units)', `start: ${problem}`],
      ['(a string of 10485760 code units)', `output: ${problem}`],
      ['(a string of 10485760 code units)', `result: ${problem}`],
      ['(a string of 10485760 code units)', `cancel: ${problem}`],
      ['(a string of 10485760 code units)', `permission: ${problem}`],
    ])
  })

  it('of a parent past 1,024 code units is reported and left out', () => {
    const { presenter, errors } = session(version)
    const updates = presenter.call('a', 'shell', { command: 'ls' }, { parentToolCallId: 'p'.repeat(1025) })
    expect(JSON.stringify(updates)).not.toContain('pppp')
    expect((errors[0].error as Error).message).toBe(
      'call: options.parentToolCallId must be a non-empty, well-formed string of at most 1024 code units',
    )
  })
})

describe.each(versions)('a permission prompt (%s)', (version) => {
  const rejectOnly = [{ optionId: 'reject_once', name: 'Reject', kind: 'reject_once' }]
  const optionsOf = (prompt: object) => (prompt as { options: unknown }).options

  it('for new arguments shows the call that will run, not the stale partial card', () => {
    const { presenter } = session(version)
    presenter.call('a', 'shell', {}, { partial: true })
    const prompt = JSON.stringify(presenter.permission('a', { args: { command: 'rm -rf build' } }))
    expect(prompt).toContain('rm -rf build')
  })

  it('with nothing to show offers only to reject, and is reported', () => {
    for (const [id, options] of [
      ['never', undefined],
      [7, { toolName: 'shell', args: { command: 'ls' } }],
    ] as const) {
      const { presenter, errors } = session(version)
      expect(optionsOf(presenter.permission(id as never, options))).toStrictEqual(rejectOnly)
      expect(errors).toHaveLength(1)
    }
  })

  it('for a command too long to show whole offers only to reject, saying so, and is reported', () => {
    const { presenter, errors } = session(version)
    presenter.call('a', 'shell', { command: 'x'.repeat(1 << 20) })
    const prompt = presenter.permission('a')
    expect(optionsOf(prompt)).toStrictEqual(rejectOnly)
    expect(JSON.stringify(prompt)).toContain('Cannot be approved: the command is too long to show: 1048576 characters')
    expect(errors).toHaveLength(1)
  })

  it('for a call that is over, or under another tool name, offers only to reject', () => {
    const { presenter } = session(version)
    presenter.call('a', 'look', { what: 'x' })
    expect(optionsOf(presenter.permission('a', { toolName: 'shell' }))).toStrictEqual(rejectOnly)
    presenter.result('a', { content: [] })
    expect(optionsOf(presenter.permission('a'))).toStrictEqual(rejectOnly)
  })

  it('with the meta the result will carry shows a write over an existing file as the change it is', async () => {
    const { computeWriteMeta } = await import('../../src/presenters/index.js')
    const { presenter } = session(version)
    presenter.call('w', 'write', { file_path: '/repo/a.txt', content: 'new\n' })
    const shown = JSON.stringify(presenter.permission('w', { meta: computeWriteMeta('old\n', 'new\n') }))
    expect(shown).toContain('old')
  })
})

describe.each(versions)('a declined call (%s)', (version) => {
  it('says it did not run, and why, with no output or exit code', () => {
    const { presenter } = session(version)
    presenter.call('a', 'shell', { command: 'rm -rf /' })
    const updates = presenter.decline('a', { reason: 'The user said *no*.' })
    const text = JSON.stringify(updates)
    expect(text).toContain('Declined: this call did not run. The user said \\\\*no\\\\*.')
    expect(text).not.toContain('terminal_output')
    expect(text).not.toContain('exit_code')
    const status = cardsOf(updates).at(-1)?.status
    expect(status).toBe(version === 'v1' ? 'failed' : 'cancelled')
  })
})

describe.each(versions)('the tools of a session (%s)', (version) => {
  const make = async (home?: string) => {
    const { claudeCodePresenters } = await import('../../src/presenters/index.js')
    const errors: PresentationError[] = []
    const options = {
      tools: claudeCodePresenters,
      cwd: '/repo',
      onError: (report: PresentationError) => errors.push(report),
      ...(home ? { home } : {}),
    }
    const presenter = version === 'v1' ? createV1(options) : createV2(options)
    return { presenter, errors }
  }

  it('include a family such as MCP tools: a name it claims gets its card, unreported', async () => {
    const { presenter, errors } = await make()
    const [card] = cardsOf(presenter.call('m', 'mcp__github__create_issue', { title: 'Bug' }))
    expect(card.title).toBe('github - create_issue (MCP)')
    expect(errors).toStrictEqual([])
  })

  it('expand a ~ path against the home option, and never join it to the cwd', async () => {
    const withHome = await make('/home/ada')
    const [card] = cardsOf(withHome.presenter.call('r', 'Read', { file_path: '~/notes.md' }))
    expect(card.locations).toStrictEqual([{ path: '/home/ada/notes.md', line: 1 }])
    const without = await make()
    const [bare] = cardsOf(without.presenter.call('r', 'Read', { file_path: '~/notes.md' }))
    expect(JSON.stringify(bare)).not.toContain('/repo/~')
    expect(bare.locations ?? []).toStrictEqual([])
  })

  it('take a home that is absolute, else a TypeError at creation', async () => {
    await expect(make('relative/home')).rejects.toThrow(TypeError)
  })
})

describe.each(versions)("a sub-agent's call (%s)", (version) => {
  const parentOf = (update: object) =>
    (update as { _meta?: { claudeCode?: { parentToolUseId?: string } } })._meta?.claudeCode?.parentToolUseId

  it('names the call that spawned it on every update of its card', () => {
    const { presenter } = session(version)
    presenter.call('task', 'look', { what: 'the bug' })
    const updates = [
      ...presenter.call('child', 'shell', { command: 'grep -r bug' }, { parentToolCallId: 'task' }),
      ...presenter.start('child'),
      ...presenter.output('child', 'src/a.ts: bug\n'),
      ...presenter.result('child', { content: [{ type: 'text', text: 'src/a.ts: bug\n' }] }),
    ]
    const cards = cardsOf(updates)
    expect(cards.length).toBeGreaterThan(2)
    for (const card of cards) expect(parentOf(card)).toBe('task')
  })

  it('sends nothing more when an update would change nothing', () => {
    const { presenter } = session(version)
    presenter.call('child', 'look', { what: 'x' }, { parentToolCallId: 'task' })
    expect(presenter.call('child', 'look', { what: 'x' }, { parentToolCallId: 'task' })).toStrictEqual([])
  })

  it('reports a parent id that is not a well-formed string, and leaves it out', () => {
    const { presenter, errors } = session(version)
    const [card] = cardsOf(presenter.call('child', 'look', { what: 'x' }, { parentToolCallId: 'bad\ud800' }))
    expect(parentOf(card)).toBeUndefined()
    expect((errors[0].error as Error).message).toContain('parentToolCallId')
  })
})

describe.each(versions)('a long call (%s)', (version) => {
  const metaOf = (update: object) => (update as { _meta?: Record<string, unknown> })._meta

  it('sends heartbeats with the elapsed time, as claude-agent-acp does, and the message', () => {
    const { presenter } = session(version)
    presenter.call('a', 'look', { what: 'x' })
    const [first] = cardsOf(presenter.progress('a', { elapsedMs: 12_500, message: 'Indexing \x1b]0;x\x07files' }))
    expect(first.status).toBe('in_progress')
    expect(metaOf(first)).toStrictEqual({
      claudeCode: { toolResponse: { elapsedTimeSeconds: 12 } },
      'tool-render-intent/progress': { elapsedMs: 12_500, message: 'Indexing ␛]0;x␇files' },
    })
    const [second] = cardsOf(presenter.progress('a', { elapsedMs: 20_000 }))
    expect(second).not.toHaveProperty('status')
  })

  // v1 has no paused status; the v2 draft at its head has none either (SDK 2.4.0's `paused` is not in it).
  it('sends nothing when paused, the card keeping its status, and start or a heartbeat resumes it', () => {
    const { presenter, errors } = session(version)
    presenter.call('a', 'look', { what: 'x' })
    presenter.start('a')
    expect(presenter.pause('a')).toStrictEqual([])
    expect(cardsOf(presenter.start('a')).map((update) => update.status)).toStrictEqual(['in_progress'])
    presenter.pause('a')
    expect(cardsOf(presenter.progress('a', { elapsedMs: 1000 })).map((update) => update.status)).toStrictEqual(['in_progress'])
    // A call not started yet stays pending: nothing says it runs.
    presenter.call('b', 'look', { what: 'y' })
    expect(presenter.pause('b')).toStrictEqual([])
    expect(errors).toStrictEqual([])
  })
})

describe.each(versions)('titles for a plain-text client (%s)', (version) => {
  const make = (titles?: 'markdown' | 'plain') => {
    const options = { tools, cwd: '/repo', ...(titles ? { titles } : {}) }
    return version === 'v1' ? createV1(options) : createV2(options)
  }

  it('come without the Markdown escapes Zed needs, in cards, plans and prompts', () => {
    const plain = make('plain')
    const [card] = cardsOf(plain.call('r', 'read', { file_path: '/repo/src/*_a_*.ts' }))
    expect(card.title).toBe('Read src/*_a_*.ts')
    expect(JSON.stringify(plain.permission('r'))).toContain('Read src/*_a_*.ts')
    const plan = JSON.stringify(plain.call('t', 'todo_write', { todos: [{ content: 'Fix *bold* [x]', status: 'pending' }] }))
    expect(plan).toContain('Fix *bold* [x]')
  })

  it('leave the plan the session compares with as it was sent: the same list again sends nothing', () => {
    const plain = make('plain')
    const todos = [{ content: 'Fix *bold* [x]', status: 'pending' }]
    expect(plain.call('t', 'todo_write', { todos })).not.toStrictEqual([])
    expect(plain.call('u', 'todo_write', { todos })).toStrictEqual([])
    expect(JSON.stringify(plain.call('v', 'todo_write', { todos: [{ ...todos[0], status: 'completed' }] }))).toContain('Fix *bold* [x]')
  })

  it('stay escaped by default, for Zed', () => {
    const [card] = cardsOf(make().call('r', 'read', { file_path: '/repo/src/*_a_*.ts' }))
    expect(card.title).not.toBe('Read src/*_a_*.ts')
    expect(card.title).toContain('\\*')
  })

  it('leave a command as it is either way', () => {
    const [card] = cardsOf(make('plain').call('s', 'shell', { command: 'ls \\*' }))
    expect(card.title).toBe('ls \\*')
  })

  it('take only the two styles, else a TypeError at creation', () => {
    expect(() => make('html' as never)).toThrow(TypeError)
  })
})

describe.each(versions)('a result meta (%s)', (version) => {
  it('with a field its tool does not read is reported; the card still renders', async () => {
    const { bashTool } = await import('../../src/presenters/index.js')
    const errors: PresentationError[] = []
    const options = { tools: [bashTool], cwd: '/repo', onError: (report: PresentationError) => errors.push(report) }
    const presenter = version === 'v1' ? createV1(options) : createV2(options)
    presenter.call('a', 'bash', { command: 'false' })
    expect(presenter.result('a', { content: [], meta: { exit_code: 1 } })).not.toStrictEqual([])
    expect((errors[0].error as Error).message).toBe('result: meta.exit_code is not read by "bash" (it reads exitCode, signal)')
  })

  it('with the fields its tool reads is not reported', async () => {
    const { bashTool } = await import('../../src/presenters/index.js')
    const errors: PresentationError[] = []
    const options = { tools: [bashTool], cwd: '/repo', onError: (report: PresentationError) => errors.push(report) }
    const presenter = version === 'v1' ? createV1(options) : createV2(options)
    presenter.call('a', 'bash', { command: 'false' })
    presenter.result('a', { content: [], meta: { exitCode: 1, signal: null } })
    expect(errors).toStrictEqual([])
  })
})

describe.each(versions)('a plan the session keeps across calls (%s)', (version) => {
  const planOf = (updates: readonly object[]) => {
    const plan = updates.find((update) => /^plan/.test((update as { sessionUpdate: string }).sessionUpdate)) as
      | { entries?: unknown[]; plan?: { entries: unknown[] } }
      | undefined
    return plan?.entries ?? plan?.plan?.entries
  }

  it("follows Claude Code's task list: each finished Task* call sends the new plan", async () => {
    const { claudeCodePresenters } = await import('../../src/presenters/index.js')
    const options = { tools: claudeCodePresenters, cwd: '/repo' }
    const presenter = version === 'v1' ? createV1(options) : createV2(options)
    presenter.call('c', 'TaskCreate', { subject: 'Ship it', description: 'Tag and push', activeForm: 'Shipping it' })
    const created = presenter.result('c', { content: [{ type: 'text', text: 'Task #1 created successfully: Ship it' }] })
    expect(planOf(created)).toStrictEqual([{ content: 'Ship it', priority: 'medium', status: 'pending' }])
    presenter.call('u', 'TaskUpdate', { taskId: '1', status: 'in_progress' })
    const updated = presenter.result('u', { content: [{ type: 'text', text: 'Updated task #1 status' }] })
    expect(planOf(updated)).toStrictEqual([{ content: 'Shipping it', priority: 'medium', status: 'in_progress' }])
    presenter.call('g', 'TaskGet', { taskId: '1' })
    expect(planOf(presenter.result('g', { content: [{ type: 'text', text: 'Task #1' }] }))).toBeUndefined()
  })
})

describe.each(versions)('a prompt title of its own (%s)', (version) => {
  it("asks ExitPlanMode's question while its card says Approve Plan, as claude-agent-acp does", async () => {
    const { claudeCodePresenters } = await import('../../src/presenters/index.js')
    const options = { tools: claudeCodePresenters, cwd: '/repo' }
    const presenter = version === 'v1' ? createV1(options) : createV2(options)
    const [card] = cardsOf(presenter.call('p', 'ExitPlanMode', { plan: '1. Ship' }))
    expect(card.title).toBe('Approve Plan')
    const prompt = presenter.permission('p') as { title?: string; toolCall?: { title?: string } }
    expect(version === 'v1' ? prompt.toolCall?.title : prompt.title).toBe('Ready to code?')
  })
})

describe.each(versions)('output past half of the bound (%s)', (version) => {
  const dataOf = (updates: readonly object[]) =>
    updates
      .map((update) => {
        const meta = (update as { _meta?: { terminal_output?: { data: string } } })._meta?.terminal_output?.data
        const chunk =
          (update as { sessionUpdate: string; data?: string }).sessionUpdate === 'terminal_output_chunk'
            ? (update as { data: string }).data
            : undefined
        return meta ?? (chunk === undefined ? '' : new TextDecoder().decode(Uint8Array.from(atob(chunk), (c) => c.charCodeAt(0))))
      })
      .join('')

  it('keeps reaching the display terminal: the latest lines at most once per interval, all of it within the bound', () => {
    let clock = 0
    const options = { tools, cwd: '/repo', maxOutputLength: 4000, outputInterval: 1000, now: () => clock }
    const presenter =
      version === 'v1' ? createV1({ ...options, clientCapabilities: { _meta: { terminal_output: true } } }) : createV2(options)
    presenter.call('a', 'shell', { command: 'make' })
    let sent = ''
    let liveUpdates = 0
    for (let line = 0; line < 400; line++) {
      const data = dataOf(presenter.output('a', `line ${line}\n`))
      if (line > 300 && data !== '') liveUpdates++
      sent += data
      clock += 100
    }
    sent += dataOf(presenter.result('a', { content: [{ type: 'text', text: '' }] }))
    // Past the head, the output kept coming: at most one update a second (the clock moves 100 ms a line).
    expect(liveUpdates).toBeGreaterThan(0)
    expect(liveUpdates).toBeLessThanOrEqual(10)
    expect(sent).toContain('line 399')
    expect(sent.length).toBeLessThanOrEqual(4000)
  })
})

describe('what one call sends a client without terminals (v1)', () => {
  it('stays bounded however long the command runs and however long its description', () => {
    let clock = 0
    const presenter = createV1({ tools, cwd: '/repo', maxOutputLength: 10_000, now: () => clock, clientCapabilities: {} })
    let sent = JSON.stringify(presenter.call('a', 'shell', { command: 'make', cwd: 'src' }))
    // The shell fixture has no description: present one through a tool that gives a long one.
    const described: ToolDefinition = {
      name: 'described',
      presentCall: () => ({ card: 'terminal', title: 'make', description: 'd'.repeat(100_000) }),
      presentResult: (_args, result) => ({ card: 'terminal', output: (result.content[0] as { text: string }).text }),
    }
    const other = createV1({ tools: [described], cwd: '/repo', maxOutputLength: 10_000, now: () => clock, clientCapabilities: {} })
    sent += JSON.stringify(other.call('b', 'described', {}))
    for (let line = 0; line < 2000; line++) {
      clock += 1000
      sent += JSON.stringify(other.output('b', `line ${line} ${'x'.repeat(50)}\n`))
    }
    sent += JSON.stringify(other.result('b', { content: [{ type: 'text', text: 'done\n' }] }))
    // The card (description cut to 4 Ki), the snapshots (within the bound), the result (within the bound).
    expect(sent.length).toBeLessThan(3 * 10_000 + 3 * 4096)
    expect(sent).toContain('characters left out')
  })
})

describe.each(versions)('a result naming its tool (%s)', (version) => {
  it('is reported when the tool is not the call’s, and still renders', async () => {
    const { bashTool, readTool } = await import('../../src/presenters/index.js')
    const errors: PresentationError[] = []
    const options = { tools: [bashTool, readTool], cwd: '/repo', onError: (report: PresentationError) => errors.push(report) }
    const result = { content: [{ type: 'text' as const, text: 'x' }] }
    let updates: readonly object[]
    if (version === 'v1') {
      const presenter = createV1(options)
      presenter.call('a', 'bash', { command: 'ls' })
      updates = presenter.result('a', result, readTool)
    } else {
      const presenter = createV2(options)
      presenter.call('a', 'bash', { command: 'ls' })
      updates = presenter.result('a', result, readTool)
    }
    expect(updates).not.toStrictEqual([])
    expect((errors[0].error as Error).message).toBe('result: the call "a" is a "bash" call, not a "read" call')
  })
})

describe.each(versions)('a large write announced in many partial pieces (%s)', (version) => {
  it('sends in all little more than its complete card: partial updates past 64 KiB wait for it', () => {
    const { presenter, tick } = session(version, { partialInterval: 0 })
    const text = `${'y'.repeat(1023)}\n`.repeat(256)
    let partial = 0
    for (let end = 1024; end < text.length; end += 1024) {
      partial += bytes(presenter.call('w', 'write', { file_path: '/repo/big.txt', content: text.slice(0, end) }, { partial: true }))
      tick(1)
    }
    const complete = bytes(presenter.call('w', 'write', { file_path: '/repo/big.txt', content: text }))
    expect(partial).toBeLessThan((4 / 3) * 64 * 1024 + 4096)
    expect(partial + complete).toBeLessThan(2.2 * text.length + 100 * 1024)
  })
})

describe.each(versions)('an edit of every occurrence (%s)', (version) => {
  it('says so on its card, and its prompt with the meta says how many change', async () => {
    const { computeEditMeta, editTool } = await import('../../src/presenters/index.js')
    const options = { tools: [editTool], cwd: '/repo' }
    const presenter = version === 'v1' ? createV1(options) : createV2(options)
    const args = { file_path: '/repo/a.ts', old_string: 'x', new_string: 'y', replace_all: true }
    const [card] = cardsOf(presenter.call('e', 'edit', args))
    expect(card.title).toBe('Edit a.ts (every occurrence)')
    const before = `x\n${'-\n'.repeat(10)}x\n${'-\n'.repeat(10)}x\n`
    const prompt = JSON.stringify(presenter.permission('e', { meta: computeEditMeta(before, args) }))
    expect(prompt).toContain('Edit a.ts (3 occurrences)')
  })
})
