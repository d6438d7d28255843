/**
 * tool-render-intent/html: tool call and result views as safe HTML strings
 * (no DOM needed: on a server or in a browser), one card or a whole
 * session. Start with {@link renderToolCallHtml} and {@link HTML_STYLESHEET};
 * for a session's log, read it with `readAcpUpdates` from
 * `tool-render-intent/reader` and draw its records with
 * {@link renderSessionHtml}.
 *
 * @module
 */
export { renderToolCallHtml } from './card.js'
export { renderSessionHtml, type SessionPageOptions } from './page.js'
export { createSessionPage, type SessionPageWriter } from './page-writer.js'
export { HTML_STYLESHEET } from './stylesheet.js'
export type { HtmlRenderOptions } from './options.js'
