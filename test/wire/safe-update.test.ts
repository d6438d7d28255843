// The last check, in one place: every update the builders make leaves as
// it is when it is plain JSON within the bounds, else as a copy that is,
// with what the copy changed reported.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildToolCall, planUpdate } from '../../src/acp/call.js'
import { createToolPresenter } from '../../src/acp/presenter.js'
import { buildToolResult, terminalExitUpdate, terminalOutputUpdate, toolResultUpdates } from '../../src/acp/result.js'
import { safeUpdate } from '../../src/wire/safe-update.js'
import { toolCallOf, toolCallUpdateOf } from '../../src/acp/updates.js'
import { isJsonSafe } from '../../src/safety/json-safe.js'
import { presenters } from '../../src/presenters/index.js'

// Values JSON cannot carry as they are, and plain ones.
const hostile = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 2 }),
    fc.bigInt(),
    fc.constantFrom(
      NaN,
      Infinity,
      null,
      undefined,
      Symbol('s'),
      () => 1,
      new Date(0),
      new Map([[1, 2]]),
      '\ud83d',
      'a\udc00b',
      new Array(3).fill(1, 0, 1),
    ),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string(), tie('value'), { maxKeys: 3 }),
  ),
})).value

const text = fc.oneof(fc.string(), fc.constantFrom('', '\ud83d', 'a\udc00b', 'ok 🎉', 'x'.repeat(300)))
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })

const block = fc.oneof(
  fc.record({ type: fc.constant('text'), text }),
  fc.record({ type: fc.constant('image'), data: text, mimeType: text }, { requiredKeys: ['type'] }),
  hostile,
)
// The entries and locations the builders write (contentEntries, diffEntries,
// textEntry, the terminal arm, absoluteLocations), around any values.
const entry = fc.oneof(
  block.map((content) => ({ type: 'content' as const, content })),
  fc.record({
    type: fc.constant('diff' as const),
    path: text,
    oldText: fc.oneof(text, fc.constant(null), hostile),
    newText: fc.oneof(text, hostile),
  }),
  fc.record({ type: fc.constant('terminal' as const), terminalId: fc.oneof(text, hostile) }),
)
const location = fc.record(
  { path: fc.oneof(text, hostile), line: maybe(fc.oneof(fc.nat(), fc.double(), hostile)) },
  { requiredKeys: ['path'] },
)
// The `_meta` the builders write: one display-terminal field (any values in it).
const meta = fc.oneof(
  fc.record({ terminal_info: fc.record({ terminal_id: text, cwd: fc.oneof(text, hostile) }) }),
  fc.record({ terminal_output: fc.record({ terminal_id: text, data: fc.oneof(text, hostile) }) }),
  fc.record({ terminal_output_delta: fc.record({ terminal_id: text, data: text }) }),
  fc.record({
    terminal_exit: fc.record({
      terminal_id: text,
      exit_code: fc.oneof(fc.nat(), fc.constant(null), fc.double(), hostile),
      signal: fc.oneof(text, fc.constant(null)),
    }),
  }),
  fc.constant(null),
)
const fields = fc.record(
  {
    status: fc.oneof(fc.constantFrom('pending', 'completed'), fc.constant(null)),
    title: fc.oneof(text, fc.constant(null)),
    kind: fc.oneof(fc.constantFrom('read', 'execute'), fc.constant(null)),
    name: fc.oneof(text, fc.constant(null)),
    content: fc.array(entry, { maxLength: 3 }),
    locations: fc.array(location, { maxLength: 3 }),
    rawInput: hostile,
    rawOutput: hostile,
    _meta: meta,
  },
  { requiredKeys: [] },
)

// Every shape the builders make, from any fields.
const built = fc.oneof(
  fc.tuple(text, text, fields).map(([id, title, f]) => toolCallOf(id, title, 'read', 'pending', f as never)),
  fc.tuple(text, fields).map(([id, f]) => toolCallUpdateOf(id, f as never)),
  fc
    .array(
      fc.record({
        content: text,
        status: fc.constantFrom('pending' as const, 'completed' as const),
        priority: maybe(fc.constantFrom('high' as const)),
      }),
      { maxLength: 3 },
    )
    .map((entries) => planUpdate({ card: 'plan', entries })),
)

// The check's promise: the update itself exactly when it is plain JSON; else
// a copy that is, and a report whenever the copy lost something.
function checked(update: unknown): void {
  const problems: string[][] = []
  const out = safeUpdate(update, (list) => problems.push([...list]))
  const safe = isJsonSafe(update)
  expect(out === update).toBe(safe)
  expect(isJsonSafe(out)).toBe(true)
  if (safe) expect(problems).toStrictEqual([])
}

describe("the check of the builders' updates", () => {
  it('sends a plain-JSON update as it is, and anything else as a copy that serialises', () => {
    fc.assert(fc.property(built, checked), { numRuns: 1000 })
  })

  it('holds a raw input to the depth limit at its depth in the update', () => {
    const nested = (depth: number) => {
      let value: unknown = 'bottom'
      for (let level = 0; level < depth; level++) value = [value]
      return value
    }
    for (const depth of [62, 63, 64]) checked(toolCallOf('a', 't', 'read', 'pending', { rawInput: nested(depth) }))
    expect(safeUpdate(toolCallOf('a', 't', 'read', 'pending', { rawInput: nested(64) }))).not.toHaveProperty('rawInput', nested(64))
  })

  it('never throws, and takes a throwing getter as not plain JSON', () => {
    const update = toolCallOf('a', 't', 'read', 'pending', {
      rawInput: {
        get boom(): string {
          throw new Error('boom')
        },
      },
    })
    const problems: string[] = []
    expect(JSON.stringify(safeUpdate(update, (list) => problems.push(...list)))).toContain('[threw')
    expect(problems.length).toBeGreaterThan(0)
  })
})

