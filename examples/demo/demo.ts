// `npm run demo`: the scripted turn through a real in-process ACP agent and
// client, three times (a client with display-only terminals, one without,
// and one that rejects every permission prompt). For each tool call: the
// card as the text renderer draws it, the permission prompt the agent sent,
// the session/update notifications the client received, and what a person
// reads from them: the prompt, the terminal's data appended, the plan, or
// the text of each update.
import {
  client,
  type ContentBlock,
  methods,
  ndJsonStream,
  type PermissionOption,
  PROTOCOL_VERSION,
  type RequestPermissionRequest,
  type SessionUpdate,
  type ToolCallContent,
} from '@agentclientprotocol/sdk'
import type { FileDiff, ToolCallView, ToolResultView } from 'tool-render-intent'
import { presenters } from 'tool-render-intent/presenters'
import { renderCallView, renderResultView } from 'tool-render-intent/text'
import { type ScriptedAction, type ScriptedStep, scriptedTurn } from '../scripted-turn.js'
import { scriptedAgentV1, stepCaption } from '../zed-agent/scripted-agent.js'

const cwd = '/home/dev/project'
const width = 80
const color = process.stdout.isTTY === true && !process.env.NO_COLOR
const paint = (code: string, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text)

const steps = scriptedTurn(cwd)

/** A permission prompt the client answered, and where it came among its step's updates. */
interface Prompt {
  readonly request: RequestPermissionRequest
  /** The option the client chose. */
  readonly chosen: PermissionOption
  /** How many of the step's updates came before it. */
  readonly after: number
}

/** What the client received during one step: the updates, and the prompts between them. */
interface StepReceived {
  readonly updates: SessionUpdate[]
  readonly prompts: Prompt[]
}

/** What the demo clients answer to a prompt: the first option of this kind. */
type Answer = 'allow_once' | 'reject_once'

/**
 * Runs the turn through an agent/client pair joined by ndJSON streams;
 * returns what the client received, by step: the agent says each step's
 * caption before playing it. The client answers every permission prompt
 * with `answer`.
 */
