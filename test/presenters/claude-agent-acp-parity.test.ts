// Parity with what Zed users see: claude-agent-acp's toolInfoFromToolUse for
// the same input and cwd, field for field (title, kind, locations, diffs,
// text), for every tool of claudeCodePresenters, against two releases: 0.23.1
// (@zed-industries/claude-agent-acp, March 2026) and the current 0.101.0
// (@agentclientprotocol/claude-agent-acp).
//
// The table is fixtures/claude-agent-acp-parity.json. Each row records what
// both releases give (`releases`), written by
// scripts/claude-agent-acp-parity.mjs from their own mapping functions, so
// this test needs neither installed. A row with a `difference` lists the
// fields where ours deliberately differs from the current release, what
// ours gives there, and why; the test also proves theirs really differs.
// Against 0.23.1, ours matches every other field the two releases agree on:
// where they disagree, upstream changed, and ours follows the current one.
// Beside the table, generated inputs (fast-check) against 0.23.1, the dev
// dependency: plain text gives the same fields (with the documented rules
// for Grep's path and Glob's title, and upstream's changes since), and
// hostile text gives titles that show, once rendered as Markdown, exactly
// the text of theirs.
//
// claude-agent-acp resolves a relative file path against process.cwd(), so
// relative-path rows use a cwd that does not contain process.cwd(): then both
// leave the path as given, which is the rule for a session's cwd.
import { toolInfoFromToolUse } from '@zed-industries/claude-agent-acp/dist/tools.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ToolCallView } from 'tool-render-intent'
import { claudeCodePresenters } from 'tool-render-intent/presenters'
import { mcpToolName } from '../../src/presenters/mcp.js'
import { findTool } from '../../src/internal/tool-lookup.js'
import { toolsByName } from '../../src/internal/session-options.js'
import { shownPath } from '../../src/presenters/display.js'
import { unescapeMarkdownInline } from '../../src/safety/markdown-unescape.js'
import { wireTitle } from '../../src/safety/title-text.js'
import table from './fixtures/claude-agent-acp-parity.json' with { type: 'json' }
import { LINE_BREAKS, parse, shownText } from './markdown-tree.js'
import { propertyRuns } from '../property-runs.js'

interface Compared {
  title: string
  kind: string
  locations: unknown[]
  diffs: unknown[]
  // The text a client without terminal output shows under the title.
  text: string[]
}

const CURRENT = '0.101.0'
const EARLIER = '0.23.1'

interface Row {
  readonly tool: string
  readonly why: string
  readonly cwd: string | null
  readonly input: Record<string, unknown>
  readonly difference?: { readonly ours: Record<string, unknown>; readonly reason: string }
  readonly releases: Readonly<Record<typeof CURRENT | typeof EARLIER, Compared>>
}

const rows = table as unknown as readonly Row[]

const tools = toolsByName(claudeCodePresenters)

// The kind each card gets from the ACP bridge (see src/acp/call.ts): diff
// cards are `edit`, terminal cards `execute`, generic cards their own kind.
function fromView(view: ToolCallView): Compared {
  if (view.card === 'plan') throw new Error('a plan card is compared on its own')
  const texts =
    view.card === 'terminal'
      ? [view.description]
      : view.card === 'generic'
        ? (view.content ?? []).map((block) => (block.type === 'text' ? block.text : undefined))
        : []
  const kind = view.card === 'generic' ? (view.kind ?? 'other') : view.card === 'diff' ? 'edit' : 'execute'
  return {
    // The title as Zed gets it: the view's plain title escaped by the bridge (wireTitle).
    title: wireTitle(view.title, kind, 'markdown'),
    kind,
    locations: view.card === 'terminal' ? [] : [...(view.locations ?? [])],
    diffs: view.card === 'diff' ? [...view.diffs] : [],
    text: texts.filter((text): text is string => !!text),
  }
}

interface TheirContent {
  type: string
  path?: string
  oldText?: string | null
  newText?: string
  content?: { type: string; text?: string }
}

// What 0.23.1 gives, live: the generated inputs need it.
function theirs(tool: string, input: unknown, cwd: string | null): Compared {
  const info = toolInfoFromToolUse({ id: 'toolu_1', name: tool, input } as never, false, cwd ?? undefined) as {
    title: string
    kind: string
    content: TheirContent[]
    locations?: unknown[]
  }
  return {
    title: info.title,
    kind: info.kind,
    locations: info.locations ?? [],
    diffs: info.content
      .filter((entry) => entry.type === 'diff')
      .map((entry) => ({ path: entry.path, oldText: entry.oldText, newText: entry.newText })),
    text: info.content.flatMap((entry) => (entry.type === 'content' && entry.content?.type === 'text' ? [entry.content.text ?? ''] : [])),
  }
}

