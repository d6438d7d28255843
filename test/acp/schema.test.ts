// Whatever valid view a presenter returns, the bridge emits valid ACP with
// absolute paths and never throws.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toolCallUpdate } from '../../src/acp/call.js'
import { toolResultUpdates } from '../../src/acp/result.js'
import { isToolCallView, isToolResultView } from '../../src/guards.js'
import { isAbsolutePath } from '../../src/paths.js'
import type { ToolCallKind, ToolCallView, ToolResultView } from '../../src/views.js'
import { validNotification } from './fixtures/acp-schema.js'

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })
const path = fc.constantFrom('a.ts', './src/../b.ts', '../up/c.ts', '/abs/d.ts', 'C:\\w\\e.ts', '', '.')
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
const diff = fc.record({ path, oldText: fc.option(fc.string(), { nil: null }), newText: fc.string() })
const list = <T>(arb: fc.Arbitrary<T>) => fc.array(arb, { maxLength: 3 })

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
const options = fc.record({
  terminalOutput: fc.boolean(),
  cwd,
  isError: optional(fc.boolean()),
  callCard: fc.constantFrom<ToolCallView['card'][]>('generic', 'terminal', 'diff'),
})

// Every path the ACP schema says is absolute.
function pathsOf(update: Record<string, unknown>): string[] {
  const paths: string[] = []
  for (const entry of (update.content ?? []) as { type: string; path?: string }[]) if (entry.type === 'diff') paths.push(entry.path!)
  for (const entry of (update.locations ?? []) as { path: string }[]) paths.push(entry.path)
  const info = (update._meta as { terminal_info?: { cwd: string } } | undefined)?.terminal_info
  if (info) paths.push(info.cwd)
  return paths
}

describe('every update the bridge emits', () => {
  it('for any valid call view is a valid ACP notification with absolute paths', () => {
    fc.assert(
      fc.property(callView, options, (view, { terminalOutput, cwd }) => {
        expect(isToolCallView(view)).toBe(true)
        const update = toolCallUpdate('id', view, { terminalOutput, cwd })
        expect(validNotification({ sessionId: 's', update }), JSON.stringify(validNotification.errors)).toBe(true)
        for (const path of pathsOf(update)) expect(isAbsolutePath(path), path).toBe(true)
      }),
      { numRuns: 300 },
    )
  })

  it('for any valid result view is a valid ACP notification with absolute paths, and ends with a status', () => {
    fc.assert(
      fc.property(resultView, options, (view, bridge) => {
        expect(isToolResultView(view)).toBe(true)
        const updates = toolResultUpdates('id', view, bridge)
        for (const update of updates) {
          expect(validNotification({ sessionId: 's', update }), JSON.stringify(validNotification.errors)).toBe(true)
          for (const path of pathsOf(update)) expect(isAbsolutePath(path), path).toBe(true)
        }
        expect(updates.at(-1)?.status).toMatch(/^(completed|failed)$/)
        // A terminal id appears only for a terminal the client created.
        if (!(bridge.terminalOutput && bridge.callCard === 'terminal')) {
          for (const update of updates) {
            expect(update._meta).toBeUndefined()
            expect((update.content ?? []).filter((entry) => entry.type === 'terminal')).toStrictEqual([])
          }
        }
      }),
      { numRuns: 300 },
    )
  })
})
