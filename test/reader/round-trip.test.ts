// Views -> updates (through the real session presenters) -> views: the
// reader is the bridge run in reverse. `onTheWire` states, field by field,
// what the wire cannot carry (the list in readAcpUpdates' TSDoc).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { defineTool, type ToolCallView, type ToolResultView } from 'tool-render-intent'
import { createToolPresenter } from 'tool-render-intent/acp'
import { createToolPresenter as createV2Presenter } from 'tool-render-intent/acp-v2'
import { readAcpUpdates } from 'tool-render-intent/reader'
import { resolvePath } from '../../src/safety/paths.js'
import { sanitizeTerminalOutput } from '../../src/safety/terminal-output.js'
import { propertyRuns } from '../property-runs.js'

const CWD = '/repo'
const ARGS = { case: 'round trip' }
const LINE_BREAKS = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g

// Text rich in what Markdown and line handling care about, without control characters.
const text = fc.string({
  unit: fc.constantFrom('a', 'b', ' ', '*', '[', ']', '<', '&', '`', '\\', '!', '(', '#', '_', 'é', '🎉', '\n'),
  maxLength: 12,
})
const words = fc.string({ unit: fc.constantFrom('a', 'b', ' ', 'x', '1', '.', '-'), minLength: 1, maxLength: 8 })
const relativePath = fc.constantFrom('a.ts', 'src/b.ts', 'docs/c d.md')
const path = fc.oneof(relativePath, fc.constantFrom('/repo/e.ts', '/elsewhere/f.txt'))
const kind = fc.constantFrom('read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'switch_mode', 'other')
const location = fc.record({ path, line: fc.integer({ min: 1, max: 500 }) }, { requiredKeys: ['path'] })
const textBlock = fc.record({ type: fc.constant('text' as const), text })
const fileText = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '<', '+', '-'), maxLength: 20 })

const genericCall = fc.record(
  {
    card: fc.constant('generic' as const),
    title: text,
    kind,
    content: fc.array(textBlock, { maxLength: 3 }),
    locations: fc.array(location, { maxLength: 2 }),
    rawInput: fc.oneof(fc.constant(null), fc.integer(), fc.record({ q: words })),
  },
  { requiredKeys: ['card', 'title'] },
)
const terminalCall = fc.record(
  { card: fc.constant('terminal' as const), title: text, description: text, cwd: fc.oneof(relativePath, fc.constant('/tmp')) },
  { requiredKeys: ['card', 'title'] },
)
const diffCall = (v2: boolean) =>
  fc.record(
    {
      card: fc.constant('diff' as const),
      title: text,
      // v2 carries a diff exactly when git can: a new file inside the cwd (see readAcpUpdates).
      diffs: v2
        ? fc.uniqueArray(fc.record({ path: relativePath, oldText: fc.constant(null), newText: fileText }), {
            minLength: 1,
            maxLength: 3,
            selector: (diff) => diff.path,
          })
        : fc.array(fc.record({ path, oldText: fc.option(fileText, { nil: null }), newText: fileText }), { minLength: 1, maxLength: 3 }),
      locations: v2 ? fc.constant(undefined) : fc.array(location, { maxLength: 2 }),
    },
    { requiredKeys: ['card', 'title', 'diffs'] },
  )
const planCall = fc.record(
  {
    card: fc.constant('plan' as const),
    title: words,
    entries: fc.array(
      fc.record(
        {
          content: text,
          status: fc.constantFrom('pending', 'in_progress', 'completed'),
          priority: fc.constantFrom('high', 'medium', 'low'),
        },
        { requiredKeys: ['content', 'status'] },
      ),
      { maxLength: 3 },
    ),
  },
  { requiredKeys: ['card', 'entries'] },
)