describe('the check of every arm', () => {
  // Views as a plugin may return them: the guards let any string through,
  // and any value in a content block's `_meta` or a generic card's rawInput.
  const viewBlock = fc.oneof(
    fc.record(
      { type: fc.constant('text'), text, _meta: maybe(fc.dictionary(fc.string(), hostile, { maxKeys: 2 })) },
      { requiredKeys: ['type', 'text'] },
    ),
    fc.record({ type: fc.constant('image'), data: text, mimeType: text }),
  )
  const view = fc.oneof(
    fc.record(
      {
        card: fc.constant('generic' as const),
        title: text,
        kind: maybe(fc.constantFrom('read' as const, 'execute' as const)),
        content: maybe(fc.array(viewBlock, { maxLength: 2 })),
        locations: maybe(fc.array(fc.record({ path: text, line: maybe(fc.nat()) }, { requiredKeys: ['path'] }), { maxLength: 2 })),
        rawInput: maybe(hostile),
      },
      { requiredKeys: ['card', 'title'] },
    ),
    fc.record(
      {
        card: fc.constant('diff' as const),
        title: text,
        diffs: fc.array(fc.record({ path: text, oldText: fc.oneof(text, fc.constant(null)), newText: text }), { maxLength: 2 }),
        locations: maybe(fc.array(fc.record({ path: text }), { maxLength: 2 })),
      },
      { requiredKeys: ['card', 'title', 'diffs'] },
    ),
    fc.record(
      { card: fc.constant('terminal' as const), title: text, description: maybe(text), cwd: maybe(text) },
      { requiredKeys: ['card', 'title'] },
    ),
  )
  const result = fc.oneof(
    fc.record(
      { card: fc.constant('generic' as const), title: maybe(text), content: maybe(fc.array(viewBlock, { maxLength: 2 })) },
      { requiredKeys: ['card'] },
    ),
    fc.record(
      {
        card: fc.constant('diff' as const),
        diffs: fc.array(fc.record({ path: text, oldText: fc.oneof(text, fc.constant(null)), newText: text }), { maxLength: 2 }),
        locations: maybe(fc.array(fc.record({ path: text, line: maybe(fc.nat()) }, { requiredKeys: ['path'] }), { maxLength: 2 })),
      },
      { requiredKeys: ['card', 'diffs'] },
    ),
    fc.record(
      { card: fc.constant('terminal' as const), output: maybe(text), exitCode: maybe(fc.integer()), signal: maybe(text) },
      { requiredKeys: ['card'] },
    ),
  )
  const options = fc.record({
    terminalOutput: fc.boolean(),
    rawInput: maybe(hostile),
    name: maybe(text),
    command: maybe(fc.record({ description: maybe(text), cwd: maybe(text) })),
  })

  it('sends what the builders make of any view as plain JSON', () => {
    fc.assert(
      fc.property(view, result, options, (callView, resultView, { terminalOutput, rawInput, name, command }) => {
        const base = { terminalOutput, cwd: '/repo', rawInput, name }
        const updates = [
          buildToolCall('id', callView as never, base),
          ...buildToolResult('id', resultView as never, { ...base, callCard: callView.card, command }, (update) => update),
        ]
        for (const update of updates) checked(update)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('terminal output', () => {
  it('keeps every sanitised output and console block deliverable', () => {
    const outputs = fc.string({
      unit: fc.constantFrom('a', '\x1b', '[', '3', '1', 'm', ']', '\x07', '\n', ' ', '`', '\ud83d', '\ude00', '\udc00', 'é'),
    })
    fc.assert(
      fc.property(
        outputs,
        fc.boolean(),
        fc.option(fc.constantFrom('SIGTERM', 'SIG\ud800'), { nil: undefined }),
        (output, terminal, signal) => {
          const updates = toolResultUpdates(
            'id',
            { card: 'terminal', output, exitCode: 1, signal },
            { terminalOutput: terminal, cwd: '/repo', callCard: 'terminal' },
          )
          for (const update of updates) {
            expect(isJsonSafe(update)).toBe(true)
            expect(JSON.stringify(update)).not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i)
          }
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('is what every terminal update of a session carries', () => {
    const presenter = createToolPresenter({ tools: presenters, clientCapabilities: { _meta: { terminal_output: true } }, cwd: '/repo' })
    presenter.call('a', 'bash', { command: 'ls' })
    const [piece] = presenter.output('a', 'one\n')
    const [rest, exit] = presenter.result('a', { content: [{ type: 'text', text: 'one\ntwo\n' }], meta: { exitCode: 0 } })
    expect(piece).toStrictEqual(terminalOutputUpdate('a', 'one\n'))
    expect(rest).toStrictEqual(terminalOutputUpdate('a', 'two\n'))
    expect(exit).toStrictEqual(terminalExitUpdate('a', { exitCode: 0 }, { terminalOutput: true, cwd: '/repo', callCard: 'terminal' }))
  })
})
