// The example agent as Zed runs it: the built file, spawned as a child
// process, spoken to over stdio by the SDK's own client, every notification
// checked against the SDK's published JSON Schema, for each kind of client.
// Also `npm run demo`.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { Readable, Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import {
  type ClientCapabilities,
  client,
  methods,
  ndJsonStream,
  PROTOCOL_VERSION,
  type SessionNotification,
  type SessionUpdate,
} from '@agentclientprotocol/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ScriptedAction, scriptedTurn } from '../../examples/scripted-turn.js'
import { sanitizeTerminalOutput } from '../../src/terminal-output.js'
import { validateSessionNotification } from '../acp/fixtures/acp-schema.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const agentPath = `${root}examples/dist/zed-agent/agent.js`
const cwd = '/home/dev/project'
const children: ChildProcess[] = []

/** The kinds of client: how each asks for display terminals, and the `_meta` key its output comes under. */
type ClientKind = 'zed' | 'delta' | 'text'
const clientKinds: Record<ClientKind, { readonly capabilities: ClientCapabilities; readonly key?: 'terminal_output' | 'terminal_output_delta' }> = {
  zed: { capabilities: { _meta: { terminal_output: true } }, key: 'terminal_output' },
  delta: { capabilities: { _meta: { terminal_output_delta: true } }, key: 'terminal_output_delta' },
  text: { capabilities: {} },
}
const kinds = Object.keys(clientKinds) as ClientKind[]

type ToolUpdate = Extract<SessionUpdate, { sessionUpdate: 'tool_call' | 'tool_call_update' }>
type Played = Awaited<ReturnType<typeof promptOverStdio>>

const played = new Map<ClientKind, Played>()

beforeAll(async () => {
  execFileSync(process.execPath, [`${root}scripts/build-if-needed.mjs`], { cwd: root, stdio: 'inherit' })
  // One turn per kind of client, shared by the tests below.
  for (const kind of kinds) played.set(kind, await promptOverStdio(kind))
}, 180_000)

afterAll(() => {
  for (const child of children.splice(0)) child.kill()
})

async function promptOverStdio(kind: ClientKind, options: { delayMs?: number; cancelAfter?: (update: SessionUpdate) => boolean } = {}) {
  const child = spawn(process.execPath, [agentPath], {
    cwd: root,
    env: { ...process.env, SCRIPTED_AGENT_DELAY_MS: String(options.delayMs ?? 0) },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  children.push(child)
  const stream = ndJsonStream(
    Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>,
  )
  const received: SessionNotification[] = []
  let cancel: (() => void) | undefined
  const outcome = await client({ name: 'stdio-test-client' })
    .onNotification(methods.client.session.update, ({ params }) => {
      received.push(params)
      if (options.cancelAfter?.(params.update)) cancel?.()
    })
    .connectWith(stream, async (agent) => {
      const init = await agent.request(methods.agent.initialize, {
        protocolVersion: PROTOCOL_VERSION,
        clientCapabilities: clientKinds[kind].capabilities,
      })
      const { sessionId } = await agent.request(methods.agent.session.new, { cwd, mcpServers: [] })
      cancel = () => {
        cancel = undefined
        void agent.notify(methods.agent.session.cancel, { sessionId })
      }
      const response = await agent.request(methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: 'text', text: 'Show me every card.' }],
      })
      return { init, sessionId, response }
    })
  child.kill()
  return { ...outcome, received }
}

const isToolUpdate = (update: SessionUpdate): update is ToolUpdate =>
  update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update'

/** The updates about one tool call, in the order they came. */
const updatesFor = (received: SessionNotification[], toolCallId: string) =>
  received.map(({ update }) => update).filter((update): update is ToolUpdate => isToolUpdate(update) && update.toolCallId === toolCallId)

const meta = (update: ToolUpdate, key: string) => (update._meta as Record<string, Record<string, unknown>> | null | undefined)?.[key]

/** The text of an update's content blocks. */
const texts = (update: ToolUpdate) =>
  (update.content ?? []).flatMap((block) => (block.type === 'content' && block.content.type === 'text' ? [block.content.text] : []))

