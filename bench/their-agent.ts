// claude-agent-acp 0.101.0's own agent code, called as its agent calls it:
// `toAcpNotifications` (exported by its acp-agent.js) for the assistant
// message holding the `tool_use` block, then for the user message holding the
// `tool_result` block with the tool's structured result (`tool_use_result`).
// One session's tool-use cache and task state across the pass, hooks
// registered and released as in the agent. Left out: the PostToolUse hook's
// diff for Edit and Write, which the agent runs asynchronously after the
// tool (their side does less than their agent does), the `session/update`
// envelope it is sent in, and logging.
//
// It is installed in a folder of its own, bench/anchor (by
// scripts/bench-anchor.mjs, which `npm run bench` runs first), without its
// optional dependencies: the Claude Code binary it pulls is over 300 MB and
// none of this code needs it.
import { readFileSync } from 'node:fs'
import type { CorpusEntry } from './corpus.js'

/** The version the anchor runs (bench/anchor/package.json, pinned). */
export const THEIR_AGENT_VERSION = '0.101.0'

// bench/anchor, from the built bench (bench/dist/run.js).
const anchor = new URL('../anchor/node_modules/@agentclientprotocol/claude-agent-acp/', import.meta.url)
const installed = JSON.parse(readFileSync(new URL('package.json', anchor), 'utf8')) as { version?: string }
if (installed.version !== THEIR_AGENT_VERSION)
  throw new Error(`bench/anchor holds claude-agent-acp ${installed.version}, not ${THEIR_AGENT_VERSION}: run node scripts/bench-anchor.mjs`)
const { toAcpNotifications } = (await import(new URL('dist/acp-agent.js', anchor).href)) as { toAcpNotifications: unknown }

type Notification = { readonly sessionId: string; readonly update: Record<string, unknown> }
type ToAcpNotifications = (
  content: readonly unknown[],
  role: 'assistant' | 'user',
  sessionId: string,
  toolUseCache: Record<string, unknown>,
  client: object,
  logger: { log: (...args: unknown[]) => void; error: (...args: unknown[]) => void },
  options: object,
) => Notification[]

const notificationsOf = toAcpNotifications as unknown as ToAcpNotifications
const logger = { log: () => {}, error: () => {} }
const client = {}
const SESSION = 'bench'

/** One pass through claude-agent-acp 0.101.0's agent code; returns how many updates it built. */
export function theirAgentPass(corpus: readonly CorpusEntry[], terminalOutput: boolean, cwd: string, sink?: unknown[]): number {
  const toolUseCache: Record<string, unknown> = {}
  const clientCapabilities = terminalOutput ? { _meta: { terminal_output: true } } : {}
  const callOptions = { clientCapabilities, cwd, taskState: new Map() }
  let count = 0
  for (let index = 0; index < corpus.length; index++) {
    const { toolUse, toolResult, toolResponse } = corpus[index].theirs
    const called = notificationsOf([toolUse], 'assistant', SESSION, toolUseCache, client, logger, callOptions)
    const settled = notificationsOf([toolResult], 'user', SESSION, toolUseCache, client, logger, {
      ...callOptions,
      toolUseResult: toolResponse,
    })
    for (const notification of called) sink?.push(notification.update)
    for (const notification of settled) sink?.push(notification.update)
    count += called.length + settled.length
  }
  return count
}
