/**
 * tool-render-intent/reader: ACP v1 and v2 `session/update` streams read
 * back into the calls they describe, the bridge run in reverse. Each call
 * comes back as a {@link ToolCallRecord}: its call view, its result view,
 * its status and what a running command printed so far; with `onMessage`,
 * the conversation between the calls too. Zero runtime dependencies.
 *
 * Start with {@link readAcpUpdates} for a whole log, or
 * {@link createAcpReader} to feed one update at a time and stream the
 * records. `tool-render-intent/html` and `tool-render-intent/text` draw
 * what it gives.
 *
 * @module
 */
export {
  type AcpReader,
  type AcpReaderOptions,
  createAcpReader,
  type IgnoredReason,
  readAcpUpdates,
} from './acp-reader.js'
export { MESSAGE_META_KEY } from './session-messages.js'
export type { SessionMessage, ToolCallRecord } from './records.js'
