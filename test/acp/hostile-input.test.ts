// The worst a model, a command and a plugin can send: every update still
// serialises, is valid ACP, carries no lone surrogate and stays bounded.
import fc from 'fast-check'
import { propertyRuns, soak } from '../property-runs.js'
import { describe, expect, it } from 'vitest'
import type { AcpToolCall } from '../../src/acp/call.js'
import type { AcpToolCallUpdate } from '../../src/acp/result.js'
import { createToolPresenter, type PresentationError } from '../../src/acp/presenter.js'
import type { ToolDefinition } from '../../src/define-tool.js'
import { presenters } from '../../src/presenters/index.js'
import { validNotification } from './fixtures/acp-schema.js'
import { runThroughSdk } from './fixtures/sdk-session.js'
import { testTools } from './fixtures/test-tools.js'
import { cyclic, hostileValues, hostileViews, LONE_SURROGATE_ESCAPE, revoked, throwingGetter } from '../fixtures/hostile-values.js'

const withTerminal = { _meta: { terminal_output: true } }

function expectDeliverable(updates: readonly object[]) {
  for (const update of updates) {
    const text = JSON.stringify(update)
    expect(text).not.toMatch(LONE_SURROGATE_ESCAPE)
    const notification = JSON.parse(text)
    const valid = validNotification({ sessionId: 's', update: notification })
    expect(valid, JSON.stringify(validNotification.errors)).toBe(true)
  }
}

const textOf = (entry: unknown) => (entry as { content: { text: string } }).content.text

function session(tools: readonly ToolDefinition<any, any>[] = presenters, clientCapabilities: object = withTerminal) {
  const errors: PresentationError[] = []
  const presenter = createToolPresenter({ tools, clientCapabilities, cwd: '/repo', onError: (report) => errors.push(report) })
  return { presenter, errors }
}

describe('arguments that JSON cannot carry', () => {
  it.each(hostileValues.map((make) => [make.toString().slice(0, 60), make]))(
    'still give a deliverable call and result: %s',
    (_name, make) => {
      for (const capabilities of [withTerminal, {}]) {
        const { presenter } = session(presenters, capabilities)
        const call = presenter.call('a', 'bash', make())
        expect(call).toHaveLength(1)
        expectDeliverable(call)
        expectDeliverable(presenter.result('a', { content: [{ type: 'text', text: 'done' }] }))
      }
    },
  )

  it('are reported once, naming what was replaced', () => {
    const { presenter, errors } = session()
    presenter.call('a', 'bash', cyclic())
    expect(errors.map((report) => (report.error as Error).message)).toStrictEqual([
      'rawInput is not plain JSON: rawInput.self: circular reference',
    ])
  })

  it('keep the terminal card when the arguments themselves are fine', () => {
    const { presenter } = session()
    const [update] = presenter.call('a', 'bash', cyclic()) as AcpToolCall[]
    expect(update.content).toStrictEqual([{ type: 'terminal', terminalId: 'a' }])
    expect(update.rawInput).toStrictEqual({ command: 'ls', self: '[circular reference]' })
  })
})

describe('a lone surrogate in an object key of the arguments', () => {
  it('goes out as U+FFFD and is reported, as one in a value is', () => {
    const { presenter, errors } = session()
    const [update] = presenter.call('a', 'bash', { command: 'ls', extra: { 'k\ud800': 1 } }) as AcpToolCall[]
    expectDeliverable([update])
    expect(update.rawInput).toStrictEqual({ command: 'ls', extra: { 'k\ufffd': 1 } })
    expect(errors.map((report) => (report.error as Error).message)).toStrictEqual([
      'rawInput is not plain JSON: rawInput.extra.k\ufffd: lone surrogate in a key replaced by U+FFFD',
    ])
  })
})

describe('arguments mean the same live and in replay', () => {
  it('a number JSON cannot carry reads as null, as the replayed log gives it', () => {
    const live = session().presenter.call('a', 'bash', { command: 'ls', timeout: Infinity })
    const replayed = session().presenter.call('a', 'bash', JSON.parse(JSON.stringify({ command: 'ls', timeout: Infinity })))
    expect(JSON.stringify(live)).toBe(JSON.stringify(replayed))
  })
})

