// What one ACP client does with the fields we send, chosen once per session
// from `initialize` (the client's capabilities, its `clientInfo`). A closed
// table: each fact names where it comes from. The encoders read `titles` and
// the terminal convention; the rest says what a card on that client shows,
// for a harness to decide what must reach the user another way.
import type { TitleStyle } from '../safety/title-text.js'

/** The clients a profile is shipped for (see {@link CLIENT_PROFILES}). */
export type ClientProfileName =
  | 'zed'
  | 'plain'
  | 'acpx'
  | 'jetbrains-air'
  | 'codecompanion'
  | 'obsidian-agent-client'
  | 'agent-shell'
  | 'generic-v1'
  | 'v2'

/**
 * What one client does with the fields an agent sends:
 *
 * - `protocol`: the ACP version it speaks (`createToolPresenter` of `/acp`
 *   or of `/acp-v2`).
 * - `titles`: how it shows the titles of cards that are not commands, plan
 *   entries and sub-agent labels: `'markdown'` (CommonMark with Zed's
 *   extensions: each is escaped to render literally) or `'plain'` (sent as
 *   the text itself). Commands are plain text everywhere.
 * - `terminal`: the display-terminal convention it reads when it declares it:
 *   `'terminal_output'` / `'terminal_output_delta'` (v1 `_meta` keys, gated on
 *   `clientCapabilities._meta.<key> === true`), `'v2'` (agent-owned
 *   `terminal_update` / `terminal_output_chunk`), or `'none'` (a command is
 *   shown as text).
 * - `content`: which tool call content it shows: `'all'`, or
 *   `'diff-and-terminal'` (text, images and links are dropped: what matters
 *   must reach the user in the title or a diff).
 * - `prompt`: what a permission prompt shows of the call's content and
 *   locations: `'all'`, or `'first'` (the first of each).
 * - `subagents`: which sub-agent updates it decodes: `'subagent_update'`
 *   (the unstable ACP schema's child sessions; a v1 client that declares
 *   `clientCapabilities.subagents` gets them whatever its profile says),
 *   `'subagent_spawned'` (the open RFD's `subagent_spawned` /
 *   `subagent_state_update`, as Zed decodes them), or `'none'` (only
 *   `parentToolCallId` / `_meta.claudeCode.parentToolUseId`).
 * - `plans`: which plan updates it decodes: `'plan'` (v1 stable, the whole
 *   plan each time) or `'plan_update'` (plans by id).
 * - `rawOutput`: whether it shows a result's `rawOutput`: `'result'` (the
 *   result's structured value is sent on the card's last update:
 *   `formatted_output`, a command's `exit_code`, the result's `meta`, plain
 *   JSON and bounded) or `'none'` (not sent: Zed shows it only on a card
 *   with no other content, where it would duplicate the card).
 * - `readCards`: whether it shows a read or search card (`kind` `read` or
 *   `search` with `locations`) as one, with the file linked: a shell
 *   command that only reads is then sent as such a card (the session's
 *   `shellReads`, by default). `false` keeps every command a terminal.
 */
export interface ClientProfile {
  readonly name: ClientProfileName
  readonly protocol: 1 | 2
  readonly titles: TitleStyle
  readonly terminal: 'terminal_output' | 'terminal_output_delta' | 'v2' | 'none'
  readonly content: 'all' | 'diff-and-terminal'
  readonly prompt: 'all' | 'first'
  readonly subagents: 'subagent_update' | 'subagent_spawned' | 'none'
  readonly plans: 'plan' | 'plan_update'
  readonly rawOutput: 'result' | 'none'
  readonly readCards: boolean
}

