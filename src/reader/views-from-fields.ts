// A card's fields, as a client holds them, turned back into views: one
// function per card the fields can describe.
import { normalizeContentBlock } from '../content-blocks.js'
import { backtickFence } from '../safety/fence.js'
import { isRecord } from '../internal/record.js'
import type { ContentBlock, FileDiff, FileLocation, ToolCallKind, ToolCallView, ToolResultView } from '../views.js'
import { gitPatchDiffs } from './git-patch.js'
import { unescapeMarkdownInline } from '../safety/markdown-unescape.js'
import { plainTitle, type TitleStyle } from '../safety/title-text.js'

/** The fields of a card as a client keeps them, after every update so far. */
export interface CardFields {
  title?: unknown
  kind?: unknown
  status?: unknown
  content?: unknown
  locations?: unknown
  rawInput?: unknown
  rawOutput?: unknown
  name?: unknown
}

/** A display terminal as the stream described it. */
export interface TerminalState {
  cwd?: string
  command?: string
  output: string
  exited: boolean
  exitCode?: number | undefined
  signal?: string | undefined
  /** How many code units printed before `output` were not kept (while no call showed the terminal). */
  dropped?: number
}

/** What a terminal printed, as a record shows it: a line saying how much was not kept, then what was. */
export const terminalOutput = (state: TerminalState): string =>
  state.dropped === undefined
    ? state.output
    : `[… ${state.dropped} earlier characters not kept: no call showed this terminal while it printed them]\n${state.output}`

const KINDS: ReadonlySet<string> = new Set([
  'read',
  'edit',
  'delete',
  'move',
  'search',
  'execute',
  'think',
  'fetch',
  'switch_mode',
  'other',
])

// The card's plain title (the escapes the client's style added taken out), else its tool name.
const titleOf = (fields: CardFields, kind: unknown, titles: TitleStyle) =>
  typeof fields.title === 'string'
    ? plainTitle(fields.title, typeof kind === 'string' ? kind : undefined, titles)
    : typeof fields.name === 'string'
      ? fields.name
      : ''
const itemsOf = (fields: CardFields): readonly unknown[] => (Array.isArray(fields.content) ? fields.content : [])

/** The call view the announced fields describe: a terminal, a diff, or a generic card; titles read back as plain text (see `plainTitle`). */
export function callViewOf(fields: CardFields, terminal: TerminalState | undefined, titles: TitleStyle = 'markdown'): ToolCallView {
  const items = itemsOf(fields)
  const terminalItem = items.some((item) => isRecord(item) && item.type === 'terminal')
  if (terminalItem) {
    const view: { card: 'terminal'; title: string; description?: string; cwd?: string } = {
      card: 'terminal',
      title: titleOf(fields, 'execute', titles),
    }
    const description = items.find(
      (item) => isRecord(item) && item.type === 'content' && isRecord(item.content) && item.content.type === 'text',
    )
    if (isRecord(description) && isRecord(description.content) && typeof description.content.text === 'string')
      view.description = unescapeMarkdownInline(description.content.text)
    if (terminal?.cwd !== undefined) view.cwd = terminal.cwd
    return view
  }
  const diffs = fields.kind === 'edit' ? diffsOf(items) : undefined
  if (diffs !== undefined) {
    const locations = locationsOf(fields.locations)
    return locations === undefined
      ? { card: 'diff', title: titleOf(fields, fields.kind, titles), diffs }
      : { card: 'diff', title: titleOf(fields, fields.kind, titles), diffs, locations }
  }
  const view: { -readonly [K in keyof Extract<ToolCallView, { card: 'generic' }>]: Extract<ToolCallView, { card: 'generic' }>[K] } = {
    card: 'generic',
    title: titleOf(fields, fields.kind, titles),
    kind: typeof fields.kind === 'string' && KINDS.has(fields.kind) ? (fields.kind as ToolCallKind) : 'other',
  }
  if (Array.isArray(fields.content)) view.content = blocksOf(items)
  const locations = locationsOf(fields.locations)
  if (locations !== undefined) view.locations = locations
  if (fields.rawInput !== undefined) view.rawInput = fields.rawInput
  return view
}

/**
 * The result view: what changed since the call was announced. New content
 * (without a terminal) is a diff or a generic result; a terminal call's end
 * is a terminal result; otherwise a generic result with at most a new title.
 */
