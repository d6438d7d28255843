import type { ClientCapabilities } from './sdk.js'

/**
 * The `_meta` key under which a client takes pieces of a display-only
 * terminal's output: `terminal_output` (Zed) or `terminal_output_delta`
 * (JetBrains' clients and several others). Both are appended by the client.
 */
export type TerminalOutputKey = 'terminal_output' | 'terminal_output_delta'

/**
 * The key this client takes terminal output under, from what it sent in
 * `initialize`: `'terminal_output'` when `clientCapabilities._meta.terminal_output
 * === true`, else `'terminal_output_delta'` when
 * `clientCapabilities._meta.terminal_output_delta === true`, else `undefined`
 * (no display terminals: output is shown as text). A client that advertises
 * both gets `terminal_output`, the key codex-acp also checks first.
 *
 * @example
 * terminalOutputKey({ _meta: { terminal_output_delta: true } }) // 'terminal_output_delta'
 * terminalOutputKey({ terminal: true }) // undefined
 */
export function terminalOutputKey(clientCapabilities: ClientCapabilities | null | undefined): TerminalOutputKey | undefined {
  // Optional chaining never throws on JSON, whatever the client sent.
  const meta = (clientCapabilities as { _meta?: Record<string, unknown> } | null | undefined)?._meta
  if (meta?.terminal_output === true) return 'terminal_output'
  if (meta?.terminal_output_delta === true) return 'terminal_output_delta'
  return undefined
}

/**
 * Whether the client takes sub-agents' child sessions: true when it sent
 * `clientCapabilities.subagents` as an object (`{}`) in `initialize`, ACP
 * v1's unstable capability. Only then may an agent send `subagent_update`
 * and updates on a child session; without it a sub-agent's calls go on the
 * parent session, linked to their task by `parentToolCallId`.
 *
 * @example
 * supportsSubagents({ subagents: {} }) // true
 * supportsSubagents({}) // false
 */
export function supportsSubagents(clientCapabilities: ClientCapabilities | null | undefined): boolean {
  const subagents = (clientCapabilities as { subagents?: unknown } | null | undefined)?.subagents
  return typeof subagents === 'object' && subagents !== null && !Array.isArray(subagents)
}

/**
 * Whether the client keeps plans by id: true when it sent
 * `clientCapabilities.plan` as an object (`{}`) in `initialize`, ACP v1's
 * unstable capability. Only then may an agent send `plan_update` and
 * `plan_removed`; without it the session has one plan, the stable `plan`.
 *
 * @example
 * supportsPlans({ plan: {} }) // true
 * supportsPlans({}) // false
 */
export function supportsPlans(clientCapabilities: ClientCapabilities | null | undefined): boolean {
  const plan = (clientCapabilities as { plan?: unknown } | null | undefined)?.plan
  return typeof plan === 'object' && plan !== null && !Array.isArray(plan)
}

/**
 * Whether the client shows display-only terminals: true when it sent
 * `clientCapabilities._meta.terminal_output === true` or
 * `clientCapabilities._meta.terminal_output_delta === true` in `initialize`
 * (see {@link terminalOutputKey}).
 *
 * This is not `clientCapabilities.terminal`, which lets an agent ask the
 * client to run commands; this library never does that.
 *
 * @example
 * supportsTerminalOutput({ _meta: { terminal_output: true } }) // true
 * supportsTerminalOutput({ terminal: true }) // false
 */
export function supportsTerminalOutput(clientCapabilities: ClientCapabilities | null | undefined): boolean {
  return terminalOutputKey(clientCapabilities) !== undefined
}
