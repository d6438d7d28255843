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
export { renderCallViewHtml } from './call.js'
export { renderResultViewHtml } from './result.js'
export { renderToolCallHtml } from './card.js'
export { renderMessageHtml } from './message.js'
export { renderSessionHtml, SESSION_PAGE_END, type SessionPageOptions, sessionPagePolicy, sessionPageStart } from './page.js'
export { createSessionPage, type SessionPageWriter } from './page-writer.js'
export { renderSessionIndexHtml, type SessionIndexEntry } from './index-page.js'
export { SESSION_PAGE_SCRIPT, SESSION_PAGE_SCRIPT_HASH } from './page-script.js'
export { HTML_STYLESHEET, HTML_STYLESHEET_HASH } from './stylesheet.js'
export { escapeHtml } from './escape.js'
export { DEFAULT_MAX_DIFF_ROWS, type HtmlRenderOptions } from './options.js'
