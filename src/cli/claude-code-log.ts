// A Claude Code session log (JSONL): each assistant `tool_use` is a call and
// each user `tool_result` its result, replayed through Claude Code's
// presenters.
import { isRecord } from '../internal/record.js'
import { MESSAGE_META_KEY } from '../reader/index.js'
import { claudeCodePresenters } from '../presenters/index.js'
import { subagentIdOf } from './claude-code-subagents.js'
import { collected, contentOf, createReplay, type ReplaySink } from './replay.js'

// Claude Code reports a failed command's status only in its text.
const EXIT_CODE = /^Exit code (\d+)/

/** The session cwd a Claude Code log entry records, if it does. */
export const claudeCodeCwd = (entry: unknown): string | undefined =>
  isRecord(entry) && typeof entry.cwd === 'string' && entry.cwd !== '' ? entry.cwd : undefined

/**
 * A replay of a Claude Code log fed one entry at a time; its updates go to
 * `sink`. A sub-agent's calls are nested under the Task (or Agent) call that
 * spawned it: in `--output-format stream-json` output each message names it
 * (`parent_tool_use_id`); in a session file the sub-agent's entries are
 * marked `isSidechain`, and are told apart by {@link createSidechains}. A
 * sub-agent's own messages (its prompt, its text) are not the session's
 * conversation: its calls show under the Task, and its answer is the Task's result.
 */
export function createClaudeCodeReplay(cwd: string, sink: ReplaySink): (entry: unknown, line: number) => void {
  const replay = createReplay(claudeCodePresenters, cwd, sink)
  const sidechains = createSidechains()
  return (entry, line) => {
    if (!isRecord(entry) || !isRecord(entry.message)) return
    const role = entry.message.role
    const task = sidechains.taskOf(entry)
    const sidechain = entry.isSidechain === true
    // The conversation as claude-agent-acp sends it: message chunks, with what the log says of them.
    const say = (sessionUpdate: string, text: unknown) => {
      if (typeof text !== 'string' || text === '' || sidechain) return
      sink.update({ sessionUpdate, content: { type: 'text', text }, _meta: { [MESSAGE_META_KEY]: messageMeta(entry) } }, line)
    }
    const interrupt = () => {
      replay.cancelOpen(line)
      sidechains.clear()
    }
    if (typeof entry.message.content === 'string') {
      if (role !== 'assistant' && !sidechain && interrupted(entry.message.content)) interrupt()
      say(role === 'assistant' ? 'agent_message_chunk' : 'user_message_chunk', entry.message.content)
      return
    }
    if (!Array.isArray(entry.message.content)) return
    let results = 0
    for (const block of entry.message.content) if (isRecord(block) && block.type === 'tool_result') results++
    for (const block of entry.message.content) {
      if (!isRecord(block)) continue
      if (block.type === 'text') {
        // The user stopped the turn: the calls still running were cancelled.
        if (role !== 'assistant' && !sidechain && interrupted(block.text)) interrupt()
        say(role === 'assistant' ? 'agent_message_chunk' : 'user_message_chunk', block.text)
      } else if (block.type === 'thinking') say('agent_thought_chunk', block.thinking)
      else if (block.type === 'tool_use' && typeof block.id === 'string' && typeof block.name === 'string') {
        // A sub-agent's call in `--output-format stream-json` output names the Task that spawned it.
        const parent = typeof entry.parent_tool_use_id === 'string' && entry.parent_tool_use_id !== '' ? entry.parent_tool_use_id : task
        sidechains.called(block.id, block.name, block.input)
        replay.call(block.id, block.name, block.input, line, parent)
      } else if (block.type === 'tool_result' && typeof block.tool_use_id === 'string') {
        const spawned = sidechains.ended(block.tool_use_id)
        const content = contentOf(block.content)
        const isError = block.is_error === true
        const first = content[0]?.type === 'text' && typeof content[0].text === 'string' ? content[0].text : ''
        if (isError && content.length === 1 && interrupted(first)) {
          replay.cancel(block.tool_use_id, line)
          continue
        }
        const meta =
          replay.nameOf(block.tool_use_id) === 'Bash' ? { exitCode: isError ? Number(EXIT_CODE.exec(first)?.[1] ?? 1) : 0 } : undefined
        replay.result(block.tool_use_id, { content, isError, meta }, line)
        // Newer files keep the sub-agent's entries in a log of its own, which its Task's result names.
        const agentId = spawned ? subagentIdOf(textOf(content), results === 1 ? entry.toolUseResult : undefined) : undefined
        if (agentId !== undefined) {
          sidechains.spawned(agentId, block.tool_use_id)
          sink.subagent?.(agentId, line)
        }
      }
    }
  }
}

// The tools that spawn a sub-agent.
const SPAWNS: ReadonlySet<string> = new Set(['Task', 'Agent'])
// Past this many, the sidechain entries remembered longest ago are let go.
const REMEMBERED = 65_536

