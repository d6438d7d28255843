// An ACP JSON-RPC log, messages of both directions: the `session/update`
// notifications' updates, and the tool calls of permission requests.
import { isRecord } from '../internal/record.js'

/** The session's updates in log order, and the cwd of the first `session/new`. */
export function acpLogUpdates(messages: readonly unknown[]): { updates: unknown[]; cwd: string | undefined } {
  const updates: unknown[] = []
  let cwd: string | undefined
  for (const message of messages) {
    if (!isRecord(message) || !isRecord(message.params)) continue
    const { method, params } = message
    if (method === 'session/update' && isRecord(params.update)) updates.push(params.update)
    else if (method === 'session/request_permission' && isRecord(params.toolCall)) updates.push(params.toolCall)
    else if (method === 'session/new' && cwd === undefined && typeof params.cwd === 'string') cwd = params.cwd
  }
  return { updates, cwd }
}
