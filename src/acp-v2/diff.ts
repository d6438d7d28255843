// A view's diffs as one ACP v2 diff item: `changes` (a file operation and an
// absolute path per file) and, where the positions are known, a `git_patch`
// that `git apply` accepts. Diffs whose positions are not known (call-time
// fragments such as an edit's old and new string) cannot be a patch without
// inventing line numbers: they are shown as a fenced `diff` text block, so
// the client still sees every change the v1 bridge would show.
import { boundedText } from '../safety/bounded-text.js'
import { backtickFence } from '../safety/fence.js'
import { UPDATE_LIMITS } from '../safety/json-safe.js'
import { displayPath, isAbsolutePath, resolvePath } from '../safety/paths.js'
import type { FileDiff, FileLocation, FileOperation } from '../views.js'
import type { AcpV2ToolCallContent } from './types.js'

type DiffChange = Extract<AcpV2ToolCallContent, { type: 'diff' }>['changes'][number]

// One diff of a file, with the line its new text starts at when known.
interface Piece {
  readonly oldText: string | null
  readonly newText: string
  readonly line: number | undefined
}

// What happens to a file: its operation (`undefined` for an edit in place
// or a new file) and, for a move or a copy, its absolute source path.
interface FileChange {
  operation: FileOperation | undefined
  oldPath: string | undefined
  readonly pieces: Piece[]
}

/**
 * The tool-call content for a diff card: one `diff` item with a change per
 * file (in the order the files first appear; `delete` when a diff of it says
 * `operation: 'delete'`, `move` or `copy` with the absolute `oldPath` when
 * one says so and names its `oldPath`, else `add` when the view says the
 * file is new, `oldText: null`, else `modify`; `fileType: 'text'`) and a
 * `git_patch` for every file it can be built for, then, when some diffs are
 * not in the patch, one text block showing them as fenced `diff` blocks.
 *
 * A file gets a patch when it lies inside `cwd` (patch paths are relative to
 * it, with git's `a/` and `b/` prefixes) and either it is new (one diff with
 * `oldText: null`: the whole file) or every diff of it is a hunk of whole
 * lines whose start is known: `locations` pairs one to one with `diffs`
 * (same path, a `line`: the 1-based line in the new file where the hunk
 * starts), as the applied-change results of `write` and `edit` give it.
 * Hunks must come in file order without overlapping; a file whose hunks do
 * not is left out of the patch. A delete gets a patch when its one diff
 * holds the removed text (not `''`, which says the text is not known); a
 * move or a copy when both paths lie inside `cwd` and its text is unchanged
 * (`rename from`/`rename to` or `copy from`/`copy to` alone) or its hunks
 * are known as an edit's are.
 */
export function diffContent(
  diffs: readonly FileDiff[],
  locations: readonly FileLocation[] | undefined,
  cwd: string,
  maxOutputLength: number,
): AcpV2ToolCallContent[] {
  const lines = hunkStarts(diffs, locations, cwd)
  const files = new Map<string, FileChange>()
  diffs.forEach((diff, index) => {
    const path = resolvePath(diff.path, cwd)
    let file = files.get(path)
    if (!file) {
      file = { operation: undefined, oldPath: undefined, pieces: [] }
      files.set(path, file)
    }
    // A delete outranks a move or a copy, which needs the path it came from.
    if (diff.operation === 'delete') file.operation = 'delete'
    else if ((diff.operation === 'move' || diff.operation === 'copy') && typeof diff.oldPath === 'string' && file.operation !== 'delete') {
      file.operation = diff.operation
      file.oldPath = resolvePath(diff.oldPath, cwd)
    }
    file.pieces.push({ oldText: diff.oldText, newText: diff.newText, line: lines?.[index] })
  })
  const changes: DiffChange[] = []
  let patch = ''
  const unpatched: { path: string; file: FileChange; piece: Piece }[] = []
  for (const [path, file] of files) {
    changes.push(fileChange(path, file))
    const text = filePatch(path, file, cwd)
    if (text !== undefined && patch.length + text.length <= UPDATE_LIMITS.maxStringLength) patch += text
    else for (const piece of file.pieces) unpatched.push({ path, file, piece })
  }
  const item: AcpV2ToolCallContent =
    patch === '' ? { type: 'diff', changes } : { type: 'diff', changes, patch: { format: 'git_patch', text: patch } }
  const content: AcpV2ToolCallContent[] = [item]
  if (unpatched.length > 0) {
    const text = unpatched.map(({ path, file, piece }) => fencedDiff(path, file, piece)).join('\n\n')
    content.push({ type: 'content', content: { type: 'text', text: boundedText(text, maxOutputLength) } })
  }
  return content
}

