// The search tools: grep and glob (generic `search` cards) and the directory
// listing (a generic `read` card). What they find is shown in a fence.
import { defineTool } from '../define-tool.js'
import { fencedBlock } from '../safety/fence.js'
import { isRecord } from '../internal/record.js'
import type { GenericResultView, PresentContext } from '../views.js'
import { finite, isOptionalBoolean, isOptionalNumber, isOptionalString, isOptionalStringArray } from './arguments.js'
import { locationOf, shownPath, titlePath } from './display.js'
import { contentResult, isErrorResult, textFirstResult } from './result-content.js'

/**
 * The `grep` tool's arguments, in Claude Code's `Grep` shape (ripgrep's
 * flags as keys). `null` in an optional field counts as absent, and so do
 * NaN and ±Infinity in a number.
 */
export interface GrepArgs {
  /** The regular expression to look for. */
  readonly pattern: string
  /** The file or directory to search; shown relative to the session cwd when inside it. */
  readonly path?: string | null
  /** Only files matching this glob (`rg --glob`), such as `*.ts`. */
  readonly glob?: string | null
  /** Only files of this ripgrep type (`rg --type`), such as `js`. */
  readonly type?: string | null
  /** `content` (matching lines), `files_with_matches` (`-l`) or `count` (`-c`); other values show as `content`. */
  readonly output_mode?: string | null
  /** Lines of context after each match. */
  readonly '-A'?: number | null
  /** Lines of context before each match. */
  readonly '-B'?: number | null
  /** Lines of context around each match. */
  readonly '-C'?: number | null
  /** Lines of context around each match: the newer name of `-C`, shown as `-C` when `-C` is absent. */
  readonly context?: number | null
  /** Show line numbers. */
  readonly '-n'?: boolean | null
  /** Ignore case. */
  readonly '-i'?: boolean | null
  /** Let `.` match newlines and patterns span lines; shown as `-P`, as claude-agent-acp does. */
  readonly multiline?: boolean | null
  /** Show only the first N lines or entries; shown as `| head -N` when positive (0 means no limit). */
  readonly head_limit?: number | null
  /** Skip the first N lines or entries; not shown. */
  readonly offset?: number | null
  /** The newer name of `path`, used when `path` is absent. */
  readonly file_path?: string | null
  /** `files_with_matches` when `output_mode` is absent: `true` or `"true"`. */
  readonly '-l'?: boolean | string | null
  /** `count` when `output_mode` and `-l` are absent: `true` or `"true"`. */
  readonly '-c'?: boolean | string | null
}

/** The `glob` tool's arguments: a pattern and where to look. */
export interface GlobArgs {
  /** The glob to match file paths against, such as `*.test.ts`. */
  readonly pattern: string
  /** The directory to search; shown relative to the session cwd when inside it. */
  readonly path?: string | null
}

/** The `ls` tool's arguments (Claude Code's `LS`): a directory and globs to leave out. */
export interface LsArgs {
  /** The directory to list; shown relative to the session cwd when inside it. */
  readonly path: string
  /** Globs of entries to leave out; not shown in the title. */
  readonly ignore?: readonly string[] | null
}

const isGrepArgs = (value: unknown): value is GrepArgs =>
  isRecord(value) &&
  typeof value.pattern === 'string' &&
  isOptionalString(value.path) &&
  isOptionalString(value.glob) &&
  isOptionalString(value.type) &&
  isOptionalString(value.output_mode) &&
  isOptionalNumber(value['-A']) &&
  isOptionalNumber(value['-B']) &&
  isOptionalNumber(value['-C']) &&
  isOptionalNumber(value.context) &&
  isOptionalBoolean(value['-n']) &&
  isOptionalBoolean(value['-i']) &&
  isOptionalBoolean(value.multiline) &&
  isOptionalNumber(value.head_limit) &&
  isOptionalNumber(value.offset) &&
  isOptionalString(value.file_path) &&
  isOptionalFlag(value['-l']) &&
  isOptionalFlag(value['-c'])

// Claude Code reads a `-l` or `-c` flag as `true` or `"true"`; the guard takes any boolean or string.
const isOptionalFlag = (value: unknown) => isOptionalBoolean(value) || typeof value === 'string'
const isSet = (flag: boolean | string | null | undefined) => flag === true || flag === 'true'

// The output mode as Claude Code reads it: `output_mode`, else `-l`, else `-c`.
const outputMode = (args: GrepArgs) =>
  args.output_mode ?? (isSet(args['-l']) ? 'files_with_matches' : isSet(args['-c']) ? 'count' : undefined)

// The path as Claude Code reads it: `path`, else `file_path`.
const grepPath = (args: GrepArgs) => (typeof args.path === 'string' ? args.path : (args.file_path ?? undefined))

const isGlobArgs = (value: unknown): value is GlobArgs =>
  isRecord(value) && typeof value.pattern === 'string' && isOptionalString(value.path)

const isLsArgs = (value: unknown): value is LsArgs =>
  isRecord(value) && typeof value.path === 'string' && isOptionalStringArray(value.ignore)

