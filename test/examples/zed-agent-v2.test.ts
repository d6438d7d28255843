// The example agent as an ACP v2 draft client runs it: the built file,
// spawned as a child process, spoken to over stdio by the SDK's own v2
// client. The SDK's protocol router in the agent hands the connection to its
// v2 agent; every message that crosses the wire from it is checked against
// the SDK's published v2 JSON Schema. (The same binary under the SDK's v1
// client: zed-agent.test.ts; under acpx: zed-agent-acpx.test.ts.)
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { Readable, Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { client, methods, ndJsonStream, type SessionUpdate } from '@agentclientprotocol/sdk/experimental/v2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DECLINE_REASON, scriptedTurn } from '../../examples/scripted-turn.js'
import { sanitizeTerminalOutput } from '../../src/safety/terminal-output.js'
import { checkV2PermissionRequest, checkV2Update, validV2Notification } from '../acp-v2/fixtures/acp-v2-schema.js'
import { schemaErrors } from '../fixtures/json-schema.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const agentPath = `${root}examples/dist/zed-agent/agent.js`
const cwd = '/home/dev/project'
const children: ChildProcess[] = []

type Loose = Record<string, any>
/** A JSON-RPC message as it crossed the wire from the agent. */
type WireMessage = { readonly id?: number | string; readonly method?: string; readonly params?: Loose; readonly result?: Loose }

/** Keeps every line the agent wrote, parsed, and passes the bytes on unchanged. */
function wireTap(messages: WireMessage[]) {
  const decoder = new TextDecoder()
  let pending = ''
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      pending += decoder.decode(chunk, { stream: true })
      for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n')) {
        if (pending.slice(0, end).trim() !== '') messages.push(JSON.parse(pending.slice(0, end)))
        pending = pending.slice(end + 1)
      }
      controller.enqueue(chunk)
    },
  })
}

interface RunOptions {
  /** The kind of option the client picks in every permission prompt; default `allow_once`. */
  readonly answer?: 'allow_once' | 'reject_once'
  /** Sends `session/cancel` after the first update this returns true for. */
  readonly cancelAfter?: (update: Loose) => boolean
  readonly delayMs?: number
}

/** One prompt turn of the built agent under the SDK's v2 client, until the session is idle again. */
async function promptOverStdioV2(options: RunOptions = {}) {
  const child = spawn(process.execPath, [agentPath], {
    cwd: root,
    env: { ...process.env, SCRIPTED_AGENT_DELAY_MS: String(options.delayMs ?? 0) },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  children.push(child)
  const wire: WireMessage[] = []
  const stream = ndJsonStream(
    Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>,
    (Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>).pipeThrough(wireTap(wire)),
  )
  const received: SessionUpdate[] = []
  let idle!: () => void
  const ended = new Promise<void>((resolve) => (idle = resolve))
  let cancel: (() => void) | undefined
  const outcome = await client({ name: 'stdio-test-client-v2' })
    .onNotification(methods.client.session.update, ({ params }) => {
      received.push(params.update)
      const update = params.update as Loose
      if (options.cancelAfter?.(update)) cancel?.()
      if (update.sessionUpdate === 'state_update' && update.state === 'idle') idle()
    })
    .onRequest(methods.client.session.requestPermission, ({ params }) => {
      const chosen = params.options.find((option) => option.kind === (options.answer ?? 'allow_once'))
      return { outcome: chosen ? { outcome: 'selected', optionId: chosen.optionId } : { outcome: 'cancelled' } }
    })
    .connectWith(stream, async (agent) => {
      const init = await agent.request(methods.agent.initialize, {
        protocolVersion: 2,
        info: { name: 'stdio-test-client-v2', version: '0.0.0' },
        capabilities: {},
      })
      const { sessionId } = await agent.request(methods.agent.session.new, { cwd })
      cancel = () => {
        cancel = undefined
        void agent.notify(methods.agent.session.cancel, { sessionId })
      }
      const response = await agent.request(methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: 'text', text: 'Show me every card.' }],
      })
      await ended
      return { init, sessionId, response }
    })
  child.kill()
  const updates = wire.filter((message) => message.method === 'session/update').map((message) => message.params!)
  const permissions = wire.filter((message) => message.method === 'session/request_permission').map((message) => message.params!)
  return { ...outcome, wire, received, updates: updates.map((params) => params.update as Loose), notifications: updates, permissions }
}

