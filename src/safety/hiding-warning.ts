// A diff's texts and a call's raw input are kept exactly as written: they
// are the file's own content and the tool's own arguments, so marking them
// would change what is applied. What hides in them is said instead, the way
// code hosts warn of bidirectional text: one warning naming each character
// as the markers do (`<U+202E>`) and the lines it stands on. Bounded: the
// warning names a few characters, lines and texts, and counts the rest.
import { invisibleAt, invisibleMarker, nextInvisible } from './visible-text.js'

/** Where characters that hide stand in one text: each character's marker and the 1-based lines it is on. */
export interface HidingFinding {
  /** What the text is: `src/a.ts (new text)`, `rawInput.command`. */
  readonly where: string
  /** Each character found, as its marker (`<U+202E>`, `␛`), in order of first appearance, with the lines it stands on. */
  readonly characters: readonly {
    readonly marker: string
    readonly bidi: boolean
    readonly lines: readonly number[]
    readonly moreLines: number
  }[]
  /** How many more kinds of character the text holds past those named. */
  readonly moreCharacters: number
}

/** The most characters one finding names, lines one character lists, and texts one warning names. */
export const HIDING_WARNING_LIMITS = Object.freeze({ characters: 8, lines: 8, texts: 16 })

// Bidirectional formatting: the marks and the embeddings, overrides and isolates.
const isBidi = (code: number): boolean =>
  code === 0x061c || code === 0x200e || code === 0x200f || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)

/**
 * Where `text` holds characters that `visibleText` would mark (controls but
 * tab, line feed and CR LF; bidi controls; zero-width and other hiding
 * characters), as a finding for `where`; undefined when it holds none.
 * One pass over `text`.
 *
 * @example
 * hidingFinding('a\n\u202eb', 'a.ts (new text)')
 * // { where: 'a.ts (new text)', characters: [{ marker: '<U+202E>', bidi: true, lines: [2], moreLines: 0 }], moreCharacters: 0 }
 */
export function hidingFinding(text: string, where: string): HidingFinding | undefined {
  let at = nextInvisible(text, 0)
  if (at === -1) return undefined
  const characters: { marker: string; bidi: boolean; lines: number[]; moreLines: number }[] = []
  const byCode = new Map<number, (typeof characters)[number] | null>()
  let line = 1
  let counted = 0 // line breaks are counted up to here
  for (; at !== -1; ) {
    for (let lf = text.indexOf('\n', counted); lf !== -1 && lf < at; lf = text.indexOf('\n', lf + 1)) {
      line++
      counted = lf + 1
    }
    if (counted < at) counted = at
    const { code, length } = invisibleAt(text, at)
    let entry = byCode.get(code)
    if (entry === undefined) {
      entry =
        characters.length < HIDING_WARNING_LIMITS.characters
          ? { marker: invisibleMarker(String.fromCodePoint(code)), bidi: isBidi(code), lines: [], moreLines: 0 }
          : null
      byCode.set(code, entry)
      if (entry !== null) characters.push(entry)
    }
    if (entry !== null && entry.lines.at(-1) !== line) {
      if (entry.lines.length < HIDING_WARNING_LIMITS.lines) entry.lines.push(line)
      else entry.moreLines++
    }
    at = nextInvisible(text, at + length)
  }
  return { where, characters, moreCharacters: byCode.size - characters.length }
}

/**
 * The texts of `diffs` that hold characters that hide: each file's old and
 * new text, named by its path as `shownPath` gives it (as written by
 * default; the renderers show it relative to the cwd, the wire absolute).
 * Lines count within each text (an edit's fragment, a hunk, a whole file).
 */
export function hidingInDiffs(
  diffs: readonly { readonly path: string; readonly oldText: string | null; readonly newText: string }[],
  shownPath: (path: string) => string = (path) => path,
): HidingFinding[] {
  const findings: HidingFinding[] = []
  for (const diff of diffs) {
    const path = invisibleMarkerFree(shownPath(diff.path))
    const old = diff.oldText === null ? undefined : hidingFinding(diff.oldText, `${path} (old text)`)
    if (old) findings.push(old)
    const now = hidingFinding(diff.newText, `${path} (new text)`)
    if (now) findings.push(now)
  }
  return findings
}