describe('results that JSON cannot carry', () => {
  const throwingContent = {
    get content(): never {
      throw new Error('content broke')
    },
  }
  it.each([
    ['a content getter that throws', throwingContent],
    ['a revoked Proxy', revoked()],
    ['a BigInt exit code', { content: [{ type: 'text', text: 'x' }], meta: { exitCode: 1n } }],
    ['a cycle in the meta', { content: [], meta: cyclic() }],
    ['a lone surrogate in the output', { content: [{ type: 'text', text: 'emoji \ud83d cut' }] }],
  ])('never make result() throw: %s', (_name, result) => {
    for (const capabilities of [withTerminal, {}]) {
      for (const [tool, args] of [
        ['bash', { command: 'ls' }],
        ['read', { file_path: '/repo/a' }],
        ['look', { what: 'x' }],
      ] as const) {
        const { presenter } = session([...presenters, ...testTools.filter((t) => t.name === 'look')], capabilities)
        presenter.call('a', tool, args)
        const updates = presenter.result('a', result as never)
        expect(updates.length).toBeGreaterThan(0)
        expectDeliverable(updates)
      }
    }
  })
})

describe('plugin views that JSON cannot carry', () => {
  const pluginTool = (view: () => unknown): ToolDefinition => ({ name: 'plugin', presentCall: view as never, presentResult: view as never })

  it.each(hostileViews)('is delivered as a valid update: %s', (_name, view) => {
    const { presenter } = session([pluginTool(view)])
    const call = presenter.call('a', 'plugin', {})
    expect(call).toHaveLength(1)
    expectDeliverable(call)
    expect((call[0] as AcpToolCall).title).not.toMatch(/[\r\n]/)
    expectDeliverable(presenter.result('a', { content: [] }))
  })
})

describe('output is bounded', () => {
  it('a terminal result keeps the head and tail of huge output, within the bound', () => {
    const errors: PresentationError[] = []
    const presenter = createToolPresenter({
      tools: presenters,
      clientCapabilities: withTerminal,
      cwd: '/repo',
      maxOutputLength: 1000,
      onError: (r) => errors.push(r),
    })
    presenter.call('a', 'bash', { command: 'yes' })
    const output = `first line\n${'y\n'.repeat(1_000_000)}last line\n`
    const [piece] = presenter.result('a', { content: [{ type: 'text', text: output }] })
    const data = (piece._meta as { terminal_output: { data: string } }).terminal_output.data
    expect(data.length).toBeLessThanOrEqual(1000)
    expect(data.startsWith('first line\n')).toBe(true)
    expect(data.endsWith('last line\n')).toBe(true)
    expect(data).toContain('characters left out')
  })

  it('a console fallback and generic text content hold to the bound too', () => {
    const presenter = createToolPresenter({ tools: presenters, cwd: '/repo', maxOutputLength: 1000 })
    presenter.call('a', 'bash', { command: 'yes' })
    const [update] = presenter.result('a', { content: [{ type: 'text', text: 'y\n'.repeat(100_000) }] }) as AcpToolCallUpdate[]
    expect(update.content).toHaveLength(1)
    expect(textOf(update.content![0]).length).toBeLessThan(1100)
    presenter.call('b', 'job_list', {})
    const [listed] = presenter.result('b', {
      content: Array.from({ length: 100 }, () => ({ type: 'text' as const, text: 'z'.repeat(1000) })),
    }) as AcpToolCallUpdate[]
    const texts = listed.content!.map(textOf)
    expect(texts.join('').length).toBeLessThan(1100 + 100 * 80)
  })

  it('holds after marking, in the worst case: output that is all bidi controls, streamed, final and as text content', () => {
    const bidi = '\u202e'.repeat(100_000)
    const presenter = createToolPresenter({ tools: presenters, cwd: '/repo', maxOutputLength: 1000 })
    presenter.call('a', 'bash', { command: 'spoof' })
    const streamed = presenter.output('a', bidi) as AcpToolCallUpdate[]
    const [final] = presenter.result('a', { content: [{ type: 'text', text: bidi }] }) as AcpToolCallUpdate[]
    presenter.call('b', 'job_list', {})
    const [listed] = presenter.result('b', { content: [{ type: 'text', text: bidi }] }) as AcpToolCallUpdate[]
    for (const update of [...streamed, final, listed]) {
      for (const entry of update.content ?? []) {
        const text = textOf(entry)
        expect(text.replace(/^`+console\n|\n`+$/g, '').length).toBeLessThanOrEqual(1000)
        expect(text).toContain('<U+202E>')
        expect(text).not.toContain('\u202e')
      }
    }
  })

  it.each([400, 4096])(
    'counts a description as it is shown: %i bidi controls stay within 4,096 code units a card, and the snapshots within the bound',
    (length) => {
      let time = 0
      const presenter = createToolPresenter({ tools: presenters, cwd: '/repo', maxOutputLength: 20_000, now: () => time })
      const call = presenter.call('a', 'bash', { command: 'make', description: '\u202e'.repeat(length) }) as AcpToolCall[]
      const snapshots: AcpToolCallUpdate[] = []
      for (let piece = 0; piece < 50; piece++) {
        time += 1000
        snapshots.push(...(presenter.output('a', 'line\n'.repeat(100)) as AcpToolCallUpdate[]))
      }
      const final = presenter.result('a', { content: [{ type: 'text', text: 'done\n' }] }) as AcpToolCallUpdate[]
      const descriptions = [...call, ...snapshots, ...final].flatMap((update) =>
        (update.content ?? []).map(textOf).filter((text) => text.includes('U+202E')),
      )
      expect(descriptions.length).toBeGreaterThan(2)
      for (const text of descriptions) expect(text.length).toBeLessThanOrEqual(4096)
      // The snapshots share the output bound, each description counted as shown.
      expect(snapshots.flatMap((update) => (update.content ?? []).map(textOf)).join('').length).toBeLessThanOrEqual(20_000)
    },
  )

  // Past the output bound (4 Mi); 20 M under test:soak.
  it('millions of NUL characters do not become a notification of megabytes', () => {
    const presenter = createToolPresenter({ tools: presenters, clientCapabilities: withTerminal, cwd: '/repo' })
    presenter.call('a', 'bash', { command: 'cat /dev/zero' })
    const updates = presenter.result('a', { content: [{ type: 'text', text: '\0'.repeat(soak ? 20_000_000 : 5_000_000) }] })
    expect(JSON.stringify(updates).length).toBeLessThan(1000)
  })
})

