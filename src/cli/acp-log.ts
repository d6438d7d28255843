// An ACP JSON-RPC log, messages of both directions: the `session/update`
// notifications' updates, the tool calls of permission requests (v1's
// `toolCall`, v2's `subject.toolCall`) and the prompts' responses.
import { isRecord } from '../internal/record.js'
import { IDS_KEPT, RecentIds } from '../internal/recent-ids.js'
import { collected, cutIdDetail, printable, type ReplaySink, shownId } from './replay.js'

/** A reader of an ACP log, fed one message at a time. */
export interface AcpLog {
  /** One message; what was wrong with it when it cannot be read (not an object, a `session/update` without an update). */
  message(message: unknown, line: number): string | undefined
  /** The cwd of the first `session/new`. */
  readonly cwd: string | undefined
  /** The protocol version `initialize` settled on (the agent's answer, else the client's ask). */
  readonly protocolVersion: number | undefined
}

/**
 * An ACP log's updates as they go to `sink`, each with its session. A
 * `tool_call` for an id a `tool_call` already announced is a new call:
 * shown under an id of its own (`id (2)`), which the id's later updates go
 * to, and noted. An id past the 1,024 code units a session takes is
 * shown cut (`shownId`), and noted. The ids of the last `idsKept` calls
 * (65,536) are remembered: an older one announced again is not taken for a
 * reused id (`sink.forgot` says when one is forgotten). A `session/prompt` response ends its session's turn
 * (`sink.endTurn` with its `stopReason`).
 */
export function createAcpLog(sink: ReplaySink, idsKept = IDS_KEPT): AcpLog {
  let cwd: string | undefined
  let asked: number | undefined
  let answered: number | undefined
  // The id each log id now stands for, and the ids given out: the last `idsKept` of each.
  const current = new RecentIds<string>(idsKept)
  const given = new RecentIds<true>(idsKept)
  // The session of each prompt still waiting for its response, by the request's id.
  const prompts = new RecentIds<string | undefined>(idsKept)
  const forward = (update: Record<string, unknown>, line: number, sessionId: string | undefined) => {
    const id = update.toolCallId
    if (typeof id !== 'string') return sink.update(update, line, sessionId)
    if (update.sessionUpdate === 'tool_call') {
      const base = shownId(id)
      if (base !== id) sink.note(line, 'tool call id cut', cutIdDetail(id))
      let alias = base
      if (given.has(alias)) {
        for (let count = 2; given.has(alias); count++) alias = `${base} (${count})`
        sink.note(line, 'reused tool id', `${printable(id)} is announced again; shown as its own call ${printable(alias)}`)
      }
      given.set(alias, true)
      if (current.set(id, alias)) sink.forgot?.()
    }
    const alias = current.get(id) ?? shownId(id)
    sink.update(alias === id ? update : { ...update, toolCallId: alias }, line, sessionId)
  }
  return {
    message(message, line) {
      if (!isRecord(message)) return 'a JSON value that is no JSON-RPC message'
      const { method, params } = message
      if (isRecord(message.result) && typeof message.result.protocolVersion === 'number' && answered === undefined)
        answered = message.result.protocolVersion
      if (method === undefined && isRecord(message.result) && 'stopReason' in message.result) {
        const key = requestKey(message.id)
        const sessionId = prompts.get(key)
        prompts.delete(key)
        sink.endTurn?.(message.result.stopReason, sessionId)
      }
      if (!isRecord(params)) return method === 'session/update' ? 'a session/update without params' : undefined
      const sessionId = typeof params.sessionId === 'string' ? params.sessionId : undefined
      if (method === 'session/update') {
        if (!isRecord(params.update)) return 'a session/update whose update is not an object'
        forward(params.update, line, sessionId)
      } else if (method === 'session/request_permission') {
        // v1's `toolCall`, v2's `subject.toolCall`: either updates the card (a write's change as it will be applied).
        const subject = isRecord(params.subject) && params.subject.type === 'tool_call' ? params.subject.toolCall : undefined
        const toolCall = isRecord(params.toolCall) ? params.toolCall : subject
        if (isRecord(toolCall)) forward(toolCall, line, sessionId)
      } else if (method === 'session/prompt' && message.id !== undefined) prompts.set(requestKey(message.id), sessionId)
      else if (method === 'session/new' && cwd === undefined && typeof params.cwd === 'string') cwd = params.cwd
      else if (method === 'initialize' && typeof params.protocolVersion === 'number' && asked === undefined) asked = params.protocolVersion
      return undefined
    },
    get cwd() {
      return cwd
    },
    get protocolVersion() {
      return answered ?? asked
    },
  }
}

// A JSON-RPC id as a key: a number and a string of its digits are different ids.
const requestKey = (id: unknown): string => `${typeof id}:${String(id)}`

/** The session's updates in log order, and the cwd of the first `session/new`. */
export function acpLogUpdates(messages: readonly unknown[]): { updates: unknown[]; cwd: string | undefined } {
  const { sink, updates } = collected()
  const log = createAcpLog(sink)
  for (let index = 0; index < messages.length; index++) log.message(messages[index], index + 1)
  return { updates, cwd: log.cwd }
}