const actions = scriptedTurn(cwd).flatMap((step) => step.actions)
const actionsFor = (toolCallId: string) => actions.filter((action) => 'toolCallId' in action && action.toolCallId === toolCallId)
const finalOutput = (toolCallId: string) => {
  const result = actionsFor(toolCallId).find((action) => action.type === 'result')
  const content = result?.type === 'result' ? result.result.content : []
  return content.map((block) => (block.type === 'text' ? block.text : '')).join('')
}
const streamedPieces = (toolCallId: string) =>
  actionsFor(toolCallId).flatMap((action: ScriptedAction) => (action.type === 'output' ? [action.chunk] : []))

const built = 'call_05_build'
const cancelled = 'call_07_e2e'

describe('the scripted turn', () => {
  it('has a streamed call announced from partial arguments and a cancelled one', () => {
    expect(actionsFor(built).map((action) => action.type)).toEqual(['call', 'call', 'call', 'start', 'output', 'output', 'output', 'output', 'output', 'result'])
    expect(actionsFor(built).filter((action) => action.type === 'call' && action.partial)).toHaveLength(2)
    expect(streamedPieces(built).join('')).toBe(finalOutput(built))
    expect(actionsFor(cancelled).at(-1)).toEqual({ type: 'cancel', toolCallId: cancelled, signal: 'SIGINT' })
    // Every id in a step is announced before anything else happens to it.
    for (const step of scriptedTurn(cwd)) {
      const announced = new Set<string>()
      for (const action of step.actions) {
        if (action.type === 'call') announced.add(action.toolCallId)
        else if (action.type !== 'wait') expect(announced.has(action.toolCallId)).toBe(true)
      }
    }
  })
})

