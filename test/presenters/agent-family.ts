// What every agent's family of presenters must do, as shared test blocks:
// parity with the tool names and fields the agent defines (the committed
// fixture of fixtures/agent-tools/, recorded from the agent's source), and,
// on any JSON arguments and result, views that never throw, are valid, are
// the same twice, and are the same for the live arguments and their replay.
import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { PresentContext, ToolCallView, ToolDefinition, ToolResultView } from 'tool-render-intent'
import { parseToolCallView, parseToolResultView } from 'tool-render-intent'
import { findTool } from '../../src/internal/tool-lookup.js'
import { toolsByName } from '../../src/internal/session-options.js'
import { cwd as sessionCwd, path as viewPath } from '../fixtures/view-arbitraries.js'
import { propertyRuns } from '../property-runs.js'

/** A fixture of fixtures/agent-tools/: the tools an agent defines, with their fields' JSON types. */
export interface AgentToolsFixture {
  readonly agent: string
  readonly repository: string
  readonly licence: string
  readonly commit?: string
  readonly files?: readonly { readonly path: string; readonly commit: string }[]
  readonly tools: readonly {
    readonly name: string
    readonly fields: Readonly<Record<string, string>> | null
    readonly required: readonly string[]
  }[]
}

// A value of each JSON type, as an agent's schema names it.
const SAMPLES: Readonly<Record<string, unknown>> = {
  string: 'a',
  integer: 1,
  number: 1,
  boolean: true,
  array: [],
  object: {},
  unknown: 'a',
}

/** The arguments the agent's schema allows, every field set: each field a sample of its type, unless `example` gives it. */
export function fullArgs(fields: Readonly<Record<string, string>>, example: Readonly<Record<string, unknown>> = {}) {
  const args: Record<string, unknown> = {}
  for (const [field, type] of Object.entries(fields)) args[field] = Object.hasOwn(example, field) ? example[field] : SAMPLES[type]
  return { ...args, ...example }
}

/** The arguments with only the fields the schema requires. */
export function requiredArgs(
  fields: Readonly<Record<string, string>>,
  required: readonly string[],
  example: Readonly<Record<string, unknown>> = {},
) {
  const full = fullArgs(fields, example)
  return Object.fromEntries(required.map((field) => [field, full[field]]))
}

/**
 * Parity with the agent's source: every tool name of the fixture has a
 * presenter of the family (a family member for a pattern), and the
 * arguments the agent's schema allows, with every field or only the
 * required ones, give a card of that presenter and not `undefined`.
 */
export function describeParity(
  family: readonly ToolDefinition<any, any>[],
  fixture: AgentToolsFixture,
  examples: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {},
) {
  const tools = toolsByName(family)
  describe(`parity with ${fixture.repository}${fixture.commit ? ` at ${fixture.commit.slice(0, 8)}` : ''}`, () => {
    it('every tool name the agent defines has a presenter', () => {
      const missing = fixture.tools.filter((tool) => !findTool(tools, tool.name)).map((tool) => tool.name)
      expect(missing).toEqual([])
    })

    it.each(fixture.tools.filter((tool) => tool.fields !== null).map((tool) => [tool.name, tool] as const))(
      '%s renders the arguments its schema allows',
      (name, tool) => {
        const presenter = findTool(tools, name)!
        for (const args of [fullArgs(tool.fields!, examples[name]), requiredArgs(tool.fields!, tool.required, examples[name])]) {
          const view = presenter.presentCall?.(args, { cwd: '/repo' })
          expect(view, `${name} ${JSON.stringify(args)}`).toBeDefined()
          parseToolCallView(view)
        }
      },
    )
  })
}

const json = fc.jsonValue({ maxDepth: 2 })
const text = fc.string({
  unit: fc.constantFrom('a', 'é', '`', '\n', '\r\n', ' ', '/', '.', '[', ']', '(', ')', '<', '*', '_'),
  maxLength: 12,
})
const path = fc.oneof(viewPath, fc.constantFrom('/repo/a.ts', '/repo', '/repo/../etc/passwd', '~/x.md'), text)
const number = fc.oneof(
  fc.integer({ min: -5, max: 50 }),
  fc.double(),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 4294967295, 4294967296),
)
const mostly = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: json })
const absentOr = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: mostly(arbitrary) }, { weight: 1, arbitrary: fc.constantFrom(null, undefined) })

const typed: Readonly<Record<string, fc.Arbitrary<unknown>>> = {
  string: fc.oneof(text, path),
  integer: number,
  number,
  boolean: fc.boolean(),
  array: fc.array(fc.oneof(text, json), { maxLength: 3 }),
  object: json,
  unknown: json,
}

