// The corpora of the small-output mix, the 100 KiB regime and the size
// sweep: the file tools and bash, in the shapes both sides take (the same
// argument objects), every harness-side computation (our applied-change
// meta, Claude Code's structuredPatch) done here, untimed.
import { structuredPatch } from 'diff'
import { computeEditMeta, computeWriteMeta } from 'tool-render-intent/presenters'
import { type CorpusEntry, filePath, linesOf, outputText, sourceText, text, words } from './corpus.js'
import { integerBetween, logSize, pick, type Random, seededRandom } from './prng.js'

const KiB = 1024

/** A call of these corpora: a corpus entry, and what the safety section needs to know of it. */
export interface MixEntry extends CorpusEntry {
  readonly kind: 'read' | 'write' | 'edit' | 'bash'
  /** A bash call with `run_in_background`: a generic card, its output neither sanitised nor bounded by itself. */
  readonly background: boolean
  /** The text the tool returned: the file read, the command's output; `undefined` for write and edit. */
  readonly output: string | undefined
}

// Whole lines of `pool`, about `size` long and never longer than `max`.
export function linesUpTo(random: Random, pool: string, size: number, max: number): string {
  const lines = linesOf(random, pool, size)
  return lines.length <= max ? lines : lines.slice(0, lines.lastIndexOf('\n', max - 1) + 1)
}

// Claude Code's structuredPatch for a change, as its PostToolUse hook sends it.
const patchOf = (path: string, before: string, after: string) => structuredPatch(path, path, before, after, '', '', { context: 3 }).hunks

/** A read call: no range unless `args` has one, `output` as its text result. */
export function readEntry(id: string, args: { file_path: string; offset?: number; limit?: number }, output: string): MixEntry {
  const content = text(output)
  return {
    id,
    kind: 'read',
    background: false,
    output,
    ours: { toolName: 'read', args, result: { content } },
    theirs: {
      toolUse: { type: 'tool_use', name: 'Read', id, input: args },
      toolResult: { type: 'tool_result', tool_use_id: id, content, is_error: false },
    },
  }
}

function editEntry(id: string, before: string, args: { file_path: string; old_string: string; new_string: string }): MixEntry {
  const at = before.indexOf(args.old_string)
  const after = before.slice(0, at) + args.new_string + before.slice(at + args.old_string.length)
  const message = text(`The file ${args.file_path} has been updated successfully.`)
  return {
    id,
    kind: 'edit',
    background: false,
    output: undefined,
    ours: { toolName: 'edit', args, result: { content: message, meta: computeEditMeta(before, args) } },
    theirs: {
      toolUse: { type: 'tool_use', name: 'Edit', id, input: args },
      toolResult: { type: 'tool_result', tool_use_id: id, content: message, is_error: false },
      toolResponse: { filePath: args.file_path, structuredPatch: patchOf(args.file_path, before, after) },
    },
  }
}

function writeEntry(id: string, before: string | null, args: { file_path: string; content: string }): MixEntry {
  const message = text(before === null ? `File created successfully at: ${args.file_path}` : `The file ${args.file_path} has been updated.`)
  return {
    id,
    kind: 'write',
    background: false,
    output: undefined,
    ours: { toolName: 'write', args, result: { content: message, meta: computeWriteMeta(before, args.content) } },
    theirs: {
      toolUse: { type: 'tool_use', name: 'Write', id, input: args },
      toolResult: { type: 'tool_result', tool_use_id: id, content: message, is_error: false },
      toolResponse: { filePath: args.file_path, structuredPatch: before === null ? [] : patchOf(args.file_path, before, args.content) },
    },
  }
}

function bashEntry(
  id: string,
  args: { command: string; description?: string; run_in_background?: boolean },
  output: string,
  failed: boolean,
): MixEntry {
  const content = text(output)
  return {
    id,
    kind: 'bash',
    background: args.run_in_background === true,
    output,
    ours: { toolName: 'bash', args, result: { content, isError: failed, meta: { exitCode: failed ? 1 : 0 } } },
    theirs: {
      toolUse: { type: 'tool_use', name: 'Bash', id, input: args },
      toolResult: { type: 'tool_result', tool_use_id: id, content, is_error: failed },
    },
  }
}