describe('the example agent for Zed, over stdio', () => {
  it.each(kinds)('answers a prompt with schema-valid notifications (%s client)', (kind) => {
    const { init, sessionId, response, received } = played.get(kind)!
    expect(init.protocolVersion).toBe(PROTOCOL_VERSION)
    expect(response.stopReason).toBe('end_turn')
    expect(received.length).toBeGreaterThan(30)
    for (const notification of received) {
      expect(notification.sessionId).toBe(sessionId)
      expect(validateSessionNotification(notification)).toEqual([])
    }
  })

  it.each(kinds)('announces every call before updating it, and shows terminals only to a client that has them (%s)', (kind) => {
    const { received } = played.get(kind)!
    const announced = new Set<string>()
    let terminalBlocks = 0
    for (const { update } of received) {
      if (update.sessionUpdate === 'tool_call') {
        expect(announced.has(update.toolCallId)).toBe(false)
        announced.add(update.toolCallId)
        terminalBlocks += (update.content ?? []).filter((content) => content.type === 'terminal').length
      }
      if (update.sessionUpdate === 'tool_call_update') expect(announced.has(update.toolCallId)).toBe(true)
    }
    // Every call of the turn has its card (the todo list's is the plan card's business).
    const ids = new Set(actions.flatMap((action) => (action.type === 'call' ? [action.toolCallId] : [])))
    expect(ids.size).toBe(12)
    for (const id of ids) if (id !== 'call_12_todo') expect(announced.has(id)).toBe(true)
    for (const id of announced) expect(ids.has(id)).toBe(true)
    expect(terminalBlocks).toBe(clientKinds[kind].key ? 6 : 0)
  })

  it.each(kinds)('announces the live command from partial arguments, then starts it (%s)', (kind) => {
    const updates = updatesFor(played.get(kind)!.received, built)
    expect(updates[0]).toMatchObject({ sessionUpdate: 'tool_call', title: 'npm ru', status: 'pending' })
    expect(updates[1]).toMatchObject({ sessionUpdate: 'tool_call_update', title: 'npm run build' })
    expect(updates[2]).toMatchObject({ sessionUpdate: 'tool_call_update', rawInput: { command: 'npm run build', description: 'Build the package' } })
    expect(updates[3]).toEqual({ sessionUpdate: 'tool_call_update', toolCallId: built, status: 'in_progress' })
    // The terminal is created once, from the first sighting.
    expect(updates.filter((update) => meta(update, 'terminal_info'))).toHaveLength(clientKinds[kind].key ? 1 : 0)
    expect(updates.filter((update) => update.status !== undefined && update.status !== null).map((update) => update.status)).toEqual(['pending', 'in_progress', 'failed'])
  })

  it.each(['zed', 'delta'] as const)('streams the pieces to a terminal; they concatenate to the final output (%s)', (kind) => {
    const key = clientKinds[kind].key!
    const other = key === 'terminal_output' ? 'terminal_output_delta' : 'terminal_output'
    const updates = updatesFor(played.get(kind)!.received, built)
    const pieces = updates.flatMap((update) => {
      const output = meta(update, key)
      return output ? [output.data as string] : []
    })
    expect(updates.some((update) => meta(update, other))).toBe(false)
    expect(pieces.length).toBe(streamedPieces(built).length)
    expect(pieces.join('')).toBe(sanitizeTerminalOutput(finalOutput(built)))
    // Every piece comes after the start and before the exit.
    const firstPiece = updates.findIndex((update) => meta(update, key))
    expect(firstPiece).toBeGreaterThan(updates.findIndex((update) => update.status === 'in_progress'))
    const last = updates.at(-1)!
    expect(last.status).toBe('failed')
    expect(meta(last, 'terminal_exit')).toEqual({ terminal_id: built, exit_code: 1, signal: null })
  })

  it('shows a client without terminals snapshots while the command runs, then the whole card', () => {
    const updates = updatesFor(played.get('text')!.received, built)
    const snapshots = updates.filter((update) => update.status == null && texts(update).some((text) => text.startsWith('```console')))
    // Five pieces half a second apart, at most one snapshot a second.
    expect(snapshots).toHaveLength(3)
    const [description, output] = texts(updates.at(-1)!)
    expect(description).toBe('Build the package')
    expect(output).toBe(`\`\`\`console\n${sanitizeTerminalOutput(finalOutput(built), 'plain')}\`\`\`\nExited with code 1`)
  })

  it.each(['zed', 'delta'] as const)('ends the cancelled command on its terminal with the signal (%s)', (kind) => {
    const key = clientKinds[kind].key!
    const updates = updatesFor(played.get(kind)!.received, cancelled)
    const data = updates.flatMap((update) => (meta(update, key) ? [meta(update, key)!.data as string] : [])).join('')
    expect(data).toBe(sanitizeTerminalOutput(streamedPieces(cancelled).join('')))
    const last = updates.at(-1)!
    expect(last.status).toBe('failed')
    expect(meta(last, 'terminal_exit')).toEqual({ terminal_id: cancelled, exit_code: null, signal: 'SIGINT' })
  })

  it('ends the cancelled command shown as text with its output so far and Cancelled (SIGINT)', () => {
    const last = updatesFor(played.get('text')!.received, cancelled).at(-1)!
    expect(last.status).toBe('failed')
    const [description, output] = texts(last)
    expect(description).toBe('Run the end-to-end tests')
    expect(output).toBe(`\`\`\`console\n${sanitizeTerminalOutput(streamedPieces(cancelled).join(''), 'plain')}\`\`\`\nCancelled (SIGINT)`)
  })

  it('stops the turn on session/cancel', async () => {
    const { response, received } = await promptOverStdio('zed', {
      delayMs: 100,
      cancelAfter: (update) => update.sessionUpdate === 'tool_call',
    })
    expect(response.stopReason).toBe('cancelled')
    const announced = received.filter(({ update }) => update.sessionUpdate === 'tool_call')
    expect(announced.length).toBeLessThan(12)
    for (const notification of received) expect(validateSessionNotification(notification)).toEqual([])
  })
})

describe('npm run demo', () => {
  it('prints every card, the live calls and both clients, within 80 columns', () => {
    const output = execFileSync(process.execPath, [`${root}examples/dist/demo/demo.js`], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1' },
      encoding: 'utf8',
    })
    expect(output).toContain('Part 1: a client with display-only terminals')
    expect(output).toContain('Part 2: the same turn for a client without terminal output')
    for (const marker of [
      '▸ read',
      '$ npm test',
      '[exit 2]',
      '[signal SIGTERM]',
      '[x] Read greet.ts',
      '"terminal_exit"',
      'partial call ×2 → call → start → output ×5 → result',
      'the terminal: 5 pieces of data appended',
      '[signal SIGINT]',
      '│ Exited with code 1',
      '│ Cancelled (SIGINT)',
    ])
      expect(output).toContain(marker)
    const wide = output.split('\n').filter((line) => [...line].length > 80)
    expect(wide).toEqual([])
  })
})

describe('the schema check itself', () => {
  it('rejects a notification the protocol does not allow', () => {
    expect(validateSessionNotification({ sessionId: 's', update: { sessionUpdate: 'tool_call', title: 'no id' } })).not.toEqual([])
    expect(
      validateSessionNotification({
        sessionId: 's',
        update: { sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'done' },
      }),
    ).not.toEqual([])
  })
})
