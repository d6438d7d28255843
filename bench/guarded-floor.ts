// The guarded floor: the hand-written floor's notifications (see
// hand-written-floor.ts), plus the safe work a hand-written bridge must do
// on hostile input, written by hand and minimal. "ours / guarded floor" is
// safe work against safe work; "ours / floor" is safe work against none.
//
// What it does, for every call (bash and the todo plan in full; read, write
// and edit as far as their call and read's output):
// - a plain argument guard: typeof checks of the fields it reads;
// - a JSON-safety walk of the arguments (`isJsonSafe`: plain values,
//   depth and size limits, well-formed strings) and of the result (`isJsonShape` where the only
//   string sent on is the output, made well formed below; `isJsonSafe`,
//   strings scanned, for write and edit, whose hunks are sent as they are);
// - titles: a command's marked and bounded (`shownTitle`, kind `execute`:
//   Zed shows commands as plain text, so not Markdown-escaped, as ours); a
//   file's path normalised (`normalizePath`), Markdown-escaped
//   (`markdownInline`), then marked and bounded (`shownTitle`);
// - a command's description Markdown-escaped (`markdownInline`), each plan
//   entry Markdown-escaped, marked and bounded (`boundedMarkdownInline`, 4 Ki);
// - what hides in the texts sent as written: a diff's old and new texts
//   (write, edit) and a generic card's raw input (read) are scanned for
//   characters that hide (`hidingInDiffs`, `hidingInRawInput`), and where
//   any stand, the warning block goes first, as ours sends it;
// - output: bounded at maxOutputLength (`boundedText`) and sanitised for a
//   display terminal (`sanitizeTerminalOutput`), or, shown as text, marked
//   where it would hide something and bounded (`boundedVisibleText`);
// - a call whose arguments or result fail a check gets a plain failed card.
// The check functions are the library's own (src/safety, bundled into the
// bench): the same work a hand-written bridge would write.
//
// What it leaves out: the final check of each built update (it builds them
// only from checked or sanitised parts), and, for write and edit results,
// anything past the floor's (their hunks are checked by `isJsonSafe` above).
import { DEFAULT_MAX_OUTPUT_LENGTH } from '../src/lifecycle/limits.js'
import { boundedConsoleText, boundedText, boundedVisibleText } from '../src/safety/bounded-text.js'
import { hidingInDiffs, hidingInRawInput, hidingWarning } from '../src/safety/hiding-warning.js'
import { isJsonSafe, isJsonShape } from '../src/safety/json-safe.js'
import { boundedMarkdownInline, markdownInline } from '../src/safety/markdown-text.js'
import { normalizePath, resolvePath } from '../src/safety/paths.js'
import { sanitizeTerminalOutput } from '../src/safety/terminal-output.js'
import { shownTitle } from '../src/safety/title-text.js'
import type { CorpusEntry } from './corpus.js'
import { fence, fenceLanguages, result as floorResult, relative, textContent } from './hand-written-floor.js'

type Update = Record<string, unknown>
type Text = { type: 'text'; text: string }

/** What ours holds each plan entry to (src/lifecycle/plan-card.ts's PLAN_ENTRY_LENGTH). */
const PLAN_ENTRY_LENGTH = 4096

const isString = (value: unknown): value is string => typeof value === 'string'
const isOptionalString = (value: unknown) => value === undefined || value === null || typeof value === 'string'
const isOptionalNumber = (value: unknown) => value === undefined || value === null || (typeof value === 'number' && Number.isFinite(value))
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

// The typeof checks of the fields each tool reads.
function argumentsFit(kind: CorpusEntry['kind'], args: unknown): boolean {
  if (!isObject(args)) return false
  switch (kind) {
    case 'read':
      return isString(args.file_path) && isOptionalNumber(args.offset) && isOptionalNumber(args.limit)
    case 'write':
      return isString(args.file_path) && isString(args.content)
    case 'edit':
      return (
        isString(args.file_path) &&
        isString(args.old_string) &&
        isString(args.new_string) &&
        (args.replace_all === undefined || typeof args.replace_all === 'boolean')
      )
    case 'bash':
      return (
        isString(args.command) &&
        isOptionalString(args.description) &&
        (args.run_in_background === undefined || typeof args.run_in_background === 'boolean')
      )
    case 'todo': {
      if (!Array.isArray(args.todos)) return false
      for (const todo of args.todos)
        if (!isObject(todo) || !isString(todo.content) || !isString(todo.status) || !isOptionalString(todo.activeForm)) return false
      return true
    }
  }
}