async function runTurn(terminalOutput: boolean, answer: Answer): Promise<{ count: number; byStep: StepReceived[] }> {
  const toClient = new TransformStream<Uint8Array, Uint8Array>()
  const toAgent = new TransformStream<Uint8Array, Uint8Array>()
  // No pause: the turn plays at once, with the same updates as in Zed (the presenter's clock is scripted).
  const agentConnection = scriptedAgentV1().connect(ndJsonStream(toClient.writable, toAgent.readable))
  // In the order the client got them: notifications, and the requests between them.
  const received: ({ update: SessionUpdate } | { request: RequestPermissionRequest; chosen: PermissionOption })[] = []
  await client({ name: 'demo-client' })
    .onNotification(methods.client.session.update, ({ params }) => {
      received.push({ update: params.update })
    })
    .onRequest(methods.client.session.requestPermission, ({ params }) => {
      const chosen = params.options.find((option) => option.kind === answer) ?? params.options[0]
      received.push({ request: params, chosen })
      return { outcome: { outcome: 'selected', optionId: chosen.optionId } }
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
  const captions = steps.map((step, index) => stepCaption(index, steps.length, step))
  const byStep = steps.map((): StepReceived => ({ updates: [], prompts: [] }))
  let current: StepReceived | undefined
  for (const item of received) {
    if ('request' in item) current?.prompts.push({ ...item, after: current.updates.length })
    else if (item.update.sessionUpdate === 'agent_message_chunk') {
      const index = item.update.content.type === 'text' ? captions.indexOf(item.update.content.text) : -1
      current = byStep[index]
    } else current?.updates.push(item.update)
  }
  return { count: received.length, byStep }
}

type ToolUpdate = Extract<SessionUpdate, { sessionUpdate: 'tool_call' | 'tool_call_update' }>

const isToolUpdate = (update: SessionUpdate): update is ToolUpdate =>
  update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update'

/** The tool call ids a step acts on, in order. */
const idsOf = (step: ScriptedStep) => [...new Set(step.actions.flatMap((action) => ('toolCallId' in action ? [action.toolCallId] : [])))]

/** The tool a step calls, for its heading. */
const toolOf = (step: ScriptedStep) => step.actions.find((action) => action.type === 'call')?.toolName ?? ''

// ── Fitting text into 80 columns ─────────────────────────────────────────

const SGR = /^\u001b\[[0-9;]*m/

/** `line` cut to `columns` visible code points (SGR colours take none), with `…` where it was cut. */
function fit(line: string, columns: number): string {
  const chars = [...line.replace(/\u001b\[[0-9;]*m/g, '')]
  if (chars.length <= columns) return line
  let out = ''
  let shown = 0
  for (let rest = line; rest !== ''; ) {
    const sequence = SGR.exec(rest)?.[0]
    if (sequence) {
      out += sequence
      rest = rest.slice(sequence.length)
      continue
    }
    if (shown === columns - 1) break
    const char = String.fromCodePoint(rest.codePointAt(0)!)
    out += char
    shown += 1
    rest = rest.slice(char.length)
  }
  return `${out}${color ? '\u001b[0m' : ''}…`
}

/** Each line of `text` after `prefix`, cut to the width. */
const indent = (text: string, prefix: string) =>
  text
    .split('\n')
    .map((line) => `${prefix}${fit(line, width - [...prefix].length)}`.trimEnd())
    .join('\n')

// Compact JSON for an 80-column terminal: a value stays on one line when it
// fits, long strings are cut.
function compactJson(value: unknown, indentation: string, prefix = 0): string {
  // Cut by the length JSON gives the string: an escape sequence counts six.
  const cut = (text: string) => {
    if (JSON.stringify(text).length <= 46) return text
    let end = 0
    for (let length = 2; end < text.length; end++) {
      length += JSON.stringify(text[end]).length - 2
      if (length > 44) break
    }
    return `${text.slice(0, end)}…`
  }
  const inline = JSON.stringify(value, (_key, inner) => (typeof inner === 'string' ? cut(inner) : inner))
  if (inline === undefined || indentation.length + prefix + inline.length <= width - 2 || value === null || typeof value !== 'object')
    return inline ?? 'undefined'
  const inner = `${indentation}  `
  if (Array.isArray(value)) return `[\n${value.map((item) => inner + compactJson(item, inner)).join(',\n')}\n${indentation}]`
  const entries = Object.entries(value).filter(([, item]) => item !== undefined)
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${compactJson(item, inner, key.length + 4)}`).join(',\n')}\n${indentation}}`
}

const rule = (title: string) => {
  const shown = title.length > width - 8 ? `${title.slice(0, width - 9)}…` : title
  return paint('1', `── ${shown} ${'─'.repeat(width - shown.length - 4)}`)
}

// ── What the harness did ──────────────────────────────────────────────────

const actionLabel = (action: Exclude<ScriptedAction, { type: 'wait' }>) => {
  if (action.type === 'call') return action.partial ? 'partial call' : 'call'
  if (action.type === 'cancel') return action.signal ? `cancel (${action.signal})` : 'cancel'
  return action.type
}

/** For a live step, the presenter methods called, in order: `partial call ×2 → call → start → output ×5 → result`. */
function script(step: ScriptedStep): string | undefined {
  const runs: { label: string; count: number }[] = []
  let waited = 0
  for (const action of step.actions) {
    if (action.type === 'wait') {
      waited += action.ms
      continue
    }
    const label = actionLabel(action)
    const last = runs.at(-1)
    if (last?.label === label) last.count += 1
    else runs.push({ label, count: 1 })
  }
  if (runs.every(({ label }) => label === 'call' || label === 'result')) return undefined
  const calls = runs.map(({ label, count }) => (count === 1 ? label : `${label} ×${count}`)).join(' → ')
  const over = `over ${(waited / 1000).toFixed(1)} s`
  const prefix = `${paint('2', 'harness')}  `
  // `harness  ` is 9 columns; the time goes on a line of its own when the calls fill the first.
  return calls.length + over.length + 11 <= width
    ? indent(`${calls}, ${over}`, prefix)
    : `${indent(calls, prefix)}\n${indent(over, ' '.repeat(9))}`
}

/** The card as the text renderer draws it: the call with its final arguments, then its result or how it was cancelled. */
function card(step: ScriptedStep): string {
  const options = { color, width, cwd }
  const parts: string[] = []
  for (const id of idsOf(step)) {
    const mine = step.actions.filter((action) => 'toolCallId' in action && action.toolCallId === id)
    const calls = mine.filter((action) => action.type === 'call')
    const final = calls.findLast((action) => !action.partial) ?? calls.at(-1)
    if (!final) continue
    const tool = presenters.find((candidate) => candidate.name === final.toolName)
    const call = tool?.presentCall?.(final.args, { cwd })
    const label = call?.card === 'plan' ? 'plan: the session’s plan, not a tool card' : 'call'
    if (call) parts.push(`${paint('2', label)}\n${renderCallView(call, options)}`)
    for (const action of mine) {
      if (action.type === 'result') {
        const result = tool?.presentResult?.(final.args, action.result, { cwd })
        const shown = result && renderResultView(result, options)
        if (shown) parts.push(`${paint('2', 'result')}\n${shown}`)
      }
      if (action.type === 'cancel' && call?.card === 'terminal') {
        const output = mine.flatMap((piece) => (piece.type === 'output' ? [piece.chunk] : [])).join('')
        const cancelled: ToolResultView = { card: 'terminal', output, signal: action.signal }
        parts.push(`${paint('2', 'cancelled')}\n${renderResultView(cancelled, options)}`)
      }
    }
  }
  return parts.join('\n')
}

// ── What the client received, and what a person reads from it ───────────

/** The step's notifications as sent, with each permission request (and what it shows a person) where it came. */
function notifications({ updates, prompts }: StepReceived): string {
  const shown = updates.map((update, index) => {
    const heading = paint('2', `← session/update ${index + 1}/${updates.length}`)
    return `  ${heading}\n    ${compactJson(update, '    ')}`
  })
  for (const prompt of [...prompts].reverse()) shown.splice(prompt.after, 0, permissionPrompt(prompt))
  return shown.join('\n')
}

/** A permission request as sent, then as a person reads it: the call's title and content, the choices, the answer. */
function permissionPrompt({ request, chosen }: Prompt): string {
  const heading = paint('2', '← session/request_permission (a request: the agent waits for the answer)')
  const { toolCall, options } = request
  // The prompt's card, drawn by the text renderer: its diffs, else its title and text.
  const diffs = (toolCall.content ?? []).flatMap((content): FileDiff[] =>
    content.type === 'diff' ? [{ path: content.path, oldText: content.oldText ?? null, newText: content.newText }] : [],
  )
  const blocks = (toolCall.content ?? []).flatMap((content): ContentBlock[] => (content.type === 'content' ? [content.content] : []))
  const title = toolCall.title ?? toolCall.toolCallId
  const view: ToolCallView =
    diffs.length > 0 ? { card: 'diff', title, diffs } : { card: 'generic', kind: toolCall.kind ?? undefined, title, content: blocks }
  const choices = options.map((option) => `[${option.name}]`).join(' ')
  const asked = [
    renderCallView(view, { color, width: width - 6, cwd }),
    ...(diffs.length > 0 ? blocks.map(blockText) : []),
    `${choices}  → ${paint('1', chosen.name)} (${chosen.optionId})`,
  ].join('\n')
  return `  ${heading}\n    ${compactJson(request, '    ')}\n  ${paint('2', 'what the user is asked')}\n${indent(asked, '    │ ')}`
}

/** For a step that sent a `plan` update: what the client does with it. */
function planNote(step: ScriptedStep, received: SessionUpdate[]): string | undefined {
  const plan = received.findLast((update) => update.sessionUpdate === 'plan')
  if (plan?.sessionUpdate !== 'plan') return undefined
  const cards = received.filter(isToolUpdate).length
  const counts = (['completed', 'in_progress', 'pending'] as const).map(
    (status) => `${plan.entries.filter((entry) => entry.status === status).length} ${status.replace('_', ' ')}`,
  )
  const lines = [
    `the client's plan view now shows these ${plan.entries.length} entries`,
    `(${counts.join(', ')}), replacing the last plan;`,
    cards === 0 ? `no tool card for ${idsOf(step).join(', ')}: its result sent nothing` : `${cards} tool card updates`,
  ]
  return indent(lines.join('\n'), '  ')
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined

/** For a client with terminals: each terminal's data appended, then how it exited. */
function terminals(received: SessionUpdate[]): string | undefined {
  const updates = received.filter(isToolUpdate)
  const shown: string[] = []
  for (const id of new Set(updates.map((update) => update.toolCallId))) {
    let data = ''
    let pieces = 0
    let exit: Record<string, unknown> | undefined
    for (const update of updates) {
      if (update.toolCallId !== id) continue
      const meta = record(update._meta)
      const piece = record(meta?.terminal_output) ?? record(meta?.terminal_output_delta)
      if (typeof piece?.data === 'string') {
        data += piece.data
        pieces += 1
      }
      exit = record(meta?.terminal_exit) ?? exit
    }
    if (data === '' && !exit) continue
    const exitCode = typeof exit?.exit_code === 'number' ? exit.exit_code : undefined
    const signal = typeof exit?.signal === 'string' ? exit.signal : undefined
    const screen = renderResultView({ card: 'terminal', output: data, exitCode, signal }, { color, width, cwd })
    const heading = `the terminal: ${pieces === 1 ? 'its data' : `${pieces} pieces of data appended`}, then terminal_exit`
    shown.push(`  ${paint('2', heading)}\n${indent(screen, '    │ ')}`)
  }
  return shown.length === 0 ? undefined : shown.join('\n')
}

/** A content block as a person reads it: text as sent (Markdown), other blocks as a short label. */
function blockText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text
    case 'image':
      return `[image ${block.mimeType}]`
    case 'audio':
      return `[audio ${block.mimeType}]`
    case 'resource_link':
      return `[link ${block.name} ${block.uri}]`
    case 'resource':
      return `[resource ${block.resource.uri}]`
    default:
      return '[content]'
  }
}

function contentText(content: ToolCallContent): string {
  switch (content.type) {
    case 'content':
      return blockText(content.content)
    case 'diff':
      return `[diff ${content.path}]`
    case 'terminal':
      return `[terminal ${content.terminalId}]`
    default:
      return '[content]'
  }
}

/** For a client without terminals: each update's status, title and the text of its content blocks. */
function readAs(received: SessionUpdate[]): string {
  const lines = received.map((update, index) => {
    const number = `    ${paint('2', `${index + 1}`)} `
    if (!isToolUpdate(update)) return `${number}${update.sessionUpdate}`
    const facts = [update.sessionUpdate, update.status, update.title].filter((fact) => typeof fact === 'string' && fact !== '')
    const heading = `${number}${facts.join(' · ')}`
    if (update.content == null) return heading
    if (update.content.length === 0) return `${heading}\n${indent('(no content)', '      │ ')}`
    return `${heading}\n${indent(update.content.map(contentText).join('\n\n'), '      │ ')}`
  })
  return [`  ${paint('2', 'what the client shows, update by update: status · title, then the content')}`, ...lines].join('\n')
}

// ── The demo ──────────────────────────────────────────────────────────────

const withTerminal = await runTurn(true, 'allow_once')
const withoutTerminal = await runTurn(false, 'allow_once')
const rejecting = await runTurn(true, 'reject_once')

console.log(paint('1', 'tool-render-intent demo'))
console.log('A scripted agent turn through a real ACP agent() / client() pair,')
console.log(`in a session whose cwd is ${cwd}. The agent asks permission before`)
console.log('a write and a command, one command streams its output and one is')
console.log('cancelled, and the todo list is the session’s plan. The example agent')
console.log('for Zed plays the same turn, with its pauses.\n')
console.log(paint('1;36', 'Part 1: a client with display-only terminals (_meta.terminal_output: true)\n'))
console.log('It allows every call it is asked about.\n')
steps.forEach((step, index) => {
  const received = withTerminal.byStep[index]
  console.log(rule(`${index + 1}/${steps.length} ${toolOf(step)}: ${step.caption}`))
  const harness = script(step)
  if (harness) console.log(harness)
  console.log(card(step))
  console.log('')
  console.log(notifications(received))
  // A live command's terminal, from its pieces (the others show the same as the card).
  const terminal = harness ? terminals(received.updates) : undefined
  if (terminal) console.log(`\n${terminal}`)
  const plan = planNote(step, received.updates)
  if (plan) console.log(`\n${plan}`)
  console.log('')
})

console.log(paint('1;36', 'Part 2: the same turn for a client without terminal output\n'))
console.log('Only the calls whose notifications differ are shown: the shell commands,')
console.log('whose output arrives as text, a `console` block. While a command runs,')
console.log('the client gets a snapshot of its last lines at most once a second.\n')
for (const [index, step] of steps.entries()) {
  const before = withTerminal.byStep[index]
  const after = withoutTerminal.byStep[index]
  if (JSON.stringify(before) === JSON.stringify(after)) continue
  console.log(rule(`${toolOf(step)}: ${step.caption}`))
  console.log(notifications(after))
  console.log('')
  console.log(readAs(after.updates))
  console.log('')
}

console.log(paint('1;36', 'Part 3: a client that rejects every prompt (with display-only terminals)\n'))
console.log('Only the calls it is asked about are shown. A rejected call does not')
console.log('run: it ends declined, saying it did not run and why.\n')
for (const [index, step] of steps.entries()) {
  const received = rejecting.byStep[index]
  if (received.prompts.length === 0) continue
  console.log(rule(`${toolOf(step)}: ${step.caption}`))
  console.log(notifications(received))
  console.log('')
  console.log(readAs(received.updates))
  const terminal = terminals(received.updates)
  if (terminal) console.log(`\n${terminal}`)
  console.log('')
}
const sent = withTerminal.count + withoutTerminal.count + rejecting.count
const prompts = [withTerminal, withoutTerminal, rejecting].flatMap(({ byStep }) => byStep.flatMap(({ prompts }) => prompts)).length
console.log(`${sent - prompts} notifications and ${prompts} permission requests, every one sent`)
console.log("through the SDK's ndJSON transport.")
