// Codex's hosted tools, which run at the model provider rather than on the
// machine: web search (searching, opening a page, finding in it) and image
// generation. A harness passes each as a call of that name, with the item's
// action (or the item) as its arguments.
import { defineTool } from '../define-tool.js'
import { isRecord } from '../internal/record.js'
import type { ContentBlock, GenericResultView } from '../views.js'
import { isOptionalString, isStringArray } from './arguments.js'
import { markdownBlock } from './display.js'
import { isErrorResult, resultContent } from './result-content.js'

/**
 * The arguments of codex's hosted `web_search`: the call's action as codex
 * records it (`{ type: 'search', query, queries }`, `{ type: 'open_page', url }`,
 * `{ type: 'find_in_page', url, pattern }`), or an item carrying it as
 * `action`. The app server's camelCase types (`openPage`, `findInPage`) are
 * read the same. Every field may be absent.
 */
export interface CodexWebSearchArgs {
  /** What the action is; absent or unknown reads as a search. */
  readonly type?: string | null
  /** The search's query. */
  readonly query?: string | null
  /** The search's queries, when it ran several; shown joined when there is no `query`. */
  readonly queries?: readonly string[] | null
  /** The page opened or searched. */
  readonly url?: string | null
  /** What was looked for in the page. */
  readonly pattern?: string | null
  /** The action, when the arguments are the whole item. */
  readonly action?: CodexWebSearchArgs | null
}

/** The arguments of codex's hosted `image_generation`: the item, of which only the revised prompt is shown. */
export interface CodexImageGenerationArgs {
  /** The prompt the model rewrote the request into; shown as the card's text. */
  readonly revised_prompt?: string | null
  /** The same, as the app server names it. */
  readonly revisedPrompt?: string | null
}

const isWebSearchAction = (value: unknown): value is CodexWebSearchArgs =>
  isRecord(value) &&
  isOptionalString(value.type) &&
  isOptionalString(value.query) &&
  (value.queries === undefined || value.queries === null || isStringArray(value.queries)) &&
  isOptionalString(value.url) &&
  isOptionalString(value.pattern)

const isWebSearchArgs = (value: unknown): value is CodexWebSearchArgs =>
  isWebSearchAction(value) && (value.action === undefined || value.action === null || isWebSearchAction(value.action))

const isImageGenerationArgs = (value: unknown): value is CodexImageGenerationArgs =>
  isRecord(value) && isOptionalString(value.revised_prompt) && isOptionalString(value.revisedPrompt)

// codex-acp's title for each action, unescaped.
function webSearchLine(args: CodexWebSearchArgs): string {
  const action = args.action ?? args
  switch (action.type) {
    case 'open_page':
    case 'openPage':
      return action.url ? `Open page: ${action.url}` : 'Open page'
    case 'find_in_page':
    case 'findInPage':
      return `Find in page${action.pattern ? ` for '${action.pattern}'` : ''}${action.url ? ` in ${action.url}` : ''}`
    default: {
      const queries = (action.queries ?? []).filter((query) => query !== '')
      const query = action.query || queries.join(', ') || args.query
      return query ? `Web search: ${query}` : 'Web search'
    }
  }
}

/**
 * Codex's hosted `web_search`: a generic `search` card titled as codex-acp
 * titles it, `Web search: <query>` (the queries joined with `, ` when there
 * is no single query), `Open page: <url>` or
 * `Find in page for '<pattern>' in <url>`, escaped with `markdownInline`.
 * The result shows what came back with `markdownBlock`.
 *
 * @example
 * codexWebSearchTool.presentCall?.({ type: 'search', query: 'acp tool calls', queries: ['acp tool calls'] })
 * // { card: 'generic', kind: 'search', title: 'Web search: acp tool calls', rawInput: { … } }
 */
export const codexWebSearchTool = defineTool<CodexWebSearchArgs>({
  name: 'web_search',
  args: isWebSearchArgs,
  presentCall: (args) => ({ card: 'generic', kind: 'search', title: webSearchLine(args), rawInput: args }),
  presentResult: (_args, result) => webResult(result),
})

// Text escaped so it cannot link or embed; images and other blocks as they came.
function webResult(result: unknown): GenericResultView {
  const content: ContentBlock[] = []
  for (const block of resultContent(result)) content.push(block.type === 'text' ? { type: 'text', text: markdownBlock(block.text) } : block)
  return { card: 'generic', content }
}

/**
 * Codex's hosted `image_generation`: a generic card titled
 * `Image generation`, as codex-acp titles it. The result shows
 * `Revised prompt: <prompt>` (escaped with `markdownBlock`) when the
 * arguments carry one, then the image and any other blocks the result
 * holds; an error result shows the error.
 *
 * @example
 * codexImageGenerationTool.presentCall?.({ revised_prompt: 'A red fox in snow' })
 * // { card: 'generic', kind: 'other', title: 'Image generation', rawInput: { revised_prompt: 'A red fox in snow' } }
 */
export const codexImageGenerationTool = defineTool<CodexImageGenerationArgs>({
  name: 'image_generation',
  args: isImageGenerationArgs,
  presentCall: (args) => ({ card: 'generic', kind: 'other', title: 'Image generation', rawInput: args }),
  presentResult: (args, result) => {
    const shown = webResult(result)
    const prompt = args.revised_prompt || args.revisedPrompt
    if (!prompt || isErrorResult(result)) return shown
    return { card: 'generic', content: [{ type: 'text', text: `Revised prompt: ${markdownBlock(prompt)}` }, ...(shown.content ?? [])] }
  },
})