// Sources (see also the repository's reference notes, acp-facts):
// [zed-titles] zed-industries/zed PR #55783 (non-execute titles render as
//   Markdown; execute titles `Markdown::new_text`); issue #56034 / PR #60332
//   propose plain titles, not merged when checked (2026-12).
// [zed-terminal] Zed reads `_meta.terminal_info` on a tool_call and
//   `_meta.terminal_output` pieces; opt-in `clientCapabilities._meta.terminal_output`.
// [zed-subagents] zed `crates/agent_servers/src/acp/subagent_updates.rs`:
//   `subagent_spawned` / `subagent_state_update`, children tied by
//   `_meta.claudeCode.parentToolUseId`.
// [zed-reads] codex-acp (zed-industries/codex-acp) sends `cat`, `sed -n`,
//   `rg`, `ls` commands as `read` / `search` tool calls with locations, which
//   Zed shows as read cards with the file linked. Other clients: not checked,
//   so their commands stay terminals.
// [acpx] acpx 0.19.1: `clientInfo.name` "acpx" (`resolveClientInfo` in its
//   dist); declares fs, terminal, elicitation and no `_meta` terminals; prints
//   text, terminals as `[terminal] id`; drops an invalid update silently.
// [air] JetBrains AIR negotiates `_meta.jetbrains.air` capabilities
//   (diffPatch, rawInputRendering, planFile, nativeSubagentSessions);
//   JetBrains' clients read `_meta.terminal_output_delta` (codex-acp,
//   claude-agent-acp 0.101.0 prefer it); claude-agent-acp sends
//   `subagent_spawned` to AIR. How AIR renders titles was not checked:
//   escaped as Markdown, the choice that can never link or load an image.
// [codecompanion] olimorris/codecompanion.nvim: declares only `fs`, shows
//   one-line "Kind: target" labels in its Neovim chat buffer (shown as text:
//   a backslash would show), and in a permission prompt only the first
//   content and the first location.
// [obsidian] RAIT-09/obsidian-agent-client keeps only diff and terminal tool
//   content. Title rendering not checked: escaped as Markdown (safe).
// [agent-shell] xenodium/agent-shell (Emacs) renders `rawOutput.formatted_output`
//   (codex-acp sends it, with `exit_code`). Its `clientInfo.name` and its title
//   rendering were not checked: picked by a name containing "agent-shell",
//   titles escaped as Markdown (safe).
// [v2] ACP v2 draft (SDK 2.4.0 experimental/v2): agent-owned terminals with
//   no capability gate, `plan_update`, `subagent_update`.

/**
 * The profiles shipped, by name. Each is a fact sheet of one client; see
 * {@link ClientProfile} for what each field means.
 *
 * - `zed`: Zed today: Markdown titles (non-execute), `terminal_output`, all
 *   content, sub-agents as `subagent_spawned` (linked by `_meta` here), `plan`,
 *   shell reads as read cards.
 * - `plain`: any v1 client that shows titles and plan entries as text
 *   (logs, CLIs): what `titles: 'plain'` used to mean.
 * - `acpx`: the acpx CLI: plain text, no display terminals.
 * - `jetbrains-air`: JetBrains AIR: `terminal_output_delta`, `subagent_spawned`.
 * - `codecompanion`: CodeCompanion.nvim: plain labels, no terminals; a prompt
 *   shows only the first content and the first location.
 * - `obsidian-agent-client`: Obsidian's Agent Client: only diff and terminal
 *   content is shown.
 * - `agent-shell`: Emacs agent-shell: as `generic-v1`, and a result's `rawOutput`.
 * - `generic-v1`: an unknown v1 client: Markdown titles (the safe escape),
 *   the terminal key it declares, all content.
 * - `v2`: an ACP v2 client: Markdown titles, agent-owned terminals, `plan_update`.
 */
export const CLIENT_PROFILES: { readonly [Name in ClientProfileName]: ClientProfile & { readonly name: Name } } = Object.freeze({
  // [zed-titles] [zed-terminal] [zed-subagents] [zed-reads]
  zed: profile('zed', 1, 'markdown', 'terminal_output', 'all', 'all', 'subagent_spawned', 'plan', 'none', true),
  plain: profile('plain', 1, 'plain', 'none', 'all', 'all', 'none', 'plan'),
  // [acpx]
  acpx: profile('acpx', 1, 'plain', 'none', 'all', 'all', 'none', 'plan'),
  // [air]
  'jetbrains-air': profile('jetbrains-air', 1, 'markdown', 'terminal_output_delta', 'all', 'all', 'subagent_spawned', 'plan'),
  // [codecompanion]
  codecompanion: profile('codecompanion', 1, 'plain', 'none', 'all', 'first', 'none', 'plan'),
  // [obsidian]
  'obsidian-agent-client': profile('obsidian-agent-client', 1, 'markdown', 'terminal_output', 'diff-and-terminal', 'all', 'none', 'plan'),
  // [agent-shell]
  'agent-shell': profile('agent-shell', 1, 'markdown', 'none', 'all', 'all', 'none', 'plan', 'result'),
  'generic-v1': profile('generic-v1', 1, 'markdown', 'none', 'all', 'all', 'none', 'plan'),
  // [v2]
  v2: profile('v2', 2, 'markdown', 'v2', 'all', 'all', 'subagent_update', 'plan_update'),
})