type Run = Awaited<ReturnType<typeof promptOverStdioV2>>
let allowed: Run
let rejected: Run

beforeAll(async () => {
  execFileSync(process.execPath, [`${root}scripts/build-if-needed.mjs`], { cwd: root, stdio: 'inherit' })
  allowed = await promptOverStdioV2()
  rejected = await promptOverStdioV2({ answer: 'reject_once' })
}, 180_000)

afterAll(() => {
  for (const child of children.splice(0)) child.kill()
})

const actions = scriptedTurn(cwd).flatMap((step) => step.actions)
const callIds = [...new Set(actions.flatMap((action) => (action.type === 'call' ? [action.toolCallId] : [])))]
const written = 'call_03_write'
const built = 'call_07_build'
const cancelled = 'call_10_e2e'
const todo = 'call_16_todo'
const finalOutput = (toolCallId: string) => {
  const result = actions.find((action) => action.type === 'result' && action.toolCallId === toolCallId)
  return (result?.type === 'result' ? result.result.content : []).map((block) => (block.type === 'text' ? block.text : '')).join('')
}
const streamed = (toolCallId: string) =>
  actions.flatMap((action) => (action.type === 'output' && action.toolCallId === toolCallId ? [action.chunk] : [])).join('')

/** The tool and terminal updates about one call (its terminal has the call's id), in order. */
const about = (run: Run, id: string) => run.updates.filter((update) => update.toolCallId === id || update.terminalId === id)
const statuses = (run: Run, id: string) => about(run, id).flatMap((update) => (update.status ? [update.status] : []))
const terminalText = (run: Run, id: string) =>
  Buffer.concat(
    about(run, id)
      .filter((update) => update.sessionUpdate === 'terminal_output_chunk')
      .map((update) => Buffer.from(update.data, 'base64')),
  ).toString('utf8')
const exitOf = (run: Run, id: string) => about(run, id).find((update) => update.exitStatus)?.exitStatus
/** The session's states in order, with the permission requests between them. */
const lifecycle = (run: Run) =>
  run.wire.flatMap((message) => {
    if (message.method === 'session/request_permission') return ['ask']
    const update = message.params?.update
    return message.method === 'session/update' && update.sessionUpdate === 'state_update' ? [update.state] : []
  })

describe('the example agent for a v2 client, over stdio', () => {
  it('answers initialize as v2, with the agent info v2 requires', () => {
    expect(allowed.init.protocolVersion).toBe(2)
    expect(allowed.init.info).toEqual({ name: 'tool-render-intent-example', version: '0.0.0' })
  })

  it('sends only messages valid under the v2 JSON Schema, tool updates of known variants only', () => {
    for (const run of [allowed, rejected]) {
      expect(run.notifications.length).toBeGreaterThan(50)
      for (const notification of run.notifications) {
        expect(notification.sessionId).toBe(run.sessionId)
        expect(schemaErrors(validV2Notification, notification)).toEqual([])
        const update = notification.update
        if (!['user_message', 'state_update', 'agent_message_chunk'].includes(update.sessionUpdate)) {
          expect(checkV2Update(update, run.sessionId)).toEqual([])
        }
      }
      for (const { sessionId, ...request } of run.permissions) {
        expect(sessionId).toBe(run.sessionId)
        expect(checkV2PermissionRequest(request)).toEqual([])
      }
    }
  })

  it('reaches the SDK client handler as sent, one for one', () => {
    expect(allowed.received).toStrictEqual(allowed.updates)
  })
})

