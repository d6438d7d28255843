// The example agent as Zed runs it: the built file, spawned as a child
// process, spoken to over stdio by the SDK's own v1 client (the agent's
// protocol router hands it to the v1 agent; v2: zed-agent-v2.test.ts), every notification
// and permission request checked against the SDK's published JSON Schema,
// for each kind of client. Also `npm run demo`.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { Readable, Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import {
  type ClientCapabilities,
  client,
  methods,
  ndJsonStream,
  type PermissionOptionKind,
  PROTOCOL_VERSION,
  type RequestPermissionRequest,
  type SessionNotification,
  type SessionUpdate,
} from '@agentclientprotocol/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DECLINE_REASON, type ScriptedAction, scriptedTurn } from '../../examples/scripted-turn.js'
import { sanitizeTerminalOutput } from '../../src/safety/terminal-output.js'
import { visibleConsoleText } from '../../src/safety/console-text.js'
import { validatePermissionRequest, validateSessionNotification } from '../acp/fixtures/acp-schema.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const agentPath = `${root}examples/dist/zed-agent/agent.js`
const cwd = '/home/dev/project'
const children: ChildProcess[] = []

/** The kinds of client: how each asks for display terminals, and the `_meta` key its output comes under. */
type ClientKind = 'zed' | 'delta' | 'text'
const clientKinds: Record<
  ClientKind,
  { readonly capabilities: ClientCapabilities; readonly key?: 'terminal_output' | 'terminal_output_delta' }
> = {
  zed: { capabilities: { _meta: { terminal_output: true } }, key: 'terminal_output' },
  delta: { capabilities: { _meta: { terminal_output_delta: true } }, key: 'terminal_output_delta' },
  text: { capabilities: {} },
}
const kinds = Object.keys(clientKinds) as ClientKind[]

type ToolUpdate = Extract<SessionUpdate, { sessionUpdate: 'tool_call' | 'tool_call_update' }>
type Played = Awaited<ReturnType<typeof promptOverStdio>>

const played = new Map<ClientKind, Played>()
/** A Zed client that rejects every prompt. */
let rejected: Played

beforeAll(async () => {
  execFileSync(process.execPath, [`${root}scripts/build-if-needed.mjs`], { cwd: root, stdio: 'inherit' })
  // One turn per kind of client, shared by the tests below.
  for (const kind of kinds) played.set(kind, await promptOverStdio(kind))
  rejected = await promptOverStdio('zed', { answer: 'reject_once' })
}, 180_000)

afterAll(() => {
  for (const child of children.splice(0)) child.kill()
})

interface PromptOptions {
  readonly delayMs?: number
  readonly cancelAfter?: (update: SessionUpdate) => boolean
  /** The kind of option the client picks in every permission prompt; default `allow_once`. */
  readonly answer?: PermissionOptionKind
  /** How many prompts to send in the session, one after the other; default 1. */
  readonly turns?: number
}

/** What the client got, in order: the notifications and the permission requests between them. */
type Received = { readonly notification: SessionNotification } | { readonly permission: RequestPermissionRequest }

async function promptOverStdio(kind: ClientKind, options: PromptOptions = {}) {
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
  const permissions: RequestPermissionRequest[] = []
  const log: Received[] = []
  let cancel: (() => void) | undefined
  const outcome = await client({ name: 'stdio-test-client' })
    .onNotification(methods.client.session.update, ({ params }) => {
      received.push(params)
      log.push({ notification: params })
      if (options.cancelAfter?.(params.update)) cancel?.()
    })
    .onRequest(methods.client.session.requestPermission, ({ params }) => {
      permissions.push(params)
      log.push({ permission: params })
      const chosen = params.options.find((option) => option.kind === (options.answer ?? 'allow_once'))
      return { outcome: chosen ? { outcome: 'selected', optionId: chosen.optionId } : { outcome: 'cancelled' } }
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
      const responses = []
      for (let turn = 0; turn < (options.turns ?? 1); turn++) {
        responses.push(
          await agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'Show me every card.' }] }),
        )
      }
      return { init, sessionId, response: responses[0], responses }
    })
  child.kill()
  return { ...outcome, received, permissions, log }
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

const written = 'call_03_write'
const built = 'call_07_build'
const cancelled = 'call_10_e2e'
const todo = 'call_16_todo'
/** The ids of the new steps: a search, a fetch, a patch, a sub-agent. */
const searched = 'call_02_grep'
const patched = 'call_05_patch'
const fetched = 'call_09_fetch'
const delegated = 'call_11_task'

