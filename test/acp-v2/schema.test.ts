// Whatever valid view a presenter returns, the v2 bridge emits valid ACP v2
// (known variants only) with absolute paths, and never throws.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type AcpV2Update, toolCallUpdates, toolResultUpdates } from 'tool-render-intent/acp-v2'
import { isToolCallView, isToolResultView } from 'tool-render-intent'
import { isAbsolutePath } from '../../src/paths.js'
import type { ToolCallKind, ToolCallView, ToolResultView } from 'tool-render-intent'
import { checkV2Update } from './fixtures/acp-v2-schema.js'

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })
const path = fc.constantFrom('a.ts', './src/../b.ts', '../up/c.ts', '/abs/d.ts', 'C:\\w\\e.ts', '', '.', 'dir with space/é.ts')
const cwd = fc.constantFrom('/repo', '/repo/sub/', 'C:\\work', '/')
const kind = fc.constantFrom<ToolCallKind[]>(
  'read',
  'edit',
  'delete',
  'move',
  'search',
  'execute',
  'think',
  'fetch',
  'switch_mode',
  'other',
)
const block = fc.oneof(
  fc.record({ type: fc.constant('text' as const), text: fc.string() }),
  fc.record({
    type: fc.constant('image' as const),
    data: fc.base64String({ maxLength: 8 }),
    mimeType: fc.constant('image/png'),
    uri: optional(fc.webUrl()),
  }),
  fc.record({ type: fc.constant('resource_link' as const), uri: fc.webUrl(), name: fc.string(), size: optional(fc.nat()) }),
)
const location = fc.record({ path, line: optional(fc.integer({ min: 1, max: 2 ** 31 })) })
const text = fc.string({ unit: fc.constantFrom('a', 'b', '\n', '\r', ' ', '`', '+', '-', '@') })
const diff = fc.record({ path, oldText: fc.option(text, { nil: null }), newText: text })
const list = <T>(arb: fc.Arbitrary<T>) => fc.array(arb, { maxLength: 3 })
const entry = fc.record({
  content: fc.string(),
  status: fc.constantFrom('pending' as const, 'in_progress' as const, 'completed' as const),
  priority: optional(fc.constantFrom('high' as const, 'medium' as const, 'low' as const)),
})

const callView: fc.Arbitrary<ToolCallView> = fc.oneof(
  fc.record({
    card: fc.constant('generic' as const),
    title: fc.string(),
    kind: optional(kind),
    rawInput: optional(fc.jsonValue({ maxDepth: 2 })),
    content: optional(list(block)),
    locations: optional(list(location)),
  }),
  fc.record({ card: fc.constant('terminal' as const), title: fc.string(), description: optional(fc.string()), cwd: optional(path) }),
  fc.record({ card: fc.constant('diff' as const), title: fc.string(), diffs: list(diff), locations: optional(list(location)) }),
  fc.record({ card: fc.constant('plan' as const), title: optional(fc.string()), entries: list(entry) }),
)
const resultView: fc.Arbitrary<ToolResultView> = fc.oneof(
  fc.record({ card: fc.constant('generic' as const), title: optional(fc.string()), content: optional(list(block)) }),
  fc.record({
    card: fc.constant('terminal' as const),
    title: optional(fc.string()),
    output: optional(fc.string()),
    exitCode: optional(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))),
    signal: optional(fc.constantFrom('SIGKILL', 'SIGTERM', '')),
  }),
  fc.record({ card: fc.constant('diff' as const), title: optional(fc.string()), diffs: list(diff), locations: optional(list(location)) }),
)

// Every path the v2 schema says is absolute.
function pathsOf(update: AcpV2Update): string[] {
  const loose = update as Record<string, any>
  const paths: string[] = []
  if (loose.sessionUpdate === 'terminal_update' && loose.cwd != null) paths.push(loose.cwd)
  for (const item of loose.content ?? []) if (item.type === 'diff') for (const change of item.changes) paths.push(change.path)
  for (const entry of loose.locations ?? []) paths.push(entry.path)
  return paths
}

describe('every update the v2 bridge emits', () => {
  it('for any valid call view is valid ACP v2 with absolute paths', () => {
    fc.assert(
      fc.property(callView, cwd, (view, base) => {
        expect(isToolCallView(view)).toBe(true)
        const updates = toolCallUpdates('id', view, { cwd: base })
        for (const update of updates) {
          expect(checkV2Update(update), JSON.stringify(update)).toStrictEqual([])
          for (const path of pathsOf(update)) expect(isAbsolutePath(path), path).toBe(true)
        }
        // A terminal card references exactly the terminal it creates.
        if (view.card === 'terminal')
          expect(updates.map((update) => update.sessionUpdate)).toStrictEqual(['terminal_update', 'tool_call_update'])
      }),
      { numRuns: 400 },
    )
  })

  it('for any valid result view is valid ACP v2 with absolute paths, and ends with the card status', () => {
    fc.assert(
      fc.property(
        resultView,
        cwd,
        fc.constantFrom<ToolCallView['card'][]>('generic', 'terminal', 'diff'),
        optional(fc.boolean()),
        (view, base, callCard, isError) => {
          expect(isToolResultView(view)).toBe(true)
          const updates = toolResultUpdates('id', view, { cwd: base, callCard, isError })
          for (const update of updates) {
            expect(checkV2Update(update), JSON.stringify(update)).toStrictEqual([])
            for (const path of pathsOf(update)) expect(isAbsolutePath(path), path).toBe(true)
          }
          const last = updates.at(-1) as { sessionUpdate: string; status?: string }
          expect(last.sessionUpdate).toBe('tool_call_update')
          expect(last.status).toMatch(/^(completed|failed)$/)
          // Terminal updates only for a call that had a terminal.
          if (callCard !== 'terminal') for (const update of updates) expect(update.sessionUpdate).toBe('tool_call_update')
        },
      ),
      { numRuns: 400 },
    )
  })
})