/**
 * The command line a grep call stands for, unescaped, in claude-agent-acp's
 * order: flags, `| head -N`, `--include`, `--type`, `-P`, the quoted
 * pattern, then the path (shown relative to the cwd; left out when it is
 * the cwd itself).
 */
function grepLine(args: GrepArgs, ctx: PresentContext): string {
  let line = 'grep'
  if (args['-i']) line += ' -i'
  if (args['-n']) line += ' -n'
  const after = finite(args['-A'])
  const before = finite(args['-B'])
  const around = finite(args['-C']) ?? finite(args.context)
  if (after !== undefined) line += ` -A ${after}`
  if (before !== undefined) line += ` -B ${before}`
  if (around !== undefined) line += ` -C ${around}`
  const mode = outputMode(args)
  if (mode === 'files_with_matches') line += ' -l'
  else if (mode === 'count') line += ' -c'
  const head = finite(args.head_limit)
  if (head !== undefined && head > 0) line += ` | head -${head}`
  if (args.glob) line += ` --include="${args.glob}"`
  if (args.type) line += ` --type=${args.type}`
  if (args.multiline) line += ' -P'
  if (args.pattern) line += ` "${args.pattern}"`
  const where = grepPath(args)
  const path = where ? shownPath(where, ctx) : ''
  if (path) line += ` ${path}`
  return line
}

// What a search found, as returned (without its final line break), in a
// fence no line of it can close; nothing when it is blank. An error shows
// as returned.
const foundResult = (result: unknown): GenericResultView =>
  isErrorResult(result)
    ? contentResult(result)
    : textFirstResult(result, (text) => (text.trimEnd() === '' ? undefined : fencedBlock(text.trimEnd())))

/**
 * `grep`: a generic `search` card titled with the command line it stands
 * for, as claude-agent-acp titles Claude Code's `Grep`: `grep`, the flags
 * (`-i`, `-n`, `-A N`, `-B N`, `-C N`, `-l` / `-c` for the output mode),
 * `| head -N`, `--include="<glob>"`, `--type=<type>`, `-P` for multiline,
 * the pattern in double quotes and the path. The title is escaped with
 * `markdownInline` (it renders as Markdown), the path is shown relative to
 * the session cwd and left out when it is the cwd, `context` shows as `-C`,
 * a `head_limit` of 0 (no limit) is not shown, and Claude Code's newer
 * spellings are read as it reads them (`file_path` for `path`, `-l` and
 * `-c` flags for the output mode). The result shows what
 * was found in a fence; an error result shows the error.
 *
 * @example
 * grepTool.presentCall?.({ pattern: 'TODO', path: '/repo/src', '-i': true, output_mode: 'count' }, { cwd: '/repo' })
 * // { card: 'generic', kind: 'search', title: 'grep -i -c "TODO" src', rawInput: { … } }
 */
export const grepTool = defineTool<GrepArgs>({
  name: 'grep',
  args: isGrepArgs,
  presentCall: (args, ctx) => ({ card: 'generic', kind: 'search', title: grepLine(args, ctx), rawInput: args }),
  presentResult: (_args, result) => foundResult(result),
})

/**
 * `glob`: a generic `search` card titled `Find <pattern> in <path>` (the
 * path relative to the session cwd, left out when absent or the cwd; the
 * title escaped with `markdownInline`), with a location for the directory
 * searched. claude-agent-acp puts the path and the pattern in code spans;
 * a title here never holds code. The result shows the paths found in a
 * fence; an error result shows the error.
 *
 * @example
 * globTool.presentCall?.({ pattern: '*.test.ts', path: '/repo/src' }, { cwd: '/repo' })
 * // { card: 'generic', kind: 'search', title: 'Find \\*.test.ts in src',
 * //   locations: [{ path: '/repo/src' }], rawInput: { … } }
 */
export const globTool = defineTool<GlobArgs>({
  name: 'glob',
  args: isGlobArgs,
  presentCall: (args, ctx) => {
    const path = args.path ? shownPath(args.path, ctx) : ''
    let title = 'Find'
    if (args.pattern) title += ` ${args.pattern}`
    if (path) title += ` in ${path}`
    return {
      card: 'generic',
      kind: 'search',
      title,
      locations: locationOf(args.path, ctx),
      rawInput: args,
    }
  },
  presentResult: (_args, result) => foundResult(result),
})

/**
 * `ls`: a generic `read` card titled `List <path>` (relative to the session
 * cwd, `.` for the cwd itself; normalised and escaped as every title path)
 * with a location for the directory. The result shows the listing in a
 * fence; an error result shows the error.
 *
 * @example
 * lsTool.presentCall?.({ path: '/repo/src' }, { cwd: '/repo' })
 * // { card: 'generic', kind: 'read', title: 'List src', locations: [{ path: '/repo/src' }], rawInput: { … } }
 */
export const lsTool = defineTool<LsArgs>({
  name: 'ls',
  args: isLsArgs,
  presentCall: (args, ctx) => ({
    card: 'generic',
    kind: 'read',
    title: `List ${titlePath(args.path, ctx) || '.'}`,
    locations: locationOf(args.path, ctx),
    rawInput: args,
  }),
  presentResult: (_args, result) => foundResult(result),
})
