// `npm run demo`: the scripted turn through a real in-process ACP agent and
// client, twice (a client with display-only terminals, then one without).
// For each tool call: the card as the text renderer draws it, then the
// session/update notifications the client received.
import {
  client,
  methods,
  ndJsonStream,
  PROTOCOL_VERSION,
  type SessionNotification,
  type SessionUpdate,
} from '@agentclientprotocol/sdk'
import { presenters } from 'tool-render-intent/presenters'
import { renderCallView, renderResultView } from 'tool-render-intent/text'
import { type ScriptedStep, scriptedTurn } from '../scripted-turn.js'
import { scriptedAgent } from '../zed-agent/scripted-agent.js'

const cwd = '/home/dev/project'
const width = 80
const color = process.stdout.isTTY === true && !process.env.NO_COLOR
const paint = (code: string, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text)

/** Runs the turn through an agent/client pair joined by ndJSON streams; returns what the client received. */
async function runTurn(terminalOutput: boolean): Promise<SessionNotification[]> {
  const toClient = new TransformStream<Uint8Array, Uint8Array>()
  const toAgent = new TransformStream<Uint8Array, Uint8Array>()
  const agentConnection = scriptedAgent().connect(ndJsonStream(toClient.writable, toAgent.readable))
  const received: SessionNotification[] = []
  await client({ name: 'demo-client' })
    .onNotification(methods.client.session.update, ({ params }) => {
      received.push(params)
    })
    .connectWith(ndJsonStream(toAgent.writable, toClient.readable), async (agent) => {
      await agent.request(methods.agent.initialize, {
        protocolVersion: PROTOCOL_VERSION,
        clientCapabilities: terminalOutput ? { _meta: { terminal_output: true } } : {},
      })
      const { sessionId } = await agent.request(methods.agent.session.new, { cwd, mcpServers: [] })
      await agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'Show me every card.' }] })
    })
  agentConnection.close()
  return received
}

const toolCallIdOf = (update: SessionUpdate) =>
  update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update' ? update.toolCallId : undefined

// Compact JSON for an 80-column terminal: a value stays on one line when it
// fits, long strings are cut.
function compactJson(value: unknown, indent: string, prefix = 0): string {
  const cut = (text: string) => (text.length > 44 ? `${text.slice(0, 42)}…` : text)
  const inline = JSON.stringify(value, (_key, inner) => (typeof inner === 'string' ? cut(inner) : inner))
  if (inline === undefined || indent.length + prefix + inline.length <= width - 2 || value === null || typeof value !== 'object')
    return inline ?? 'undefined'
  const inner = `${indent}  `
  if (Array.isArray(value)) return `[\n${value.map((item) => inner + compactJson(item, inner)).join(',\n')}\n${indent}]`
  const entries = Object.entries(value).filter(([, item]) => item !== undefined)
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${compactJson(item, inner, key.length + 4)}`).join(',\n')}\n${indent}}`
}

const formatUpdate = (update: SessionUpdate) => `    ${compactJson(update, '    ')}`

const rule = (title: string) => {
  const shown = title.length > width - 8 ? `${title.slice(0, width - 9)}…` : title
  return paint('1', `── ${shown} ${'─'.repeat(width - shown.length - 4)}`)
}

function card(step: ScriptedStep): string {
  const tool = presenters.find((candidate) => candidate.name === step.toolName)
  const call = tool?.presentCall?.(step.args, { cwd })
  const result = tool?.presentResult?.(step.args, step.result, { cwd })
  const options = { color, width, cwd }
  return [
    call && `${paint('2', 'call')}\n${renderCallView(call, options)}`,
    result && `${paint('2', 'result')}\n${renderResultView(result, options)}`,
  ]
    .filter(Boolean)
    .join('\n')
}

function notifications(step: ScriptedStep, received: SessionNotification[]): string {
  const mine = received.filter((notification) => toolCallIdOf(notification.update) === step.toolCallId)
  return mine.map((notification) => `  ${paint('2', '← session/update')}\n${formatUpdate(notification.update)}`).join('\n')
}

const steps = scriptedTurn(cwd)
const withTerminal = await runTurn(true)
const withoutTerminal = await runTurn(false)

console.log(paint('1', 'tool-render-intent demo'))
console.log('A scripted agent turn through a real ACP agent() / client() pair,')
console.log(`in a session whose cwd is ${cwd}.\n`)
console.log(paint('1;36', 'Part 1: a client with display-only terminals (_meta.terminal_output: true)\n'))
steps.forEach((step, index) => {
  console.log(rule(`${index + 1}/${steps.length} ${step.toolName}: ${step.caption}`))
  console.log(card(step))
  console.log('')
  console.log(notifications(step, withTerminal))
  console.log('')
})

console.log(paint('1;36', 'Part 2: the same turn for a client without terminal output\n'))
console.log('Only the calls whose notifications differ are shown: the shell commands,')
console.log('whose output now arrives as one fenced console block.\n')
for (const step of steps) {
  const before = notifications(step, withTerminal)
  const after = notifications(step, withoutTerminal)
  if (before === after) continue
  console.log(rule(`${step.toolName}: ${step.caption}`))
  console.log(after)
  console.log('')
}
const sent = withTerminal.length + withoutTerminal.length
console.log(`${sent} notifications, every one sent through the SDK's ndJSON transport.`)
