// biome-ignore-all lint/suspicious/noAssignInExpressions: a git header is read field by field, each test assigning the field it found.
// The patch texts agents emit, parsed for display: unified diffs (plain
// `diff -u` and git's, with its extended headers, renames, copies, modes and
// binary markers) and the `*** Begin Patch … *** End Patch` envelope codex's
// `apply_patch` takes. Never throws; a text that does not parse gives an
// error that names what is wrong and where. Linear time, no recursion.
//
// Display only: nothing here checks that a patch applies.

/**
 * One hunk of a file's change: the lines it covers before and after, each
 * with its line break (`\ No newline at end of file` honoured), so that
 * `oldText` and `newText` are exact runs of the two files.
 */
export interface PatchHunk {
  /** The hunk's lines before the change: context and removed lines. */
  readonly oldText: string
  /** The same stretch after the change: context and added lines. */
  readonly newText: string
  /**
   * The 1-based line of the old file the hunk starts at, from a unified
   * diff's `@@ -a,b +c,d @@` (`0` for an empty range, as git writes a
   * created file's); absent when the patch gives none (codex's envelope, a
   * bare `@@`).
   */
  readonly oldStart?: number
  /** The 1-based line of the new file the hunk starts at; as {@link PatchHunk.oldStart}. */
  readonly newStart?: number
  /** The text after the `@@` marker: a unified diff's section heading, or codex's context line. */
  readonly header?: string
}

/**
 * What a patch does to one file: `add` (no old path), `delete` (no new
 * path), `modify`, `move` (a rename, possibly with changes) or `copy`.
 */
export type PatchChange = 'add' | 'delete' | 'modify' | 'move' | 'copy'

/** One file of a parsed patch. */
export interface PatchFile {
  /** What the patch does to the file. */
  readonly change: PatchChange
  /**
   * The path before the change, as the patch names it (git's `a/` prefix
   * removed; C-style quoting undone); `null` for an added file.
   */
  readonly oldPath: string | null
  /** The path after the change; `null` for a deleted file. */
  readonly newPath: string | null
  /**
   * The hunks, in order. An added file's content is one hunk from empty
   * text; a codex delete has none (the envelope does not carry the text).
   */
  readonly hunks: readonly PatchHunk[]
  /** Git marked the file binary (`Binary files … differ` or `GIT binary patch`): it has no text hunks. */
  readonly binary: boolean
  /** The file mode before the change, such as `100644`, when git names it. */
  readonly oldMode?: string
  /** The file mode after the change, such as `100755`, when git names it. */
  readonly newMode?: string
}

/** Which of the two patch languages a text is written in. */
export type PatchFormat = 'unified' | 'codex'

/**
 * What {@link parseAgentPatch} gives: the files, in the patch's order, or the
 * first problem found, with the 1-based line of the patch text it is on.
 *
 * @example
 * const parsed: PatchParseResult = parseAgentPatch(text)
 * if (parsed.ok) for (const file of parsed.files) console.log(file.change, file.newPath ?? file.oldPath)
 * else console.log(`line ${parsed.line}: ${parsed.error}`)
 */
export type PatchParseResult =
  | {
      /** The patch parsed. */
      readonly ok: true
      /** The language it is written in. */
      readonly format: PatchFormat
      /** Every file it changes, in order; empty for an envelope with no operation. */
      readonly files: readonly PatchFile[]
    }
  | {
      /** The patch did not parse. */
      readonly ok: false
      /** The language it looked like. */
      readonly format: PatchFormat
      /** What is wrong, in a sentence; may quote (part of) a line of the patch. */
      readonly error: string
      /** The 1-based line of the patch text the problem is on. */
      readonly line: number
    }

type Failure = Extract<PatchParseResult, { ok: false }>

// Thrown inside the parser only, and always caught by parseAgentPatch.
class PatchError {
  constructor(
    readonly message: string,
    readonly line: number,
  ) {}
}

// A line quoted in an error: at most 60 characters of it.
const quote = (line: string) => `'${line.length > 60 ? `${line.slice(0, 60)}…` : line}'`

const withoutCr = (line: string) => (line.endsWith('\r') ? line.slice(0, -1) : line)

