// How presenters show paths and model text: paths relative to the session
// cwd and normalised as the bridge resolves them, every piece escaped for the
// Markdown an editor renders titles and text blocks as.
import { markdownBlock } from '../safety/markdown-text.js'

export { markdownBlock }
import { expandHome, isAbsolutePath, normalizePath, relativePath } from '../safety/paths.js'
import type { ContentBlock, FileLocation, GenericResultView, PresentContext } from '../views.js'
import { textFirstResult } from './result-content.js'

/**
 * The session cwd of a context that may come from untyped code: only a
 * string is used.
 *
 * @example
 * cwdOf({ cwd: '/repo' }) // '/repo'
 * cwdOf({ cwd: 3 } as never) // undefined
 */
export const cwdOf = (ctx: PresentContext | undefined): string | undefined => (typeof ctx?.cwd === 'string' ? ctx.cwd : undefined)

/**
 * The home directory of a context that may come from untyped code: only a
 * string is used.
 */
const homeOf = (ctx: PresentContext | undefined): string | undefined => (typeof ctx?.home === 'string' ? ctx.home : undefined)

/**
 * The path a location or a diff may carry: a `~/…` path expanded with the
 * context's `home`, or `undefined` without one (it must not be joined to
 * the cwd); any other path as given.
 *
 * @example
 * locatedPath('~/.claude/x.md', { cwd: '/repo', home: '/home/me' }) // '/home/me/.claude/x.md'
 * locatedPath('~/.claude/x.md', { cwd: '/repo' }) // undefined
 * locatedPath('src/a.ts', { cwd: '/repo' }) // 'src/a.ts'
 */
export const locatedPath = (path: string, ctx: PresentContext | undefined): string | undefined => expandHome(path, homeOf(ctx))

/**
 * The one location of a directory or a file (no line), or none: for an
 * empty or absent path, and for a `~/…` path without a home to place it.
 *
 * @example
 * locationOf('/repo/src', { cwd: '/repo' }) // [{ path: '/repo/src' }]
 * locationOf('~/.claude', { cwd: '/repo' }) // undefined
 */
export function locationOf(path: string | null | undefined, ctx: PresentContext | undefined): FileLocation[] | undefined {
  const located = path ? locatedPath(path, ctx) : undefined
  return located ? [{ path: located }] : undefined
}

/**
 * The path a title shows, unescaped: an absolute path normalised as the
 * bridge will resolve the location (so `/repo/../etc/passwd` shows as
 * `/etc/passwd`), relative to the cwd when inside it (`''` for the cwd
 * itself); a relative path as given. A `~/…` path is expanded with the
 * context's `home` and shown the same way; without one it is shown as written.
 *
 * @example
 * shownPath('/repo/src/a.ts', { cwd: '/repo' }) // 'src/a.ts'
 * shownPath('/repo/../etc/passwd', { cwd: '/repo' }) // '/etc/passwd'
 * shownPath('~/.claude/x.md', { cwd: '/repo' }) // '~/.claude/x.md'
 */
export function shownPath(path: string, ctx: PresentContext | undefined): string {
  const located = locatedPath(path, ctx)
  if (located === undefined) return path
  if (!isAbsolutePath(located)) return located
  const file = normalizePath(located)
  const cwd = cwdOf(ctx)
  return cwd && isAbsolutePath(cwd) ? (relativePath(file, cwd) ?? file) : file
}

/**
 * {@link shownPath} escaped with `markdownInline`: the title of a
 * non-`execute` card is rendered as Markdown, so the path must render
 * literally and on one line.
 *
 * @example
 * titlePath('/repo/[x](y).md', { cwd: '/repo' }) // '\\[x\\](y).md'
 */
export const titlePath = (path: string, ctx: PresentContext | undefined): string => shownPath(path, ctx)

// Space, tab and the line breaks a one-line title turns into spaces: what a title line drops.
const BLANK = /^[ \t\n\v\f\r\u0085\u2028\u2029]*$/

/**
 * Whether a model-written title would show nothing: empty, or only spaces,
 * tabs and line breaks. Anything else shows (a BOM or a zero-width space as
 * its marker), so it is never replaced by a fallback title.
 */
export const isBlankTitle = (text: string): boolean => BLANK.test(text)

/**
 * A model-written text as the one text block of a card: escaped with
 * {@link markdownBlock} (its shape kept, no link, image or HTML); nothing
 * for an empty or absent text.
 *
 * @example
 * markdownContent('Read <https://host>') // [{ type: 'text', text: 'Read \\<https://host>' }]
 * markdownContent('') // undefined
 */
export const markdownContent = (text: string | null | undefined): ContentBlock[] | undefined =>
  text ? [{ type: 'text', text: markdownBlock(text) }] : undefined

/**
 * A result whose text is model-written Markdown (a summary of a page, search
 * results, a sub-agent's report): the text blocks joined and escaped with
 * {@link markdownBlock}, first, then the other blocks in order. An error
 * result is shown the same way.
 *
 * @example
 * markdownResult({ content: [{ type: 'text', text: 'See [a](https://a)' }] })
 * // { card: 'generic', content: [{ type: 'text', text: 'See \\[a](https://a)' }] }
 */
export const markdownResult = (result: unknown): GenericResultView =>
  textFirstResult(result, (text) => (text === '' ? undefined : markdownBlock(text)))
