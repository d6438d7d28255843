// Claude Code's tools that steer running agents and watches: messaging an
// agent, listing them, and monitoring a command's or a socket's events.
import { defineTool } from '../define-tool.js'
import { fenced } from '../safety/fence.js'
import { isRecord } from '../internal/record.js'
import { markdownInline } from '../safety/markdown-text.js'
import type { ContentBlock } from '../views.js'
import { isOptionalString } from './arguments.js'
import { markdownContent, markdownResult } from './display.js'

/**
 * The arguments of Claude Code's `SendMessage`: a message to another agent.
 * Other fields (`summary`, a structured `message`) are accepted; a message
 * that is not text shows as the raw input.
 */
export interface SendMessageArgs {
  /** The agent addressed, by name or id; shown in the title. */
  readonly to?: string | null
  /** The same, under the older name; used when `to` is absent. */
  readonly recipient?: string | null
  /** The message; the card's text when it is text. */
  readonly message?: unknown
  /** The message, under the older name; used when `message` is not text. */
  readonly content?: unknown
}

/**
 * The arguments of Claude Code's `Monitor`: a command (or a WebSocket)
 * whose every output line is an event. Other fields (`timeout_ms`) are
 * accepted and not shown.
 */
export interface MonitorArgs {
  /** What is watched, in the model's words; shown in the title. */
  readonly description?: string | null
  /** The shell command whose output lines are the events; shown in a fence. */
  readonly command?: string | null
  /** The WebSocket whose frames are the events, instead of a command. */
  readonly ws?: { readonly url: string } | null
}

const isSendMessageArgs = (value: unknown): value is SendMessageArgs =>
  isRecord(value) && isOptionalString(value.to) && isOptionalString(value.recipient)

const isMonitorArgs = (value: unknown): value is MonitorArgs =>
  isRecord(value) &&
  isOptionalString(value.description) &&
  isOptionalString(value.command) &&
  (value.ws === undefined || value.ws === null || (isRecord(value.ws) && typeof value.ws.url === 'string'))

/**
 * Claude Code's `SendMessage`: a generic card titled `Message to <agent>`
 * (`Send message` without one; escaped with `markdownInline`) whose text is
 * the message (escaped with `markdownBlock`); a structured message shows as
 * the raw input. claude-agent-acp titles it `SendMessage`.
 *
 * @example
 * sendMessageTool.presentCall?.({ to: 'researcher', message: 'Check the tests too.' })
 * // { card: 'generic', kind: 'other', title: 'Message to researcher',
 * //   content: [{ type: 'text', text: 'Check the tests too.' }], rawInput: { … } }
 */
export const sendMessageTool = defineTool<SendMessageArgs>({
  name: 'SendMessage',
  args: isSendMessageArgs,
  presentCall: (args) => {
    const to = args.to || args.recipient
    const text = typeof args.message === 'string' ? args.message : typeof args.content === 'string' ? args.content : undefined
    return {
      card: 'generic',
      kind: 'other',
      title: to ? `Message to ${to}` : 'Send message',
      content: markdownContent(text),
      rawInput: args,
    }
  },
  presentResult: (_args, result) => markdownResult(result),
})

/**
 * Claude Code's `ListAgents`: a generic card titled `List agents`
 * (claude-agent-acp titles it `ListAgents`). The result shows the agents.
 *
 * @example
 * listAgentsTool.presentCall?.({})
 * // { card: 'generic', kind: 'other', title: 'List agents' }
 */
export const listAgentsTool = defineTool<Readonly<Record<string, unknown>>>({
  name: 'ListAgents',
  args: isRecord,
  presentCall: () => ({ card: 'generic', kind: 'other', title: 'List agents' }),
  presentResult: (_args, result) => markdownResult(result),
})

/**
 * Claude Code's `Monitor`: a generic `execute` card titled
 * `Monitor: <description>` (`Monitor` without one) that shows what runs:
 * the command in a `sh` fence no line of it can close, or the WebSocket's
 * address. claude-agent-acp titles it `Monitor` and shows neither. The
 * result shows what the tool returned.
 *
 * @example
 * monitorTool.presentCall?.({ description: 'CI status', command: 'gh run watch', timeout_ms: 60000 })
 * // { card: 'generic', kind: 'execute', title: 'Monitor: CI status',
 * //   content: [{ type: 'text', text: '```sh\ngh run watch\n```' }], rawInput: { … } }
 */
export const monitorTool = defineTool<MonitorArgs>({
  name: 'Monitor',
  args: isMonitorArgs,
  presentCall: (args) => {
    const content: ContentBlock[] = []
    if (args.command) content.push({ type: 'text', text: fenced(args.command, 'sh') })
    if (args.ws) content.push({ type: 'text', text: `WebSocket ${markdownInline(args.ws.url)}` })
    return {
      card: 'generic',
      kind: 'execute',
      title: args.description ? `Monitor: ${args.description}` : 'Monitor',
      content: content.length > 0 ? content : undefined,
      rawInput: args,
    }
  },
  presentResult: (_args, result) => markdownResult(result),
})