/**
 * How long the texts are: small (arguments and outputs up to 1 KiB, 20% of
 * commands silent), medium (the same, up to 10 KiB) or stress (outputs of
 * read and bash all 100 KiB, arguments up to 1 KiB).
 */
export type Outputs = 'small' | 'medium' | 'stress'

/**
 * `count` calls in the main corpus's mix without the todo lists (of 95: 35
 * reads, 20 edits, 10 writes, 30 bash, 5% of them in the background, 15%
 * failing, 70% with a description). The arguments, and the files of writes
 * and edits, come from one seeded stream and are the same for both regimes
 * (up to 1 KiB each); the outputs of read and bash from another: up to
 * 1 KiB, or 100 KiB each.
 */
export function buildMixCorpus(outputs: Outputs, count = 10_000, seed = 20261202): MixEntry[] {
  const pools = seededRandom(seed)
  const source = sourceText(pools, 512 * KiB)
  const log = outputText(pools, 512 * KiB)
  const random = seededRandom(seed + 1)
  const sizes = seededRandom(seed + 2)
  // The longest text: 1 KiB, or 10 KiB for the medium corpus.
  const max = outputs === 'medium' ? 10 * KiB : KiB
  const outputOf = (pool: string, smallMin: number): string =>
    outputs === 'stress'
      ? linesUpTo(sizes, pool, 100 * KiB - 256, 100 * KiB)
      : linesUpTo(sizes, pool, logSize(sizes, smallMin, max - 64), max)
  const calls: MixEntry[] = []
  for (let index = 0; index < count; index++) {
    const id = `toolu_${String(index).padStart(5, '0')}`
    const roll = random() * 0.95
    if (roll < 0.35) {
      const file_path = filePath(random)
      const args =
        random() < 0.2 ? { file_path, offset: integerBetween(random, 1, 400), limit: integerBetween(random, 20, 400) } : { file_path }
      calls.push(readEntry(id, args, outputOf(source, 64)))
    } else if (roll < 0.55) {
      const file_path = filePath(random)
      const before = linesUpTo(random, source, logSize(random, 256, max - 128), max)
      let lineStart = before.indexOf('\n', integerBetween(random, 0, before.length >> 1)) + 1
      while (before[lineStart] === '\n') lineStart++
      const old_string = before.slice(lineStart, before.indexOf('\n', lineStart))
      calls.push(editEntry(id, before, { file_path, old_string, new_string: `${old_string} // edited` }))
    } else if (roll < 0.65) {
      const file_path = filePath(random)
      const content = linesUpTo(random, source, logSize(random, 64, max - 64), max)
      const before = random() < 0.5 ? null : content.replace('const', 'let')
      calls.push(writeEntry(id, before, { file_path, content }))
    } else {
      const command = `npm run ${pick(random, words)} -- --filter ${pick(random, words)}${integerBetween(random, 0, 99)}`
      const background = random() < 0.05
      const args = background
        ? { command, description: `Start the ${pick(random, words)} server`, run_in_background: true }
        : random() < 0.7
          ? { command, description: `Run the ${pick(random, words)} checks` }
          : { command }
      const failed = random() < 0.15
      const output = outputs !== 'stress' && sizes() < 0.2 ? '' : outputOf(log, 50)
      calls.push(bashEntry(id, args, output, failed))
    }
  }
  return calls
}

/** The tools of the size sweep. */
export const SWEEP_TOOLS = ['read', 'write', 'edit', 'bash'] as const
export type SweepTool = (typeof SWEEP_TOOLS)[number]

