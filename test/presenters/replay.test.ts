// Real Claude Code sessions and codex rollouts, replayed: every call to a
// tool of claudeCodePresenters / codexPresenters renders with its own card
// (never the generic fallback), every view is valid, and every update the
// ACP session sends for them is valid against ACP's JSON Schema. The calls
// come from published session logs (fixtures/transcripts/SOURCES.md names them).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseToolCallView, parseToolResultView, type ContentBlock, type ToolResult } from 'tool-render-intent'
import { claudeCodePresenters, codexPresenters } from 'tool-render-intent/presenters'
import { createToolPresenter } from '../../src/acp/presenter.js'
import { createToolPresenter as createV2Presenter } from '../../src/acp-v2/presenter.js'
import { findTool } from '../../src/internal/tool-lookup.js'
import { toolsByName } from '../../src/internal/session-options.js'
import { validateSessionNotification } from '../acp/fixtures/acp-schema.js'
import { checkV2Update } from '../acp-v2/fixtures/acp-v2-schema.js'

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

interface RolloutCall {
  readonly source: string
  /** The session's cwd, from the rollout's session_meta. */
  readonly cwd: string
  readonly name: string
  readonly input: unknown
  /** The `…_output` item's output, as codex recorded it. */
  readonly output?: unknown
}

const rolloutCalls: RolloutCall[] = readFileSync(new URL('./fixtures/transcripts/codex-calls.jsonl', import.meta.url), 'utf8')
  .trimEnd()
  .split('\n')
  .map((line) => JSON.parse(line))

const codexTools = toolsByName(codexPresenters)
// The calls to tools of the set; the rollouts also call tools codex-acp has no card for either (`js`).
const codexCalls = rolloutCalls.filter((call) => findTool(codexTools, call.name) !== undefined)

// The output as a harness hands it over: text as one text block.
const rolloutResult = (call: RolloutCall): ToolResult => ({
  content: [{ type: 'text', text: typeof call.output === 'string' ? call.output : JSON.stringify(call.output) }],
})

// The sessions ran under /Users/Sample_User (the published logs' own pseudonym).
const codexContext = (call: RolloutCall) => ({ cwd: call.cwd, home: '/Users/Sample_User' })

describe('calls from real codex rollouts', () => {
  it('are many, of every kind of tool the rollouts call: commands, stdin, patches, plans, web searches', () => {
    expect(codexCalls.length).toBeGreaterThan(80)
    expect(new Set(codexCalls.map((call) => call.name))).toStrictEqual(
      new Set(['exec_command', 'write_stdin', 'apply_patch', 'update_plan', 'web_search']),
    )
  })

  it('each render with their own card, never the generic fallback, and valid views', () => {
    const fallbacks: string[] = []
    for (const call of codexCalls) {
      const tool = findTool(codexTools, call.name)!
      const view = tool.presentCall?.(call.input, codexContext(call))
      if (view === undefined) fallbacks.push(`${call.source}: ${call.name} ${JSON.stringify(call.input).slice(0, 80)}`)
      else parseToolCallView(view)
      if (call.output !== undefined) {
        const result = tool.presentResult?.(call.input, rolloutResult(call), codexContext(call))
        if (result !== undefined) parseToolResultView(result)
      }
    }
    expect(fallbacks).toEqual([])
  })

  it.each([
    ['ACP v1 with terminal output', { _meta: { terminal_output: true } }],
    ['ACP v1 without terminals', {}],
    ['ACP v2', undefined],
  ])('send only schema-valid updates to a client of %s', (_name, clientCapabilities) => {
    const errors: unknown[] = []
    const invalid: string[] = []
    const sessions = new Map<string, ReturnType<typeof createToolPresenter> | ReturnType<typeof createV2Presenter>>()
    for (const [index, call] of codexCalls.entries()) {
      let presenter = sessions.get(call.source)
      if (presenter === undefined) {
        const options = { tools: codexPresenters, cwd: call.cwd, onError: (error: unknown) => errors.push(error) }
        presenter = clientCapabilities === undefined ? createV2Presenter(options) : createToolPresenter({ ...options, clientCapabilities })
        sessions.set(call.source, presenter)
      }
      const id = `call_${index}`
      const updates: unknown[] = [
        ...presenter.call(id, call.name, call.input),
        ...(call.output !== undefined ? presenter.result(id, rolloutResult(call)) : []),
      ]
      for (const update of updates) {
        const problems = clientCapabilities === undefined ? checkV2Update(update) : validateSessionNotification({ sessionId: 's', update })
        if (problems.length > 0) invalid.push(`${call.name}: ${problems.join('; ')}`)
      }
    }
    expect(invalid).toEqual([])
    expect(errors).toEqual([])
  })
})