/**
 * Which Task each sidechain entry of a Claude Code session file belongs to.
 * A sub-agent's first entry is its prompt, with no parent entry: it belongs
 * to the Task still running whose `prompt` it is, else to the only Task
 * still running. Each later entry belongs to its `parentUuid`'s Task, or to
 * its `agentId`'s (newer files name the sub-agent on every entry). An entry
 * that fits none is shown unnested.
 */
function createSidechains() {
  // The Task calls still running, with their prompts.
  const running = new Map<string, unknown>()
  // The Task of each sidechain entry (by `uuid`) and of each sub-agent (by `agentId`), bounded.
  const ofEntry = new Map<string, string>()
  const ofAgent = new Map<string, string>()
  const remember = (map: Map<string, string>, key: unknown, task: string) => {
    if (typeof key !== 'string') return
    if (map.size >= REMEMBERED && !map.has(key)) map.delete(map.keys().next().value as string)
    map.set(key, task)
  }
  return {
    taskOf(entry: Record<string, unknown>): string | undefined {
      if (entry.isSidechain !== true) return undefined
      let task = typeof entry.agentId === 'string' ? ofAgent.get(entry.agentId) : undefined
      if (task === undefined && typeof entry.parentUuid === 'string') task = ofEntry.get(entry.parentUuid)
      if (task === undefined) {
        const prompt = promptOf(entry)
        for (const [id, taskPrompt] of running)
          if (prompt !== undefined && taskPrompt === prompt) {
            task = id
            break
          }
        if (task === undefined && running.size === 1) task = running.keys().next().value
      }
      if (task === undefined) return undefined
      remember(ofEntry, entry.uuid, task)
      remember(ofAgent, entry.agentId, task)
      return task
    },
    called(id: string, name: string, input: unknown) {
      if (SPAWNS.has(name)) running.set(id, isRecord(input) ? input.prompt : undefined)
    },
    /** The call `id` ended; whether it was a Task. */
    ended(id: string): boolean {
      return running.delete(id)
    },
    /** The sub-agent `agentId` was the Task `id`'s. */
    spawned(agentId: string, id: string) {
      remember(ofAgent, agentId, id)
    },
    clear() {
      running.clear()
    },
  }
}

// The text of a result's text blocks, one a line.
const textOf = (content: readonly unknown[]): string =>
  content.map((block) => (isRecord(block) && block.type === 'text' && typeof block.text === 'string' ? block.text : '')).join('\n')

// The text a user entry holds (a sub-agent's prompt), if it holds only text.
function promptOf(entry: Record<string, unknown>): string | undefined {
  const message = isRecord(entry.message) ? entry.message : {}
  if (message.role !== 'user') return undefined
  if (typeof message.content === 'string') return message.content
  if (!Array.isArray(message.content)) return undefined
  const texts: string[] = []
  for (const block of message.content) {
    if (!isRecord(block) || block.type !== 'text' || typeof block.text !== 'string') return undefined
    texts.push(block.text)
  }
  return texts.join('\n\n')
}

// What Claude Code writes, as the user's message or as a stopped call's
// result, when the user interrupts a turn (`[Request interrupted by user]`,
// `… for tool use]` while a tool ran).
const INTERRUPTED = /^\[Request interrupted by user(?: for tool use)?\]$/
const interrupted = (text: unknown): boolean => typeof text === 'string' && INTERRUPTED.test(text.trim())

// A Claude Code entry's timestamp, model and tokens (input counting the cached ones).
function messageMeta(entry: Record<string, unknown>): Record<string, unknown> {
  const meta: Record<string, unknown> = {}
  if (typeof entry.timestamp === 'string') meta.timestamp = entry.timestamp
  const message = isRecord(entry.message) ? entry.message : {}
  if (typeof message.model === 'string' && message.model !== '<synthetic>') meta.model = message.model
  const usage = isRecord(message.usage) ? message.usage : undefined
  if (usage !== undefined) {
    let input = 0
    for (const key of ['input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens'])
      if (Number.isSafeInteger(usage[key])) input += usage[key] as number
    if (input > 0) meta.inputTokens = input
    if (Number.isSafeInteger(usage.output_tokens)) meta.outputTokens = usage.output_tokens
  }
  return meta
}

/** The updates a live session would have sent for the log's tool calls, and the session cwd. */
export function claudeCodeUpdates(entries: readonly unknown[], cwdOverride?: string): { updates: unknown[]; cwd: string } {
  let cwd = cwdOverride
  for (let index = 0; cwd === undefined && index < entries.length; index++) cwd = claudeCodeCwd(entries[index])
  const { sink, updates } = collected()
  const entry = createClaudeCodeReplay(cwd ?? '/', sink)
  for (let index = 0; index < entries.length; index++) entry(entries[index], index + 1)
  return { updates, cwd: cwd ?? '/' }
}