// The most strings and the deepest nesting of a raw input walked for characters that hide.
const RAW_STRINGS = 10_000
const RAW_DEPTH = 64

/**
 * The strings of a call's raw input (its arguments as JSON) that hold
 * characters that hide, each named by its path (`rawInput.command`,
 * `rawInput.edits[0].new_string`). Keys are checked too. At most 10,000
 * strings and 64 levels are walked; what is past them is not read.
 */
export function hidingInRawInput(rawInput: unknown): HidingFinding[] {
  const findings: HidingFinding[] = []
  let strings = 0
  const walk = (value: unknown, path: string, depth: number): void => {
    if (strings >= RAW_STRINGS || depth > RAW_DEPTH) return
    if (typeof value === 'string') {
      strings++
      const found = hidingFinding(value, path)
      if (found) findings.push(found)
    } else if (Array.isArray(value)) {
      for (let index = 0; index < value.length && strings < RAW_STRINGS; index++) walk(value[index], `${path}[${index}]`, depth + 1)
    } else if (typeof value === 'object' && value !== null) {
      let keys: string[]
      try {
        keys = Object.keys(value)
      } catch {
        return
      }
      for (const key of keys) {
        if (strings >= RAW_STRINGS) return
        strings++
        const name = invisibleMarkerFree(key)
        const keyFound = hidingFinding(key, `${path} key ${name}`)
        if (keyFound) findings.push(keyFound)
        let child: unknown
        try {
          child = (value as Record<string, unknown>)[key]
        } catch {
          continue
        }
        walk(child, /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(name)}]`, depth + 1)
      }
    }
  }
  walk(rawInput, 'rawInput', 0)
  return findings
}

// A name shown in the warning, its own hiding characters marked, kept short.
function invisibleMarkerFree(name: string): string {
  const short = name.length > 256 ? `${name.slice(0, 128)}…${name.slice(-127)}` : name
  let out = ''
  let from = 0
  for (let at = nextInvisible(short, 0); at !== -1; at = nextInvisible(short, from)) {
    const { code, length } = invisibleAt(short, at)
    out += short.slice(from, at) + invisibleMarker(String.fromCodePoint(code))
    from = at + length
  }
  return out + short.slice(from)
}

const lineList = (lines: readonly number[], more: number): string => {
  const listed = lines.join(', ')
  const all = more > 0 ? `${listed} and ${more} more` : listed
  return lines.length === 1 && more === 0 ? `line ${all}` : `lines ${all}`
}

/**
 * The warning a card carries for `findings`, as plain text (the encoders
 * escape it for their target), or undefined when there are none: what the
 * characters are, that they are kept as written, and, for each text, each
 * character as its marker with the lines it stands on.
 *
 * @example
 * hidingWarning(hidingInDiffs([{ path: 'a.ts', oldText: null, newText: 'x\u202e' }]), 'change')
 * // 'Warning: this change holds bidirectional characters, kept as written: it may read differently from what it does. a.ts (new text): <U+202E> on line 1.'
 */
export function hidingWarning(findings: readonly HidingFinding[], subject: 'change' | 'input'): string | undefined {
  if (findings.length === 0) return undefined
  let bidi = false
  let other = false
  const parts: string[] = []
  for (const finding of findings.slice(0, HIDING_WARNING_LIMITS.texts)) {
    const named = finding.characters.map((character) => {
      if (character.bidi) bidi = true
      else other = true
      return `${character.marker} on ${lineList(character.lines, character.moreLines)}`
    })
    if (finding.moreCharacters > 0) {
      other = true
      named.push(`${finding.moreCharacters} more kinds of character`)
    }
    const where = finding.where.length > 512 ? `${finding.where.slice(0, 256)}…${finding.where.slice(-255)}` : finding.where
    parts.push(`${where}: ${named.join(', ')}.`)
  }
  if (findings.length > HIDING_WARNING_LIMITS.texts)
    parts.push(`${findings.length - HIDING_WARNING_LIMITS.texts} more texts hold some too.`)
  const what = bidi && other ? 'bidirectional and invisible characters' : bidi ? 'bidirectional characters' : 'invisible characters'
  const holder = subject === 'change' ? 'this change holds' : "this call's raw input holds"
  return `Warning: ${holder} ${what}, kept as written: it may read differently from what it does. ${parts.join(' ')}`
}