const present = (tool: string, input: unknown, cwd: string | null) =>
  findTool(tools, tool)?.presentCall?.(input, cwd === null ? {} : { cwd })

const FIELDS = ['title', 'kind', 'locations', 'diffs', 'text'] as const

describe('the parity table', () => {
  it('has rows for every tool of claudeCodePresenters, each with its reason when it differs', () => {
    expect(rows.length).toBeGreaterThanOrEqual(140)
    const covered = new Set(rows.map((row) => (mcpToolName(row.tool) ? 'mcp__*' : row.tool)))
    expect(covered).toEqual(new Set(tools.keys()))
    for (const row of rows) if (row.difference) expect(row.difference.reason.length).toBeGreaterThan(20)
  })

  it('records what both releases give for every row', () => {
    for (const row of rows) {
      for (const release of [CURRENT, EARLIER] as const) expect(Object.keys(row.releases[release]).sort()).toEqual([...FIELDS].sort())
    }
  })

  it('uses a cwd that does not contain the test process cwd for every relative path', () => {
    for (const row of rows) {
      const path = row.input.file_path ?? row.input.path ?? row.input.notebook_path
      if (typeof path === 'string' && path !== '' && !path.startsWith('/') && row.cwd) {
        expect(`${process.cwd()}/`.startsWith(row.cwd.endsWith('/') ? row.cwd : `${row.cwd}/`)).toBe(false)
      }
    }
  })

  it('records the live answer of 0.23.1, the dev dependency, for every row', () => {
    for (const row of rows) expect(theirs(row.tool, row.input, row.cwd)).toEqual(row.releases[EARLIER])
  })
})

const cards = rows.filter((row) => row.tool !== 'TodoWrite')

describe(`call views match claude-agent-acp ${CURRENT} field for field`, () => {
  it.each(cards.map((row) => [`${row.tool}: ${row.why}`, row] as const))('%s', (_name, row) => {
    const view = present(row.tool, row.input, row.cwd)
    expect(view).toBeDefined()
    const mine = fromView(view!)
    const their = row.releases[CURRENT]
    expect(mine).toEqual({ ...their, ...row.difference?.ours })
    // A listed difference must be a real one, or the table is stale.
    for (const field of Object.keys(row.difference?.ours ?? {})) {
      expect(their[field as keyof Compared]).not.toEqual(mine[field as keyof Compared])
    }
  })
})

describe(`call views match claude-agent-acp ${EARLIER} wherever upstream did not change since`, () => {
  it.each(cards.map((row) => [`${row.tool}: ${row.why}`, row] as const))('%s', (_name, row) => {
    const mine = fromView(present(row.tool, row.input, row.cwd)!)
    for (const field of FIELDS) {
      if (field in (row.difference?.ours ?? {})) continue
      if (JSON.stringify(row.releases[EARLIER][field]) === JSON.stringify(row.releases[CURRENT][field])) {
        expect(mine[field]).toEqual(row.releases[EARLIER][field])
      }
    }
  })
})

describe('TodoWrite is the session plan', () => {
  const plans = rows.filter((row) => row.tool === 'TodoWrite')
  it.each(plans.map((row) => [row.why, row] as const))('%s', (_name, row) => {
    expect(row.difference?.ours).toEqual({ card: 'plan' })
    const view = present('TodoWrite', row.input, row.cwd)
    const todos = row.input.todos as { content: string; status: string; activeForm?: string }[]
    expect(view?.card).toBe('plan')
    if (view?.card !== 'plan') return
    // claude-agent-acp 0.101.0's plan: an item in progress shows its activeForm.
    expect(view.entries.map(({ content, status }) => ({ content, status }))).toEqual(
      todos.map(({ content, status, activeForm }) => ({ content: status === 'in_progress' && activeForm ? activeForm : content, status })),
    )
    // Theirs is also a tool card of its own, which ours never shows.
    for (const release of [CURRENT, EARLIER] as const) {
      expect(row.releases[release]).toMatchObject({ kind: 'think', title: expect.stringMatching(/^Update TODOs/) })
    }
  })
})

