// A Claude Code session log (JSONL): each assistant `tool_use` is a call and
// each user `tool_result` its result, replayed through Claude Code's
// presenters.
import { isRecord } from '../internal/record.js'
import { claudeCodePresenters } from '../presenters/index.js'
import { contentOf, createReplay } from './replay.js'

// Claude Code reports a failed command's status only in its text.
const EXIT_CODE = /^Exit code (\d+)/

/** The updates a live session would have sent for the log's tool calls, and the session cwd. */
export function claudeCodeUpdates(entries: readonly unknown[], cwdOverride?: string): { updates: unknown[]; cwd: string } {
  const cwd =
    cwdOverride ?? entries.map((entry) => (isRecord(entry) && typeof entry.cwd === 'string' ? entry.cwd : undefined)).find(Boolean) ?? '/'
  const replay = createReplay(claudeCodePresenters, cwd)
  const names = new Map<string, string>()
  for (const entry of entries) {
    if (!isRecord(entry) || !isRecord(entry.message) || !Array.isArray(entry.message.content)) continue
    for (const block of entry.message.content) {
      if (!isRecord(block)) continue
      if (block.type === 'tool_use' && typeof block.id === 'string' && typeof block.name === 'string') {
        names.set(block.id, block.name)
        replay.call(block.id, block.name, block.input)
      } else if (block.type === 'tool_result' && typeof block.tool_use_id === 'string' && names.has(block.tool_use_id)) {
        const content = contentOf(block.content)
        const isError = block.is_error === true
        const first = content[0]?.type === 'text' ? content[0].text : ''
        const meta =
          names.get(block.tool_use_id) === 'Bash' ? { exitCode: isError ? Number(EXIT_CODE.exec(first)?.[1] ?? 1) : 0 } : undefined
        replay.result(block.tool_use_id, { content, isError, meta })
      }
    }
  }
  return { updates: replay.updates, cwd }
}
