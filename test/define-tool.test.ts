import { isMatching, P } from 'ts-pattern'
import { describe, expect, it } from 'vitest'
import { defineTool } from 'tool-render-intent'

const isGrepArgs = isMatching({ pattern: P.string })

const grepTool = defineTool({
  name: 'grep',
  args: isGrepArgs,
  presentCall: ({ pattern }, { cwd }) => ({ card: 'generic', kind: 'search', title: `grep ${pattern} in ${cwd ?? '?'}` }),
  presentResult: ({ pattern }, result) => ({
    card: 'generic',
    title: `${pattern}: ${result.content.length} matches`,
  }),
})

describe('defineTool soft-validates the arguments', () => {
  it('calls the presenter with arguments that pass the guard', () => {
    expect(grepTool.presentCall?.({ pattern: 'todo' }, { cwd: '/repo' })).toEqual({
      card: 'generic',
      kind: 'search',
      title: 'grep todo in /repo',
    })
    expect(grepTool.presentResult?.({ pattern: 'x' }, { content: [{ type: 'text', text: 'a' }] })).toEqual({
      card: 'generic',
      title: 'x: 1 matches',
    })
  })

  it.each([null, undefined, 'todo', 42, [], {}, { pattern: 1 }, { pattern: null }])(
    'returns undefined instead of calling the presenter for %j',
    (args) => {
      expect(grepTool.presentCall?.(args)).toBeUndefined()
      expect(grepTool.presentResult?.(args, { content: [] })).toBeUndefined()
    },
  )

  it('hands the presenter an empty context when none is given', () => {
    expect(grepTool.presentCall?.({ pattern: 'a' })).toMatchObject({ title: 'grep a in ?' })
  })

  it('keeps the name and the guard, and leaves out presenters that were not given', () => {
    const tool = defineTool({ name: 'noop', args: (value): value is unknown => true })
    expect(tool.name).toBe('noop')
    expect(tool.args?.(1)).toBe(true)
    expect(tool.presentCall).toBeUndefined()
    expect(tool.presentResult).toBeUndefined()
  })
})

describe('defineTool checks the meta when given a meta guard', () => {
  const isExit = (value: unknown): value is { exitCode: number } =>
    typeof value === 'object' && value !== null && Number.isInteger((value as { exitCode?: unknown }).exitCode)
  const tool = defineTool<{ command: string }, { exitCode: number }>({
    name: 'sh',
    args: (value): value is { command: string } => typeof (value as { command?: unknown })?.command === 'string',
    meta: isExit,
    presentResult: (_args, result) => ({ card: 'terminal', exitCode: result.meta?.exitCode }),
  })

  it('hands a meta that passes to the presenter', () => {
    expect(tool.presentResult?.({ command: 'x' }, { content: [], meta: { exitCode: 2 } })).toStrictEqual({ card: 'terminal', exitCode: 2 })
  })

  it('hands a meta that fails (an old log, a hand-edited file) to the presenter as absent', () => {
    for (const meta of [{ exitCode: 'two' }, 'exit 2', null, [2]]) {
      expect(tool.presentResult?.({ command: 'x' }, { content: [], meta } as never)).toStrictEqual({
        card: 'terminal',
        exitCode: undefined,
      })
    }
  })
})
