/**
 * tool-render-intent/text: tool call and result views as text for a
 * terminal, for logs, CLIs and tests. Start with {@link renderCallView}.
 *
 * @module
 */
export { renderCallView } from './call.js'
export { renderResultView } from './result.js'
export type { TextRenderOptions } from './options.js'
