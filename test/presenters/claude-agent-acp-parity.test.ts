// Parity with what Zed users see today: claude-agent-acp's toolInfoFromToolUse
// for the same input and cwd, field for field (title, kind, locations, diffs).
//
// The table is fixtures/claude-agent-acp-parity.json. A row with a
// `difference` lists the fields where ours deliberately differs, what ours
// gives there, and why; the test also proves theirs really differs.
//
// claude-agent-acp resolves a relative file path against process.cwd(), so
// relative-path rows use a cwd that does not contain process.cwd(): then both
// leave the path as given, which is the rule for a session's cwd.
import { toolInfoFromToolUse } from '@zed-industries/claude-agent-acp/dist/tools.js'
import { describe, expect, it } from 'vitest'
import { bashTool, editTool, readTool, writeTool } from '../../src/presenters/index.js'
import type { ToolDefinition } from '../../src/define-tool.js'
import type { ToolCallView } from '../../src/views.js'
import table from './fixtures/claude-agent-acp-parity.json' with { type: 'json' }

interface Row {
  readonly tool: 'Read' | 'Write' | 'Edit' | 'Bash'
  readonly why: string
  readonly cwd: string | null
  readonly input: Record<string, unknown>
  readonly difference?: { readonly ours: Record<string, unknown>; readonly reason: string }
}

const rows = table as readonly Row[]

const ours: Record<Row['tool'], ToolDefinition<any, any>> = { Read: readTool, Write: writeTool, Edit: editTool, Bash: bashTool }

interface Compared {
  title: string
  kind: string
  locations: unknown[]
  diffs: unknown[]
  // Bash only: the text a client without terminal output shows under the title.
  text?: string[]
}

// The kind each card gets from the ACP bridge (see src/acp/call.ts): diff
// cards are `edit`, terminal cards `execute`, generic cards their own kind.
function fromView(view: ToolCallView, tool: Row['tool']): Compared {
  const compared: Compared = {
    title: view.title,
    kind: view.card === 'generic' ? (view.kind ?? 'other') : view.card === 'diff' ? 'edit' : 'execute',
    locations: view.card === 'terminal' ? [] : [...(view.locations ?? [])],
    diffs: view.card === 'diff' ? [...view.diffs] : [],
  }
  if (tool === 'Bash') {
    const texts = view.card === 'terminal' ? [view.description] : (view.card === 'generic' ? (view.content ?? []) : []).map((block) => (block.type === 'text' ? block.text : undefined))
    compared.text = texts.filter((text): text is string => !!text)
  }
  return compared
}

interface TheirContent {
  type: string
  path?: string
  oldText?: string | null
  newText?: string
  content?: { type: string; text?: string }
}

function fromTheirs(row: Row): Compared {
  const info = toolInfoFromToolUse({ id: 'toolu_1', name: row.tool, input: row.input } as never, false, row.cwd ?? undefined) as {
    title: string
    kind: string
    content: TheirContent[]
    locations?: unknown[]
  }
  const compared: Compared = {
    title: info.title,
    kind: info.kind,
    locations: info.locations ?? [],
    diffs: info.content
      .filter((entry) => entry.type === 'diff')
      .map((entry) => ({ path: entry.path, oldText: entry.oldText, newText: entry.newText })),
  }
  if (row.tool === 'Bash') compared.text = info.content.flatMap((entry) => (entry.content?.text ? [entry.content.text] : []))
  return compared
}

describe('the parity table', () => {
  it('has at least 40 rows, each with its reason when it differs', () => {
    expect(rows.length).toBeGreaterThanOrEqual(40)
    for (const row of rows) if (row.difference) expect(row.difference.reason.length).toBeGreaterThan(20)
  })

  it('uses a cwd that does not contain the test process cwd for every relative path', () => {
    for (const row of rows) {
      const path = row.input.file_path
      if (typeof path === 'string' && path !== '' && !path.startsWith('/') && row.cwd) {
        expect(`${process.cwd()}/`.startsWith(row.cwd.endsWith('/') ? row.cwd : `${row.cwd}/`)).toBe(false)
      }
    }
  })
})

describe('call views match claude-agent-acp field for field', () => {
  it.each(rows.map((row) => [`${row.tool}: ${row.why}`, row] as const))('%s', (_name, row) => {
    const view = ours[row.tool].presentCall?.(row.input, row.cwd === null ? {} : { cwd: row.cwd })
    expect(view).toBeDefined()
    const mine = fromView(view!, row.tool)
    const theirs = fromTheirs(row)
    expect(mine).toEqual({ ...theirs, ...row.difference?.ours })
    // A listed difference must be a real one, or the table is stale.
    for (const field of Object.keys(row.difference?.ours ?? {})) {
      expect(theirs[field as keyof Compared]).not.toEqual(mine[field as keyof Compared])
    }
  })
})
