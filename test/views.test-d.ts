import type { ContentBlock as AcpContentBlock, ToolKind } from '@agentclientprotocol/sdk'
import { match } from 'ts-pattern'
import { describe, expectTypeOf, it } from 'vitest'
import {
  assertNever,
  type ContentBlock,
  type DiffCallView,
  defineTool,
  type ImageBlock,
  type ResourceLinkBlock,
  type TextBlock,
  type ToolCallKind,
  type ToolCallView,
  type ToolResultView,
} from '../src/index.js'

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
        default:
          return assertNever(view, 'render')
      }
    }
    expectTypeOf(render).returns.toEqualTypeOf<string>()
  })

  it('does not compile when a call card has no arm', () => {
    const render = (view: ToolCallView): string => {
      switch (view.card) {
        case 'generic':
          return view.title
        case 'terminal':
          return view.title
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
      // @ts-expect-error the terminal card is not matched
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

  it('every content block is an ACP content block', () => {
    expectTypeOf<ContentBlock>().toExtend<AcpContentBlock>()
    expectTypeOf<TextBlock>().toExtend<AcpContentBlock>()
    expectTypeOf<ImageBlock>().toExtend<AcpContentBlock>()
    expectTypeOf<ResourceLinkBlock>().toExtend<AcpContentBlock>()
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
