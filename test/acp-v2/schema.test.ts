// Whatever valid view a presenter returns, the v2 bridge emits valid ACP v2
// (known variants only) with absolute paths, and never throws.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AcpV2Update } from 'tool-render-intent/acp-v2'
import { toolCallUpdates } from '../../src/acp-v2/call.js'
import { toolResultUpdates } from '../../src/acp-v2/result.js'
import { isToolCallView, isToolResultView } from 'tool-render-intent'
import { isAbsolutePath } from '../../src/safety/paths.js'
import type { ToolCallView } from 'tool-render-intent'
import { checkV2Update } from './fixtures/acp-v2-schema.js'
import { callView as arbitraryCallView, cwd, optional, resultView as arbitraryResultView } from '../fixtures/view-arbitraries.js'

const text = fc.string({ unit: fc.constantFrom('a', 'b', '\n', '\r', ' ', '`', '+', '-', '@') })
const callView = arbitraryCallView(text)
const resultView = arbitraryResultView(text)

// Every path the v2 schema says is absolute.
function pathsOf(update: AcpV2Update): string[] {
  const loose = update as Record<string, any>
  const paths: string[] = []
  if (loose.sessionUpdate === 'terminal_update' && loose.cwd != null) paths.push(loose.cwd)
  for (const item of loose.content ?? [])
    if (item.type === 'diff')
      for (const change of item.changes) paths.push(change.path, ...(change.oldPath === undefined ? [] : [change.oldPath]))
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