describe('terminal output reaches a display-only terminal sanitised', () => {
  it('drops the clipboard write, the link target and the title, keeping the colours and the link text', () => {
    const { presenter } = session()
    presenter.call('a', 'bash', { command: 'cat notes' })
    const output =
      '\u001b]52;c;cm0gLXJmIH4=\u0007\u001b[32mok\u001b[39m \u001b]8;;https://evil.example\u001b\\docs\u001b]8;;\u001b\\\u001b]0;pwned\u0007\n'
    const [piece] = presenter.result('a', { content: [{ type: 'text', text: output }] })
    expect(piece._meta).toStrictEqual({ terminal_output: { terminal_id: 'a', data: '\u001b[32mok\u001b[39m docs\n' } })
  })

  it('shows concealed text and text coloured like its background', () => {
    const { presenter } = session()
    presenter.call('a', 'bash', { command: 'cat notes' })
    const [piece] = presenter.result('a', {
      content: [{ type: 'text', text: 'ok\u001b[8m rm -rf ~\u001b[0m \u001b[30;40mcurl x|sh\u001b[0m\n' }],
    })
    expect(piece._meta).toStrictEqual({
      terminal_output: { terminal_id: 'a', data: 'ok rm -rf ~\u001b[0m \u001b[40mcurl x|sh\u001b[0m\n' },
    })
  })
})

describe('bad configuration', () => {
  it('a cwd that is not absolute is a TypeError naming the option', () => {
    for (const cwd of ['repo', '', './x', 42]) {
      expect(() => createToolPresenter({ tools: [], cwd: cwd as string })).toThrow(TypeError)
      expect(() => createToolPresenter({ tools: [], cwd: cwd as string })).toThrow(/options\.cwd/)
    }
  })

  it('accepts POSIX, drive and UNC paths, and normalises them once', () => {
    for (const cwd of ['/', '/repo/../repo/', 'C:\\work', 'c:/work', '\\\\server\\share\\x']) {
      expect(() => createToolPresenter({ tools: [], cwd })).not.toThrow()
    }
    const presenter = createToolPresenter({ tools: presenters, cwd: '/repo/./sub/..' })
    expect((presenter.call('a', 'read', { file_path: 'a.ts' })[0] as AcpToolCall).locations).toStrictEqual([
      { path: '/repo/a.ts', line: 1 },
    ])
  })

  it('two tools with the same name are a TypeError naming it', () => {
    expect(() => createToolPresenter({ tools: [...presenters, presenters[0]], cwd: '/repo' })).toThrow(/two tools named "read"/)
  })

  it('a maxOutputLength that is not a positive integer is a TypeError', () => {
    for (const max of [0, -1, 1.5, NaN, '10']) {
      expect(() => createToolPresenter({ tools: [], cwd: '/repo', maxOutputLength: max as number })).toThrow(/maxOutputLength/)
    }
  })
})

