// Markdown content as HTML, through markdown-it: raw HTML off (it shows as
// text), links only to http(s) and mailto, and remote images shown as links
// unless the caller allows loading them.
import MarkdownIt from 'markdown-it'
import type Token from 'markdown-it/lib/token.mjs'
import { visibleText } from '../safety/visible-text.js'
import { terminalSafeText } from '../text/control-chars.js'
import { escapeHtml } from './escape.js'
import { markedHtml } from './markers.js'

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

// Text as the page shows it: markdown-it has decoded character references
// by now (`&#x202E;`, `&ZeroWidthSpace;`), so a hiding character written as
// one is marked here like one written as itself; code is marked the same way.
markdown.renderer.rules.text = (tokens, index) => markedHtml(tokens[index].content)
markdown.renderer.rules.code_inline = (tokens, index) => `<code>${markedHtml(tokens[index].content)}</code>`
markdown.renderer.rules.code_block = (tokens, index) => `<pre><code>${markedHtml(tokens[index].content)}</code></pre>\n`
markdown.renderer.rules.fence = (tokens, index) => {
  const language = tokens[index].info.trim().split(/\s/, 1)[0]
  const attribute = language ? ` class="language-${escapeHtml(language)}"` : ''
  return `<pre><code${attribute}>${markedHtml(tokens[index].content)}</code></pre>\n`
}

// A table column's alignment as a class, not a `style` attribute: the page's policy allows no inline style.
for (const rule of ['th_open', 'td_open'] as const) {
  markdown.renderer.rules[rule] = (tokens, index, options, _env, self) => {
    const token = tokens[index]
    const style = token.attrGet('style')
    if (style !== null) {
      token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style')
      const align = /text-align:(left|center|right)/.exec(style)
      if (align !== null) token.attrJoin('class', `tri-align-${align[1]}`)
    }
    return self.renderToken(tokens, index, options)
  }
}

// An image's alt text: its children's text, character references included
// (markdown-it's own `renderInlineAsText` leaves those out of an image).
function altText(children: readonly Token[]): string {
  let alt = ''
  for (const child of children) {
    if (child.type === 'text' || child.type === 'text_special' || child.type === 'code_inline') alt += child.content
    else if (child.type === 'image' && child.children !== null) alt += altText(child.children)
    else if (child.type === 'softbreak' || child.type === 'hardbreak') alt += '\n'
  }
  return alt
}

// An image the caller did not allow to load is a link to it, so nothing is fetched when the page opens.
markdown.renderer.rules.image = (tokens, index, _options, env: MarkdownEnv) => {
  const token = tokens[index]
  const src = token.attrGet('src') ?? ''
  const alt = token.children === null ? token.content : altText(token.children)
  if (env.allowRemoteImages)
    return `<img src="${escapeHtml(src)}" alt="${escapeHtml(visibleText(alt))}" loading="lazy" referrerpolicy="no-referrer">`
  return `<a class="tri-image-link" href="${escapeHtml(src)}" rel="nofollow noopener noreferrer">[image: ${markedHtml(alt || src)}]</a>`
}

/**
 * A Markdown document (a text block's text) as HTML. Escape sequences are
 * removed first, as the text renderer removes them; a broken one is shown.
 */
export function markdownHtml(text: string, allowRemoteImages: boolean): string {
  const env: MarkdownEnv = { allowRemoteImages }
  return markdown.render(terminalSafeText(text, { color: false }), env)
}
