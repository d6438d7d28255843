// A real agent and a real client from the ACP SDK, joined by newline-
// delimited JSON over in-memory streams. The agent runs a scripted turn
// through createToolPresenter; the client keeps every session/update exactly
// as it crossed the wire.
import { agent, client, ndJsonStream, type SessionNotification } from '@agentclientprotocol/sdk'
import { describe, expect, it } from 'vitest'
import { createToolPresenter, type ToolPresenter } from '../../src/acp/index.js'
import { presenters } from '../../src/presenters/index.js'
import { validNotification } from './fixtures/acp-schema.js'
import { farewellText, greetBefore, scriptedCwd, scriptedTurn, usageText } from './fixtures/scripted-turn.js'

// Copies every byte the agent writes, split into JSON-RPC messages.
function wireTap(messages: unknown[]) {
  const decoder = new TextDecoder()
  let pending = ''
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      pending += decoder.decode(chunk, { stream: true })
      let end = pending.indexOf('\n')
      while (end !== -1) {
        if (pending.slice(0, end).trim() !== '') messages.push(JSON.parse(pending.slice(0, end)))
        pending = pending.slice(end + 1)
        end = pending.indexOf('\n')
      }
      controller.enqueue(chunk)
    },
  })
}

async function runScriptedTurn(terminalOutput: boolean) {
  const wire: unknown[] = []
  const received: SessionNotification[] = []
  const errors: unknown[] = []
  const presenters_: Record<string, ToolPresenter> = {}
  let clientCapabilities: unknown

  const agentApp = agent({ name: 'scripted-agent' })
    .onRequest('initialize', ({ params }) => {
      clientCapabilities = params.clientCapabilities
      return { protocolVersion: 1, agentCapabilities: {} }
    })
    .onRequest('session/new', ({ params }) => {
      const sessionId = `session-${Object.keys(presenters_).length + 1}`
      presenters_[sessionId] = createToolPresenter({
        tools: presenters,
        clientCapabilities: clientCapabilities as never,
        cwd: params.cwd,
        onError: (report) => errors.push(report),
      })
      return { sessionId }
    })
    .onRequest('session/prompt', async ({ params, client: peer }) => {
      const presenter = presenters_[params.sessionId]
      for (const step of scriptedTurn) {
        for (const update of presenter.call(step.toolCallId, step.toolName, step.args)) {
          await peer.notify('session/update', { sessionId: params.sessionId, update })
        }
        for (const update of presenter.result(step.toolCallId, step.result)) {
          await peer.notify('session/update', { sessionId: params.sessionId, update })
        }
      }
      return { stopReason: 'end_turn' }
    })

  const clientApp = client({ name: 'zed-like-client' }).onNotification('session/update', ({ params }) => {
    received.push(params)
  })

  const toClient = new TransformStream<Uint8Array, Uint8Array>()
  const toAgent = new TransformStream<Uint8Array, Uint8Array>()
  const tap = wireTap(wire)
  agentApp.connect(ndJsonStream(toClient.writable, toAgent.readable))
  const stopReason = await clientApp.connectWith(ndJsonStream(toAgent.writable, toClient.readable.pipeThrough(tap)), async (ctx) => {
    await ctx.request('initialize', {
      protocolVersion: 1,
      clientCapabilities: terminalOutput ? { terminal: false, _meta: { terminal_output: true } } : { terminal: true },
    })
    const { sessionId } = await ctx.request('session/new', { cwd: scriptedCwd, mcpServers: [] })
    const response = await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Tidy up the greeting' }] })
    return response.stopReason
  })

  const notifications = wire
    .filter((message) => (message as { method?: string }).method === 'session/update')
    .map((message) => (message as { params: SessionNotification }).params)
  return { stopReason, notifications, received, errors }
}


const text = (value: string) => ({ type: 'content', content: { type: 'text', text: value } })
const call = (toolCallId: string, name: string, fields: object) => ({ sessionUpdate: 'tool_call', toolCallId, status: 'pending', name, ...fields })
const update = (toolCallId: string, fields: object) => ({ sessionUpdate: 'tool_call_update', toolCallId, ...fields })

