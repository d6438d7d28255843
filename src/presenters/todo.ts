// The todo tool: the session's plan, as a plan card.
import { defineTool } from '../define-tool.js'
import { markdownInline } from '../safety/markdown-text.js'
import type { PlanEntry } from '../views.js'
import { contentResult, isErrorResult } from './result-content.js'

/** One item of the todo list. `activeForm` is the present-tense label shown while it is in progress. */
export interface TodoItem {
  /** The item's text; line breaks show as spaces. */
  readonly content: string
  /** `completed` is checked, `in_progress` is bold and unchecked, `pending` is unchecked. */
  readonly status: 'pending' | 'in_progress' | 'completed'
  /**
   * Present-tense label (e.g. `Fixing the bug`) shown instead of `content`
   * while in progress, in the checklist and the plan entry alike, as
   * claude-agent-acp shows it; `null` or empty is none.
   */
  readonly activeForm?: string | null
  /** How much the item matters; absent or `null` is `medium`. */
  readonly priority?: 'high' | 'medium' | 'low' | null
}

/** The `todo_write` tool's arguments: the whole list, replacing the previous one. */
export interface TodoArgs {
  /** The whole list, in display order; it replaces the previous one. */
  readonly todos: readonly TodoItem[]
}

const STATUSES: ReadonlySet<string> = new Set(['pending', 'in_progress', 'completed'])
const PRIORITIES: ReadonlySet<string> = new Set(['high', 'medium', 'low'])

const isTodoItem = (item: unknown): boolean => {
  if (typeof item !== 'object' || item === null) return false
  const { content, status, activeForm, priority } = item as Record<string, unknown>
  return (
    typeof content === 'string' &&
    STATUSES.has(status as string) &&
    (activeForm === undefined || activeForm === null || typeof activeForm === 'string') &&
    (priority === undefined || priority === null || PRIORITIES.has(priority as string))
  )
}

/**
 * The guard for {@link TodoArgs}: plain code on the plan's hot path (a
 * ts-pattern array guard took three quarters of a plan's time), held by a
 * property test to the pattern it replaces.
 */
export function isTodoArgs(value: unknown): value is TodoArgs {
  if (typeof value !== 'object' || value === null) return false
  const { todos } = value as { todos?: unknown }
  if (!Array.isArray(todos)) return false
  for (const item of todos) if (!isTodoItem(item)) return false
  return true
}

// White space, U+0085 included (String#trim keeps it).
const SPACE = /[\s\u0085]/

// The text without white space at either end: a loop, where a `\s+$` regex
// would take quadratic time on a long run of spaces inside the text.
function trimmed(text: string): string {
  let start = 0
  let end = text.length
  while (start < end && SPACE.test(text[start])) start++
  while (end > start && SPACE.test(text[end - 1])) end--
  return text.slice(start, end)
}

// A todo is one list item: outer spaces go so the bold markers stay attached
// to the text, then markdownInline turns line breaks into spaces (so it cannot
// end the item) and escapes what could make a link, an image, HTML, code or
// `*` emphasis. Trimmed first: a trailing `\` must be seen as last to be escaped.
function itemText(text: string): string {
  return markdownInline(trimmed(text))
}

/**
 * The Markdown checklist of a todo list, one item a line: `- [x]` done,
 * `- [ ]` pending, and the item in progress in bold with `(in progress)`,
 * labelled with its `activeForm` when it has one. Each item's text is
 * trimmed and escaped with `markdownInline`: it stays on its line and
 * cannot make a link, an image or HTML.
 *
 * @example
 * todoChecklist([
 *   { content: 'Write tests', status: 'completed' },
 *   { content: 'Fix the bug', status: 'in_progress', activeForm: 'Fixing the bug' },
 *   { content: 'Release', status: 'pending' },
 * ])
 * // '- [x] Write tests\n- [ ] **Fixing the bug** (in progress)\n- [ ] Release'
 */
export function todoChecklist(todos: readonly TodoItem[]): string {
  let checklist = ''
  for (const todo of todos) {
    const line =
      todo.status === 'completed'
        ? `- [x] ${itemText(todo.content)}`
        : todo.status === 'in_progress'
          ? `- [ ] **${itemText(todo.activeForm || todo.content)}** (in progress)`
          : `- [ ] ${itemText(todo.content)}`
    checklist += checklist ? `\n${line}` : line
  }
  return checklist
}

/**
 * The plan entries of a todo list, one per item in order, as claude-agent-acp
 * maps Claude Code's `TodoWrite` to an ACP plan: `content` is the item's
 * `content`, or its `activeForm` while it is in progress and has one;
 * `status` as given, `priority` as given or `medium`. The text is plain,
 * not Markdown: a consumer makes it safe for what it renders (the ACP
 * bridge escapes it for Markdown, the text renderer makes control
 * characters visible).
 *
 * @example
 * todoPlanEntries([{ content: 'Fix the bug', status: 'in_progress', activeForm: 'Fixing the bug' }])
 * // [{ content: 'Fixing the bug', status: 'in_progress', priority: 'medium' }]
 */
export function todoPlanEntries(todos: readonly TodoItem[]): PlanEntry[] {
  return todos.map((todo) => ({
    content: todo.status === 'in_progress' && todo.activeForm ? todo.activeForm : todo.content,
    status: todo.status,
    priority: todo.priority ?? 'medium',
  }))
}

/**
 * `todo_write`: the session's plan. The call is a plan card titled
 * `Update todo list` with one entry per todo (its `content`, its `status`,
 * its `priority` or `medium`; its `activeForm` while in progress); editors show
 * it in their plan view, replacing the previous plan. The result is a
 * generic result with no content of its own (the plan is the call's); an
 * error result shows the error.
 */
export const todoTool = defineTool<TodoArgs>({
  name: 'todo_write',
  args: isTodoArgs,
  presentCall: (args) => ({ card: 'plan', title: 'Update todo list', entries: todoPlanEntries(args.todos) }),
  presentResult: (_args, result) => (isErrorResult(result) ? contentResult(result) : { card: 'generic' }),
})