/** The prompts the agent sent, by the id of the call each asks about. */
const promptFor = (run: Played, toolCallId: string) => run.permissions.filter((request) => request.toolCall.toolCallId === toolCallId)
/** Where in what the client got (notifications and requests) a prompt came, and the update it came after. */
const positionOf = (run: Played, toolCallId: string) =>
  run.log.findIndex((item) => 'permission' in item && item.permission.toolCall.toolCallId === toolCallId)
const logIndex = (run: Played, toolCallId: string, match: (update: ToolUpdate) => boolean) =>
  run.log.findIndex(
    (item) =>
      'notification' in item &&
      isToolUpdate(item.notification.update) &&
      item.notification.update.toolCallId === toolCallId &&
      match(item.notification.update),
  )

describe('the scripted turn', () => {
  it('has a streamed call announced from partial arguments and a cancelled one', () => {
    expect(actionsFor(built).map((action) => action.type)).toEqual([
      'call',
      'call',
      'call',
      'permission',
      'start',
      'output',
      'output',
      'output',
      'output',
      'output',
      'result',
    ])
    expect(actionsFor(written).map((action) => action.type)).toEqual(['call', 'permission', 'start', 'result'])
    // Only the write and the failing build ask first.
    expect(actions.flatMap((action) => (action.type === 'permission' ? [action.toolCallId] : []))).toEqual([written, built])
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

  it.each(kinds)('asks permission before the write and the build, with requests valid under the schema (%s)', (kind) => {
    const run = played.get(kind)!
    expect(run.permissions.map((request) => request.toolCall.toolCallId)).toEqual([written, built])
    for (const request of run.permissions) {
      expect(request.sessionId).toBe(run.sessionId)
      expect(validatePermissionRequest(request)).toEqual([])
      expect(request.options.map((option) => option.kind)).toEqual(['allow_once', 'allow_always', 'reject_once'])
      // A prompt never carries a terminal block: only a tool_call creates one.
      expect((request.toolCall.content ?? []).some((content) => content.type === 'terminal')).toBe(false)
    }
    // Each prompt comes after the call's announcement and before it starts.
    for (const id of [written, built]) {
      const asked = positionOf(run, id)
      expect(asked).toBeGreaterThan(logIndex(run, id, (update) => update.sessionUpdate === 'tool_call'))
      expect(asked).toBeLessThan(logIndex(run, id, (update) => update.status === 'in_progress'))
    }
  })

  it.each(kinds)('asks about the write with the same diff as its card (%s)', (kind) => {
    const run = played.get(kind)!
    const [prompt] = promptFor(run, written)
    const card = updatesFor(run.received, written)[0]
    const diffs = card.content!.filter((content) => content.type === 'diff')
    expect(diffs).toEqual([
      { type: 'diff', path: `${cwd}/src/farewell.ts`, oldText: null, newText: expect.stringContaining('export function farewell') },
    ])
    expect(prompt.toolCall.content!.filter((content) => content.type === 'diff')).toEqual(diffs)
    expect(prompt.toolCall).toMatchObject({ toolCallId: written, title: 'Write src/farewell.ts', kind: 'edit' })
  })

  it.each(kinds)('asks about the build with the command as its title (%s)', (kind) => {
    const [prompt] = promptFor(played.get(kind)!, built)
    expect(prompt.toolCall).toMatchObject({ toolCallId: built, title: 'npm run build', kind: 'execute' })
    // A display terminal keeps its block; a client without one reads the description.
    if (clientKinds[kind].key) expect(prompt.toolCall.content ?? []).toEqual([])
    else expect(prompt.toolCall.content).toEqual([{ type: 'content', content: { type: 'text', text: 'Build the package' } }])
  })

  it.each(kinds)('sends the todo list as the plan, with no tool card (%s)', (kind) => {
    const { received } = played.get(kind)!
    const plans = received.flatMap(({ update }) => (update.sessionUpdate === 'plan' ? [update] : []))
    expect(plans).toEqual([
      {
        sessionUpdate: 'plan',
        entries: [
          { content: 'Read greet.ts', status: 'completed', priority: 'medium' },
          { content: 'Add farewell() and its test', status: 'completed', priority: 'medium' },
          { content: 'Fixing the lint error', status: 'in_progress', priority: 'medium' },
          { content: 'Speed up the sign-in spec', status: 'pending', priority: 'medium' },
          { content: 'Tag the release', status: 'pending', priority: 'medium' },
        ],
      },
    ])
    expect(updatesFor(received, todo)).toEqual([])
  })

  it.each(kinds)('shows the search with its matches (%s)', (kind) => {
    const updates = updatesFor(played.get(kind)!.received, searched)
    expect(updates[0]).toMatchObject({ sessionUpdate: 'tool_call', kind: 'search', title: 'grep -n \\"greet\\" src', status: 'pending' })
    const last = updates.at(-1)!
    expect(last.status).toBe('completed')
    const [matches] = texts(last)
    expect(matches.startsWith('```')).toBe(true)
    expect(matches.match(/^src\/\w+\.ts:\d+:/gm)).toHaveLength(5)
  })

  it.each(kinds)('shows the fetch: the https URL as the title, the prompt, then the Markdown answer (%s)', (kind) => {
    const updates = updatesFor(played.get(kind)!.received, fetched)
    expect(updates[0]).toMatchObject({
      sessionUpdate: 'tool_call',
      kind: 'fetch',
      title: 'Fetch https://eslint.org/docs/latest/rules/no-unused-vars',
      status: 'pending',
    })
    expect(texts(updates[0])).toEqual(['How do I keep a variable this rule reports?'])
    const last = updates.at(-1)!
    expect(last.status).toBe('completed')
    expect(texts(last)[0]).toMatch(/^# no-unused-vars\n/)
  })

  it.each(kinds)('shows the patch as one diff card: a file added, a file updated (%s)', (kind) => {
    const updates = updatesFor(played.get(kind)!.received, patched)
    expect(updates[0]).toMatchObject({
      sessionUpdate: 'tool_call',
      kind: 'edit',
      title: 'Patch 2 files: add test/farewell.test.ts, edit src/index.ts',
      status: 'pending',
      locations: [{ path: `${cwd}/test/farewell.test.ts`, line: 1 }, { path: `${cwd}/src/index.ts` }],
    })
    expect(updates[0].content).toEqual([
      {
        type: 'diff',
        path: `${cwd}/test/farewell.test.ts`,
        oldText: null,
        newText: expect.stringContaining("import { farewell } from '../src/farewell'"),
      },
      {
        type: 'diff',
        path: `${cwd}/src/index.ts`,
        oldText: "export { greet, shout } from './greet'\n",
        newText: "export { greet, shout } from './greet'\nexport { farewell } from './farewell'\n",
      },
    ])
    expect(updates.at(-1)!.status).toBe('completed')
  })

  it.each(kinds)('shows the sub-agent: its description as the title, its prompt, then its report (%s)', (kind) => {
    const updates = updatesFor(played.get(kind)!.received, delegated)
    expect(updates[0]).toMatchObject({
      sessionUpdate: 'tool_call',
      kind: 'think',
      title: 'Find the slow end-to-end tests',
      status: 'pending',
    })
    expect(texts(updates[0])[0]).toMatch(/^The end-to-end suite takes over a minute\./)
    expect(updates.map((update) => update.status).filter((status) => status != null)).toEqual(['pending', 'in_progress', 'completed'])
    expect(texts(updates.at(-1)!)[0]).toMatch(/^The three slowest specs/)
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
    // Every call of the turn has its card but the todo list, which is the plan.
    const ids = new Set(actions.flatMap((action) => (action.type === 'call' ? [action.toolCallId] : [])))
    expect(ids.size).toBe(16)
    for (const id of ids) expect(announced.has(id)).toBe(id !== todo)
    for (const id of announced) expect(ids.has(id)).toBe(true)
    expect(terminalBlocks).toBe(clientKinds[kind].key ? 6 : 0)
  })

  it.each(kinds)('announces the live command from partial arguments, then starts it (%s)', (kind) => {
    const updates = updatesFor(played.get(kind)!.received, built)
    expect(updates[0]).toMatchObject({ sessionUpdate: 'tool_call', title: 'npm ru', status: 'pending' })
    // A partial sighting that does not grow the card enough sends nothing; the complete call sends what changed.
    expect(updates[1]).toMatchObject({
      sessionUpdate: 'tool_call_update',
      title: 'npm run build',
      rawInput: { command: 'npm run build', description: 'Build the package' },
    })
    expect(updates[2]).toEqual({ sessionUpdate: 'tool_call_update', toolCallId: built, status: 'in_progress' })
    // The prompt came between the complete arguments and the start.
    const run = played.get(kind)!
    expect(positionOf(run, built)).toBeGreaterThan(logIndex(run, built, (update) => update === updates[1]))
    expect(positionOf(run, built)).toBeLessThan(logIndex(run, built, (update) => update === updates[2]))
    // The terminal is created once, from the first sighting.
    expect(updates.filter((update) => meta(update, 'terminal_info'))).toHaveLength(clientKinds[kind].key ? 1 : 0)
    expect(updates.filter((update) => update.status !== undefined && update.status !== null).map((update) => update.status)).toEqual([
      'pending',
      'in_progress',
      'failed',
    ])
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
    expect(output).toBe(`\`\`\`console\n${visibleConsoleText(finalOutput(built)).trimEnd()}\n\`\`\`\nExited with code 1`)
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
    expect(output).toBe(`\`\`\`console\n${visibleConsoleText(streamedPieces(cancelled).join('')).trimEnd()}\n\`\`\`\nCancelled (SIGINT)`)
  })

  it('stops the turn on session/cancel', async () => {
    const { response, received } = await promptOverStdio('zed', {
      delayMs: 100,
      cancelAfter: (update) => update.sessionUpdate === 'tool_call',
    })
    expect(response.stopReason).toBe('cancelled')
    const announced = received.filter(({ update }) => update.sessionUpdate === 'tool_call')
    expect(announced.length).toBeLessThan(16)
    for (const notification of received) expect(validateSessionNotification(notification)).toEqual([])
  })
})

describe('a client that rejects', () => {
  const declined = `Declined: this call did not run. ${DECLINE_REASON}`

  it('ends the declined write failed, saying so, without starting it', () => {
    const updates = updatesFor(rejected.received, written)
    expect(updates.map((update) => update.status)).toEqual(['pending', 'failed'])
    expect(texts(updates.at(-1)!)).toEqual([declined])
  })

  it('ends the declined build as declined, not as a command that ran: no output or exit on its terminal', () => {
    const updates = updatesFor(rejected.received, built)
    expect(updates.some((update) => update.status === 'in_progress')).toBe(false)
    expect(updates.some((update) => meta(update, 'terminal_output') || meta(update, 'terminal_exit'))).toBe(false)
    const last = updates.at(-1)!
    expect(last.status).toBe('failed')
    expect(texts(last)).toEqual([declined])
  })

  it('plays the rest of the turn, every message valid', () => {
    expect(rejected.response.stopReason).toBe('end_turn')
    expect(rejected.permissions).toHaveLength(2)
    for (const request of rejected.permissions) expect(validatePermissionRequest(request)).toEqual([])
    for (const notification of rejected.received) expect(validateSessionNotification(notification)).toEqual([])
    expect(updatesFor(rejected.received, 'call_08_lint').at(-1)!.status).toBe('failed')
    expect(rejected.received.some(({ update }) => update.sessionUpdate === 'plan')).toBe(true)
  })
})

describe('"Always allow"', () => {
  it('is not asked again in the session for the same tools', async () => {
    const run = await promptOverStdio('zed', { answer: 'allow_always', turns: 2 })
    expect(run.responses.map((response) => response.stopReason)).toEqual(['end_turn', 'end_turn'])
    expect(run.permissions.map((request) => request.toolCall.toolCallId)).toEqual([written, built])
    // The second turn's write and build ran without a prompt.
    expect(updatesFor(run.received, `${built}_turn2`).some((update) => update.status === 'in_progress')).toBe(true)
    expect(updatesFor(run.received, `${written}_turn2`).at(-1)!.status).toBe('completed')
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
      '"sessionUpdate": "plan"',
      'no tool card for call_16_todo',
      '"terminal_exit"',
      'partial call ×2 → call → permission → start → output ×5 → result',
      '← session/request_permission',
      '│ ✎ edit    Write src/farewell.ts',
      '│ » execute npm run build',
      '│ [Allow] [Always allow] [Reject]  → Allow (allow_once)',
      '│ [Allow] [Always allow] [Reject]  → Reject (reject_once)',
      '│ Declined: this call did not run. The user rejected it.',
      'Part 3: a client that rejects every prompt',
      // The text renderer shows a view's title as it is: plain text, no Markdown escapes.
      'grep -n "greet" src',
      'Fetch https://eslint.org/docs/latest/rules/no-unused-vars',
      'Patch 2 files: add test/farewell.test.ts, edit src/index.ts',
      'Find the slow end-to-end tests',
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