export function resultViewOf(
  announced: CardFields,
  final: CardFields,
  call: ToolCallView,
  terminal: TerminalState | undefined,
  showsTerminal: boolean,
  titles: TitleStyle = 'markdown',
): ToolResultView {
  const kind = call.card === 'terminal' ? 'execute' : typeof announced.kind === 'string' ? announced.kind : undefined
  const title = typeof final.title === 'string' && final.title !== announced.title ? plainTitle(final.title, kind, titles) : undefined
  const contentChanged = !sameJson(final.content, announced.content)
  if (contentChanged && !showsTerminal) {
    const items = itemsOf(final)
    const diffs = items.length > 0 ? diffsOf(items) : undefined
    if (diffs !== undefined) {
      const locations = sameJson(final.locations, announced.locations) ? undefined : locationsOf(final.locations)
      return { card: 'diff', ...(title === undefined ? {} : { title }), diffs, ...(locations === undefined ? {} : { locations }) }
    }
    return { card: 'generic', ...(title === undefined ? {} : { title }), content: blocksOf(items) }
  }
  if (call.card === 'terminal' && showsTerminal) {
    return {
      card: 'terminal',
      ...(title === undefined ? {} : { title }),
      ...(terminal === undefined || terminal.output === '' ? {} : { output: terminalOutput(terminal) }),
      ...(terminal?.exitCode === undefined ? {} : { exitCode: terminal.exitCode }),
      ...(terminal?.signal === undefined ? {} : { signal: terminal.signal }),
    }
  }
  return title === undefined ? { card: 'generic' } : { card: 'generic', title }
}

// Every item a diff (v1's `{path, oldText, newText}`, or v2's `{changes, patch}` fully patched), else undefined.
function diffsOf(items: readonly unknown[]): FileDiff[] | undefined {
  if (items.length === 0) return undefined
  const diffs: FileDiff[] = []
  for (const item of items) {
    if (!isRecord(item) || item.type !== 'diff') return undefined
    if (typeof item.path === 'string' && typeof item.newText === 'string') {
      diffs.push({ path: item.path, oldText: typeof item.oldText === 'string' ? item.oldText : null, newText: item.newText })
      continue
    }
    const patched = Array.isArray(item.changes) ? gitPatchDiffs(item.changes.filter(isChange), patchText(item)) : undefined
    if (patched === undefined) return undefined
    diffs.push(...patched)
  }
  return diffs
}

const isChange = (change: unknown): change is { path: string; operation?: string } => isRecord(change) && typeof change.path === 'string'

const patchText = (item: Record<string, unknown>) =>
  isRecord(item.patch) && typeof item.patch.text === 'string' ? item.patch.text : undefined

// Content items as blocks; a diff among other content is shown as a fenced `diff` block, a terminal reference is dropped.
function blocksOf(items: readonly unknown[]): ContentBlock[] {
  const blocks: ContentBlock[] = []
  for (const item of items) {
    if (!isRecord(item)) continue
    if (item.type === 'content') blocks.push(normalizeContentBlock(item.content).block)
    else if (item.type === 'diff') blocks.push({ type: 'text', text: fencedDiff(item) })
  }
  return blocks
}

function fencedDiff(item: Record<string, unknown>): string {
  let body = patchText(item) ?? ''
  if (body === '' && typeof item.path === 'string') {
    body = `--- ${typeof item.oldText === 'string' ? item.path : '/dev/null'}\n+++ ${item.path}`
    if (typeof item.oldText === 'string') for (const line of item.oldText.split('\n')) body += `\n-${line}`
    if (typeof item.newText === 'string') for (const line of item.newText.split('\n')) body += `\n+${line}`
  }
  if (body === '' && Array.isArray(item.changes))
    body = item.changes
      .filter(isChange)
      .map((change) => `${change.operation ?? 'modify'} ${change.path}`)
      .join('\n')
  const fence = backtickFence(body)
  return `${fence}diff\n${body.endsWith('\n') ? body.slice(0, -1) : body}\n${fence}`
}

function locationsOf(value: unknown): FileLocation[] | undefined {
  if (!Array.isArray(value)) return undefined
  const locations: FileLocation[] = []
  for (const location of value) {
    if (!isRecord(location) || typeof location.path !== 'string') continue
    locations.push(typeof location.line === 'number' ? { path: location.path, line: location.line } : { path: location.path })
  }
  return locations
}

// Equal as JSON: fields read from JSON have no cycles, getters or functions.
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  try {
    return JSON.stringify(a) === JSON.stringify(b)
  } catch {
    return false
  }
}
