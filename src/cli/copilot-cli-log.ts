// A GitHub Copilot CLI session (`~/.copilot/session-state/<id>/events.jsonl`): one
// event a line, `{type, data, id, timestamp, parentId}`. An
// `assistant.message`'s `toolRequests` (or a `tool.execution_start`) is a
// call, its `tool.execution_complete` the result, replayed through Copilot
// CLI's presenters.
import { isRecord } from '../internal/record.js'
import { copilotCliPresenters } from '../presenters/index.js'
import { MESSAGE_META_KEY } from '../reader/index.js'
import type { ContentBlock } from '../views.js'
import { collected, createReplay, type ReplaySink } from './replay.js'

// The event kinds of a Copilot CLI session, by the first part of their type.
const KINDS: readonly string[] = ['session.', 'user.', 'assistant.', 'tool.', 'system.', 'subagent.', 'hook.', 'skill.']

// A shell command's output ends with the line Copilot CLI adds when the command exits.
const EXITED = /<exited with exit code (-?\d+)>\s*$/

/** Whether a line is a Copilot CLI session event. */
export const isCopilotCliLine = (line: unknown): boolean =>
  isRecord(line) && typeof line.type === 'string' && isRecord(line.data) && KINDS.some((kind) => (line.type as string).startsWith(kind))

/** The session cwd a Copilot CLI event records (its `session.start` context), if it does. */
export const copilotCliCwd = (line: unknown): string | undefined =>
  isRecord(line) &&
  line.type === 'session.start' &&
  isRecord(line.data) &&
  isRecord(line.data.context) &&
  typeof line.data.context.cwd === 'string' &&
  line.data.context.cwd !== ''
    ? line.data.context.cwd
    : undefined

/** A replay of a Copilot CLI session fed one event at a time; its updates go to `sink`. */
export function createCopilotCliReplay(cwd: string, sink: ReplaySink): (line: unknown, lineNumber: number) => void {
  const replay = createReplay(copilotCliPresenters, cwd, sink)
  const called = new Set<string>()
  let model: string | undefined
  const call = (id: unknown, name: unknown, args: unknown, lineNumber: number) => {
    if (typeof id !== 'string' || typeof name !== 'string' || called.has(id)) return
    called.add(id)
    replay.call(id, name, args, lineNumber)
  }
  return (line, lineNumber) => {
    if (!isRecord(line) || !isRecord(line.data)) return
    const { data } = line
    const meta: Record<string, unknown> = {}
    if (typeof line.timestamp === 'string') meta.timestamp = line.timestamp
    const say = (sessionUpdate: string, text: unknown) => {
      if (typeof text === 'string' && text !== '')
        sink.update({ sessionUpdate, content: { type: 'text', text }, _meta: { [MESSAGE_META_KEY]: meta } }, lineNumber)
    }
    switch (line.type) {
      case 'session.model_change':
        if (typeof data.newModel === 'string') model = data.newModel
        return
      case 'user.message':
        say('user_message_chunk', data.content)
        return
      case 'assistant.message':
        if (model !== undefined) meta.model = model
        if (Number.isSafeInteger(data.outputTokens)) meta.outputTokens = data.outputTokens
        say('agent_thought_chunk', data.reasoningText)
        say('agent_message_chunk', data.content)
        if (Array.isArray(data.toolRequests))
          for (const request of data.toolRequests)
            if (isRecord(request)) call(request.toolCallId, request.name, request.arguments, lineNumber)
        return
      case 'tool.execution_start':
        call(data.toolCallId, data.toolName, data.arguments, lineNumber)
        return
      case 'tool.execution_complete':
        if (typeof data.toolCallId === 'string') replay.result(data.toolCallId, resultOf(data, replay.nameOf(data.toolCallId)), lineNumber)
        return
    }
  }
}

// A completed tool's result: its `content` (what the model read), or the
// error's message when it failed; a shell command's exit code from its last line.
function resultOf(
  data: Record<string, unknown>,
  name: string | undefined,
): { content: ContentBlock[]; isError: boolean; meta?: { exitCode: number } } {
  const failed = data.success === false
  const result = isRecord(data.result) ? data.result : undefined
  const error = isRecord(data.error) ? data.error.message : data.error
  const text = typeof result?.content === 'string' ? result.content : typeof error === 'string' ? error : ''
  const content: ContentBlock[] = text === '' && result === undefined && error === undefined ? [] : [{ type: 'text', text }]
  if (name !== 'bash' && name !== 'powershell') return { content, isError: failed }
  const exited = EXITED.exec(text)
  if (exited === null) return { content, isError: failed }
  const exitCode = Number(exited[1])
  return {
    content: [{ type: 'text', text: text.slice(0, exited.index).replace(/\n$/, '') }],
    isError: failed || exitCode !== 0,
    meta: { exitCode },
  }
}

/** The updates a live session would have sent for the session's tool calls, and the session cwd. */
export function copilotCliUpdates(lines: readonly unknown[], cwdOverride?: string): { updates: unknown[]; cwd: string } {
  let cwd = cwdOverride
  for (let index = 0; cwd === undefined && index < lines.length; index++) cwd = copilotCliCwd(lines[index])
  const { sink, updates } = collected()
  const line = createCopilotCliReplay(cwd ?? '/', sink)
  for (let index = 0; index < lines.length; index++) line(lines[index], index + 1)
  return { updates, cwd: cwd ?? '/' }
}
