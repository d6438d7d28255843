// The fixed corpus of comparison 1 and 2: 10,000 tool calls with their
// results, in the shapes each side takes. Everything a harness computes when
// a tool runs (our applied-change meta, Claude Code's structuredPatch) is
// computed here, outside the timed region.
import { structuredPatch } from 'diff'
import type { ToolResult } from 'tool-render-intent'
import { computeEditMeta, computeWriteMeta } from 'tool-render-intent/presenters'
import { integerBetween, logSize, pick, type Random, seededRandom } from './prng.js'

/** The session's working directory every call runs in. */
export const CWD = '/home/user/project'

/** What our presenter takes for one call. */
export interface OurCall {
  readonly toolName: string
  readonly args: unknown
  readonly result: ToolResult
}

/** What claude-agent-acp takes for the same call: Claude Code's blocks. */
export interface TheirCall {
  readonly toolUse: { readonly type: 'tool_use'; readonly name: string; readonly id: string; readonly input: unknown }
  readonly toolResult: {
    readonly type: 'tool_result'
    readonly tool_use_id: string
    readonly content: readonly { type: 'text'; text: string }[]
    readonly is_error: boolean
  }
  /** The PostToolUse hook's response for Edit and Write. */
  readonly toolResponse?: { readonly filePath: string; readonly structuredPatch: readonly unknown[] }
}

/** One call of the corpus, in both shapes; the arguments are the same object. */
export interface CorpusEntry {
  readonly id: string
  readonly kind: 'read' | 'write' | 'edit' | 'bash' | 'todo'
  readonly ours: OurCall
  readonly theirs: TheirCall
}

export const words = ['alpha', 'beta', 'gamma', 'delta', 'value', 'result', 'session', 'update', 'render', 'presenter', 'card', 'tool']

// About `size` characters of code-like lines: identifiers, strings, the odd
// template literal and, rarely, a Markdown fence inside a doc comment.
export function sourceText(random: Random, size: number): string {
  const lines: string[] = []
  let length = 0
  while (length < size) {
    const indent = '  '.repeat(integerBetween(random, 0, 3))
    const roll = random()
    const line =
      roll < 0.004
        ? ' * ```ts'
        : roll < 0.05
          ? `${indent}const label = \`${pick(random, words)} \${${pick(random, words)}${integerBetween(random, 0, 99)}}\``
          : roll < 0.15
            ? ''
            : `${indent}const ${pick(random, words)}${integerBetween(random, 0, 999)} = ${pick(random, words)}(${pick(random, words)}, '${pick(random, words)}') // ${pick(random, words)}`
    lines.push(line)
    length += line.length + 1
  }
  return `${lines.join('\n')}\n`
}

// About `size` characters of command output: test runs, logs, colours, and
// now and then Markdown with fences a console block must not be closed by.
export function outputText(random: Random, size: number): string {
  const lines: string[] = []
  let length = 0
  while (length < size) {
    const roll = random()
    const line =
      roll < 0.003
        ? '```'
        : roll < 0.1
          ? ` \u001b[32m✓\u001b[39m test/${pick(random, words)}.test.ts (${integerBetween(random, 1, 40)} tests) ${integerBetween(random, 1, 900)}ms`
          : `[${integerBetween(random, 10, 23)}:${integerBetween(random, 10, 59)}:${integerBetween(random, 10, 59)}] ${pick(random, words)} ${pick(random, words)} ${integerBetween(random, 0, 99999)} ok`
    lines.push(line)
    length += line.length + 1
  }
  return `${lines.join('\n')}\n`
}

// A run of whole lines of `pool`, about `size` long (a V8 sliced string:
// the corpus shares one buffer instead of holding a gigabyte of copies).
export function linesOf(random: Random, pool: string, size: number): string {
  const from = pool.indexOf('\n', integerBetween(random, 0, Math.max(0, pool.length - size - 1))) + 1
  const newline = pool.indexOf('\n', Math.min(pool.length - 1, from + size))
  return pool.slice(from, newline === -1 ? pool.length : newline + 1)
}

const extensions = ['ts', 'ts', 'ts', 'tsx', 'md', 'json', 'py']

export const filePath = (random: Random) =>
  `${CWD}/src/${pick(random, words)}/${pick(random, words)}${integerBetween(random, 0, 99)}.${pick(random, extensions)}`

export const text = (value: string) => [{ type: 'text' as const, text: value }]

// Claude Code's structuredPatch for a change, as its PostToolUse hook sends it.
const patchOf = (path: string, before: string, after: string) => structuredPatch(path, path, before, after, '', '', { context: 3 }).hunks

function readCall(random: Random, id: string, source: string): CorpusEntry {
  const file_path = filePath(random)
  const ranged = random() < 0.2
  const args = ranged ? { file_path, offset: integerBetween(random, 1, 400), limit: integerBetween(random, 20, 400) } : { file_path }
  const content = text(linesOf(random, source, logSize(random, 2 * 1024, 200 * 1024)))
  return {
    id,
    kind: 'read',
    ours: { toolName: 'read', args, result: { content } },
    theirs: {
      toolUse: { type: 'tool_use', name: 'Read', id, input: args },
      toolResult: { type: 'tool_result', tool_use_id: id, content, is_error: false },
    },
  }
}