const terminalResult = fc.record(
  {
    card: fc.constant('terminal' as const),
    title: text,
    output: fc.string({ unit: fc.constantFrom('o', 'k', '\n', ' ', '\u001b[31m', '\u001b[0m', '<'), maxLength: 12 }),
    exitCode: fc.integer({ min: 0, max: 255 }),
    signal: fc.constantFrom('SIGTERM', 'SIGKILL'),
  },
  { requiredKeys: ['card'] },
)
const genericResult = fc.record(
  { card: fc.constant('generic' as const), title: text, content: fc.array(textBlock, { maxLength: 2 }) },
  { requiredKeys: ['card'] },
)
const diffResult = (v2: boolean) =>
  diffCall(v2).map(({ title, diffs, locations }): ToolResultView => ({ card: 'diff', title, diffs, ...(locations ? { locations } : {}) }))

/** A call with a result of a card its call can have (a terminal result follows a terminal call). */
const session = (v2: boolean) =>
  fc.oneof(
    fc.record({ call: terminalCall, result: terminalResult }),
    fc.record({ call: fc.oneof(genericCall, diffCall(v2)), result: fc.oneof(genericResult, diffResult(v2)) }),
    fc.record({ call: planCall, result: fc.constant(undefined) }),
  ) as fc.Arbitrary<{ call: ToolCallView; result: ToolResultView | undefined }>

// A title but a command's travels as one line of Markdown: its line breaks
// become spaces and white space at its start is dropped (a paragraph does not show it).
const oneLine = (title: string, kind: string) => (kind === 'execute' ? title : title.replace(LINE_BREAKS, ' ').replace(/^[ \t]+/, ''))
const absolute = (path: string) => resolvePath(path, CWD)
const json = (value: unknown) => JSON.stringify(value)

/** The views as they come back over the wire: what each protocol carries of `call` and `result`. */
function onTheWire(
  call: ToolCallView,
  result: ToolResultView | undefined,
  protocol: 1 | 2,
): { call: ToolCallView; result?: ToolResultView } {
  let wire: ToolCallView
  // The card's content as the client holds it, to tell a result's new content from a repeated one.
  let content: unknown
  let locations: unknown
  switch (call.card) {
    case 'generic': {
      const kind = call.kind ?? 'other'
      wire = {
        card: 'generic',
        title: oneLine(call.title, kind),
        kind,
        ...(call.content ? { content: call.content } : {}),
        ...(call.locations ? { locations: call.locations.map((at) => ({ ...at, path: absolute(at.path) })) } : {}),
      }
      // `null` clears a field: a null rawInput reads back as none.
      const rawInput = call.rawInput !== undefined ? call.rawInput : ARGS
      if (rawInput !== null) wire = { ...wire, rawInput }
      content = call.content
      locations = wire.locations
      break
    }
    case 'terminal':
      wire = {
        card: 'terminal',
        title: call.title,
        ...(protocol === 2 && call.description ? { description: call.description.replace(LINE_BREAKS, ' ') } : {}),
        cwd: absolute(call.cwd ?? ''),
      }
      break
    case 'diff':
      wire = {
        card: 'diff',
        title: oneLine(call.title, 'edit'),
        diffs: call.diffs.map((diff) => ({ ...diff, path: absolute(diff.path) })),
        ...(call.locations ? { locations: call.locations.map((at) => ({ ...at, path: absolute(at.path) })) } : {}),
      }
      content = wire.diffs
      locations = wire.locations
      break
    case 'plan':
      wire = {
        card: 'plan',
        entries: call.entries.map((entry) => ({
          ...entry,
          content: entry.content.replace(LINE_BREAKS, ' '),
          priority: entry.priority ?? 'medium',
        })),
      }
      return { call: wire }
  }
  if (result === undefined) return { call: wire }
  const kind = call.card === 'generic' ? (call.kind ?? 'other') : call.card === 'terminal' ? 'execute' : 'edit'
  const retitled = result.title === undefined ? undefined : oneLine(result.title, kind)
  const title = retitled !== undefined && retitled !== wire.title ? { title: retitled } : {}
  switch (result.card) {
    case 'terminal': {
      const output = sanitizeTerminalOutput(result.output ?? '')
      return {
        call: wire,
        result: {
          card: 'terminal',
          ...title,
          ...(output ? { output } : {}),
          ...(result.exitCode !== undefined ? { exitCode: result.exitCode } : {}),
          ...(result.signal ? { signal: result.signal } : {}),
        },
      }
    }
    case 'generic': {
      // A result without content shows the tool's own content (none here).
      const shown = result.content ?? []
      return {
        call: wire,
        // Content equal to the card's, or none where the card had none, changes nothing on the client.
        result:
          json(shown) === json(content) || (shown.length === 0 && content === undefined)
            ? { card: 'generic', ...title }
            : { card: 'generic', ...title, content: shown },
      }
    }
    case 'diff': {
      const diffs = result.diffs.map((diff) => ({ ...diff, path: absolute(diff.path) }))
      if (json(diffs) === json(content)) return { call: wire, result: { card: 'generic', ...title } }
      const at = result.locations?.map((location) => ({ ...location, path: absolute(location.path) }))
      // Locations equal to the card's, or none where the card had none, change nothing on the client.
      const changes = at && json(at) !== json(locations) && !(at.length === 0 && locations === undefined)
      return { call: wire, result: { card: 'diff', ...title, diffs, ...(changes ? { locations: at } : {}) } }
    }
  }
}

