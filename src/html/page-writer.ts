// A session page written in log order, a piece at a time: the messages and
// cards as they come, each prompt opening a turn with an anchor, sub-agent
// calls indented under the call that spawned them, and the contents (links
// to the turns with each turn's tokens, the session's totals) once the
// session has ended (a turn's heading is written before its tokens are known).
import { renderToolCallHtml } from './card.js'
import { type ContentsTurn, contentsHtml, turnLabel } from './contents.js'
import { escapeHtml } from './escape.js'
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
  /** The contents (of this part's turns) and the end of the page: write it last. */
  end(): string
  /**
   * For a long session written in parts: the end of this part (the
   * contents of its turns, a link to the next part) and the start of the
   * next (links to the previous part and to the contents page). `current`
   * is this part's address, as the contents page links to it.
   */
  nextPart(links: {
    /** This part's own address (for the contents page). */
    readonly current: string
    /** The next part's address, relative to this part. */
    readonly next: string
    /** The contents page's address, relative to this part. */
    readonly contents: string
  }): { readonly end: string; readonly start: string }
  /**
   * For a session written in parts, after the last part's `end()`: a page
   * of contents, the parts and every turn (up to 5000), each linked into its
   * part. `current` is the last part's address.
   */
  contentsPage(current: string): string
  /** How many cards were written. */
  readonly cards: number
  /** How many turns (user prompts) were written. */
  readonly turns: number
  /** The first prompt's first line (at most 80 code points, as the contents show it), once there was one. */
  readonly firstPrompt: string | undefined
  /** The first timestamp a message gave, as the log wrote it. */
  readonly startedAt: string | undefined
}

// A link to an address we made (a file name), encoded and escaped.
const link = (href: string, text: string) => `<a href="${escapeHtml(encodeURI(href))}">${text}</a>`

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
  // This part's turns, and every part's (linked into its part) for a contents page.
  let turns: ContentsTurn[] = []
  const allTurns: ContentsTurn[] = []
  const parts: { href: string; firstTurn: number; turns: number }[] = []
  let part = 1
  let partFirstTurn = 0
  let turnCount = 0
  let inputTokens = 0
  let outputTokens = 0
  // The tokens of the turn being written (shared with its entries in the contents), once a prompt opened one.
  let turnTokens: { inputTokens: number; outputTokens: number } | undefined
  let cards = 0
  let firstPrompt: string | undefined
  let startedAt: string | undefined
  // How deep each call written sits, by its id.
  const depth = new Map<string, number>()
  // The part ends: its turns go to the contents page, linked into it.
  const closePart = (href: string) => {
    parts.push({ href, firstTurn: partFirstTurn, turns: turnCount - partFirstTurn })
    for (const turn of turns)
      if (allTurns.length < MAX_CONTENTS) allTurns.push({ href: `${encodeURI(href)}${turn.href}`, label: turn.label, tokens: turn.tokens })
    turns = []
    partFirstTurn = turnCount
  }
  return {
    start: () => sessionPageStart(options),
    message(message) {
      const input = Number.isSafeInteger(message.inputTokens) && message.inputTokens! > 0 ? message.inputTokens! : 0
      const output = Number.isSafeInteger(message.outputTokens) && message.outputTokens! > 0 ? message.outputTokens! : 0
      inputTokens += input
      outputTokens += output
      if (startedAt === undefined && typeof message.timestamp === 'string') startedAt = message.timestamp
      const html = renderMessageHtml(message, options)
      if (message.role !== 'user') {
        if (turnTokens !== undefined) {
          turnTokens.inputTokens += input
          turnTokens.outputTokens += output
        }
        return html
      }
      turnCount++
      turnTokens = { inputTokens: input, outputTokens: output }
      const id = `turn-${turnCount}`
      const label = turnLabel(typeof message.text === 'string' ? message.text : '')
      firstPrompt ??= label
      if (turns.length < MAX_CONTENTS) turns.push({ href: `#${id}`, label, tokens: turnTokens })
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
      return sessionPageEnd(contentsHtml(turns, { inputTokens, outputTokens }, turnCount - partFirstTurn - turns.length))
    },
    nextPart(links) {
      const end = `<nav class="tri-parts" aria-label="Parts">${link(links.next, `Part ${part + 1} →`)}</nav>${this.end()}`
      closePart(links.current)
      part++
      const start = `${sessionPageStart(options)}<nav class="tri-parts" aria-label="Parts">Part ${part} · ${link(parts[parts.length - 1].href, `← part ${part - 1}`)} · ${link(links.contents, 'all turns')}</nav>\n`
      return { end, start }
    },
    contentsPage(current) {
      closePart(current)
      let list = '<ol class="tri-part-list">'
      for (const entry of parts)
        list += `<li>${link(entry.href, `Part ${parts.indexOf(entry) + 1}`)} <span class="tri-note">${entry.turns === 0 ? 'no turns' : `turns ${entry.firstTurn + 1}–${entry.firstTurn + entry.turns}`}</span></li>`
      list += '</ol>'
      const leftOut = turnCount - allTurns.length
      return `${sessionPageStart(options)}<p class="tri-note">A long session, in ${parts.length} parts: ${cards} cards, ${turnCount} turns.</p>${list}${sessionPageEnd(contentsHtml(allTurns, { inputTokens, outputTokens }, leftOut))}`
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