// What both clients see: every card but the foreground commands.
const editedBefore = greetBefore.slice(greetBefore.indexOf('\n') + 1)
const readUpdates = [
  call('call_read', 'read', {
    title: 'Read src/greet.ts',
    kind: 'read',
    locations: [{ path: '/repo/src/greet.ts', line: 1 }],
    rawInput: { file_path: '/repo/src/greet.ts' },
  }),
  update('call_read', { status: 'completed', content: [text('```typescript\n' + greetBefore.trimEnd() + '\n```')] }),
]
const writeDiff = { type: 'diff', path: '/repo/src/farewell.ts', oldText: null, newText: farewellText }
const fileUpdates = [
  call('call_write', 'write', {
    title: 'Write src/farewell.ts',
    kind: 'edit',
    content: [writeDiff],
    locations: [{ path: '/repo/src/farewell.ts' }],
    rawInput: { file_path: '/repo/src/farewell.ts', content: farewellText },
  }),
  update('call_write', { status: 'completed', content: [writeDiff], locations: [{ path: '/repo/src/farewell.ts', line: 1 }] }),
  call('call_edit', 'edit', {
    title: 'Edit src/greet.ts',
    kind: 'edit',
    content: [{ type: 'diff', path: '/repo/src/greet.ts', oldText: '"Hello"', newText: '"Hi"' }],
    locations: [{ path: '/repo/src/greet.ts' }],
    rawInput: { file_path: 'src/greet.ts', old_string: '"Hello"', new_string: '"Hi"' },
  }),
  update('call_edit', {
    status: 'completed',
    // The applied hunk: the changed line with three lines of context each side.
    content: [{ type: 'diff', path: '/repo/src/greet.ts', oldText: editedBefore, newText: editedBefore.replace('"Hello"', '"Hi"') }],
    locations: [{ path: '/repo/src/greet.ts', line: 2 }],
  }),
]
const laterUpdates = [
  call('call_dev', 'bash', {
    title: 'npm run dev',
    kind: 'execute',
    content: [text('Start the dev server')],
    rawInput: { command: 'npm run dev', description: 'Start the dev server', run_in_background: true },
  }),
  update('call_dev', { status: 'completed', content: [text('Started background job 1')] }),
  call('call_job', 'job_output', { title: 'Read output from background job 1', kind: 'read', rawInput: { job_id: 1 } }),
  update('call_job', { status: 'completed', content: [text('ready on http://localhost:5173')] }),
  call('call_todo', 'todo_write', {
    title: 'Update todo list',
    kind: 'think',
    content: [text('- [x] Rename the greeting\n- [ ] **Adding a farewell** (in progress)\n- [ ] Release')],
    rawInput: [
      { content: 'Rename the greeting', status: 'completed' },
      { content: 'Add a farewell', status: 'in_progress', activeForm: 'Adding a farewell' },
      { content: 'Release', status: 'pending' },
    ],
  }),
  update('call_todo', { status: 'completed', content: [text('- [x] Rename the greeting\n- [ ] **Adding a farewell** (in progress)\n- [ ] Release')] }),
]

const terminal = (toolCallId: string, cwd: string) => ({
  content: [{ type: 'terminal', terminalId: toolCallId }],
  _meta: { terminal_info: { terminal_id: toolCallId, cwd } },
})
const output = (toolCallId: string, data: string) => update(toolCallId, { _meta: { terminal_output: { terminal_id: toolCallId, data } } })
const exit = (toolCallId: string, status: string, exit_code: number | null, signal: string | null) =>
  update(toolCallId, { status, _meta: { terminal_exit: { terminal_id: toolCallId, exit_code, signal } } })