describe("v2's prompt lifecycle", () => {
  it('accepts the prompt with a message id, then echoes the user message under that id, then runs', () => {
    const [echo, running] = allowed.updates
    expect(echo).toEqual({
      sessionUpdate: 'user_message',
      messageId: allowed.response.messageId,
      content: [{ type: 'text', text: 'Show me every card.' }],
    })
    expect(running).toEqual({ sessionUpdate: 'state_update', state: 'running' })
  })

  it('ends the turn with an idle state and the stop reason, the last message of the turn', () => {
    expect(allowed.updates.at(-1)).toEqual({ sessionUpdate: 'state_update', state: 'idle', stopReason: 'end_turn' })
    expect(rejected.updates.at(-1)).toEqual({ sessionUpdate: 'state_update', state: 'idle', stopReason: 'end_turn' })
  })

  it('requires action while a permission prompt waits, and runs again once it is answered', () => {
    expect(lifecycle(allowed)).toEqual(['running', 'requires_action', 'ask', 'running', 'requires_action', 'ask', 'running', 'idle'])
  })

  it('sends the reply as one agent message, its chunks under one id of its own', () => {
    const chunks = allowed.updates.filter((update) => update.sessionUpdate === 'agent_message_chunk')
    expect(chunks.length).toBe(scriptedTurn(cwd).length + 1)
    const ids = new Set(chunks.map((chunk) => chunk.messageId))
    expect(ids.size).toBe(1)
    expect(ids.has(allowed.response.messageId)).toBe(false)
  })
})

describe("the scripted turn's cards on v2", () => {
  it('creates a card for every call but the todo list, which is the plan', () => {
    for (const id of callIds) {
      const first = allowed.updates.find((update) => update.sessionUpdate === 'tool_call_update' && update.toolCallId === id)
      if (id === todo) expect(first).toBeUndefined()
      else expect(first, id).toMatchObject({ status: 'pending' })
    }
    expect(allowed.updates.filter((update) => update.sessionUpdate === 'plan_update')).toHaveLength(1)
  })

  it('asks about the write and the build, with a title and a subject', () => {
    expect(allowed.permissions.map((request) => request.title)).toEqual(['Write src/farewell.ts', 'Run `npm run build`'])
    expect(allowed.permissions[1]!.subject).toMatchObject({ type: 'command', command: 'npm run build', cwd, toolCallId: built })
  })

  it("streams the build's output to its terminal as base64, and ends it with the exit code", () => {
    expect(terminalText(allowed, built)).toBe(sanitizeTerminalOutput(finalOutput(built)))
    expect(exitOf(allowed, built)).toEqual({ exitCode: 1 })
    expect(statuses(allowed, built)).toEqual(['pending', 'in_progress', 'failed'])
  })

  it('ends the cancelled command cancelled, with its signal', () => {
    expect(terminalText(allowed, cancelled)).toBe(sanitizeTerminalOutput(streamed(cancelled)))
    expect(exitOf(allowed, cancelled)).toEqual({ signal: 'SIGINT' })
    expect(statuses(allowed, cancelled).at(-1)).toBe('cancelled')
  })

  it('ends a declined call cancelled, saying it did not run and why, without starting it', () => {
    const declined = `Declined: this call did not run. ${DECLINE_REASON}`
    expect(statuses(rejected, written)).toEqual(['pending', 'cancelled'])
    expect(about(rejected, written).at(-1)!.content).toEqual([{ type: 'content', content: { type: 'text', text: declined } }])
    expect(statuses(rejected, built)).toEqual(['pending', 'cancelled'])
  })
})

describe('session/cancel on v2', () => {
  it("ends the turn's unfinished calls cancelled itself, then goes idle with stopReason cancelled", async () => {
    const run = await promptOverStdioV2({
      delayMs: 100,
      cancelAfter: (update) => update.sessionUpdate === 'terminal_output_chunk' && update.terminalId === built,
    })
    expect(run.updates.at(-1)).toEqual({ sessionUpdate: 'state_update', state: 'idle', stopReason: 'cancelled' })
    // The build was running when the client cancelled: the agent, not the client, ends its card and terminal.
    expect(statuses(run, built)).toEqual(['pending', 'in_progress', 'cancelled'])
    expect(exitOf(run, built)).toEqual({})
    expect(run.updates.some((update) => update.toolCallId === cancelled)).toBe(false)
    for (const notification of run.notifications) expect(schemaErrors(validV2Notification, notification)).toEqual([])
  })
})
