import type { ClientCapabilities } from '@agentclientprotocol/sdk'

/**
 * Whether the client shows display-only terminals: true exactly when it sent
 * `clientCapabilities._meta.terminal_output === true` in `initialize`.
 *
 * This is not `clientCapabilities.terminal`, which lets an agent ask the
 * client to run commands; this library never does that.
 *
 * @example
 * supportsTerminalOutput({ _meta: { terminal_output: true } }) // true
 * supportsTerminalOutput({ terminal: true }) // false
 */
export function supportsTerminalOutput(clientCapabilities: ClientCapabilities | null | undefined): boolean {
  // Optional chaining never throws, whatever JSON the client sent.
  return (clientCapabilities as { _meta?: { terminal_output?: unknown } } | null | undefined)?._meta?.terminal_output === true
}
