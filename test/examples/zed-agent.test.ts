// The example agent as Zed runs it: the built file, spawned as a child
// process, spoken to over stdio by the SDK's own client, every notification
// checked against the SDK's published JSON Schema. Also `npm run demo`.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { Readable, Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { client, methods, ndJsonStream, PROTOCOL_VERSION, type SessionNotification } from '@agentclientprotocol/sdk'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { validateSessionNotification } from '../acp/fixtures/acp-schema.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const agentPath = `${root}examples/dist/zed-agent/agent.js`
const cwd = '/home/dev/project'
const children: ChildProcess[] = []

beforeAll(() => {
  execFileSync(process.execPath, [`${root}scripts/build-if-needed.mjs`], { cwd: root, stdio: 'inherit' })
}, 120_000)

afterEach(() => {
  for (const child of children.splice(0)) child.kill()
})

async function promptOverStdio(terminalOutput: boolean) {
  const child = spawn(process.execPath, [agentPath], {
    cwd: root,
    env: { ...process.env, SCRIPTED_AGENT_DELAY_MS: '0' },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  children.push(child)
  const stream = ndJsonStream(
    Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>,
  )
  const received: SessionNotification[] = []
  const outcome = await client({ name: 'stdio-test-client' })
    .onNotification(methods.client.session.update, ({ params }) => {
      received.push(params)
    })
    .connectWith(stream, async (agent) => {
      const init = await agent.request(methods.agent.initialize, {
        protocolVersion: PROTOCOL_VERSION,
        clientCapabilities: terminalOutput ? { _meta: { terminal_output: true } } : {},
      })
      const { sessionId } = await agent.request(methods.agent.session.new, { cwd, mcpServers: [] })
      const response = await agent.request(methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: 'text', text: 'Show me every card.' }],
      })
      return { init, sessionId, response }
    })
  return { ...outcome, received }
}

describe('the example agent for Zed, over stdio', () => {
  it.each([true, false])('answers a prompt with schema-valid notifications (terminal output: %s)', async (terminalOutput) => {
    const { init, sessionId, response, received } = await promptOverStdio(terminalOutput)
    expect(init.protocolVersion).toBe(PROTOCOL_VERSION)
    expect(response.stopReason).toBe('end_turn')
    expect(received.length).toBeGreaterThan(20)
    for (const notification of received) {
      expect(notification.sessionId).toBe(sessionId)
      expect(validateSessionNotification(notification)).toEqual([])
    }
  })

  it('announces every call before updating it, and shows terminals only to a client that has them', async () => {
    for (const terminalOutput of [true, false]) {
      const { received } = await promptOverStdio(terminalOutput)
      const announced = new Set<string>()
      let terminalBlocks = 0
      for (const { update } of received) {
        if (update.sessionUpdate === 'tool_call') {
          announced.add(update.toolCallId)
          terminalBlocks += (update.content ?? []).filter((content) => content.type === 'terminal').length
        }
        if (update.sessionUpdate === 'tool_call_update') expect(announced.has(update.toolCallId)).toBe(true)
      }
      expect(announced.size).toBe(10)
      expect(terminalBlocks).toBe(terminalOutput ? 4 : 0)
    }
  })
})

describe('npm run demo', () => {
  it('prints every card and both clients, within 80 columns', () => {
    const output = execFileSync(process.execPath, [`${root}examples/dist/demo/demo.js`], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1' },
      encoding: 'utf8',
    })
    expect(output).toContain('Part 1: a client with display-only terminals')
    expect(output).toContain('Part 2: the same turn for a client without terminal output')
    for (const marker of ['▸ read', '$ npm test', '[exit 2]', '[signal SIGTERM]', '- [x] Read greet.ts', '"terminal_exit"'])
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
