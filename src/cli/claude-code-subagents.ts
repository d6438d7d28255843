// Newer Claude Code keeps each sub-agent's entries in a log of its own
// beside the session file: `<project>/<session>.jsonl` spawns the Task whose
// result names `agentId: <id>`, and `<project>/<session>/subagents/agent-<id>.jsonl`
// holds that sub-agent's entries (`isSidechain`, `agentId`). Such a log is
// read whole when its Task ends, bounded as one line is, so that its calls
// are written right under the Task.
import { lstatSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { isRecord } from '../internal/record.js'
import type { LineProblem } from './log-lines.js'

// An agent id as Claude Code writes it (`a1b2c3d`, `researcher@team`): no path separator, not `.` or `..`.
const AGENT_ID = /^[\w@-][\w@.-]*$/
// The agent id a Task's result text states: `agentId: <id>` (or a team agent's `agent_id: <id>`).
const STATED_ID = /^agent_?[iI]d: ([\w@.-]+)/m

/**
 * The sub-agent a Task's result names: the `agentId: …` line of its text,
 * else `toolUseResult.agentId` (pass the entry's `toolUseResult` only when
 * the entry holds this one result).
 */
export function subagentIdOf(text: string, toolUseResult?: unknown): string | undefined {
  const id =
    STATED_ID.exec(text)?.[1] ?? (isRecord(toolUseResult) && typeof toolUseResult.agentId === 'string' ? toolUseResult.agentId : undefined)
  return id !== undefined && AGENT_ID.test(id) ? id : undefined
}

/** Where the log of sub-agent `agentId` of the session file `log` is, if `log` is a `.jsonl` session file. */
export function subagentLogPath(log: string, agentId: string): string | undefined {
  if (!log.endsWith('.jsonl') || !AGENT_ID.test(agentId)) return undefined
  return join(dirname(log), basename(log, '.jsonl'), 'subagents', `agent-${agentId}.jsonl`)
}

/** A sub-agent's log as values, each with its line, and the lines it could not use; `undefined` when there is no such file. */
export type SubagentLog =
  | { readonly values: readonly { readonly value: unknown; readonly line: number }[]; readonly problems: readonly SubagentProblem[] }
  | undefined

/** A line of a sub-agent's log left out (line 0: the whole file), and why. */
export interface SubagentProblem {
  readonly line: number
  readonly problem: LineProblem
  readonly detail: string
}

/** Reads the sub-agent log at `path` whole (a regular file of at most `maxBytes`, strict UTF-8), one JSON value a line. */
export function readSubagentLog(path: string, maxBytes: number): SubagentLog {
  let size: number
  try {
    const stat = lstatSync(path)
    if (!stat.isFile()) return undefined
    size = stat.size
  } catch {
    return undefined
  }
  if (size > maxBytes)
    return { values: [], problems: [{ line: 0, problem: 'line too long', detail: `${size} bytes, longer than ${maxBytes}` }] }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(path))
  } catch (error) {
    const problem: SubagentProblem =
      error instanceof TypeError
        ? { line: 0, problem: 'invalid UTF-8', detail: 'a byte sequence that is not UTF-8' }
        : { line: 0, problem: 'not JSON', detail: 'it cannot be read' }
    return { values: [], problems: [problem] }
  }
  const values: { value: unknown; line: number }[] = []
  const problems: SubagentProblem[] = []
  let line = 0
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('\n', start)
    if (end === -1) end = text.length
    const piece = text.slice(start, end).trim()
    start = end + 1
    line++
    if (piece === '') continue
    try {
      values.push({ value: JSON.parse(piece), line })
    } catch {
      problems.push({ line, problem: 'not JSON', detail: 'it does not parse' })
    }
  }
  return { values, problems }
}