describe('ids and names from the harness', () => {
  it('a call whose id or tool name is not a string sends nothing and is reported', () => {
    const { presenter, errors } = session()
    expect(presenter.call(undefined as never, 'bash', { command: 'ls' })).toStrictEqual([])
    expect(presenter.call('a', 42 as never, {})).toStrictEqual([])
    expect(errors).toHaveLength(2)
  })
})

// Any value at all, in arguments, results and plugin views.
const anyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    fc.string({ unit: fc.constantFrom('a', '\ud83d', '\udc00', '😀', '\u001b', ']', '\n', '`', '[', '(') }),
    fc.bigInt(),
    fc.constantFrom(NaN, Infinity, -Infinity, undefined, null, Symbol('s'), () => 1, new Date(0)),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('command', 'file_path', 'content', 'text', 'type', 'card', 'title', 'what', 'x'), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value

describe('any value in any place', () => {
  it('gives only deliverable updates, and never throws', () => {
    const plugin: ToolDefinition = {
      name: 'plugin',
      presentCall: (args) => args as never,
      presentResult: (_args, result) => result as never,
    }
    const tools = [...presenters, plugin]
    const names = fc.constantFrom(...tools.map((tool) => tool.name), 'unknown')
    // fast-check inspects generated values, so the values that throw on any touch are made in the property.
    const special = fc.constantFrom(undefined, revoked, throwingGetter)
    fc.assert(
      fc.property(
        names,
        anyValue,
        anyValue,
        fc.boolean(),
        fc.boolean(),
        special,
        special,
        (name, anyArgs, anyResult, terminal, cycle, argsMaker, resultMaker) => {
          const args = argsMaker ? argsMaker() : anyArgs
          const result = resultMaker ? resultMaker() : anyResult
          try {
            if (cycle && args && typeof args === 'object') (args as Record<string, unknown>).loop = args
          } catch {
            // A revoked Proxy takes no new field.
          }
          const presenter = createToolPresenter({
            tools,
            clientCapabilities: terminal ? withTerminal : {},
            cwd: '/repo',
            onError: () => {},
          })
          const call = presenter.call('a', name, args)
          expectDeliverable(call)
          expectDeliverable(presenter.result('a', result as never))
        },
      ),
      { numRuns: propertyRuns(3000) },
    )
  })
})

describe('through the real SDK', () => {
  it('a hostile call followed by a normal call: the session survives and the normal call arrives intact', async () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)
    const run = await runThroughSdk(
      [
        (presenter) => presenter.call('evil', 'bash', { command: 'ls\ud83d', deep, big: 1n, self: cyclic() }),
        (presenter) =>
          presenter.result('evil', {
            content: [{ type: 'text', text: `\u001b]52;c;eA==\u0007\ud800${'x'.repeat(10)}` }],
            meta: { exitCode: 2n },
          } as never),
        (presenter) => presenter.call('fine', 'read', { file_path: '/repo/a.ts' }),
        (presenter) => presenter.result('fine', { content: [{ type: 'text', text: 'const a = 1\n' }] }),
      ],
      { clientCapabilities: withTerminal, cwd: '/repo' },
    )
    expect(run.stopReason).toBe('end_turn')
    expect(run.afterwards).toBe('end_turn')
    for (const notification of run.notifications) {
      expect(validNotification(notification), JSON.stringify(validNotification.errors)).toBe(true)
    }
    expect(run.received).toStrictEqual(run.notifications)
    expect(run.notifications.map(({ update }) => update.sessionUpdate)).toStrictEqual([
      'tool_call',
      'tool_call_update',
      'tool_call_update',
      'tool_call',
      'tool_call_update',
    ])
    expect(run.notifications.slice(3).map(({ update }) => update)).toStrictEqual([
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'fine',
        title: 'Read a.ts',
        kind: 'read',
        status: 'pending',
        name: 'read',
        locations: [{ path: '/repo/a.ts', line: 1 }],
        rawInput: { file_path: '/repo/a.ts' },
      },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'fine',
        status: 'completed',
        content: [{ type: 'content', content: { type: 'text', text: '```typescript\nconst a = 1\n```' } }],
      },
    ])
  })
})

