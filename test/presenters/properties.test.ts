// Whatever JSON arrives (from a model, or from an old session log), a
// presenter never throws, returns only views the guards accept, and returns
// the same view for the same input; the live arguments give the view their
// JSON round trip (a replay) gives; and no title but an `execute` one can
// break its line or make a link, an image, HTML or code.
import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ToolDefinition } from '../../src/define-tool.js'
import type { PresentContext } from '../../src/views.js'
import { parseToolCallView, parseToolResultView } from '../../src/guards.js'
import type { ToolCallView, ToolResultView } from '../../src/views.js'
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
import { LINE_BREAKS, nodeTypes, parse, UNSAFE_TYPES } from './markdown-tree.js'

const RUNS = 10_000

const json = fc.jsonValue({ maxDepth: 2 })
const text = fc.string({ unit: fc.constantFrom('a', 'é', '`', '\n', '\r\n', ' ', '/', '.'), maxLength: 12 })
// Text that would link, embed, or break a Markdown title if it were not escaped.
const hostileText = fc.string({
  unit: fc.constantFrom('a', '_', '[', ']', '(', ')', '!', '<', '>', '&', '&amp;', '*', '`', '\\', '#', '- ', '1. ', 'https://host/t.png', '\n', '\r', '\u0085', '\u2028', '\u2029', '\v', ' ', '/', '..', '.'),
  maxLength: 10,
})
const path = fc.oneof(fc.constantFrom('/repo/a.ts', 'src/b.md', '', '/repo', '/repo-other/c', 'C:\\repo\\d.py', '/repo/../etc/passwd'), text, hostileText)
// Numbers: integers of any sign, fractions, the edges of an ACP line, and
// the values JSON cannot carry (NaN, ±Infinity: `null` after a round trip).
const number = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -5, max: 50 }) },
  { weight: 2, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 4294967295, 4294967296) },
)
// A field of the right type most of the time, any JSON otherwise.
const mostly = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: json })
// An optional field: often `null` (a strict tool schema's absent field) or an explicit undefined.
const absentOr = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: mostly(arbitrary) }, { weight: 1, arbitrary: fc.constantFrom(null, undefined) })
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
  read: fc.record({ file_path: mostly(path), offset: absentOr(number), limit: absentOr(number) }, { requiredKeys: ['file_path'] }),
  write: fc.record({ file_path: mostly(path), content: mostly(text), mode: fc.constantFrom(null, undefined, 'w') }, { requiredKeys: ['file_path', 'content'] }),
  edit: fc.record(
    { file_path: mostly(path), old_string: mostly(text), new_string: mostly(text), replace_all: absentOr(fc.boolean()) },
    { requiredKeys: ['file_path', 'old_string', 'new_string'] },
  ),
  bash: fc.record(
    {
      command: mostly(fc.oneof(text, hostileText)),
      description: absentOr(fc.oneof(text, hostileText)),
      run_in_background: absentOr(fc.boolean()),
      timeout: absentOr(number),
      workdir: absentOr(path),
    },
    { requiredKeys: ['command'] },
  ),
  job_output: fc.record({ job_id: mostly(fc.oneof(text, hostileText, number)) }),
  job_kill: fc.record({ job_id: mostly(fc.oneof(text, hostileText, number)) }),
  job_list: fc.oneof(fc.constant({}), fc.dictionary(text, json, { maxKeys: 2 })),
  todo_write: fc.record({
    todos: mostly(
      fc.array(
        fc.record(
          {
            content: mostly(fc.oneof(text, hostileText)),
            status: fc.constantFrom('pending', 'in_progress', 'completed', 'done'),
            activeForm: absentOr(fc.oneof(text, hostileText)),
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
    fc.property(anyArgs(tool), result, ctx, (args, value, context) => {
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

const everyTool = [readTool, writeTool, editTool, bashTool, jobOutputTool, jobKillTool, jobListTool, todoTool].map((tool) => [tool.name, tool] as const)

// The arguments a session log gives back.
const roundTrip = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)))

// A view with its raw input as the client receives it (serialised): a
// generic card hands the arguments on as they came, NaN and all.
const asSent = (view: ToolCallView | ToolResultView | undefined) =>
  view && 'rawInput' in view ? { ...view, rawInput: roundTrip(view.rawInput) } : view

const anyArgs = (tool: ToolDefinition<any, any>) => fc.oneof({ weight: 1, arbitrary: json }, { weight: 3, arbitrary: nearArgs[tool.name] })

function liveEqualsReplay(tool: ToolDefinition<any, any>) {
  fc.assert(
    fc.property(anyArgs(tool), result, ctx, (args, value, context) => {
      const replayed = roundTrip(args)
      expect(isDeepStrictEqual(asSent(tool.presentCall?.(args, context)), asSent(tool.presentCall?.(replayed, context)))).toBe(true)
      expect(isDeepStrictEqual(tool.presentResult?.(args, value as never, context), tool.presentResult?.(replayed, value as never, context))).toBe(true)
    }),
    { numRuns: RUNS },
  )
}

// The kind the bridge gives each card (see src/acp/call.ts).
const kindOf = (view: ToolCallView) => (view.card === 'generic' ? (view.kind ?? 'other') : view.card === 'diff' ? 'edit' : 'execute')

function safeTitles(tool: ToolDefinition<any, any>) {
  let titled = 0
  fc.assert(
    fc.property(anyArgs(tool), ctx, (args, context) => {
      const view = tool.presentCall?.(args, context)
      if (view === undefined || kindOf(view) === 'execute') return
      titled++
      expect(view.title).not.toMatch(LINE_BREAKS)
      const types = nodeTypes(parse(view.title))
      for (const type of UNSAFE_TYPES) expect(types.has(type)).toBe(false)
    }),
    { numRuns: RUNS },
  )
  return titled
}

describe('every presenter, on any JSON input, never throws and returns valid, repeatable views', () => {
  it.each(everyTool)(
    '%s',
    (_name, tool) => neverThrows(tool),
    // A generous limit: 10,000 runs on a loaded 2-core machine.
    30_000,
  )

  it('covers every presenter of the entry point', () => {
    expect(presenters.map((tool) => tool.name).sort()).toEqual(Object.keys(nearArgs).sort())
  })
})

describe('every presenter gives live arguments the view their JSON round trip gives', () => {
  it.each(everyTool)('%s', (_name, tool) => liveEqualsReplay(tool), 30_000)
})

describe('no title but an execute one breaks its line or makes a link, an image, HTML or code', () => {
  it.each(everyTool)(
    '%s',
    (name, tool) => {
      const titled = safeTitles(tool)
      // Only bash and job_kill are execute cards; the others must be checked.
      if (name !== 'bash' && name !== 'job_kill') expect(titled).toBeGreaterThan(RUNS / 10)
    },
    30_000,
  )
})
