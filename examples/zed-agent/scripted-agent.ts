// The example agent, for ACP v1 and v2 draft clients alike: the SDK's
// protocol router reads the client's `initialize` and hands the connection to
// the agent of the version it asked for (2 or later: v2, else v1). Each agent
// has its own presenter (`tool-render-intent/acp` for v1, `…/acp-v2` for v2),
// and its own SDK types, so each update it sends is checked for its version.
import { agentProtocolRouter } from '@agentclientprotocol/sdk/experimental/v2'
import { scriptedAgentV1 } from './agent-v1.js'
import { scriptedAgentV2 } from './agent-v2.js'
import type { ScriptedAgentOptions } from './turn.js'

export { scriptedAgentV1 } from './agent-v1.js'
export { scriptedAgentV2 } from './agent-v2.js'
export { type PermissionAnswer, permissionAnswer, type ScriptedAgentOptions, stepCaption } from './turn.js'

/** The example agent for both protocol versions, ready to `connect` to a stream. */
export function scriptedAgent(options: ScriptedAgentOptions = {}) {
  return agentProtocolRouter().withV1(scriptedAgentV1(options)).withV2(scriptedAgentV2(options))
}