function editCall(random: Random, id: string, source: string): CorpusEntry {
  const file_path = filePath(random)
  const before = linesOf(random, source, logSize(random, 2 * 1024, 200 * 1024))
  const replaceAll = random() < 0.1
  let args: { file_path: string; old_string: string; new_string: string; replace_all?: boolean }
  let after: string
  if (replaceAll) {
    const word = pick(random, words)
    args = { file_path, old_string: word, new_string: `${word}Renamed`, replace_all: true }
    after = before.split(word).join(args.new_string)
  } else {
    // One whole non-blank line, edited in place (its first occurrence is the one changed).
    let lineStart = before.indexOf('\n', integerBetween(random, 0, before.length >> 1)) + 1
    while (before[lineStart] === '\n') lineStart++
    const old_string = before.slice(lineStart, before.indexOf('\n', lineStart))
    args = { file_path, old_string, new_string: `${old_string} // edited\n${old_string.replace('const', 'let')}` }
    const at = before.indexOf(old_string)
    after = before.slice(0, at) + args.new_string + before.slice(at + old_string.length)
  }
  const message = text(`The file ${file_path} has been updated successfully.`)
  return {
    id,
    kind: 'edit',
    ours: { toolName: 'edit', args, result: { content: message, meta: computeEditMeta(before, args) } },
    theirs: {
      toolUse: { type: 'tool_use', name: 'Edit', id, input: args },
      toolResult: { type: 'tool_result', tool_use_id: id, content: message, is_error: false },
      toolResponse: { filePath: file_path, structuredPatch: patchOf(file_path, before, after) },
    },
  }
}

function writeCall(random: Random, id: string, source: string): CorpusEntry {
  const file_path = filePath(random)
  const content = linesOf(random, source, logSize(random, 1024, 50 * 1024))
  // Half create a file; half overwrite one with a few lines changed.
  const before = random() < 0.5 ? null : content.replace('const', 'let').replace('value', 'amount')
  const args = { file_path, content }
  const message = text(before === null ? `File created successfully at: ${file_path}` : `The file ${file_path} has been updated.`)
  return {
    id,
    kind: 'write',
    ours: { toolName: 'write', args, result: { content: message, meta: computeWriteMeta(before, content) } },
    theirs: {
      toolUse: { type: 'tool_use', name: 'Write', id, input: args },
      toolResult: { type: 'tool_result', tool_use_id: id, content: message, is_error: false },
      toolResponse: { filePath: file_path, structuredPatch: before === null ? [] : patchOf(file_path, before, content) },
    },
  }
}

// Most commands print little; a few print a lot.
function outputSize(random: Random): number {
  const roll = random()
  if (roll < 0.2) return 0
  if (roll < 0.7) return logSize(random, 50, 4 * 1024)
  if (roll < 0.9) return logSize(random, 4 * 1024, 64 * 1024)
  if (roll < 0.98) return logSize(random, 64 * 1024, 256 * 1024)
  return logSize(random, 256 * 1024, 1024 * 1024)
}

function bashCall(random: Random, id: string, log: string): CorpusEntry {
  const command = `npm run ${pick(random, words)} -- --filter ${pick(random, words)}${integerBetween(random, 0, 99)}`
  const args =
    random() < 0.05
      ? { command, description: `Start the ${pick(random, words)} server`, run_in_background: true }
      : random() < 0.7
        ? { command, description: `Run the ${pick(random, words)} checks` }
        : { command }
  const size = outputSize(random)
  const failed = random() < 0.15
  const content = text(size === 0 ? '' : linesOf(random, log, size))
  return {
    id,
    kind: 'bash',
    ours: { toolName: 'bash', args, result: { content, isError: failed, meta: { exitCode: failed ? 1 : 0 } } },
    theirs: {
      toolUse: { type: 'tool_use', name: 'Bash', id, input: args },
      toolResult: { type: 'tool_result', tool_use_id: id, content, is_error: failed },
    },
  }
}

const statuses = ['completed', 'completed', 'in_progress', 'pending', 'pending'] as const

function todoCall(random: Random, id: string): CorpusEntry {
  const todos = Array.from({ length: integerBetween(random, 3, 10) }, (_, index) => ({
    content: `${pick(random, ['Write', 'Fix', 'Test', 'Document'])} the ${pick(random, words)} ${index}`,
    status: pick(random, statuses),
    activeForm: `Working on the ${pick(random, words)} ${index}`,
  }))
  const args = { todos }
  const message = text('Todos have been modified successfully.')
  return {
    id,
    kind: 'todo',
    ours: { toolName: 'todo_write', args, result: { content: message } },
    theirs: {
      toolUse: { type: 'tool_use', name: 'TodoWrite', id, input: args },
      toolResult: { type: 'tool_result', tool_use_id: id, content: message, is_error: false },
    },
  }
}

/**
 * The corpus: `count` calls, 35% reads (2-200 KB files), 20% edits (one line,
 * or a word with `replace_all`, in 2-200 KB files), 10% writes (1-50 KB, half
 * of them overwrites), 30% bash (output from empty to 1 MB, 15% failing, 5%
 * in the background) and 5% todo lists. The same seed gives the same corpus.
 */
export function buildCorpus(seed = 20260702, count = 10_000): CorpusEntry[] {
  const random = seededRandom(seed)
  const source = sourceText(random, 1.5 * 1024 * 1024)
  const log = outputText(random, 1.5 * 1024 * 1024)
  const corpus: CorpusEntry[] = []
  for (let index = 0; index < count; index++) {
    const id = `toolu_${String(index).padStart(5, '0')}`
    const roll = random()
    corpus.push(
      roll < 0.35
        ? readCall(random, id, source)
        : roll < 0.55
          ? editCall(random, id, source)
          : roll < 0.65
            ? writeCall(random, id, source)
            : roll < 0.95
              ? bashCall(random, id, log)
              : todoCall(random, id),
    )
  }
  return corpus
}
