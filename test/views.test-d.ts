import type { ContentBlock as AcpContentBlock, PlanEntry as AcpPlanEntry, ToolKind } from '@agentclientprotocol/sdk'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { match } from 'ts-pattern'
import { describe, expectTypeOf, it } from 'vitest'
import {
  assertNever,
  type ContentBlock,
  type DiffCallView,
  defineTool,
  type PlanCallView,
  type PlanEntry,
  type TerminalCallView,
  type ToolCallKind,
  type ToolCallView,
  type ToolDefinition,
  type ToolResultView,
} from 'tool-render-intent'

declare const call: ToolCallView
declare const result: ToolResultView

describe('a switch over card must name every card', () => {
  it('compiles when every call card has an arm', () => {
    const render = (view: ToolCallView): string => {
      switch (view.card) {
        case 'generic':
          return view.title
        case 'terminal':
          return view.title
        case 'diff':
          return view.title
        case 'plan':
          return view.title ?? 'Plan'
        default:
          return assertNever(view, 'render')
      }
    }
    expectTypeOf(render).returns.toEqualTypeOf<string>()
  })

  it('does not compile when the plan card has no arm', () => {
    const render = (view: ToolCallView): string => {
      switch (view.card) {
        case 'generic':
          return view.title
        case 'terminal':
          return view.title
        case 'diff':
          return view.title
        default:
          // @ts-expect-error the plan card has no arm
          return assertNever(view, 'render')
      }
    }
    expectTypeOf(render).toBeFunction()
  })

  it('does not compile when a call card has no arm', () => {
    const render = (view: ToolCallView): string => {
      switch (view.card) {
        case 'generic':
          return view.title
        case 'terminal':
          return view.title
        case 'plan':
          return view.title ?? 'Plan'
        default:
          // @ts-expect-error the diff card has no arm
          return assertNever(view, 'render')
      }
    }
    expectTypeOf(render).toBeFunction()
  })

  it('compiles when every result card has an arm', () => {
    const render = (view: ToolResultView): string | undefined => {
      switch (view.card) {
        case 'generic':
          return view.title
        case 'terminal':
          return view.output
        case 'diff':
          return view.diffs[0]?.newText
        default:
          return assertNever(view, 'render')
      }
    }
    expectTypeOf(render).returns.toEqualTypeOf<string | undefined>()
  })

  it('does not compile when a result card has no arm', () => {
    const render = (view: ToolResultView): string | undefined => {
      switch (view.card) {
        case 'terminal':
          return view.output
        case 'diff':
          return view.title
        default:
          // @ts-expect-error the generic card has no arm
          return assertNever(view, 'render')
      }
    }
    expectTypeOf(render).toBeFunction()
  })
})

describe("ts-pattern's exhaustive match agrees", () => {
  it('compiles when every card is matched', () => {
    const title = match(call)
      .with({ card: 'generic' }, (view) => view.title)
      .with({ card: 'terminal' }, (view) => view.title)
      .with({ card: 'diff' }, (view) => view.title)
      .with({ card: 'plan' }, (view) => `${view.entries.length} steps`)
      .exhaustive()
    expectTypeOf(title).toEqualTypeOf<string>()
    const output = match(result)
      .with({ card: 'generic' }, () => '')
      .with({ card: 'terminal' }, (view) => view.output ?? '')
      .with({ card: 'diff' }, () => '')
      .exhaustive()
    expectTypeOf(output).toEqualTypeOf<string>()
  })

  it('does not compile when a card is left out', () => {
    match(call)
      .with({ card: 'generic' }, (view) => view.title)
      .with({ card: 'diff' }, (view) => view.title)
      .with({ card: 'plan' }, () => '')
      // @ts-expect-error the terminal card is not matched
      .exhaustive()
    match(call)
      .with({ card: 'generic' }, (view) => view.title)
      .with({ card: 'terminal' }, (view) => view.title)
      .with({ card: 'diff' }, (view) => view.title)
      // @ts-expect-error the plan card is not matched
      .exhaustive()
    match(result)
      .with({ card: 'generic' }, () => '')
      .with({ card: 'terminal' }, () => '')
      // @ts-expect-error the diff card is not matched
      .exhaustive()
  })
})

