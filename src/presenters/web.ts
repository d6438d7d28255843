// The web tools: fetching a page and searching the web, both generic
// `fetch` cards. What comes back is model-written Markdown, shown with
// nothing in it able to link or load an image.
import { defineTool } from '../define-tool.js'
import { isRecord } from '../internal/record.js'
import { markdownInline } from '../safety/markdown-text.js'
import { isOptionalString, isOptionalStringArray } from './arguments.js'
import { markdownContent, markdownResult } from './display.js'

/** The `web_fetch` tool's arguments (Claude Code's `WebFetch`): a page and what to do with it. */
export interface WebFetchArgs {
  /** The address to fetch; shown in the title. */
  readonly url: string
  /** What the model wants from the page; shown as the card's text. */
  readonly prompt?: string | null
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
  isRecord(value) && typeof value.url === 'string' && isOptionalString(value.prompt)

const isWebSearchArgs = (value: unknown): value is WebSearchArgs =>
  isRecord(value) &&
  typeof value.query === 'string' &&
  isOptionalStringArray(value.allowed_domains) &&
  isOptionalStringArray(value.blocked_domains)

/**
 * `web_fetch`: a generic `fetch` card titled `Fetch <url>` (`Fetch` for an
 * empty URL; the URL escaped with `markdownInline`, so it renders as
 * written), with the prompt as its text (escaped with `markdownBlock`), as
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
    title: args.url ? `Fetch ${markdownInline(args.url)}` : 'Fetch',
    content: markdownContent(args.prompt),
    rawInput: args,
  }),
  presentResult: (_args, result) => markdownResult(result),
})

// claude-agent-acp's title: the query in double quotes, then the domain lists.
function searchTitle(args: WebSearchArgs): string {
  let title = `"${args.query}"`
  if (args.allowed_domains?.length) title += ` (allowed: ${args.allowed_domains.join(', ')})`
  if (args.blocked_domains?.length) title += ` (blocked: ${args.blocked_domains.join(', ')})`
  return markdownInline(title)
}

/**
 * `web_search`: a generic `fetch` card titled with the query in double
 * quotes, then ` (allowed: a, b)` and ` (blocked: c)` for domain lists that
 * are not empty, as claude-agent-acp titles Claude Code's `WebSearch`; the
 * title escaped with `markdownInline`. The result shows the results with
 * `markdownBlock` (their links show as text); an error result shows the error.
 *
 * @example
 * webSearchTool.presentCall?.({ query: 'acp tool calls', allowed_domains: ['github.com'] })
 * // { card: 'generic', kind: 'fetch', title: '"acp tool calls" (allowed: github.com)', rawInput: { … } }
 */
export const webSearchTool = defineTool<WebSearchArgs>({
  name: 'web_search',
  args: isWebSearchArgs,
  presentCall: (args) => ({ card: 'generic', kind: 'fetch', title: searchTitle(args), rawInput: args }),
  presentResult: (_args, result) => markdownResult(result),
})