const withTerminalOutput = [
  ...readUpdates,
  ...fileUpdates,
  call('call_cat', 'bash', { title: 'cat docs/usage.md', kind: 'execute', ...terminal('call_cat', '/repo') }),
  output('call_cat', usageText),
  exit('call_cat', 'completed', 0, null),
  call('call_ls', 'bash', { title: 'ls missing', kind: 'execute', ...terminal('call_ls', '/repo/src') }),
  output('call_ls', "ls: cannot access 'missing': No such file or directory\n"),
  exit('call_ls', 'failed', 2, null),
  call('call_sleep', 'bash', { title: 'sleep 600', kind: 'execute', ...terminal('call_sleep', '/repo') }),
  output('call_sleep', ''),
  exit('call_sleep', 'failed', null, 'SIGKILL'),
  ...laterUpdates,
]

const withoutTerminalOutput = [
  ...readUpdates,
  ...fileUpdates,
  call('call_cat', 'bash', { title: 'cat docs/usage.md', kind: 'execute', content: [text('Show the usage notes')] }),
  // The output's own ``` fence cannot close the block: the fence grows to four.
  update('call_cat', { status: 'completed', content: [text('````console\n' + usageText.trimEnd() + '\n````')] }),
  call('call_ls', 'bash', { title: 'ls missing', kind: 'execute' }),
  update('call_ls', { status: 'failed', content: [text("```console\nls: cannot access 'missing': No such file or directory\n```")] }),
  call('call_sleep', 'bash', { title: 'sleep 600', kind: 'execute', content: [text('Wait for the lock')] }),
  // No output: no block, so the description stays on the card.
  update('call_sleep', { status: 'failed' }),
  ...laterUpdates,
]

// rawInput rides on every call (as claude-agent-acp sends it): the arguments,
// unless the presenter chose its own. The arrays above spell it out only
// where a card has no other content, so Zed shows it.
const rawInputOf = Object.fromEntries(scriptedTurn.map((step) => [step.toolCallId, step.args]))
const withRawInput = (updates: object[]) =>
  updates.map((entry) => {
    const { sessionUpdate, toolCallId } = entry as { sessionUpdate: string; toolCallId: string }
    return sessionUpdate === 'tool_call' && !('rawInput' in entry) ? { ...entry, rawInput: rawInputOf[toolCallId] } : entry
  })

describe.each([
  { client: 'with terminal output', terminalOutput: true, expected: withTerminalOutput },
  { client: 'without terminal output', terminalOutput: false, expected: withoutTerminalOutput },
])('a scripted turn seen by a client $client', ({ terminalOutput, expected }) => {
  it('arrives as exactly the updates a Zed user would get, in order', async () => {
    const { stopReason, notifications, errors } = await runScriptedTurn(terminalOutput)
    expect(stopReason).toBe('end_turn')
    expect(errors).toStrictEqual([])
    expect(notifications.map((notification) => notification.sessionId)).toStrictEqual(notifications.map(() => 'session-1'))
    expect(notifications.map((notification) => notification.update)).toStrictEqual(withRawInput(expected))
  })

  it('validates against the ACP v1 JSON Schema, every notification of it', async () => {
    const { notifications } = await runScriptedTurn(terminalOutput)
    expect(notifications).toHaveLength(expected.length)
    for (const notification of notifications) {
      expect(validNotification(notification), JSON.stringify(validNotification.errors)).toBe(true)
    }
  })

  it('reaches the client handler as sent, one for one', async () => {
    const { notifications, received } = await runScriptedTurn(terminalOutput)
    expect(received).toStrictEqual(notifications)
  })
})

describe('the schema check', () => {
  it('rejects an update the bridge must never send, so passing it means something', () => {
    expect(validNotification({ sessionId: 's', update: { sessionUpdate: 'tool_call', toolCallId: 'x', title: 't', kind: 'shell' } })).toBe(false)
    expect(validNotification({ sessionId: 's', update: { sessionUpdate: 'tool_call_update', toolCallId: 'x', locations: [{ line: 1 }] } })).toBe(false)
    expect(validNotification({ sessionId: 's', update: { sessionUpdate: 'tool_call_update', toolCallId: 'x', locations: [{ path: '/a', line: -1 }] } })).toBe(false)
    expect(validNotification({ sessionId: 's', update: { sessionUpdate: 'tool_call_update', toolCallId: 'x', content: [{ type: 'terminal' }] } })).toBe(false)
  })
})
