// Whatever valid view a presenter returns, the bridge emits valid ACP with
// absolute paths and never throws.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toolCallUpdate } from '../../src/acp/call.js'
import { toolResultUpdates } from '../../src/acp/result.js'
import { isToolCallView, isToolResultView } from '../../src/guards.js'
import { isAbsolutePath } from '../../src/safety/paths.js'
import type { ToolCallView } from '../../src/views.js'
import { validNotification } from './fixtures/acp-schema.js'
import { callView as arbitraryCallView, cwd, optional, resultView as arbitraryResultView } from '../fixtures/view-arbitraries.js'

const callView = arbitraryCallView()
const resultView = arbitraryResultView()
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