const block = fc.oneof(
  fc.record({ type: fc.constant('text'), text }),
  fc.record({ type: fc.constant('image'), data: text, mimeType: fc.constant('image/png') }),
  json,
)
const result = fc.oneof(
  json,
  fc.record(
    {
      content: mostly(fc.array(block, { maxLength: 3 })),
      isError: mostly(fc.boolean()),
      meta: json,
      structured: json,
    },
    { requiredKeys: [] },
  ),
)
// A context from untyped code may carry a cwd or a home that is not a string.
const ctx: fc.Arbitrary<PresentContext> = fc.oneof<fc.Arbitrary<any>[]>(
  fc.constant({ cwd: '/repo' }),
  fc.constant({}),
  fc.record({ cwd: sessionCwd }),
  fc.record({ cwd: mostly(path), home: mostly(path) }),
)

// Near-valid arguments: the schema's fields with values of their type (an
// example's value for a field whose shape a type cannot say), now and then any JSON.
function nearArgs(fields: Readonly<Record<string, string>>, required: readonly string[], example: Readonly<Record<string, unknown>>) {
  const record: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [field, type] of Object.entries(fields)) {
    const value = Object.hasOwn(example, field) ? fc.oneof(fc.constant(example[field]), typed[type] ?? json) : (typed[type] ?? json)
    record[field] = required.includes(field) ? mostly(value) : absentOr(value)
  }
  return fc.record(record, { requiredKeys: required.filter((field) => Object.hasOwn(fields, field)) })
}

const roundTrip = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)))
const asSent = (view: ToolCallView | ToolResultView | undefined) =>
  view && 'rawInput' in view ? { ...view, rawInput: roundTrip(view.rawInput) } : view

/**
 * The properties every presenter of the family keeps on any JSON arguments
 * and result: no throw, views the guards accept, the same view twice, and
 * the same view for the live arguments and their JSON round trip. A family
 * member for a pattern (`mcp__*`) is run as the member `members` names.
 */
export function describeProperties(
  family: readonly ToolDefinition<any, any>[],
  fixture: AgentToolsFixture,
  examples: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {},
  members: Readonly<Record<string, string>> = {},
) {
  const runs = propertyRuns(1000)
  const schemas = new Map(fixture.tools.map((tool) => [tool.name, tool]))
  const cases = family.map((tool) => {
    const member = tool.forName ? tool.forName(members[tool.name] ?? '') : tool
    if (!member) throw new Error(`no member named for the family ${tool.name}`)
    const schema = schemas.get(member.name)
    const example = examples[member.name] ?? {}
    const near = schema?.fields ? nearArgs(schema.fields, schema.required, example) : fc.constant(example)
    return [member.name, member, fc.oneof({ weight: 1, arbitrary: json }, { weight: 3, arbitrary: near })] as const
  })

  describe('on any JSON arguments and result', () => {
    it.each(cases)(
      '%s never throws, and gives valid views, the same twice and for a replay',
      (_name, tool, args) => {
        let typedCalls = 0
        fc.assert(
          fc.property(args, result, ctx, (value, outcome, context) => {
            const call = tool.presentCall?.(value, context)
            if (call !== undefined) typedCalls++
            if (call !== undefined) parseToolCallView(call)
            expect(isDeepStrictEqual(tool.presentCall?.(value, context), call)).toBe(true)
            expect(isDeepStrictEqual(asSent(tool.presentCall?.(roundTrip(value), context)), asSent(call))).toBe(true)
            const view = tool.presentResult?.(value, outcome as never, context)
            if (view !== undefined) parseToolResultView(view)
            expect(isDeepStrictEqual(tool.presentResult?.(roundTrip(value), outcome as never, context), view)).toBe(true)
          }),
          { numRuns: runs },
        )
        // The near-valid arguments must reach the typed presenter, or the property
        // proves little. (One in twenty at least: a tool with many optional fields,
        // such as a grep, makes one valid call in about ten, so one in ten failed by chance.)
        expect(typedCalls).toBeGreaterThan(runs / 20)
      },
      30_000,
    )
  })
}

// A backslash before ASCII punctuation: how the Markdown escaping of the shared builders reads.
const ESCAPED = /\\([!-/:-@[-`{-~])/g

/**
 * A view as a person reads it: the title and text blocks without the
 * Markdown escapes the shared builders add today (the ACP encoders take
 * that over; a plain view reads the same either way).
 */
export function plainView<View>(view: View): View {
  if (typeof view !== 'object' || view === null) return view
  const record = view as Record<string, unknown>
  const plain = (text: string) => text.replace(ESCAPED, '$1')
  const shown: Record<string, unknown> = { ...record }
  if (typeof record.title === 'string') shown.title = plain(record.title)
  if (Array.isArray(record.content)) {
    shown.content = record.content.map((block) =>
      typeof block === 'object' && block !== null && block.type === 'text' && typeof block.text === 'string'
        ? { ...block, text: plain(block.text) }
        : block,
    )
  }
  return shown as View
}

/** The kind the ACP bridge gives a call's card: a diff is `edit`, a terminal `execute`, a plan no tool card at all. */
export const kindOf = (view: ToolCallView | undefined): string | undefined =>
  view === undefined
    ? undefined
    : view.card === 'generic'
      ? (view.kind ?? 'other')
      : view.card === 'diff'
        ? 'edit'
        : view.card === 'terminal'
          ? 'execute'
          : 'plan'