describe('invalid combinations cannot be written', () => {
  it('a generic result cannot carry terminal output', () => {
    // @ts-expect-error output belongs to the terminal card
    const view: ToolResultView = { card: 'generic', output: 'hi' }
    expectTypeOf(view).toEqualTypeOf<ToolResultView>()
  })

  it('a terminal call cannot carry diffs', () => {
    // @ts-expect-error diffs belong to the diff card
    const view: ToolCallView = { card: 'terminal', title: 'ls', diffs: [] }
    expectTypeOf(view).toEqualTypeOf<ToolCallView>()
  })

  it('a diff call needs its diffs', () => {
    // @ts-expect-error diffs is required
    const view: DiffCallView = { card: 'diff', title: 'Edit a.ts' }
    expectTypeOf(view).toEqualTypeOf<DiffCallView>()
  })

  it('a plan needs its entries, and carries no content', () => {
    // @ts-expect-error entries is required
    const bare: PlanCallView = { card: 'plan', title: 'Plan' }
    // @ts-expect-error content belongs to the generic card
    const withContent: ToolCallView = { card: 'plan', entries: [], content: [] }
    expectTypeOf(bare).toEqualTypeOf<PlanCallView>()
    expectTypeOf(withContent).toEqualTypeOf<ToolCallView>()
  })

  it('a plan entry has one of three statuses and priorities', () => {
    // @ts-expect-error 'done' is not a status
    const done: PlanEntry = { content: 'a', status: 'done' }
    // @ts-expect-error 'urgent' is not a priority
    const urgent: PlanEntry = { content: 'a', status: 'pending', priority: 'urgent' }
    expectTypeOf([done, urgent]).toEqualTypeOf<PlanEntry[]>()
  })

  it('a plan is a call card only', () => {
    // @ts-expect-error there is no plan result
    const view: ToolResultView = { card: 'plan', entries: [] }
    expectTypeOf(view).toEqualTypeOf<ToolResultView>()
  })

  it('a view needs its card', () => {
    // @ts-expect-error card is required
    const view: ToolCallView = { title: 'ls' }
    expectTypeOf(view).toEqualTypeOf<ToolCallView>()
  })

  it('views are read-only', () => {
    const view: ToolCallView = { card: 'generic', title: 'ls' }
    // @ts-expect-error every field is readonly
    view.title = 'rm'
  })
})

describe('the vocabulary matches ACP', () => {
  it('ToolCallKind and ACP ToolKind are the same set', () => {
    expectTypeOf<ToolCallKind>().toEqualTypeOf<ToolKind>()
  })

  it("ACP's content blocks are ours as they are", () => {
    expectTypeOf<AcpContentBlock[]>().toExtend<readonly ContentBlock[]>()
    expectTypeOf<ContentBlock['type']>().toEqualTypeOf<AcpContentBlock['type']>()
    const fromAcp = (content: AcpContentBlock[]): readonly ContentBlock[] => content
    expectTypeOf(fromAcp).toBeFunction()
  })

  it("an MCP tool result's content is ours as it is", () => {
    expectTypeOf<CallToolResult['content']>().toExtend<readonly ContentBlock[]>()
    const fromMcp = (result: CallToolResult): readonly ContentBlock[] => result.content
    expectTypeOf(fromMcp).toBeFunction()
  })

  it("a plan entry's status and priority are ACP's", () => {
    expectTypeOf<PlanEntry['status']>().toEqualTypeOf<AcpPlanEntry['status']>()
    expectTypeOf<NonNullable<PlanEntry['priority']>>().toEqualTypeOf<AcpPlanEntry['priority']>()
    expectTypeOf<AcpPlanEntry>().toExtend<PlanEntry>()
  })
})