// ---------------------------------------------------------------------------
// Generated inputs

const RUNS = propertyRuns(2_000)
const cwd = '/repo'

// Plain text: nothing in it is Markdown syntax to escape.
const word = fc.string({ unit: fc.constantFrom('a', 'b', 'Z', '0', '9', 'é', '_', '-'), minLength: 1, maxLength: 6 })
const plain = fc.string({ unit: fc.constantFrom('a', 'B', '7', 'é', ' ', '/', '.', '-', '_'), maxLength: 16 })
const sentence = fc.tuple(fc.constantFrom('Fix', 'Run', 'Read', 'Édit'), plain).map(([head, rest]) => `${head}${rest}`)
const markdownText = fc.string({
  unit: fc.constantFrom('a', 'B', ' ', '\n', '# ', '- ', '1. ', '**', '`', '```\n', '_', '>'),
  minLength: 1,
  maxLength: 30,
})
// Paths inside the cwd, outside it, relative, and the cwd itself; never `.` or `..` segments.
const segments = fc.array(word, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'))
const path = fc.oneof(
  segments.map((rest) => `/repo/${rest}.ts`),
  segments.map((rest) => `/elsewhere/${rest}`),
  segments.map((rest) => `rel/${rest}`),
  fc.constant('/repo'),
)
const count = fc.integer({ min: 0, max: 40 })
const opt = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined })
const strip = <T extends Record<string, unknown>>(record: T) => JSON.parse(JSON.stringify(record)) as T

// Claude Code's argument shapes, filled with plain text.
const inputs: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  Read: fc.record({ file_path: path, offset: opt(fc.integer({ min: 1, max: 500 })), limit: opt(count) }).map(strip),
  Write: fc.record({ file_path: path, content: fc.string({ maxLength: 20 }) }),
  Edit: fc
    .record({
      file_path: path,
      old_string: fc.string({ maxLength: 8 }),
      new_string: fc.string({ maxLength: 8 }),
      replace_all: opt(fc.boolean()),
    })
    .map(strip),
  Bash: fc
    .record({
      command: fc.string({ maxLength: 20 }),
      description: opt(sentence),
      run_in_background: opt(fc.boolean()),
      timeout: opt(count),
    })
    .map(strip),
  Task: fc.record({ description: opt(sentence), prompt: opt(markdownText), subagent_type: opt(word) }).map(strip),
  Agent: fc.record({ description: opt(sentence), prompt: opt(markdownText) }).map(strip),
  Glob: fc.record({ pattern: plain, path: opt(path) }).map(strip),
  Grep: fc
    .record({
      pattern: plain,
      path: opt(path),
      glob: opt(word),
      type: opt(word),
      output_mode: opt(fc.constantFrom('content', 'files_with_matches', 'count')),
      '-A': opt(count),
      '-B': opt(count),
      '-C': opt(count),
      '-n': opt(fc.boolean()),
      '-i': opt(fc.boolean()),
      multiline: opt(fc.boolean()),
      head_limit: opt(fc.integer({ min: 1, max: 100 })),
    })
    .map(strip),
  WebFetch: fc.record({
    url: fc.oneof(
      fc.constant(''),
      segments.map((rest) => `https://example.com/${rest}`),
    ),
    prompt: fc.oneof(fc.constant(''), markdownText),
  }),
  WebSearch: fc
    .record({
      query: plain,
      allowed_domains: opt(fc.array(word, { maxLength: 3 })),
      blocked_domains: opt(fc.array(word, { maxLength: 3 })),
    })
    .map(strip),
  ExitPlanMode: fc.record({ plan: opt(markdownText) }).map(strip),
}

// The tools claude-agent-acp 0.23.1 has a case for.
const MAPPED_EARLIER = [
  'Task',
  'Agent',
  'Bash',
  'Read',
  'Write',
  'Edit',
  'Glob',
  'Grep',
  'WebFetch',
  'WebSearch',
  'TodoWrite',
  'ExitPlanMode',
]

