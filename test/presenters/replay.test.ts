// Real Claude Code sessions, replayed: every call to a tool of
// claudeCodePresenters renders with its own card (never the generic
// fallback), every view is valid, and every update the ACP session sends
// for them is valid against ACP's JSON Schema. The calls come from published
// session logs (fixtures/transcripts/SOURCES.md names them).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseToolCallView, parseToolResultView, type ContentBlock, type ToolResult } from 'tool-render-intent'
import { claudeCodePresenters } from 'tool-render-intent/presenters'
import { createToolPresenter } from '../../src/acp/presenter.js'
import { findTool } from '../../src/internal/tool-lookup.js'
import { toolsByName } from '../../src/internal/session-options.js'
import { validateSessionNotification } from '../acp/fixtures/acp-schema.js'

interface LoggedCall {
  readonly source: string
  readonly name: string
  readonly input: unknown
  readonly result?: { readonly content: unknown; readonly is_error: boolean }
  readonly structured?: unknown
}

const calls: LoggedCall[] = readFileSync(new URL('./fixtures/transcripts/claude-code-calls.jsonl', import.meta.url), 'utf8')
  .trimEnd()
  .split('\n')
  .map((line) => JSON.parse(line))

const tools = toolsByName(claudeCodePresenters)

// The tool result as a harness hands it over: a string is one text block.
const toolResult = (call: LoggedCall): ToolResult => ({
  content:
    typeof call.result?.content === 'string'
      ? [{ type: 'text', text: call.result.content }]
      : ((call.result?.content ?? []) as ContentBlock[]),
  isError: call.result?.is_error,
  structured: call.structured,
})

// The sessions ran in /home/marco/projects/spotter and its worktrees.
const ctx = { cwd: '/home/marco/projects/spotter', home: '/home/marco' }

describe('calls from real Claude Code sessions', () => {
  it('are many, of many tools, every one of them in the Claude Code set', () => {
    expect(calls.length).toBeGreaterThan(200)
    expect(new Set(calls.map((call) => call.name)).size).toBeGreaterThanOrEqual(12)
    for (const call of calls) expect(findTool(tools, call.name)?.name).toBe(call.name)
  })

  it('each render with their own card, never the generic fallback, and valid views', () => {
    const fallbacks: string[] = []
    for (const call of calls) {
      const tool = findTool(tools, call.name)!
      const view = tool.presentCall?.(call.input, ctx)
      if (view === undefined) fallbacks.push(`${call.source}: ${call.name} ${JSON.stringify(call.input).slice(0, 80)}`)
      else parseToolCallView(view)
      if (call.result) {
        const result = tool.presentResult?.(call.input, toolResult(call), ctx)
        if (result !== undefined) parseToolResultView(result)
      }
    }
    expect(fallbacks).toEqual([])
  })

  it.each([
    ['with terminal output', { _meta: { terminal_output: true } }],
    ['without terminals', {}],
  ])('send only schema-valid updates to a client %s', (_name, clientCapabilities) => {
    const errors: unknown[] = []
    const presenter = createToolPresenter({
      tools: claudeCodePresenters,
      clientCapabilities,
      cwd: ctx.cwd,
      onError: (error) => errors.push(error),
    })
    const invalid: string[] = []
    for (const [index, call] of calls.entries()) {
      const id = `toolu_${index}`
      const updates = [...presenter.call(id, call.name, call.input), ...(call.result ? presenter.result(id, toolResult(call)) : [])]
      for (const update of updates) {
        const problems = validateSessionNotification({ sessionId: 's', update })
        if (problems.length > 0) invalid.push(`${call.name}: ${problems.join('; ')}`)
      }
    }
    expect(invalid).toEqual([])
    expect(errors).toEqual([])
  })
})