// The result's shape: text content first, and for a command a numeric exit code.
function resultFits(kind: CorpusEntry['kind'], value: unknown): boolean {
  if (!isObject(value) || !Array.isArray(value.content)) return false
  if (kind === 'todo') return true
  const first = value.content[0]
  if (!isObject(first) || !isString(first.text)) return false
  if (kind === 'bash') return isObject(value.meta) && typeof value.meta.exitCode === 'number'
  if (kind === 'write' || kind === 'edit') return isObject(value.meta) && Array.isArray(value.meta.hunks)
  return true
}

const refused = (id: string): Update => ({
  sessionUpdate: 'tool_call',
  toolCallId: id,
  title: 'Invalid call',
  kind: 'other',
  status: 'failed',
})

// The warning block that goes first when a text sent as written holds characters that hide; none when it holds none.
const warningOf = (warning: string | undefined): Update[] => (warning === undefined ? [] : [textContent(markdownInline(warning))])

function call(entry: CorpusEntry, terminalOutput: boolean, cwd: string): Update {
  const id = entry.id
  const args = entry.ours.args as Record<string, any>
  switch (entry.kind) {
    case 'read': {
      const path = normalizePath(args.file_path)
      const range =
        args.limit > 0
          ? ` (${args.offset ?? 1} - ${(args.offset ?? 1) + args.limit - 1})`
          : args.offset
            ? ` (from line ${args.offset})`
            : ''
      const warning = warningOf(hidingWarning(hidingInRawInput(args), 'input'))
      const update: Update = {
        sessionUpdate: 'tool_call',
        toolCallId: id,
        title: shownTitle(`Read ${markdownInline(relative(path, cwd))}${range}`, 'read'),
        kind: 'read',
        status: 'pending',
        name: 'read',
      }
      if (warning.length > 0) update.content = warning
      update.locations = [{ path, line: args.offset ?? 1 }]
      update.rawInput = args
      return update
    }
    case 'edit':
    case 'write': {
      const write = entry.kind === 'write'
      const path = normalizePath(args.file_path)
      const diff = write
        ? { type: 'diff', path, oldText: null, newText: args.content }
        : { type: 'diff', path, oldText: args.old_string || null, newText: args.new_string }
      return {
        sessionUpdate: 'tool_call',
        toolCallId: id,
        title: shownTitle(
          `${write ? 'Write' : 'Edit'} ${markdownInline(relative(path, cwd))}${args.replace_all === true ? ' (every occurrence)' : ''}`,
          'edit',
        ),
        kind: 'edit',
        status: 'pending',
        name: entry.kind,
        content: [
          ...warningOf(
            hidingWarning(
              hidingInDiffs([diff], (file) => resolvePath(file, cwd)),
              'change',
            ),
          ),
          diff,
        ],
        locations: [{ path }],
        rawInput: args,
      }
    }
    case 'bash': {
      const title = shownTitle(args.command, 'execute')
      if (terminalOutput && !args.run_in_background) {
        return {
          sessionUpdate: 'tool_call',
          toolCallId: id,
          title,
          kind: 'execute',
          status: 'pending',
          name: 'bash',
          content: [{ type: 'terminal', terminalId: id }],
          rawInput: args,
          _meta: { terminal_info: { terminal_id: id, cwd } },
        }
      }
      return args.description
        ? {
            sessionUpdate: 'tool_call',
            toolCallId: id,
            title,
            kind: 'execute',
            status: 'pending',
            name: 'bash',
            content: [textContent(markdownInline(args.description))],
            rawInput: args,
          }
        : { sessionUpdate: 'tool_call', toolCallId: id, title, kind: 'execute', status: 'pending', name: 'bash', rawInput: args }
    }
    case 'todo': {
      const entries = []
      for (const todo of args.todos)
        entries.push({
          content: boundedMarkdownInline(
            todo.status === 'in_progress' && todo.activeForm ? todo.activeForm : todo.content,
            PLAN_ENTRY_LENGTH,
          ),
          priority: 'medium',
          status: todo.status,
        })
      return { sessionUpdate: 'plan', entries }
    }
  }
}