describe('ids that are not strings', () => {
  it('never make a method throw, even when their toString throws', () => {
    const { presenter, errors } = session()
    const hostile = {
      toString: () => {
        throw new Error('no')
      },
    } as never
    expect(presenter.call(hostile, 'bash', { command: 'ls' })).toStrictEqual([])
    expect(presenter.start(hostile)).toStrictEqual([])
    expect(presenter.output(hostile, 'x')).toStrictEqual([])
    expect(presenter.result(hostile, { content: [] })).toStrictEqual([])
    expect(presenter.cancel(hostile)).toStrictEqual([])
    expect(presenter.permission(hostile).toolCall.toolCallId).toBe('(object)')
    expect(errors.every((report) => report.toolCallId === '(object)')).toBe(true)
  })
})

describe('text content is Markdown to the client', () => {
  it('carries no escape sequence, and shows each one as markers: a file read, background output', () => {
    const { presenter } = session(presenters, {})
    const hostile = 'a\u001b]52;c;eA==\u0007b \u001b[31mred\u001b[0m\u0000\u009b2J\n'
    presenter.call('r', 'read', { file_path: '/repo/notes.txt' })
    presenter.call('j', 'bash', { command: 'make', run_in_background: true })
    const read = presenter.result('r', { content: [{ type: 'text', text: hostile }] })
    const output = presenter.result('j', { content: [{ type: 'text', text: hostile }] })
    for (const update of [...read, ...output])
      expect(JSON.stringify(update)).not.toMatch(/\\u00(0[0-8bcef]|1[0-9a-f]|7f|8[0-9a-f]|9[0-9a-f])/)
    // A file's bytes are its content: every escape shows. Command output in a console block draws no colour: its SGR is dropped.
    expect(JSON.stringify(read)).toContain('a␛]52;c;eA==␇b ␛[31mred␛[0m␀<U+009B>2J')
    expect(JSON.stringify(output)).toContain('a␛]52;c;eA==␇b red␀<U+009B>2J')
  })
})

describe('nothing is hidden from the user (v1)', () => {
  it('shows an OSC string and a bidi override in an execute title as visible markers', () => {
    const { presenter } = session()
    const [update] = presenter.call('a', 'bash', { command: 'ls\u001b]0;x\u0007 a\u202eb' }) as AcpToolCall[]
    expect(update.title).toBe('ls␛]0;x␇ a<U+202E>b')
  })

  it('shows what an escape sequence in a plan entry holds, instead of dropping it', () => {
    const { presenter } = session()
    const [plan] = presenter.call('p', 'todo_write', {
      todos: [{ content: 'Run the tests\u001b]0;then curl x | sh\u0007', status: 'pending', activeForm: 'Running' }],
    }) as unknown as [{ entries: { content: string }[] }]
    expect(plan.entries[0].content).toBe('Run the tests␛\\]0;then curl x | sh␇')
  })

  it('shows a description holding escapes and zero-width characters on a text client', () => {
    const { presenter } = session(presenters, {})
    const [update] = presenter.call('a', 'bash', { command: 'ls', description: 'List\u001b[8m secretly\u200b' }) as AcpToolCall[]
    expect(update.content?.[0]).toStrictEqual({ type: 'content', content: { type: 'text', text: 'List␛\\[8m secretly\\<U+200B\\>' } })
  })

  it('escapes an error result of read, grep, web_fetch and task: no live image, link or HTML reaches the client', () => {
    for (const [tool, args] of [
      ['read', { file_path: '/repo/a' }],
      ['grep', { pattern: 'x' }],
      ['web_fetch', { url: 'https://e.example', prompt: 'p' }],
      ['task', { description: 'd', prompt: 'p' }],
    ] as const) {
      const { presenter } = session()
      presenter.call('a', tool, args)
      const [update] = presenter.result('a', {
        isError: true,
        content: [{ type: 'text', text: 'failed: ![x](https://e.example/t.png) [a](https://e.example) <img src=x>\n+++\nhidden\n+++' }],
      }) as AcpToolCallUpdate[]
      expect(textOf(update.content?.[0]), tool).toBe(
        'failed: !\\[x](https://e.example/t.png) \\[a](https://e.example) \\<img src=x>\n\\+++\nhidden\n\\+++',
      )
    }
  })
})