// The session presenter's updates for one call, through a tool that presents exactly the generated views.
function updatesFor(call: ToolCallView, result: ToolResultView | undefined, protocol: 1 | 2): unknown[] {
  const tool = defineTool({
    name: 'tool',
    args: (_value: unknown): _value is unknown => true,
    presentCall: () => call,
    presentResult: () => result ?? { card: 'generic' },
  })
  const errors: unknown[] = []
  const onError = (report: unknown) => errors.push(report)
  const presenter =
    protocol === 1
      ? createToolPresenter({ tools: [tool], cwd: CWD, clientCapabilities: { _meta: { terminal_output: true } }, onError })
      : createV2Presenter({ tools: [tool], cwd: CWD, onError })
  const updates: unknown[] = [...presenter.call('c1', 'tool', ARGS), ...presenter.start('c1')]
  if (result !== undefined) updates.push(...presenter.result('c1', { content: [] }))
  expect(errors).toStrictEqual([])
  return updates
}

for (const protocol of [1, 2] as const) {
  describe(`views sent over ACP v${protocol} read back as the same views, up to what the wire cannot carry`, () => {
    it('gives back every call and result card through the session presenter', () => {
      fc.assert(
        fc.property(session(protocol === 2), ({ call, result }) => {
          const { records } = readAcpUpdates(updatesFor(call, result, protocol))
          expect(records).toHaveLength(1)
          const expected = onTheWire(call, result, protocol)
          expect(records[0].call).toStrictEqual(expected.call)
          expect(records[0].result).toStrictEqual(expected.result)
        }),
        { numRuns: propertyRuns(2000) },
      )
    })

    it('reads the same views when an update repeats nothing the client already has', () => {
      // What the rewritten presenters send: each update only the fields that changed.
      fc.assert(
        fc.property(session(protocol === 2), ({ call, result }) => {
          const full = updatesFor(call, result, protocol)
          expect(readAcpUpdates(onlyChanges(full)).records).toStrictEqual(readAcpUpdates(full).records)
        }),
        { numRuns: propertyRuns(1000) },
      )
    })
  })
}

// Each tool call update with the fields equal to what the client already holds left out.
function onlyChanges(updates: readonly unknown[]): unknown[] {
  const held = new Map<string, Record<string, string>>()
  return updates.map((update) => {
    const record = update as Record<string, unknown>
    if (record.sessionUpdate !== 'tool_call_update' && record.sessionUpdate !== 'tool_call') return update
    const id = record.toolCallId as string
    const fields = held.get(id) ?? {}
    held.set(id, fields)
    const kept: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(record)) {
      const same = key !== 'sessionUpdate' && key !== 'toolCallId' && key !== '_meta' && fields[key] === json(value)
      if (!same) kept[key] = value
      if (key !== '_meta') fields[key] = json(value)
    }
    return kept
  })
}
