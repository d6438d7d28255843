// Whatever JSON arrives (from a model, or from an old session log), a
// presenter never throws, returns only views the guards accept, and returns
// the same view for the same input.
import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ToolDefinition } from '../../src/define-tool.js'
import type { PresentContext } from '../../src/views.js'
import { parseToolCallView, parseToolResultView } from '../../src/guards.js'
import {
  bashTool,
  editTool,
  jobKillTool,
  jobListTool,
  jobOutputTool,
  presenters,
  readTool,
  todoTool,
  writeTool,
} from '../../src/presenters/index.js'

const RUNS = 10_000

const json = fc.jsonValue({ maxDepth: 2 })
const text = fc.string({ unit: fc.constantFrom('a', 'é', '`', '\n', '\r\n', ' ', '/', '.'), maxLength: 12 })
const path = fc.oneof(fc.constantFrom('/repo/a.ts', 'src/b.md', '', '/repo', '/repo-other/c', 'C:\\repo\\d.py'), text)
// Numbers JSON can carry: integers of any sign, and fractions.
const number = fc.oneof(fc.integer({ min: -5, max: 50 }), fc.double({ noNaN: true, noDefaultInfinity: true }))
// A field of the right type most of the time, any JSON otherwise.
const mostly = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: json })
const optional = { requiredKeys: [] as never[] }

const block = fc.oneof(
  fc.record({ type: fc.constant('text'), text }),
  fc.record({ type: fc.constant('image'), data: text, mimeType: fc.constant('image/png') }),
  fc.record({ type: fc.constantFrom('resource_link', 'audio'), uri: text, name: text, size: mostly(number) }, optional),
  json,
)
const hunk = fc.record({ oldText: mostly(fc.option(text)), newText: mostly(text), line: mostly(number), path: path }, optional)
const meta = fc.oneof(
  json,
  fc.record({ hunks: mostly(fc.array(hunk, { maxLength: 3 })), skipped: fc.constantFrom('too-large', 'other') }, optional),
  fc.record({ exitCode: mostly(number), signal: mostly(text) }, optional),
)
const result = fc.oneof(
  { weight: 1, arbitrary: json },
  {
    weight: 4,
    arbitrary: fc.record({ content: mostly(fc.array(block, { maxLength: 4 })), isError: mostly(fc.boolean()), meta }, optional),
  },
)
// A context from untyped code may carry a cwd that is not a string.
const ctx: fc.Arbitrary<PresentContext> = fc.oneof<fc.Arbitrary<any>[]>(fc.constant({ cwd: '/repo' }), fc.constant({}), fc.record({ cwd: mostly(path) }), fc.constant({ cwd: 'C:\\repo' }))

// Arguments close to each tool's own, so the typed path runs most of the time.
const nearArgs: Record<string, fc.Arbitrary<unknown>> = {
  read: fc.record({ file_path: mostly(path), offset: mostly(number), limit: mostly(number) }, { requiredKeys: ['file_path'] }),
  write: fc.record({ file_path: mostly(path), content: mostly(text) }),
  edit: fc.record(
    { file_path: mostly(path), old_string: mostly(text), new_string: mostly(text), replace_all: mostly(fc.boolean()) },
    { requiredKeys: ['file_path', 'old_string', 'new_string'] },
  ),
  bash: fc.record(
    {
      command: mostly(text),
      description: mostly(text),
      run_in_background: mostly(fc.boolean()),
      timeout: mostly(number),
      workdir: mostly(path),
    },
    { requiredKeys: ['command'] },
  ),
  job_output: fc.record({ job_id: mostly(fc.oneof(text, number)) }),
  job_kill: fc.record({ job_id: mostly(fc.oneof(text, number)) }),
  job_list: fc.oneof(fc.constant({}), fc.dictionary(text, json, { maxKeys: 2 })),
  todo_write: fc.record({
    todos: mostly(
      fc.array(
        fc.record(
          {
            content: mostly(text),
            status: fc.constantFrom('pending', 'in_progress', 'completed', 'done'),
            activeForm: mostly(text),
          },
          { requiredKeys: ['content', 'status'] },
        ),
        { maxLength: 4 },
      ),
    ),
  }),
}

function neverThrows(tool: ToolDefinition<any, any>) {
  let typedCalls = 0
  fc.assert(
    fc.property(fc.oneof({ weight: 1, arbitrary: json }, { weight: 3, arbitrary: nearArgs[tool.name] }), result, ctx, (args, value, context) => {
      const call = tool.presentCall?.(args, context)
      if (call !== undefined) {
        typedCalls++
        parseToolCallView(call)
      }
      expect(isDeepStrictEqual(tool.presentCall?.(args, context), call)).toBe(true)
      const view = tool.presentResult?.(args, value as never, context)
      if (view !== undefined) parseToolResultView(view)
      expect(isDeepStrictEqual(tool.presentResult?.(args, value as never, context), view)).toBe(true)
    }),
    { numRuns: RUNS },
  )
  // The near-valid arguments must reach the typed presenter, or the property proves little.
  expect(typedCalls).toBeGreaterThan(RUNS / 10)
}

describe('every presenter, on any JSON input, never throws and returns valid, repeatable views', () => {
  it.each([readTool, writeTool, editTool, bashTool, jobOutputTool, jobKillTool, jobListTool, todoTool].map((tool) => [tool.name, tool] as const))(
    '%s',
    (_name, tool) => neverThrows(tool),
    // A generous limit: 10,000 runs on a loaded 2-core machine.
    30_000,
  )

  it('covers every presenter of the entry point', () => {
    expect(presenters.map((tool) => tool.name).sort()).toEqual(Object.keys(nearArgs).sort())
  })
})