function result(entry: CorpusEntry, terminalOutput: boolean, cwd: string, out: Update[]): void {
  const id = entry.id
  const args = entry.ours.args as Record<string, any>
  const { content, isError, meta } = entry.ours.result as { content: Text[]; isError?: boolean; meta?: any }
  const status = isError ? 'failed' : 'completed'
  switch (entry.kind) {
    case 'write':
    case 'edit':
    case 'todo':
      // Hunks checked whole by isJsonSafe; a todo result adds nothing.
      floorResult(entry, terminalOutput, cwd, out)
      return
    case 'read': {
      const whole = boundedVisibleText(content[0].text, DEFAULT_MAX_OUTPUT_LENGTH)
      const text = whole.endsWith('\n') ? whole.slice(0, -1) : whole
      const marks = fence(text)
      const path = normalizePath(args.file_path)
      const extension = path.slice(path.lastIndexOf('.') + 1)
      out.push({
        sessionUpdate: 'tool_call_update',
        toolCallId: id,
        status,
        content: [textContent(`${marks}${fenceLanguages[extension]}\n${text}\n${marks}`)],
      })
      return
    }
    case 'bash': {
      const output = content[0].text
      const failed = isError || meta.exitCode !== 0 ? 'failed' : 'completed'
      if (args.run_in_background) {
        const trimmed = boundedConsoleText(output, DEFAULT_MAX_OUTPUT_LENGTH).trimEnd()
        if (trimmed === '') out.push({ sessionUpdate: 'tool_call_update', toolCallId: id, status, content: [] })
        else {
          const marks = fence(trimmed)
          out.push({
            sessionUpdate: 'tool_call_update',
            toolCallId: id,
            status,
            content: [textContent(`${marks}console\n${trimmed}\n${marks}`)],
          })
        }
      } else if (terminalOutput) {
        out.push(
          {
            sessionUpdate: 'tool_call_update',
            toolCallId: id,
            _meta: { terminal_output: { terminal_id: id, data: sanitizeTerminalOutput(boundedText(output, DEFAULT_MAX_OUTPUT_LENGTH)) } },
          },
          {
            sessionUpdate: 'tool_call_update',
            toolCallId: id,
            status: failed,
            _meta: { terminal_exit: { terminal_id: id, exit_code: meta.exitCode, signal: null } },
          },
        )
      } else {
        const trimmed = boundedConsoleText(output, DEFAULT_MAX_OUTPUT_LENGTH).trimEnd()
        const ending = meta.exitCode !== 0 ? `Exited with code ${meta.exitCode}` : ''
        let block = ''
        if (trimmed !== '') {
          const marks = fence(trimmed)
          block = `${marks}console\n${trimmed}\n${marks}`
        }
        const last = block && ending ? `${block}\n${ending}` : block || ending
        const text = []
        if (last) {
          if (args.description) text.push(textContent(markdownInline(args.description)))
          text.push(textContent(last))
        }
        out.push(
          text.length > 0
            ? { sessionUpdate: 'tool_call_update', toolCallId: id, status: failed, content: text }
            : { sessionUpdate: 'tool_call_update', toolCallId: id, status: failed },
        )
      }
      return
    }
  }
}

/** One guarded pass over the corpus by hand; returns how many notifications it built. */
export function guardedFloorPass(corpus: readonly CorpusEntry[], terminalOutput: boolean, cwd: string, sink?: Update[]): number {
  let count = 0
  const out: Update[] = []
  for (const entry of corpus) {
    out.length = 0
    const { args, result: value } = entry.ours
    const kind = entry.kind
    // Write and edit send their hunks' strings as they are: scanned; elsewhere the output is made well formed.
    const resultSafe = kind === 'write' || kind === 'edit' ? isJsonSafe(value) : isJsonShape(value)
    if (!argumentsFit(kind, args) || !isJsonSafe(args) || !resultSafe || !resultFits(kind, value)) out.push(refused(entry.id))
    else {
      out.push(call(entry, terminalOutput, cwd))
      result(entry, terminalOutput, cwd, out)
    }
    count += out.length
    if (sink) sink.push(...out)
  }
  return count
}
