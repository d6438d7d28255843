// Each agent's presenters, found by the agent's name: what a log reader or
// a harness that knows which agent it replays hands to the bridge.
import type { ToolDefinition } from '../define-tool.js'
import { claudeCodePresenters } from './claude-code.js'
import { codexPresenters } from './codex.js'
import { copilotCliPresenters } from './copilot-cli.js'
import { geminiCliPresenters } from './gemini-cli.js'
import { goosePresenters } from './goose.js'
import { kimiCliPresenters } from './kimi-cli.js'
import { opencodePresenters } from './opencode.js'
import { qwenCodePresenters } from './qwen-code.js'

/** The agents whose tools this package names: the keys {@link presentersFor} knows. */
export type AgentName = 'claude-code' | 'codex' | 'gemini-cli' | 'opencode' | 'qwen-code' | 'kimi-cli' | 'goose' | 'copilot-cli'

/** Every {@link AgentName}, in the order the README lists the families. */
export const AGENT_NAMES: readonly AgentName[] = [
  'claude-code',
  'codex',
  'gemini-cli',
  'opencode',
  'qwen-code',
  'kimi-cli',
  'goose',
  'copilot-cli',
]

// The name as written, lower case, spaces and underscores as hyphens: `Gemini CLI` is `gemini-cli`.
const normalised = (agent: string) => agent.trim().toLowerCase().replaceAll(' ', '-').replaceAll('_', '-')

/**
 * The presenters of one agent's tools, under its names and argument shapes:
 * {@link claudeCodePresenters}, {@link codexPresenters},
 * {@link geminiCliPresenters}, {@link opencodePresenters},
 * {@link qwenCodePresenters}, {@link kimiCliPresenters},
 * {@link goosePresenters} or {@link copilotCliPresenters}. The name is
 * read without regard to case, with spaces or underscores for hyphens, and
 * the short names agents go by (`claude`, `gemini`, `qwen`, `kimi`,
 * `copilot`, `github-copilot-cli`) are known too. Any other name gives
 * `undefined`.
 *
 * @example
 * import { createToolPresenter } from 'tool-render-intent/acp'
 * import { presentersFor } from 'tool-render-intent/presenters'
 *
 * const tools = presentersFor('Gemini CLI') ?? []
 * createToolPresenter({ tools, clientCapabilities, cwd })
 */
export function presentersFor(agent: string): readonly ToolDefinition<any, any>[] | undefined {
  if (typeof agent !== 'string') return undefined
  switch (normalised(agent)) {
    case 'claude-code':
    case 'claude':
      return claudeCodePresenters
    case 'codex':
    case 'codex-cli':
      return codexPresenters
    case 'gemini-cli':
    case 'gemini':
      return geminiCliPresenters
    case 'opencode':
      return opencodePresenters
    case 'qwen-code':
    case 'qwen':
      return qwenCodePresenters
    case 'kimi-cli':
    case 'kimi':
      return kimiCliPresenters
    case 'goose':
      return goosePresenters
    case 'copilot-cli':
    case 'copilot':
    case 'github-copilot-cli':
      return copilotCliPresenters
    default:
      return undefined
  }
}