describe('defineTool types the presenters from the guard', () => {
  it('a presenter sees the arguments the guard proves', () => {
    const tool = defineTool({
      name: 'grep',
      args: (value): value is { pattern: string } => typeof (value as { pattern?: unknown })?.pattern === 'string',
      presentCall: (args) => {
        expectTypeOf(args).toEqualTypeOf<{ pattern: string }>()
        return { card: 'generic', kind: 'search', title: `grep ${args.pattern}` }
      },
    })
    expectTypeOf(tool.presentCall).parameter(0).toEqualTypeOf<unknown>()
    expectTypeOf(tool.presentCall!).returns.toEqualTypeOf<ToolCallView | undefined>()
  })

  it('a presenter must return a view', () => {
    defineTool({
      name: 'grep',
      args: (value): value is string => typeof value === 'string',
      // @ts-expect-error a call view needs a card
      presentCall: (args) => ({ title: args }),
    })
  })
})

describe('a view cannot carry another card’s field, however the presenter is written', () => {
  const isLsArgs = (value: unknown): value is { path: string } => typeof (value as { path?: unknown })?.path === 'string'

  it('an unannotated arrow passed to defineTool cannot return a terminal call with output', () => {
    defineTool({
      name: 'ls',
      args: isLsArgs,
      // @ts-expect-error output belongs to the terminal result, not the terminal call
      presentCall: () => ({ card: 'terminal', title: 'ls', output: '' }),
    })
  })

  it('nor a generic call with a terminal call’s cwd, a plan’s entries or a diff’s diffs', () => {
    defineTool({
      name: 'ls',
      args: isLsArgs,
      // @ts-expect-error cwd belongs to the terminal call
      presentCall: ({ path }) => ({ card: 'generic', title: `ls ${path}`, cwd: path }),
    })
    defineTool({
      name: 'ls',
      args: isLsArgs,
      // @ts-expect-error entries belong to the plan
      presentPartialCall: () => ({ card: 'generic', title: 'ls', entries: [] }),
    })
    defineTool({
      name: 'ls',
      args: isLsArgs,
      // @ts-expect-error diffs belong to the diff cards
      presentResult: () => ({ card: 'terminal', output: '', diffs: [] }),
    })
  })

  it('the same holds for a plain ToolDefinition', () => {
    const tool: ToolDefinition = {
      name: 'ls',
      // @ts-expect-error output belongs to the terminal result, not the terminal call
      presentCall: () => ({ card: 'terminal', title: 'ls', output: '' }),
      // @ts-expect-error description belongs to the terminal call, not the terminal result
      presentResult: () => ({ card: 'terminal', output: '', description: 'ls' }),
    }
    expectTypeOf(tool).toEqualTypeOf<ToolDefinition>()
  })

  it('and for a view built apart from its annotation', () => {
    const build = () => ({ card: 'generic' as const, title: 'ls', exitCode: 0 })
    // @ts-expect-error exitCode belongs to the terminal result
    const view: ToolCallView = build()
    expectTypeOf(view).toEqualTypeOf<ToolCallView>()
  })

  it('a content block cannot carry another block type’s field either', () => {
    defineTool({
      name: 'ls',
      args: isLsArgs,
      // @ts-expect-error mimeType belongs to image, audio and link blocks, not to a text block
      presentCall: () => ({ card: 'generic', title: 'ls', content: [{ type: 'text', text: 'a', mimeType: 'text/plain' }] }),
    })
  })

  it('a presenter that sets only its card’s fields compiles, undefined for an absent field included', () => {
    const tool = defineTool({
      name: 'ls',
      args: isLsArgs,
      presentCall: ({ path }) => ({ card: 'terminal', title: `ls ${path}`, cwd: path }),
      presentResult: (_args, result) => ({ card: 'terminal', output: '', exitCode: result.isError ? 1 : 0, signal: undefined }),
    })
    expectTypeOf(tool.presentCall!).returns.toEqualTypeOf<ToolCallView | undefined>()
  })

  it('the view types keep their names in hovers', () => {
    expectTypeOf<Extract<ToolCallView, { card: 'terminal' }>>().toEqualTypeOf<TerminalCallView>()
  })
})