// The documented rules where ours differs on plain input: Grep shows its
// path as every title path of ours (relative to the cwd, none for the cwd
// itself); Glob's title holds no code spans. And upstream's changes since
// 0.23.1, which ours follows: WebSearch is titled `Search "q"` (ours keeps
// the domain lists), ExitPlanMode `Approve Plan`. An Edit of every occurrence says so.
function expected(tool: string, input: Record<string, unknown>): Compared {
  const their = theirs(tool, input, cwd)
  if (tool === 'Edit' && input.replace_all === true && input.file_path) their.title += ' (every occurrence)'
  if (tool === 'WebSearch') their.title = input.query ? `Search ${their.title}` : `Web search${their.title.slice(2)}`
  if (tool === 'ExitPlanMode') their.title = 'Approve Plan'
  if (tool === 'Grep' && typeof input.path === 'string') {
    their.title = theirs(tool, { ...input, path: shownPath(input.path, { cwd }) || undefined }, cwd).title
  }
  if (tool === 'Glob') {
    const shown = typeof input.path === 'string' ? shownPath(input.path, { cwd }) : ''
    their.title = `Find${input.pattern ? ` ${input.pattern}` : ''}${shown ? ` in ${shown}` : ''}`
  }
  return their
}

const asRead = (compared: Compared): Compared => ({
  ...compared,
  title: unescapeMarkdownInline(compared.title),
  text: compared.text.map(unescapeMarkdownInline),
})

describe('generated plain inputs give the same fields as claude-agent-acp', () => {
  it('covers every tool claude-agent-acp 0.23.1 maps but TodoWrite (the session plan)', () => {
    expect(Object.keys(inputs).sort()).toEqual(MAPPED_EARLIER.filter((tool) => tool !== 'TodoWrite').sort())
  })

  it.each(Object.keys(inputs))(
    '%s',
    (tool) => {
      fc.assert(
        fc.property(inputs[tool], (input) => {
          const view = present(tool, input, cwd)
          expect(view).toBeDefined()
          // Titles and texts compare as read: ours escapes more (Zed's dialect), each escape a backslash before ASCII punctuation.
          expect(asRead(fromView(view!))).toEqual(asRead(expected(tool, input)))
        }),
        { numRuns: RUNS },
      )
    },
    30_000,
  )
})

// Text that would link, embed, or break a title if it went in raw.
const hostile = fc.string({
  unit: fc.constantFrom(
    'a',
    ' ',
    '_',
    '[',
    ']',
    '(',
    ')',
    '!',
    '<',
    '>',
    '&',
    '&amp;',
    '*',
    '`',
    '\\',
    '#',
    '- ',
    '1. ',
    'https://h/t.png',
    '\n',
    '\r\n',
    '\u2028',
  ),
  minLength: 1,
  maxLength: 12,
})
const hostileSegment = hostile.filter((text) => !text.includes('/') && text.trim() !== '')

// The hostile inputs, each with the one text field that goes in the title.
const hostileInputs: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  Read: hostileSegment.map((name) => ({ file_path: `/repo/${name}` })),
  Write: hostileSegment.map((name) => ({ file_path: `/elsewhere/${name}`, content: 'x' })),
  Edit: hostileSegment.map((name) => ({ file_path: `rel/${name}`, old_string: 'a', new_string: 'b' })),
  Grep: fc.record({ pattern: hostile, glob: hostile, type: hostile }),
  WebFetch: hostile.map((url) => ({ url, prompt: '' })),
  WebSearch: fc.record({ query: hostile, allowed_domains: fc.array(hostile, { maxLength: 2 }) }),
  Task: hostile.filter((text) => text.replace(LINE_BREAKS, ' ').trim() !== '').map((description) => ({ description })),
}

// What a title shows once rendered: the text, emphasis delimiters put back,
// its line breaks as spaces and the ends trimmed (as a paragraph shows them).
const rendered = (title: string) => shownText(parse(title), title).trim()
const literal = (title: string) => title.replace(LINE_BREAKS, ' ').trim()

describe('generated hostile text: our title shows exactly the text of theirs, literally', () => {
  it.each(Object.keys(hostileInputs))(
    '%s',
    (tool) => {
      fc.assert(
        fc.property(hostileInputs[tool], (input) => {
          const view = present(tool, input, cwd)
          expect(view).toBeDefined()
          const their = theirs(tool, input, cwd).title
          // Our view's title is the text itself; escaped by the bridge, Zed renders exactly that text.
          expect(literal(view!.title!)).toBe(literal(tool === 'WebSearch' ? `Search ${their}` : their))
          expect(rendered(fromView(view!).title)).toBe(literal(view!.title!))
        }),
        { numRuns: RUNS },
      )
    },
    30_000,
  )
})
