// A session page written in log order, a piece at a time: the messages and
// cards as they come, each prompt opening a turn with an anchor, sub-agent
// calls indented under the call that spawned them, and the contents (links
// to the turns, the token totals) once the session has ended.
import { renderToolCallHtml } from './card.js'
import { type ContentsTurn, contentsHtml, turnLabel } from './contents.js'
import { renderMessageHtml } from './message.js'
import { type SessionPageOptions, sessionPageEnd, sessionPageStart } from './page.js'
import type { SessionMessage, ToolCallRecord } from '../reader/records.js'

/** A session page being written: each method gives the HTML to write next. */
export interface SessionPageWriter {
  /** The head and the heading: write it first. */
  start(): string
  /** One message of the conversation; a user prompt opens a new turn. */
  message(message: SessionMessage): string
  /** One call's card, indented when the call is a sub-agent's; `cwd` when it became known after the start. */
  record(record: ToolCallRecord, cwd?: string): string
  /** The contents and the end of the page: write it last. */
  end(): string
  /** How many cards were written. */
  readonly cards: number
  /** How many turns (user prompts) were written. */
  readonly turns: number
  /** The first prompt's first line (at most 80 code points, as the contents show it), once there was one. */
  readonly firstPrompt: string | undefined
  /** The first timestamp a message gave, as the log wrote it. */
  readonly startedAt: string | undefined
}

// Sub-agents nest this deep at most on the page; deeper ones are drawn at this depth.
const MAX_DEPTH = 4
// Past this many turns, the contents list only the first ones and say how many more there are.
const MAX_CONTENTS = 5000

/**
 * Writes a session page a piece at a time, in the order the log gives
 * them, holding only one small entry per turn and one number per call:
 * `start()`, then `message()` and `record()` as the session goes, then
 * `end()`. Every string from the log is escaped.
 *
 * @example
 * const page = createSessionPage({ title: 'session.jsonl' })
 * out.write(page.start())
 * const reader = createAcpReader({ onRecord: (r) => out.write(page.record(r)), onMessage: (m) => out.write(page.message(m)) })
 * // …read the updates, then:
 * reader.end()
 * out.write(page.end())
 */
export function createSessionPage(options?: SessionPageOptions): SessionPageWriter {
  const turns: ContentsTurn[] = []
  let turnCount = 0
  let inputTokens = 0
  let outputTokens = 0
  let cards = 0
  let firstPrompt: string | undefined
  let startedAt: string | undefined
  // How deep each call written sits, by its id.
  const depth = new Map<string, number>()
  return {
    start: () => sessionPageStart(options),
    message(message) {
      if (Number.isSafeInteger(message.inputTokens) && message.inputTokens! > 0) inputTokens += message.inputTokens!
      if (Number.isSafeInteger(message.outputTokens) && message.outputTokens! > 0) outputTokens += message.outputTokens!
      if (startedAt === undefined && typeof message.timestamp === 'string') startedAt = message.timestamp
      const html = renderMessageHtml(message, options)
      if (message.role !== 'user') return html
      turnCount++
      const id = `turn-${turnCount}`
      const label = turnLabel(typeof message.text === 'string' ? message.text : '')
      firstPrompt ??= label
      if (turns.length < MAX_CONTENTS) turns.push({ id, label })
      return `<h2 class="tri-turn" id="${id}">Turn ${turnCount}</h2>\n${html}`
    },
    record(record, cwd) {
      cards++
      const parent = typeof record.parentToolCallId === 'string' ? depth.get(record.parentToolCallId) : undefined
      const level = parent === undefined ? 0 : Math.min(parent + 1, MAX_DEPTH)
      if (typeof record.toolCallId === 'string') depth.set(record.toolCallId, level)
      const html = renderToolCallHtml(record, cwd === undefined ? options : { ...options, cwd })
      return level === 0 ? html : `<div class="tri-subagent tri-depth-${level}">${html}</div>`
    },
    end() {
      return sessionPageEnd(contentsHtml(turns, { inputTokens, outputTokens }, turnCount - turns.length))
    },
    get cards() {
      return cards
    },
    get turns() {
      return turnCount
    },
    get firstPrompt() {
      return firstPrompt
    },
    get startedAt() {
      return startedAt
    },
  }
}
