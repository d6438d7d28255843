// A Gemini CLI chat (JSONL, `~/.gemini/tmp/<project hash>/chats/*.jsonl`):
// a first line of session metadata, then one line per message, written
// again (same `id`) each time the message grows, with `$set` lines between.
// A `gemini` message's `toolCalls` are the calls, each with its `result`
// once it has one, replayed through Gemini CLI's presenters.
import { isRecord } from '../internal/record.js'
import { geminiCliPresenters } from '../presenters/index.js'
import { MESSAGE_META_KEY } from '../reader/index.js'
import type { ContentBlock } from '../views.js'
import { functionResponses, partsText, responseContent, responseFailed, shellResult } from './genai-parts.js'
import { collected, createReplay, type ReplaySink } from './replay.js'

// A call's status once it has ended (`CoreToolScheduler`'s `Status`).
const ENDED: ReadonlySet<string> = new Set(['success', 'error', 'cancelled'])

/** Whether a line is Gemini CLI's: its session metadata, a message, or a `$set` of the metadata. */
export function isGeminiCliLine(line: unknown): boolean {
  if (!isRecord(line)) return false
  if (typeof line.sessionId === 'string' && typeof line.projectHash === 'string') return true
  if (isRecord(line.$set)) return true
  return typeof line.id === 'string' && typeof line.timestamp === 'string' && (line.type === 'gemini' || Array.isArray(line.toolCalls))
}

/** The session cwd a Gemini CLI chat's metadata states (the first of its `directories`, in newer chats), if it does. */
export function geminiCliCwd(line: unknown): string | undefined {
  if (!isRecord(line) || typeof line.sessionId !== 'string' || !Array.isArray(line.directories)) return undefined
  const first = line.directories[0]
  return typeof first === 'string' && first !== '' ? first : undefined
}

/**
 * A replay of a Gemini CLI chat fed one line at a time; its updates go to
 * `sink`. A `$set` of `messages` (the context replaced, at a resume or a
 * compression) is read message by message, so what only it holds is shown
 * and what was shown already is not shown again; a `$rewindTo` changes
 * nothing shown (the calls it rewinds did run).
 */
export function createGeminiCliReplay(cwd: string, sink: ReplaySink): (line: unknown, lineNumber: number) => void {
  const replay = createReplay(geminiCliPresenters, cwd, sink)
  // What each message id has said so far, so a message written again says only what is new.
  const said = new Map<string, { text: boolean; thoughts: number }>()
  const called = new Set<string>()
  const ended = new Set<string>()
  const read = (line: unknown, lineNumber: number): void => {
    if (isRecord(line) && isRecord(line.$set) && Array.isArray(line.$set.messages)) {
      // One level only: a message that is itself a `$set` is not read.
      for (const message of line.$set.messages) if (!(isRecord(message) && '$set' in message)) read(message, lineNumber)
      return
    }
    if (!isRecord(line) || typeof line.id !== 'string') return
    const meta = { [MESSAGE_META_KEY]: messageMeta(line) }
    const say = (sessionUpdate: string, text: string) => {
      if (text !== '') sink.update({ sessionUpdate, content: { type: 'text', text }, _meta: meta }, lineNumber)
    }
    const before = said.get(line.id) ?? { text: false, thoughts: 0 }
    said.set(line.id, before)
    if (line.type === 'user' && !before.text) {
      // What the user typed (`displayContent`, such as `/init`) over what the model was sent.
      const shown = partsText(line.displayContent)
      const text = shown === '' ? partsText(line.content) : shown
      before.text = text !== ''
      say('user_message_chunk', text)
      return
    }
    if (line.type !== 'gemini') return
    if (Array.isArray(line.thoughts)) {
      for (let index = before.thoughts; index < line.thoughts.length; index++) say('agent_thought_chunk', thoughtText(line.thoughts[index]))
      before.thoughts = Math.max(before.thoughts, line.thoughts.length)
    }
    if (!before.text) {
      const text = partsText(line.content)
      before.text = text !== ''
      say('agent_message_chunk', text)
    }
    if (!Array.isArray(line.toolCalls)) return
    for (const call of line.toolCalls) {
      if (!isRecord(call) || typeof call.id !== 'string' || typeof call.name !== 'string') continue
      if (!called.has(call.id)) {
        called.add(call.id)
        replay.call(call.id, call.name, call.args, lineNumber)
      }
      if (typeof call.status === 'string' && ENDED.has(call.status) && !ended.has(call.id)) {
        ended.add(call.id)
        if (call.status === 'cancelled') replay.cancel(call.id, lineNumber, cancelledOutput(call))
        else replay.result(call.id, resultOf(call), lineNumber)
      }
    }
  }
  return read
}

// A thought as Gemini CLI shows it: its subject in bold, then its description.
function thoughtText(thought: unknown): string {
  if (!isRecord(thought)) return ''
  const subject = typeof thought.subject === 'string' ? thought.subject : ''
  const description = typeof thought.description === 'string' ? thought.description : ''
  return subject === '' ? description : description === '' ? `**${subject}**` : `**${subject}**\n\n${description}`
}

// A message's timestamp, model and tokens (input counting the cached ones, as Gemini's prompt count does).
function messageMeta(line: Record<string, unknown>): Record<string, unknown> {
  const meta: Record<string, unknown> = {}
  if (typeof line.timestamp === 'string') meta.timestamp = line.timestamp
  if (typeof line.model === 'string') meta.model = line.model
  const tokens = isRecord(line.tokens) ? line.tokens : undefined
  if (tokens !== undefined) {
    if (Number.isSafeInteger(tokens.input)) meta.inputTokens = tokens.input
    if (Number.isSafeInteger(tokens.output)) meta.outputTokens = tokens.output
  }
  return meta
}

// What a cancelled shell command printed before it stopped (its report's
// `Output:`), for its terminal; another cancelled call's result says only why.
function cancelledOutput(call: Record<string, unknown>): string | undefined {
  if (call.name !== 'run_shell_command') return undefined
  const first = resultOf(call).content[0]
  return first?.type === 'text' ? first.text : undefined
}

// A call's `result` (the `functionResponse` parts sent back to the model) as
// result content; failed when its status is not `success` (a cancelled call is
// not read as a result: see `cancelledOutput`).
function resultOf(call: Record<string, unknown>): { content: ContentBlock[]; isError: boolean; meta?: { exitCode: number } } {
  const content: ContentBlock[] = []
  let failed = call.status !== 'success'
  for (const { response } of functionResponses(call.result)) {
    content.push(...responseContent(response))
    if (responseFailed(response)) failed = true
  }
  if (content.length === 0 && typeof call.resultDisplay === 'string' && call.resultDisplay !== '')
    content.push({ type: 'text', text: call.resultDisplay })
  return call.name === 'run_shell_command' ? shellResult(content, failed) : { content, isError: failed }
}

/** The updates a live session would have sent for the chat's tool calls, and the cwd its metadata states (else `/`). */
export function geminiCliUpdates(lines: readonly unknown[], cwdOverride?: string): { updates: unknown[]; cwd: string } {
  let cwd = cwdOverride
  for (let index = 0; cwd === undefined && index < lines.length; index++) cwd = geminiCliCwd(lines[index])
  const { sink, updates } = collected()
  const line = createGeminiCliReplay(cwd ?? '/', sink)
  for (let index = 0; index < lines.length; index++) line(lines[index], index + 1)
  return { updates, cwd: cwd ?? '/' }
}