/**
 * Parses a patch: codex's envelope when its first line (after white space,
 * and after a `<<'EOF'` heredoc line, which codex also accepts) is
 * `*** Begin Patch`, else a unified diff. Never throws; runs in time linear
 * in the text.
 *
 * Unified diffs: any text before the first file (a commit message, mail
 * headers) and after a file's hunks (format-patch's `-- ` signature) is
 * skipped. Each file starts at `diff --git` or at a `--- ` line followed by
 * `+++ `; git's extended headers give modes, renames, copies, deletes,
 * creates and binary files. A hunk `@@ -a,b +c,d @@` is read by its counts,
 * so a removed line that reads `--- x` stays in the hunk; a bare `@@` (as
 * models write) runs to the next line that is not a hunk line. Paths lose
 * git's one-letter prefix (`a/`, `b/`, `i/`, `w/`, …) when both sides have
 * one; `/dev/null` means no file.
 *
 * Codex envelopes follow codex's own parser (its lenient mode): `*** Add
 * File:` with `+` lines, `*** Delete File:`, `*** Update File:` with an
 * optional `*** Move to:` and `@@` chunks, `*** End of File`, and the same
 * errors for the same mistakes, such as a missing `*** End Patch` (a
 * truncated patch) or an update with no chunk.
 *
 * @example
 * parseAgentPatch('*** Begin Patch\n*** Add File: hello.txt\n+hi\n*** End Patch')
 * // { ok: true, format: 'codex', files: [{ change: 'add', oldPath: null, newPath: 'hello.txt',
 * //   hunks: [{ oldText: '', newText: 'hi\n', oldStart: 0, newStart: 1 }], binary: false }] }
 * parseAgentPatch('--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n')
 * // { ok: false, format: 'unified', line: 4, error: 'the hunk at line 3 ends early: 1 old and 1 new lines are missing' }
 */
export function parseAgentPatch(text: string): PatchParseResult {
  const codex = isCodexEnvelope(text)
  try {
    return codex ? parseCodex(text) : parseUnified(text)
  } catch (error) {
    if (error instanceof PatchError) return failure(codex ? 'codex' : 'unified', error)
    throw error
  }
}

const failure = (format: PatchFormat, error: PatchError): Failure => ({ ok: false, format, error: error.message, line: error.line })

