// The agents' own logs the CLI replays through their presenters: for each
// format, where its lines state the session cwd and the replay that reads them.
import { claudeCodeCwd, createClaudeCodeReplay } from './claude-code-log.js'
import { codexCwd, createCodexReplay } from './codex-log.js'
import { copilotCliCwd, createCopilotCliReplay } from './copilot-cli-log.js'
import { createGeminiCliReplay, geminiCliCwd } from './gemini-cli-log.js'
import { createKimiCliReplay } from './kimi-cli-log.js'
import type { LogFormat } from './log-format.js'
import { createOpencodeReplay, opencodeCwd } from './opencode-log.js'
import { createQwenCodeReplay, qwenCodeCwd } from './qwen-code-log.js'
import type { ReplaySink } from './replay.js'

/** How one agent's log is replayed. */
export interface ReplayFormat {
  /** The session cwd a line states, if it does; `undefined` for a log that never states it (then `--cwd` or `/`). */
  readonly cwdOf: ((line: unknown) => string | undefined) | undefined
  /** A replay fed one line at a time, its updates going to `sink`; its `end`, if it has one, sends what it held back. */
  readonly create: (cwd: string, sink: ReplaySink) => ((line: unknown, lineNumber: number) => void) & { readonly end?: () => void }
}

/** Every format but ACP's (which is read, not replayed), by its `--format` name. */
export const REPLAYS: Readonly<Record<Exclude<LogFormat, 'acp'>, ReplayFormat>> = {
  'claude-code': { cwdOf: claudeCodeCwd, create: createClaudeCodeReplay },
  codex: { cwdOf: codexCwd, create: createCodexReplay },
  'gemini-cli': { cwdOf: geminiCliCwd, create: createGeminiCliReplay },
  'copilot-cli': { cwdOf: copilotCliCwd, create: createCopilotCliReplay },
  'qwen-code': { cwdOf: qwenCodeCwd, create: createQwenCodeReplay },
  'kimi-cli': { cwdOf: undefined, create: createKimiCliReplay },
  opencode: { cwdOf: opencodeCwd, create: createOpencodeReplay },
}
