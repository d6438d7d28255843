/**
 * tool-render-intent/html: tool call and result views as safe HTML strings
 * (no DOM needed: on a server or in a browser), and ACP v1 and v2
 * `session/update` streams read back into the calls they describe. Start
 * with {@link renderToolCallHtml} and {@link HTML_STYLESHEET}, or
 * {@link readAcpUpdates} and {@link renderSessionHtml} for a whole session.
 *
 * @module
 */
export { renderCallViewHtml } from './call.js'
export { renderResultViewHtml } from './result.js'
export { renderToolCallHtml } from './card.js'
export { renderMessageHtml } from './message.js'
export { renderSessionHtml, SESSION_PAGE_END, type SessionPageOptions, sessionPagePolicy, sessionPageStart } from './page.js'
export { HTML_STYLESHEET, HTML_STYLESHEET_HASH } from './stylesheet.js'
export { escapeHtml } from './escape.js'
export { DEFAULT_MAX_DIFF_ROWS, type HtmlRenderOptions } from './options.js'
export type { SessionMessage, ToolCallRecord, ToolCallStatus } from './record.js'
export { type AcpReader, createAcpReader, readAcpUpdates } from '../reader/acp-reader.js'
