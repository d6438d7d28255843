// Results rebuilt from a structured result (Claude Code's `toolUseResult`,
// passed as `result.structured`), against what claude-agent-acp 0.101.0's
// toolUpdateFromToolResult shows for the same tool result. The table is
// fixtures/claude-agent-acp-result-parity.json; its `releases` are written by
// scripts/claude-agent-acp-parity.mjs, so this test needs no package
// installed. A row with a `difference` lists the fields where ours differs
// on purpose, what ours gives there, and why.
import { describe, expect, it } from 'vitest'
import type { ContentBlock, ToolResultView } from 'tool-render-intent'
import { claudeCodePresenters } from 'tool-render-intent/presenters'
import { findTool } from '../../src/internal/tool-lookup.js'
import { toolsByName } from '../../src/internal/session-options.js'
import table from './fixtures/claude-agent-acp-result-parity.json' with { type: 'json' }

// What a client shows of a result: its text blocks, or a command's output and exit code (`null` for none).
interface Shown {
  text?: string[]
  output?: string
  exitCode?: number | null
}

interface Row {
  readonly tool: string
  readonly why: string
  readonly input: Record<string, unknown>
  readonly result: { readonly content: string | ContentBlock[]; readonly is_error?: boolean }
  readonly structured?: unknown
  readonly difference?: { readonly ours: Shown; readonly reason: string }
  readonly releases: { readonly '0.101.0': Shown }
}

const rows = table as unknown as readonly Row[]
const tools = toolsByName(claudeCodePresenters)

function shown(view: ToolResultView | undefined): Shown {
  if (view?.card === 'terminal') return { output: view.output ?? '', exitCode: view.exitCode ?? null }
  if (view?.card !== 'generic') throw new Error(`a ${view?.card} result is not compared here`)
  return { text: (view.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : [])) }
}

describe('results rebuilt from the structured result match claude-agent-acp 0.101.0', () => {
  it.each(rows.map((row) => [`${row.tool}: ${row.why}`, row] as const))('%s', (_name, row) => {
    const content: ContentBlock[] =
      typeof row.result.content === 'string' ? [{ type: 'text', text: row.result.content }] : row.result.content
    const view = findTool(tools, row.tool)?.presentResult?.(
      row.input,
      { content, isError: row.result.is_error, structured: row.structured },
      { cwd: '/repo' },
    )
    const mine = shown(view)
    const their = row.releases['0.101.0']
    expect(mine).toEqual({ ...their, ...row.difference?.ours })
    for (const field of Object.keys(row.difference?.ours ?? {})) {
      expect(their[field as keyof Shown]).not.toEqual(mine[field as keyof Shown])
    }
  })

  it('has a reason for every difference', () => {
    for (const row of rows) if (row.difference) expect(row.difference.reason.length).toBeGreaterThan(20)
  })
})