let sweepPools: { source: string; log: string } | undefined
const pools = () => {
  if (!sweepPools) {
    const random = seededRandom(20261203)
    sweepPools = { source: sourceText(random, 3 * KiB * KiB), log: outputText(random, 3 * KiB * KiB) }
  }
  return sweepPools
}

// Whole lines of `pool`, as close to `size` characters as whole lines come
// without passing it ('' for 0): no line, and so no escape sequence, is cut.
function about(random: Random, pool: string, size: number): string {
  return size === 0 ? '' : linesUpTo(random, pool, size, size)
}

/**
 * `count` calls of one tool whose text is `size` characters: the file read
 * (no range), the file written (created), the text an edit puts in place of
 * one line of a small file (0 B: the line deleted), a foreground command's
 * output (with a description, exit 0). Paths, commands and descriptions as
 * in the mix; the texts are slices of 3 MiB pools of the mix's kinds of text.
 */
export function buildSweepCorpus(tool: SweepTool, size: number, count: number, seed = 20261204): MixEntry[] {
  const { source, log } = pools()
  const random = seededRandom(seed + size)
  const calls: MixEntry[] = []
  for (let index = 0; index < count; index++) {
    const id = `toolu_${String(index).padStart(5, '0')}`
    const file_path = filePath(random)
    switch (tool) {
      case 'read':
        calls.push(readEntry(id, { file_path }, about(random, source, size)))
        break
      case 'write':
        calls.push(writeEntry(id, null, { file_path, content: about(random, source, size) }))
        break
      case 'edit': {
        const before = linesUpTo(random, source, 600, 1024)
        let lineStart = before.indexOf('\n', integerBetween(random, 0, before.length >> 1)) + 1
        while (before[lineStart] === '\n') lineStart++
        const old_string = before.slice(lineStart, before.indexOf('\n', lineStart) + 1)
        calls.push(editEntry(id, before, { file_path, old_string, new_string: about(random, source, size) }))
        break
      }
      case 'bash': {
        const command = `npm run ${pick(random, words)} -- --filter ${pick(random, words)}${integerBetween(random, 0, 99)}`
        calls.push(bashEntry(id, { command, description: `Run the ${pick(random, words)} checks` }, about(random, log, size), false))
        break
      }
    }
  }
  return calls
}

const STATUSES = ['completed', 'completed', 'in_progress', 'pending', 'pending'] as const

// Words of the corpus, joined until about `length` characters.
function phrase(random: Random, length: number): string {
  let text = pick(random, ['Write', 'Fix', 'Test', 'Document', 'Review'])
  while (text.length < length) text += ` ${pick(random, words)}`
  return text
}

/**
 * `count` todo lists whose entries hold at most `max` characters in all
 * (1 KiB: 3 to 10 entries; 10 KiB: 3 to 40), each entry with an
 * `activeForm`, in both sides' shapes (the same argument objects).
 */
export function buildTodoCorpus(max: number, count: number, seed = 20261205): CorpusEntry[] {
  const random = seededRandom(seed + max)
  const calls: CorpusEntry[] = []
  for (let index = 0; index < count; index++) {
    const id = `toolu_${String(index).padStart(5, '0')}`
    const length = integerBetween(random, 3, max > KiB ? 40 : 10)
    // Content and activeForm share an entry's part of the list's text.
    const each = Math.max(12, Math.floor(logSize(random, max / 8, max - 64) / length / 2) - 8)
    const todos = Array.from({ length }, (_, item) => ({
      content: `${phrase(random, each)} ${item}`,
      status: pick(random, STATUSES),
      activeForm: `Working on ${phrase(random, each - 11)} ${item}`,
    }))
    const args = { todos }
    const message = text('Todos have been modified successfully.')
    calls.push({
      id,
      kind: 'todo',
      ours: { toolName: 'todo_write', args, result: { content: message } },
      theirs: {
        toolUse: { type: 'tool_use', name: 'TodoWrite', id, input: args },
        toolResult: { type: 'tool_result', tool_use_id: id, content: message, is_error: false },
      },
    })
  }
  return calls
}