function profile<Name extends ClientProfileName>(
  name: Name,
  protocol: 1 | 2,
  titles: TitleStyle,
  terminal: ClientProfile['terminal'],
  content: ClientProfile['content'],
  prompt: ClientProfile['prompt'],
  subagents: ClientProfile['subagents'],
  plans: ClientProfile['plans'],
  rawOutput: ClientProfile['rawOutput'] = 'none',
  readCards = false,
): ClientProfile & { readonly name: Name } {
  return Object.freeze({ name, protocol, titles, terminal, content, prompt, subagents, plans, rawOutput, readCards })
}

/** What `initialize` told the agent about the client: what {@link clientProfile} reads. */
export interface ClientHello {
  /** `InitializeRequest.clientCapabilities`, as the client sent it. */
  readonly clientCapabilities?: unknown
  /** `InitializeRequest.clientInfo` (`{ name, version }`), as the client sent it. */
  readonly clientInfo?: unknown
  /** The protocol version the session negotiated: `2` picks the `v2` profile. */
  readonly protocolVersion?: unknown
}

/**
 * The profile of the client that sent `initialize`: `v2` when the session
 * negotiated version 2; else by `clientInfo.name` (case-insensitive: `zed`,
 * `acpx`, `codecompanion`, `agent-shell`, `obsidian` / `agent-client`, `jetbrains` or `air`),
 * or JetBrains AIR by its `clientCapabilities._meta.jetbrains.air`; else
 * `generic-v1`. The terminal convention is then what the client declared
 * (`_meta.terminal_output`, then `_meta.terminal_output_delta`, else none),
 * never what the name suggests: a terminal the client never registered
 * fails the whole update in Zed. Never throws, whatever the client sent.
 *
 * @example
 * clientProfile({ clientInfo: { name: 'zed', version: '0.220.0' }, clientCapabilities: { _meta: { terminal_output: true } } })
 * // { name: 'zed', protocol: 1, titles: 'markdown', terminal: 'terminal_output', … }
 * clientProfile({ clientInfo: { name: 'acpx' }, clientCapabilities: { terminal: true } }).titles // 'plain'
 */
export function clientProfile(hello: ClientHello): ClientProfile {
  try {
    if (hello.protocolVersion === 2) return CLIENT_PROFILES.v2
    const named = CLIENT_PROFILES[profileNameOf(hello)]
    const declared = declaredTerminal(hello.clientCapabilities)
    return declared === named.terminal ? named : Object.freeze({ ...named, terminal: declared })
  } catch {
    // A hostile getter in what the client sent reads as an unknown client without terminals.
    return CLIENT_PROFILES['generic-v1']
  }
}

function profileNameOf({ clientInfo, clientCapabilities }: ClientHello): Exclude<ClientProfileName, 'v2' | 'plain'> {
  const name = (clientInfo as { name?: unknown } | null | undefined)?.name
  const lower = typeof name === 'string' ? name.toLowerCase() : ''
  const meta = (clientCapabilities as { _meta?: { jetbrains?: { air?: unknown } } } | null | undefined)?._meta
  if (lower.includes('zed')) return 'zed'
  if (lower === 'acpx') return 'acpx'
  if (lower.includes('codecompanion')) return 'codecompanion'
  if (lower.includes('agent-shell')) return 'agent-shell'
  if (lower.includes('obsidian') || lower.includes('agent-client')) return 'obsidian-agent-client'
  if (lower.includes('jetbrains') || lower === 'air' || (meta?.jetbrains?.air !== undefined && meta.jetbrains.air !== null))
    return 'jetbrains-air'
  return 'generic-v1'
}

function declaredTerminal(capabilities: unknown): ClientProfile['terminal'] {
  const meta = (capabilities as { _meta?: Record<string, unknown> } | null | undefined)?._meta
  if (meta?.terminal_output === true) return 'terminal_output'
  if (meta?.terminal_output_delta === true) return 'terminal_output_delta'
  return 'none'
}

/** The profile named, or the profile itself; a TypeError for anything else (a programming error). */
export function readProfile(profile: unknown, where: string): ClientProfile {
  if (typeof profile === 'string' && Object.hasOwn(CLIENT_PROFILES, profile)) return CLIENT_PROFILES[profile as ClientProfileName]
  if (typeof profile === 'object' && profile !== null && Object.hasOwn(CLIENT_PROFILES, (profile as { name?: string }).name ?? ''))
    return profile as ClientProfile
  throw new TypeError(`${where}: options.profile must be a ClientProfile or one of ${Object.keys(CLIENT_PROFILES).join(', ')}`)
}
