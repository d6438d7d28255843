// Markdown content as HTML, through markdown-it: raw HTML off (it shows as
// text), links only to http(s) and mailto, and remote images shown as links
// unless the caller allows loading them.
import MarkdownIt from 'markdown-it'
import { terminalSafeText } from '../text/control-chars.js'
import { escapeHtml } from './escape.js'

const ALLOWED_LINK = /^(?:https?:|mailto:)/i

/** What a renderer rule reads from the render call. */
interface MarkdownEnv {
  readonly allowRemoteImages: boolean
}

const markdown = new MarkdownIt('default', { html: false, linkify: false, typographer: false })
// Relative, javascript:, data: and file: targets stay text.
markdown.validateLink = (url) => ALLOWED_LINK.test(url.trim())

markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  tokens[index].attrSet('rel', 'nofollow noopener noreferrer')
  return self.renderToken(tokens, index, options)
}

// An image the caller did not allow to load is a link to it, so nothing is fetched when the page opens.
markdown.renderer.rules.image = (tokens, index, _options, env: MarkdownEnv) => {
  const token = tokens[index]
  const src = token.attrGet('src') ?? ''
  const alt = token.children === null ? token.content : markdown.renderer.renderInlineAsText(token.children, _options, env)
  if (env.allowRemoteImages) return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" loading="lazy" referrerpolicy="no-referrer">`
  return `<a class="tri-image-link" href="${escapeHtml(src)}" rel="nofollow noopener noreferrer">[image: ${escapeHtml(alt || src)}]</a>`
}

/**
 * A Markdown document (a text block's text) as HTML. Escape sequences are
 * removed first, as the text renderer removes them; a broken one is shown.
 */
export function markdownHtml(text: string, allowRemoteImages: boolean): string {
  const env: MarkdownEnv = { allowRemoteImages }
  return markdown.render(terminalSafeText(text, { color: false }), env)
}

/** One line of Markdown (a title) as inline HTML: no paragraph around it. */
export function markdownInlineHtml(text: string, allowRemoteImages: boolean): string {
  const env: MarkdownEnv = { allowRemoteImages }
  return markdown.renderInline(terminalSafeText(text, { color: false }), env)
}