// ---------------------------------------------------------------------------
// Unified diffs

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$/
// A line of a `GIT binary patch` block: `literal N`, `delta N`, base85 data, or blank.
const BINARY_LINE = /^(?:(?:literal|delta) \d+|[A-Za-z][0-9A-Za-z!#$%&()*+;<=>?@^_`{|}~-]*|)$/

// The text's lines without their `\n`; a final line break ends the last
// line rather than starting an empty one.
function splitLines(text: string): string[] {
  const lines = text.split('\n')
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop()
  return lines
}

const isFileStart = (lines: readonly string[], index: number) => {
  const line = withoutCr(lines[index])
  return (
    line.startsWith('diff --git ') ||
    (line.startsWith('--- ') && index + 1 < lines.length && withoutCr(lines[index + 1]).startsWith('+++ '))
  )
}

function parseUnified(text: string): PatchParseResult {
  const lines = splitLines(text)
  const files: PatchFile[] = []
  let index = 0
  while (index < lines.length) {
    if (isFileStart(lines, index)) {
      index = parseUnifiedFile(lines, index, files)
      continue
    }
    if (withoutCr(lines[index]).startsWith('@@ '))
      throw new PatchError(`a hunk with no file header before it: ${quote(withoutCr(lines[index]))}`, index + 1)
    index++
  }
  if (files.length === 0) {
    throw new PatchError("no file in the patch: expected a 'diff --git' line, a '--- ' line followed by '+++ ', or '*** Begin Patch'", 1)
  }
  return { ok: true, format: 'unified', files }
}

// Mutable while one file is read.
interface FileDraft {
  change: PatchChange
  oldPath: string | null
  newPath: string | null
  hunks: PatchHunk[]
  binary: boolean
  oldMode?: string
  newMode?: string
}

// Reads one file from its first header line; returns the index after it.
function parseUnifiedFile(lines: readonly string[], start: number, files: PatchFile[]): number {
  const git = withoutCr(lines[start]).startsWith('diff --git ')
  const draft: FileDraft = { change: 'modify', oldPath: null, newPath: null, hunks: [], binary: false }
  let index = start
  let renamed: { from?: string; to?: string } | undefined
  let gitPaths: readonly [string, string] | undefined
  if (git) {
    gitPaths = splitGitHeader(withoutCr(lines[start]).slice('diff --git '.length))
    index++
    for (; index < lines.length; index++) {
      const line = withoutCr(lines[index])
      const value = (prefix: string) => (line.startsWith(prefix) ? line.slice(prefix.length) : undefined)
      let field: string | undefined
      if ((field = value('old mode ')) !== undefined) draft.oldMode = field
      else if ((field = value('new mode ')) !== undefined) draft.newMode = field
      else if ((field = value('deleted file mode ')) !== undefined) {
        draft.change = 'delete'
        draft.oldMode = field
      } else if ((field = value('new file mode ')) !== undefined) {
        draft.change = 'add'
        draft.newMode = field
      } else if ((field = value('rename from ')) !== undefined) (renamed ??= {}).from = unquotePath(field)
      else if ((field = value('rename to ')) !== undefined) (renamed ??= {}).to = unquotePath(field)
      else if ((field = value('copy from ')) !== undefined) {
        draft.change = 'copy'
        ;(renamed ??= {}).from = unquotePath(field)
      } else if ((field = value('copy to ')) !== undefined) {
        draft.change = 'copy'
        ;(renamed ??= {}).to = unquotePath(field)
      } else if ((field = value('index ')) !== undefined) {
        // `index abc..def 100644`: the mode of a file whose mode stays.
        const mode = / ([0-7]{6})$/.exec(field)?.[1]
        if (mode !== undefined) {
          draft.oldMode ??= mode
          draft.newMode ??= mode
        }
      } else if (/^(?:similarity|dissimilarity) index /.test(line)) continue
      else if (line.startsWith('Binary files ') && line.endsWith(' differ')) draft.binary = true
      else if (line === 'GIT binary patch') {
        draft.binary = true
        while (index + 1 < lines.length && BINARY_LINE.test(withoutCr(lines[index + 1]))) index++
      } else break
    }
  }
  let headerPaths: [string | null, string | null] | undefined
  if (index + 1 < lines.length && withoutCr(lines[index]).startsWith('--- ') && withoutCr(lines[index + 1]).startsWith('+++ ')) {
    headerPaths = [headerPath(withoutCr(lines[index]).slice(4)), headerPath(withoutCr(lines[index + 1]).slice(4))]
    if (headerPaths[0] === null && headerPaths[1] === null)
      throw new PatchError("both the '--- ' and '+++ ' lines are /dev/null", index + 1)
    const headerLine = index + 2
    index += 2
    while (index < lines.length && withoutCr(lines[index]).startsWith('@@')) index = parseHunk(lines, index, draft.hunks)
    if (draft.hunks.length === 0) throw new PatchError("no hunk after the '--- ' and '+++ ' lines", headerLine)
  }

  // The paths: the ---/+++ lines, else git's header line; rename and copy
  // headers name the two sides without prefixes.
  const paths = headerPaths ?? gitPaths
  let oldPath = paths ? paths[0] : null
  let newPath = paths ? paths[1] : null
  if (stripsPrefix(oldPath, newPath, git)) {
    oldPath = oldPath === null ? null : oldPath.slice(oldPath.indexOf('/') + 1)
    newPath = newPath === null ? null : newPath.slice(newPath.indexOf('/') + 1)
  }
  if (renamed?.from !== undefined) oldPath = renamed.from
  if (renamed?.to !== undefined) newPath = renamed.to
  if (renamed && draft.change !== 'copy') draft.change = 'move'
  if (headerPaths?.[0] === null && draft.change === 'modify') draft.change = 'add'
  if (headerPaths?.[1] === null && draft.change === 'modify') draft.change = 'delete'
  if (draft.change === 'add') oldPath = null
  if (draft.change === 'delete') newPath = null
  draft.oldPath = oldPath
  draft.newPath = newPath

  // Lines that look like more of the last hunk mean its counts were wrong:
  // say so rather than drop them. (`-- ` is format-patch's signature.)
  if (index < lines.length && !isFileStart(lines, index)) {
    const line = withoutCr(lines[index])
    if (draft.hunks.length > 0 && line !== '-- ' && /^[-+ ]/.test(line)) {
      throw new PatchError(`a line after the hunk that its header does not count: ${quote(line)}`, index + 1)
    }
  }
  files.push(draft)
  return index
}

// Strips git's prefixes (`a/`, `b/`, or git's other one-letter ones) when
// every side there is has one; a plain diff's only when they are `a/` and `b/`.
function stripsPrefix(oldPath: string | null, newPath: string | null, git: boolean): boolean {
  if (oldPath === null && newPath === null) return false
  const prefixed = (path: string | null, plain: string) => path === null || (git ? /^[a-z0-9]\//i.test(path) : path.startsWith(plain))
  return prefixed(oldPath, 'a/') && prefixed(newPath, 'b/')
}

// A `--- ` / `+++ ` line's path: C-quoted, or up to a tab (diff -u puts a
// date after one, git a lone tab after a name with spaces); `/dev/null` is none.
function headerPath(field: string): string | null {
  const path = field.startsWith('"')
    ? (unquoteC(field)?.value ?? field)
    : field.includes('\t')
      ? field.slice(0, field.indexOf('\t'))
      : field
  return path === '/dev/null' ? null : path
}

const unquotePath = (field: string) => (field.startsWith('"') ? (unquoteC(field)?.value ?? field) : field)

// `diff --git a/x b/x`: both names. Quoted names are read as such; two
// unquoted ones are split where the names agree (the middle, for git's
// equal prefixes), else at the first space.
function splitGitHeader(rest: string): readonly [string, string] | undefined {
  if (rest.startsWith('"')) {
    const first = unquoteC(rest)
    if (!first || rest[first.end] !== ' ') return undefined
    const tail = rest.slice(first.end + 1)
    return [first.value, tail.startsWith('"') ? (unquoteC(tail)?.value ?? tail) : tail]
  }
  const quoted = rest.indexOf(' "')
  if (quoted !== -1 && rest.endsWith('"')) return [rest.slice(0, quoted), unquoteC(rest.slice(quoted + 1))?.value ?? rest.slice(quoted + 1)]
  const middle = (rest.length - 1) / 2
  if (Number.isInteger(middle) && rest[middle] === ' ') {
    const left = rest.slice(0, middle)
    const right = rest.slice(middle + 1)
    if (left.slice(left.indexOf('/') + 1) === right.slice(right.indexOf('/') + 1)) return [left, right]
  }
  const space = rest.indexOf(' ')
  return space === -1 ? undefined : [rest.slice(0, space), rest.slice(space + 1)]
}

const C_ESCAPES: Readonly<Record<string, number>> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 92, '"': 34 }
const utf8 = new TextDecoder()

// Git's C-style quoted name at the start of `text`: its value (octal
// escapes are UTF-8 bytes) and where the closing quote ends; undefined
// when it is not closed.
function unquoteC(text: string): { value: string; end: number } | undefined {
  const bytes: number[] = []
  const encoder = new TextEncoder()
  for (let index = 1; index < text.length; index++) {
    const char = text[index]
    if (char === '"') return { value: utf8.decode(new Uint8Array(bytes)), end: index + 1 }
    if (char !== '\\') {
      // Runs of plain characters go in as their UTF-8 bytes.
      let end = index + 1
      while (end < text.length && text[end] !== '"' && text[end] !== '\\') end++
      for (const byte of encoder.encode(text.slice(index, end))) bytes.push(byte)
      index = end - 1
      continue
    }
    const next = text[index + 1]
    if (next === undefined) return undefined
    if (/[0-7]/.test(next)) {
      const octal = /^[0-7]{1,3}/.exec(text.slice(index + 1, index + 4))![0]
      bytes.push(Number.parseInt(octal, 8) & 255)
      index += octal.length
    } else {
      bytes.push(C_ESCAPES[next] ?? next.charCodeAt(0))
      index++
    }
  }
  return undefined
}

// Reads one hunk from its `@@` line into `hunks`; returns the index after it.
function parseHunk(lines: readonly string[], start: number, hunks: PatchHunk[]): number {
  const header = withoutCr(lines[start])
  const counted = HUNK_HEADER.exec(header)
  const hunk = counted ? readCountedHunk(lines, start, counted) : readBareHunk(lines, start)
  hunks.push(hunk.hunk)
  return hunk.next
}

// Builds a hunk's two texts line by line, honouring the no-newline marker.
class HunkText {
  oldText = ''
  newText = ''
  // Which side(s) the last line went to: 1 old, 2 new, 3 both.
  private last = 0

  add(side: 1 | 2 | 3, line: string): void {
    if (side & 1) this.oldText += `${line}\n`
    if (side & 2) this.newText += `${line}\n`
    this.last = side
  }

  // `\ No newline at end of file`: the last line has no line break.
  noNewline(): void {
    if (this.last & 1) this.oldText = this.oldText.slice(0, -1)
    if (this.last & 2) this.newText = this.newText.slice(0, -1)
    this.last = 0
  }
}

const sideOf = (mark: string): 1 | 2 | 3 | undefined => (mark === ' ' ? 3 : mark === '-' ? 1 : mark === '+' ? 2 : undefined)

function readCountedHunk(lines: readonly string[], start: number, header: RegExpExecArray): { hunk: PatchHunk; next: number } {
  let oldLeft = header[2] === undefined ? 1 : Number(header[2])
  let newLeft = header[4] === undefined ? 1 : Number(header[4])
  const text = new HunkText()
  let index = start + 1
  while (oldLeft > 0 || newLeft > 0) {
    if (index >= lines.length) {
      throw new PatchError(`the hunk at line ${start + 1} ends early: ${oldLeft} old and ${newLeft} new lines are missing`, index)
    }
    const line = lines[index]
    // An empty line is an empty context line whose space was stripped.
    const side = line === '' ? 3 : sideOf(line[0])
    if (side === undefined) {
      if (line[0] === '\\') {
        text.noNewline()
        index++
        continue
      }
      throw new PatchError(`a line in the hunk at line ${start + 1} that is not ' ', '-' or '+': ${quote(withoutCr(line))}`, index + 1)
    }
    if (((side & 1) !== 0 && oldLeft === 0) || ((side & 2) !== 0 && newLeft === 0)) {
      throw new PatchError(`the hunk at line ${start + 1} has more lines than its header counts`, index + 1)
    }
    text.add(side, line.slice(1))
    if (side & 1) oldLeft--
    if (side & 2) newLeft--
    index++
  }
  if (index < lines.length && lines[index].startsWith('\\')) {
    text.noNewline()
    index++
  }
  const hunk: PatchHunk = {
    oldText: text.oldText,
    newText: text.newText,
    oldStart: Number(header[1]),
    newStart: Number(header[3]),
    ...(header[5] ? { header: header[5] } : {}),
  }
  return { hunk, next: index }
}

// A bare `@@` (no line numbers, as models often write): hunk lines up to
// the next line that is not one, or the next hunk or file. Empty lines in
// between are empty context; empty lines at the end are not part of it.
function readBareHunk(lines: readonly string[], start: number): { hunk: PatchHunk; next: number } {
  const header = withoutCr(lines[start]).slice(2).trim()
  const text = new HunkText()
  let index = start + 1
  let blanks = 0
  for (; index < lines.length; index++) {
    const line = lines[index]
    if (line === '') {
      blanks++
      continue
    }
    if (withoutCr(line).startsWith('@@') || isFileStart(lines, index)) break
    const side = sideOf(line[0])
    if (side === undefined && line[0] !== '\\') break
    for (; blanks > 0; blanks--) text.add(3, '')
    if (side === undefined) text.noNewline()
    else text.add(side, line.slice(1))
  }
  if (text.oldText === '' && text.newText === '') throw new PatchError('a hunk with no lines', start + 1)
  return { hunk: { oldText: text.oldText, newText: text.newText, ...(header ? { header } : {}) }, next: index - blanks }
}

// ---------------------------------------------------------------------------
// Codex's envelope

const BEGIN = '*** Begin Patch'
const END = '*** End Patch'
const HEREDOC_STARTS = ['<<EOF', "<<'EOF'", '<<"EOF"']

// The envelope's lines as codex reads them: the text trimmed, split at line
// breaks (a `\r` before one goes too); and the 1-based line of the first.
function envelopeLines(text: string): { lines: string[]; first: number } {
  const trimmed = text.trim()
  const leading = text.slice(0, text.length - text.trimStart().length)
  let first = 1
  for (let at = leading.indexOf('\n'); at !== -1; at = leading.indexOf('\n', at + 1)) first++
  return { lines: trimmed === '' ? [] : trimmed.split('\n').map(withoutCr), first }
}

// Codex's lenient mode: a heredoc wrapper (`<<'EOF'` … `EOF`) around the patch.
function unwrapHeredoc({ lines, first }: { lines: string[]; first: number }): { lines: string[]; first: number } {
  if (lines.length >= 4 && HEREDOC_STARTS.includes(lines[0]) && lines[lines.length - 1].endsWith('EOF')) {
    return { lines: lines.slice(1, -1), first: first + 1 }
  }
  return { lines, first }
}

function isCodexEnvelope(text: string): boolean {
  // Only the first two lines matter: no need to split the whole text.
  const start = text.trimStart().slice(0, 200)
  const [line0 = '', line1 = ''] = start.split('\n', 2).map((line) => withoutCr(line).trim())
  return line0 === BEGIN || (HEREDOC_STARTS.includes(line0) && line1 === BEGIN)
}

function parseCodex(text: string): PatchParseResult {
  const { lines, first } = unwrapHeredoc(envelopeLines(text))
  if (lines.length === 0 || lines[0].trim() !== BEGIN) {
    throw new PatchError("The first line of the patch must be '*** Begin Patch'", first)
  }
  if (lines.length < 2 || lines[lines.length - 1].trim() !== END) {
    throw new PatchError("The last line of the patch must be '*** End Patch'", first + lines.length - 1)
  }
  const files: PatchFile[] = []
  const body = lines.slice(1, -1)
  // The 1-based line of body[index] in the text.
  const lineOf = (index: number) => first + 1 + index
  let index = 0
  while (index < body.length) {
    const marker = body[index].trim()
    if (marker.startsWith('*** Add File: ')) {
      let content = ''
      for (index++; index < body.length && body[index].startsWith('+'); index++) content += `${body[index].slice(1)}\n`
      const path = marker.slice('*** Add File: '.length)
      files.push({
        change: 'add',
        oldPath: null,
        newPath: path,
        hunks: [{ oldText: '', newText: content, oldStart: 0, newStart: 1 }],
        binary: false,
      })
    } else if (marker.startsWith('*** Delete File: ')) {
      files.push({ change: 'delete', oldPath: marker.slice('*** Delete File: '.length), newPath: null, hunks: [], binary: false })
      index++
    } else if (marker.startsWith('*** Update File: ')) {
      const path = marker.slice('*** Update File: '.length)
      const start = index
      index++
      let moveTo: string | undefined
      if (index < body.length && body[index].startsWith('*** Move to: ')) moveTo = body[index++].slice('*** Move to: '.length)
      const hunks: PatchHunk[] = []
      while (index < body.length) {
        if (body[index].trim() === '') {
          index++
          continue
        }
        if (body[index].startsWith('*')) break
        index = readChunk(body, index, hunks, lineOf)
      }
      if (hunks.length === 0) throw new PatchError(`Update file hunk for path '${path}' is empty`, lineOf(start))
      files.push(
        moveTo === undefined
          ? { change: 'modify', oldPath: path, newPath: path, hunks, binary: false }
          : { change: 'move', oldPath: path, newPath: moveTo, hunks, binary: false },
      )
    } else {
      throw new PatchError(
        `${quote(marker)} is not a valid hunk header. Valid hunk headers: '*** Add File: {path}', '*** Delete File: {path}', '*** Update File: {path}'`,
        lineOf(index),
      )
    }
  }
  return { ok: true, format: 'codex', files }
}

// One `@@` chunk of an update, as codex reads it; returns the index after it.
function readChunk(body: readonly string[], start: number, hunks: PatchHunk[], lineOf: (index: number) => number): number {
  let index = start
  let header: string | undefined
  if (body[index] === '@@') index++
  else if (body[index].startsWith('@@ ')) header = body[index++].slice(3)
  else if (hunks.length > 0) {
    throw new PatchError(`Expected update hunk to start with a @@ context marker, got: ${quote(body[index])}`, lineOf(index))
  }
  if (index >= body.length) throw new PatchError('Update hunk does not contain any lines', lineOf(index))
  const text = new HunkText()
  let taken = 0
  for (; index < body.length; index++) {
    const line = body[index]
    if (line === '*** End of File') {
      if (taken === 0) throw new PatchError('Update hunk does not contain any lines', lineOf(index))
      index++
      break
    }
    const side = line === '' ? 3 : sideOf(line[0])
    if (side === undefined) {
      if (taken === 0) {
        throw new PatchError(
          `Unexpected line found in update hunk: ${quote(line)}. Every line should start with ' ' (context line), '+' (added line), or '-' (removed line)`,
          lineOf(index),
        )
      }
      break
    }
    text.add(side, line.slice(1))
    taken++
  }
  hunks.push({ oldText: text.oldText, newText: text.newText, ...(header ? { header } : {}) })
  return index
}
