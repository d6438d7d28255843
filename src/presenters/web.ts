// The web tools: fetching a page and searching the web, both generic
// `fetch` cards. What comes back is model-written Markdown, shown with
// nothing in it able to link or load an image.
import { defineTool } from '../define-tool.js'
import { isRecord } from '../internal/record.js'
import { finite, isOptionalNumber, isOptionalString, isOptionalStringArray } from './arguments.js'
import { markdownBlock, markdownContent, markdownResult } from './display.js'
import { isErrorResult, resultStructured } from './result-content.js'

/** The `web_fetch` tool's arguments (Claude Code's `WebFetch`): a page and what to do with it. */
export interface WebFetchArgs {
  /** The address to fetch; shown in the title. */
  readonly url: string
  /** What the model wants from the page; shown as the card's text. */
  readonly prompt?: string | null
  /** The character to read on from, for a page too long for one call; shown as `(from char N)`. */
  readonly offset?: number | null
}

/** The `web_search` tool's arguments (Claude Code's `WebSearch`). */
export interface WebSearchArgs {
  /** What to search for; shown in the title, in double quotes. */
  readonly query: string
  /** Only results from these domains; listed in the title when not empty. */
  readonly allowed_domains?: readonly string[] | null
  /** Never results from these domains; listed in the title when not empty. */
  readonly blocked_domains?: readonly string[] | null
}

const isWebFetchArgs = (value: unknown): value is WebFetchArgs =>
  isRecord(value) && typeof value.url === 'string' && isOptionalString(value.prompt) && isOptionalNumber(value.offset)

const isWebSearchArgs = (value: unknown): value is WebSearchArgs =>
  isRecord(value) &&
  typeof value.query === 'string' &&
  isOptionalStringArray(value.allowed_domains) &&
  isOptionalStringArray(value.blocked_domains)

/**
 * `web_fetch`: a generic `fetch` card titled `Fetch <url>`, then
 * ` (from char N)` for an `offset` (`Fetch` for an empty URL; the URL
 * escaped with `markdownInline`, so it renders as written), with the prompt as its text (escaped with `markdownBlock`), as
 * claude-agent-acp shows Claude Code's `WebFetch`. The result shows what
 * came back the same way; an error result shows the error.
 *
 * @example
 * webFetchTool.presentCall?.({ url: 'https://example.com/a?b=1&c=2', prompt: 'Summarise' })
 * // { card: 'generic', kind: 'fetch', title: 'Fetch https://example.com/a?b=1\\&c=2',
 * //   content: [{ type: 'text', text: 'Summarise' }], rawInput: { … } }
 */
export const webFetchTool = defineTool<WebFetchArgs>({
  name: 'web_fetch',
  args: isWebFetchArgs,
  presentCall: (args) => ({
    card: 'generic',
    kind: 'fetch',
    title: args.url ? `Fetch ${args.url}${finite(args.offset) ? ` (from char ${finite(args.offset)})` : ''}` : 'Fetch',
    content: markdownContent(args.prompt),
    rawInput: args,
  }),
  presentResult: (_args, result) => markdownResult(result),
})

// claude-agent-acp's title, `Search "<query>"`, then the domain lists it no longer shows.
function searchTitle(args: WebSearchArgs): string {
  let title = args.query ? `Search "${args.query}"` : 'Web search'
  if (args.allowed_domains?.length) title += ` (allowed: ${args.allowed_domains.join(', ')})`
  if (args.blocked_domains?.length) title += ` (blocked: ${args.blocked_domains.join(', ')})`
  return title
}

/**
 * `web_search`: a generic `fetch` card titled `Search "<query>"` (`Web
 * search` for an empty one), as claude-agent-acp titles Claude Code's
 * `WebSearch`, then ` (allowed: a, b)` and ` (blocked: c)` for domain lists
 * that are not empty (it no longer shows them; they decide what is found);
 * the title escaped with `markdownInline`. The result lists the hits as
 * `Title (url)`, one a line, when the structured result carries them
 * (Claude Code's WebSearchOutput), else shows the text; both with
 * `markdownBlock` (links show as text). An error result shows the error.
 *
 * @example
 * webSearchTool.presentCall?.({ query: 'acp tool calls', allowed_domains: ['github.com'] })
 * // { card: 'generic', kind: 'fetch', title: 'Search "acp tool calls" (allowed: github.com)', rawInput: { … } }
 */
export const webSearchTool = defineTool<WebSearchArgs>({
  name: 'web_search',
  args: isWebSearchArgs,
  presentCall: (args) => ({ card: 'generic', kind: 'fetch', title: searchTitle(args), rawInput: args }),
  presentResult: (_args, result) => {
    const hits = isErrorResult(result) ? '' : searchHits(resultStructured(result))
    return hits ? { card: 'generic', content: [{ type: 'text', text: markdownBlock(hits) }] } : markdownResult(result)
  },
})

// The hits of a structured WebSearchOutput, `Title (url)` a line: its
// `results` hold summaries (strings) and hit lists; an off-shape hit is skipped.
function searchHits(structured: Record<string, unknown> | undefined): string {
  const results = structured?.results
  if (!Array.isArray(results)) return ''
  let lines = ''
  const add = (line: string) => {
    lines += lines ? `\n${line}` : line
  }
  for (const entry of results) {
    if (typeof entry === 'string') add(entry)
    else if (isRecord(entry) && Array.isArray(entry.content)) {
      for (const hit of entry.content)
        if (isRecord(hit) && typeof hit.title === 'string' && typeof hit.url === 'string') add(`${hit.title} (${hit.url})`)
    }
  }
  return lines
}