// Each diff's start line when the locations pair with the diffs one to one.
function hunkStarts(
  diffs: readonly FileDiff[],
  locations: readonly FileLocation[] | undefined,
  cwd: string,
): (number | undefined)[] | undefined {
  if (!locations || locations.length !== diffs.length) return undefined
  const starts: (number | undefined)[] = []
  for (let index = 0; index < diffs.length; index++) {
    const { path, line } = locations[index]
    if (resolvePath(path, cwd) !== resolvePath(diffs[index].path, cwd)) return undefined
    starts.push(line !== undefined && Number.isSafeInteger(line) && line >= 1 ? line : undefined)
  }
  return starts
}

// The `changes` entry of a file.
function fileChange(path: string, { operation, oldPath, pieces }: FileChange): DiffChange {
  if (operation === 'delete') return { operation: 'delete', path, fileType: 'text' }
  if (operation === 'move' && oldPath !== undefined) return { operation: 'move', oldPath, path, fileType: 'text' }
  if (operation === 'copy' && oldPath !== undefined) return { operation: 'copy', oldPath, path, fileType: 'text' }
  return pieces.some((piece) => piece.oldText === null)
    ? { operation: 'add', path, fileType: 'text' }
    : { operation: 'modify', path, fileType: 'text' }
}

// A file's part of the patch, or undefined when it cannot be one.
function filePatch(path: string, { operation, oldPath, pieces }: FileChange, cwd: string): string | undefined {
  const relative = patchPath(path, cwd)
  if (relative === undefined) return undefined
  if (operation === 'delete') return deletePatch(relative, pieces)
  const from = oldPath === undefined ? relative : patchPath(oldPath, cwd)
  if (from === undefined) return undefined
  const a = gitName('a/', from)
  const b = gitName('b/', relative)
  let header = `diff --git ${a} ${b}\n`
  if ((operation === 'move' || operation === 'copy') && oldPath !== undefined) {
    const verb = operation === 'move' ? 'rename' : 'copy'
    header += `${verb} from ${gitName('', from)}\n${verb} to ${gitName('', relative)}\n`
    if (pieces.every((piece) => piece.oldText !== null && piece.oldText === piece.newText)) return header
  }
  if (pieces.length === 1 && pieces[0].oldText === null) {
    const lines = splitLines(pieces[0].newText)
    if (lines.length === 0) return `${header}new file mode 100644\n`
    let text = `${header}new file mode 100644\n--- /dev/null\n+++ ${fileLine(b)}\n@@ -0,0 +${range(1, lines.length)} @@\n`
    for (const line of lines) text += patchLine('+', line)
    return text
  }
  let hunks = ''
  let newEnd = 1
  let delta = 0
  for (let index = 0; index < pieces.length; index++) {
    const { oldText, newText, line } = pieces[index]
    if (oldText === null || line === undefined || line < newEnd) return undefined
    const before = splitLines(oldText)
    const after = splitLines(newText)
    // Only the file's last line may lack its line feed.
    const last = index === pieces.length - 1
    if (!last && (endsOpen(before) || endsOpen(after))) return undefined
    const oldStart = line - delta
    if (oldStart < 1) return undefined
    newEnd = line + after.length
    delta += after.length - before.length
    if (oldText !== newText) hunks += hunk(before, after, oldStart, line)
  }
  return hunks === '' ? undefined : `${header}--- ${fileLine(a)}\n+++ ${fileLine(b)}\n${hunks}`
}

// A deleted file's part of the patch: its one diff's old text is the whole
// file, every line removed. An empty old text says the text is not known
// (codex's `*** Delete File:` does not carry it): no patch, which could only
// delete an empty file.
function deletePatch(relative: string, pieces: readonly Piece[]): string | undefined {
  if (pieces.length !== 1 || !pieces[0].oldText) return undefined
  const a = gitName('a/', relative)
  const lines = splitLines(pieces[0].oldText)
  let text = `diff --git ${a} ${gitName('b/', relative)}\ndeleted file mode 100644\n--- ${fileLine(a)}\n+++ /dev/null\n@@ -${range(1, lines.length)} +0,0 @@\n`
  for (const line of lines) text += patchLine('-', line)
  return text
}

// One hunk: the lines both sides share at the end and the start are
// context; the rest is removed, then added. The end is taken first: git
// anchors a hunk with no trailing context to the end of the file, so where
// equal lines make the split ambiguous (an empty line removed from a run of
// empty lines) the change goes first and the shared lines after it.
function hunk(before: readonly string[], after: readonly string[], oldStart: number, newStart: number): string {
  let tail = 0
  while (tail < before.length && tail < after.length && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++
  let head = 0
  while (head < before.length - tail && head < after.length - tail && before[head] === after[head]) head++
  let text = `@@ -${range(oldStart, before.length)} +${range(newStart, after.length)} @@\n`
  for (let index = 0; index < head; index++) text += patchLine(' ', before[index])
  for (let index = head; index < before.length - tail; index++) text += patchLine('-', before[index])
  for (let index = head; index < after.length - tail; index++) text += patchLine('+', after[index])
  for (let index = before.length - tail; index < before.length; index++) text += patchLine(' ', before[index])
  return text
}

// Lines with their line feed kept (a CR before it stays part of the line);
// the last one lacks it when the text does not end with one.
function splitLines(text: string): string[] {
  const lines: string[] = []
  let start = 0
  for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
    lines.push(text.slice(start, end + 1))
    start = end + 1
  }
  if (start < text.length) lines.push(text.slice(start))
  return lines
}

const endsOpen = (lines: readonly string[]) => lines.length > 0 && !lines[lines.length - 1].endsWith('\n')

const patchLine = (marker: string, line: string) =>
  line.endsWith('\n') ? marker + line : `${marker}${line}\n\\ No newline at end of file\n`

// Git's hunk range: `start,count`, `start` alone for one line, and the line
// before for none.
const range = (start: number, count: number) => (count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`)

// The path as the patch names it: relative to the session cwd with `/`
// separators, or undefined for a file outside it. On a POSIX cwd a
// backslash is part of a file name, not a separator: it stays (git quotes it).
function patchPath(path: string, cwd: string): string | undefined {
  const relative = displayPath(path, cwd)
  if (relative === '' || isAbsolutePath(relative)) return undefined
  return relative.includes('\\') && !cwd.startsWith('/') ? relative.replaceAll('\\', '/') : relative
}

// Git quotes a name holding a quote, a backslash, a control character or
// anything past ASCII, C style, with octal UTF-8 bytes.
const NEEDS_QUOTES = /["\\\u0000-\u001f\u007f-\uffff]/
const ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\u0007': '\\a',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\v': '\\v',
  '\f': '\\f',
  '\r': '\\r',
}

function gitName(prefix: string, path: string): string {
  const name = prefix + path
  if (!NEEDS_QUOTES.test(name)) return name
  let quoted = '"'
  for (const char of name.toWellFormed()) {
    const code = char.codePointAt(0)!
    if (ESCAPES[char]) quoted += ESCAPES[char]
    else if (code >= 0x20 && code < 0x7f) quoted += char
    else for (const byte of utf8Bytes(code)) quoted += `\\${byte.toString(8).padStart(3, '0')}`
  }
  return `${quoted}"`
}

function utf8Bytes(code: number): number[] {
  if (code < 0x80) return [code]
  if (code < 0x800) return [0xc0 | (code >> 6), 0x80 | (code & 63)]
  if (code < 0x10000) return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
  return [0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
}

// Git ends a `---`/`+++` name that holds a space with a tab.
const fileLine = (name: string) => (name.includes(' ') && !name.startsWith('"') ? `${name}\t` : name)

// A diff the patch cannot carry, as Markdown: a `diff` block naming the file
// (a move's or a copy's source after `---`, `/dev/null` for the missing side
// of a new or deleted file).
function fencedDiff(path: string, { operation, oldPath }: FileChange, { oldText, newText }: Piece): string {
  const from = oldText === null ? '/dev/null' : (operation === 'move' || operation === 'copy') && oldPath !== undefined ? oldPath : path
  let body = `--- ${from}\n+++ ${operation === 'delete' ? '/dev/null' : path}`
  if (oldText !== null) for (const line of splitLines(oldText)) body += `\n-${line.endsWith('\n') ? line.slice(0, -1) : line}`
  for (const line of splitLines(newText)) body += `\n+${line.endsWith('\n') ? line.slice(0, -1) : line}`
  const fence = backtickFence(body)
  return `${fence}diff\n${body}\n${fence}`
}
