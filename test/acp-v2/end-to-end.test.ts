// A real ACP v2 agent and client from the SDK's experimental v2 entry
// (fixtures/sdk-session-v2.ts) run the scripted turn and a live turn through
// the v2 createToolPresenter; every session/update is kept exactly as it
// crossed the wire, validated against schema/v2/schema.json, and compared
// with what the client's handler (which parses with the SDK's own schemas)
// received. Then one harness serves v1 and v2 behind the SDK's router.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import {
  agent as agentV1,
  client as clientV1,
  ndJsonStream as ndJsonStreamV1,
  type SessionUpdate as V1Update,
} from '@agentclientprotocol/sdk'
import {
  agent as agentV2,
  agentProtocolRouter,
  client as clientV2,
  ndJsonStream as ndJsonStreamV2,
} from '@agentclientprotocol/sdk/experimental/v2'
import { afterAll, describe, expect, it } from 'vitest'
import { createToolPresenter as createV1Presenter } from 'tool-render-intent/acp'
import { createToolPresenter as createV2Presenter } from 'tool-render-intent/acp-v2'
import { presenters } from 'tool-render-intent/presenters'
import {
  codexDelete,
  codexMove,
  farewellText,
  fileOperationsTurn,
  gitFileOperations,
  greetBefore,
  scriptedCwd,
  scriptedTurn,
  usageText,
} from '../acp/fixtures/scripted-turn.js'
import { checkV2PermissionRequest, checkV2Update, validV2Notification } from './fixtures/acp-v2-schema.js'
import { runThroughSdkV2, type StepV2 } from './fixtures/sdk-session-v2.js'

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')
const text = (value: string) => ({ type: 'content', content: { type: 'text', text: value } })
const card = (toolCallId: string, name: string, fields: object) => ({
  sessionUpdate: 'tool_call_update',
  toolCallId,
  status: 'pending',
  name,
  ...fields,
})
const update = (toolCallId: string, fields: object) => ({ sessionUpdate: 'tool_call_update', toolCallId, ...fields })
const terminal = (terminalId: string, fields: object) => ({ sessionUpdate: 'terminal_update', terminalId, ...fields })
const chunk = (terminalId: string, data: string) => ({ sessionUpdate: 'terminal_output_chunk', terminalId, data: b64(data) })
const rawInputOf = Object.fromEntries(scriptedTurn.map((step) => [step.toolCallId, step.args]))
const editedBefore = greetBefore.slice(greetBefore.indexOf('\n') + 1)
const farewellPatch = `diff --git a/src/farewell.ts b/src/farewell.ts\nnew file mode 100644\n--- /dev/null\n+++ b/src/farewell.ts\n@@ -0,0 +1 @@\n+${farewellText}`
const farewellDiff = {
  type: 'diff',
  changes: [{ operation: 'add', path: '/repo/src/farewell.ts', fileType: 'text' }],
  patch: { format: 'git_patch', text: farewellPatch },
}
const greetChange = { operation: 'modify', path: '/repo/src/greet.ts', fileType: 'text' }
const greetPatch = [
  'diff --git a/src/greet.ts b/src/greet.ts',
  '--- a/src/greet.ts',
  '+++ b/src/greet.ts',
  '@@ -2,6 +2,6 @@',
  ...editedBefore
    .split('\n')
    .slice(0, -1)
    .map((line) => (line.includes('"Hello"') ? `-${line}\n+${line.replace('"Hello"', '"Hi"')}` : ` ${line}`)),
  '',
].join('\n')

const expected = [
  card('call_read', 'read', {
    title: 'Read src/greet.ts',
    kind: 'read',
    locations: [{ path: '/repo/src/greet.ts', line: 1 }],
    rawInput: rawInputOf.call_read,
  }),
  update('call_read', { status: 'completed', content: [text(`\`\`\`typescript\n${greetBefore.trimEnd()}\n\`\`\``)] }),
  card('call_write', 'write', {
    title: 'Write src/farewell.ts',
    kind: 'edit',
    content: [farewellDiff],
    locations: [{ path: '/repo/src/farewell.ts' }],
    rawInput: rawInputOf.call_write,
  }),
  // The applied change of a new file is the diff the card already shows: only what changed is sent.
  update('call_write', { status: 'completed', locations: [{ path: '/repo/src/farewell.ts', line: 1 }] }),
  // The call-time edit is a fragment with no position: listed, and shown as a fenced diff.
  card('call_edit', 'edit', {
    title: 'Edit src/greet.ts',
    kind: 'edit',
    content: [
      { type: 'diff', changes: [greetChange] },
      text('```diff\n--- /repo/src/greet.ts\n+++ /repo/src/greet.ts\n-"Hello"\n+"Hi"\n```'),
    ],
    locations: [{ path: '/repo/src/greet.ts' }],
    rawInput: rawInputOf.call_edit,
  }),
  // The applied hunk: a git patch.
  update('call_edit', {
    status: 'completed',
    content: [{ type: 'diff', changes: [greetChange], patch: { format: 'git_patch', text: greetPatch } }],
    locations: [{ path: '/repo/src/greet.ts', line: 2 }],
  }),
  terminal('call_cat', { command: 'cat docs/usage.md', cwd: '/repo' }),
  card('call_cat', 'bash', {
    title: 'cat docs/usage.md',
    kind: 'execute',
    content: [text('Show the usage notes'), { type: 'terminal', terminalId: 'call_cat' }],
    rawInput: rawInputOf.call_cat,
  }),
  chunk('call_cat', usageText),
  terminal('call_cat', { exitStatus: { exitCode: 0 } }),
  update('call_cat', { status: 'completed' }),
  terminal('call_ls', { command: 'ls missing', cwd: '/repo/src' }),
  card('call_ls', 'bash', {
    title: 'ls missing',
    kind: 'execute',
    content: [{ type: 'terminal', terminalId: 'call_ls' }],
    rawInput: rawInputOf.call_ls,
  }),
  chunk('call_ls', "ls: cannot access 'missing': No such file or directory\n"),
  terminal('call_ls', { exitStatus: { exitCode: 2 } }),
  update('call_ls', { status: 'failed' }),
  terminal('call_sleep', { command: 'sleep 600', cwd: '/repo' }),
  card('call_sleep', 'bash', {
    title: 'sleep 600',
    kind: 'execute',
    content: [text('Wait for the lock'), { type: 'terminal', terminalId: 'call_sleep' }],
    rawInput: rawInputOf.call_sleep,
  }),
  terminal('call_sleep', { exitStatus: { signal: 'SIGKILL' } }),
  update('call_sleep', { status: 'failed' }),
  card('call_dev', 'bash', {
    title: 'npm run dev',
    kind: 'execute',
    content: [text('Start the dev server')],
    rawInput: rawInputOf.call_dev,
  }),
  update('call_dev', { status: 'completed', content: [text('```console\nStarted background job 1\n```')] }),
  card('call_job', 'job_output', { title: 'Read output from background job 1', kind: 'read', rawInput: rawInputOf.call_job }),
  update('call_job', { status: 'completed', content: [text('```console\nready on http://localhost:5173\n```')] }),
  {
    sessionUpdate: 'plan_update',
    plan: {
      type: 'items',
      planId: 'plan',
      entries: [
        { content: 'Rename the greeting', priority: 'medium', status: 'completed' },
        { content: 'Adding a farewell', priority: 'medium', status: 'in_progress' },
        { content: 'Release', priority: 'medium', status: 'pending' },
      ],
    },
  },
]

const scriptedSteps: StepV2[] = scriptedTurn.map((step) => (presenter) => [
  ...presenter.call(step.toolCallId, step.toolName, step.args),
  ...presenter.result(step.toolCallId, step.result),
])

describe('the scripted turn through the SDK on ACP v2', () => {
  it('negotiates protocol 2, ends the turn idle, and arrives as exactly these updates, in order', async () => {
    const run = await runThroughSdkV2(scriptedSteps, { cwd: scriptedCwd })
    expect(run.protocolVersion).toBe(2)
    expect(run.stopReason).toBe('end_turn')
    expect(run.errors).toStrictEqual([])
    expect(run.notifications.map(({ update }) => update)).toStrictEqual(expected)
  })

  it('validates against the v2 JSON Schema, every notification of it, with known variants only', async () => {
    const run = await runThroughSdkV2(scriptedSteps, { cwd: scriptedCwd })
    expect(run.notifications).toHaveLength(expected.length)
    for (const notification of run.notifications) {
      expect(validV2Notification(notification), JSON.stringify(validV2Notification.errors)).toBe(true)
      expect(checkV2Update(notification.update)).toStrictEqual([])
    }
  })

  it('reaches the client handler as sent, one for one, after the SDK parsed it', async () => {
    const run = await runThroughSdkV2(scriptedSteps, { cwd: scriptedCwd })
    expect(run.received).toStrictEqual(run.notifications)
  })
})

describe('an apply_patch turn that deletes, moves and copies files, through the SDK on ACP v2', () => {
  const steps: StepV2[] = fileOperationsTurn.map((step) => (presenter) => [
    ...presenter.call(step.toolCallId, step.toolName, step.args),
    ...presenter.result(step.toolCallId, step.result),
  ])
  const gitPatch = [
    'diff --git a/notes.txt b/notes.txt',
    'deleted file mode 100644',
    '--- a/notes.txt',
    '+++ /dev/null',
    '@@ -1,2 +0,0 @@',
    '-one',
    '-two',
    'diff --git a/src/old.ts b/src/new.ts',
    'rename from src/old.ts',
    'rename to src/new.ts',
    'diff --git a/src/base.ts b/src/copy.ts',
    'copy from src/base.ts',
    'copy to src/copy.ts',
    '',
  ].join('\n')
  const expectedOperations = [
    card('call_git', 'apply_patch', {
      title: 'Patch 3 files: delete notes.txt, move src/old.ts → src/new.ts, copy src/base.ts → src/copy.ts',
      kind: 'edit',
      content: [
        {
          type: 'diff',
          changes: [
            { operation: 'delete', path: '/repo/notes.txt', fileType: 'text' },
            { operation: 'move', oldPath: '/repo/src/old.ts', path: '/repo/src/new.ts', fileType: 'text' },
            { operation: 'copy', oldPath: '/repo/src/base.ts', path: '/repo/src/copy.ts', fileType: 'text' },
          ],
          patch: { format: 'git_patch', text: gitPatch },
        },
      ],
      locations: [{ path: '/repo/notes.txt' }, { path: '/repo/src/new.ts' }, { path: '/repo/src/copy.ts' }],
      rawInput: gitFileOperations,
    }),
    // The result keeps the call's diffs: only the status is new.
    update('call_git', { status: 'completed' }),
    // codex's delete does not carry the text: no patch (it could only delete an empty file); the deletion as a fenced diff.
    card('call_delete', 'apply_patch', {
      title: 'Delete gone.txt',
      kind: 'delete',
      content: [
        { type: 'diff', changes: [{ operation: 'delete', path: '/repo/gone.txt', fileType: 'text' }] },
        text('```diff\n--- /repo/gone.txt\n+++ /dev/null\n```'),
      ],
      locations: [{ path: '/repo/gone.txt' }],
      rawInput: codexDelete,
    }),
    update('call_delete', { status: 'completed' }),
    // codex's move numbers no lines: no patch; the change as a fenced diff from the old path to the new.
    card('call_move', 'apply_patch', {
      title: 'Move src/a.ts → src/b.ts',
      kind: 'move',
      content: [
        { type: 'diff', changes: [{ operation: 'move', oldPath: '/repo/src/a.ts', path: '/repo/src/b.ts', fileType: 'text' }] },
        text('```diff\n--- /repo/src/a.ts\n+++ /repo/src/b.ts\n-keep\n-x\n+keep\n+y\n```'),
      ],
      locations: [{ path: '/repo/src/b.ts' }],
      rawInput: codexMove,
    }),
    update('call_move', { status: 'completed' }),
  ]

  it('arrives as delete, move and copy changes with their old paths, and a git patch where the patch carries the text', async () => {
    const run = await runThroughSdkV2(steps, { cwd: '/repo' })
    expect(run.stopReason).toBe('end_turn')
    expect(run.errors).toStrictEqual([])
    expect(run.notifications.map(({ update }) => update)).toStrictEqual(expectedOperations)
    expect(run.received).toStrictEqual(run.notifications)
  })

  it('validates against the v2 JSON Schema, every notification of it, with known variants only', async () => {
    const run = await runThroughSdkV2(steps, { cwd: '/repo' })
    expect(run.notifications).toHaveLength(expectedOperations.length)
    for (const notification of run.notifications) {
      expect(validV2Notification(notification), JSON.stringify(validV2Notification.errors)).toBe(true)
      expect(checkV2Update(notification.update)).toStrictEqual([])
    }
  })

  const hasGit = spawnSync('git', ['--version']).status === 0
  const roots: string[] = []
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true })
  })

  it.skipIf(!hasGit)('gives the client a git patch that git apply accepts: one file deleted, one renamed, one copied', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tri-e2e-v2-'))
    roots.push(root)
    const files = { 'notes.txt': 'one\ntwo\n', 'src/old.ts': 'export const old = 1\n', 'src/base.ts': 'export const base = 2\n' }
    expect(spawnSync('git', ['init', '-q', root]).status).toBe(0)
    for (const [path, body] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), body)
    }
    const run = await runThroughSdkV2(steps, { cwd: root })
    const [received] = run.received.map(({ update }) => update as { content?: { type: string; patch?: { text: string } }[] })
    const patch = received.content?.find((item) => item.type === 'diff')?.patch?.text
    const applied = spawnSync('git', ['apply', '-'], { cwd: root, input: patch, encoding: 'utf8' })
    expect(applied.stderr).toBe('')
    expect(applied.status).toBe(0)
    expect(existsSync(join(root, 'notes.txt'))).toBe(false)
    expect(existsSync(join(root, 'src/old.ts'))).toBe(false)
    expect(readFileSync(join(root, 'src/new.ts'), 'utf8')).toBe(files['src/old.ts'])
    expect(readFileSync(join(root, 'src/base.ts'), 'utf8')).toBe(files['src/base.ts'])
    expect(readFileSync(join(root, 'src/copy.ts'), 'utf8')).toBe(files['src/base.ts'])
  })
})

describe('the schema check', () => {
  it('rejects what the bridge must never send, so passing it means something', () => {
    const bad = [
      { sessionUpdate: 'tool_call', toolCallId: 'x', title: 't' },
      { sessionUpdate: 'tool_call_update', toolCallId: 'x', status: 'canceled' },
      { sessionUpdate: 'tool_call_update', toolCallId: 'x', locations: [{ path: '/a', line: 0 }] },
      { sessionUpdate: 'tool_call_update', toolCallId: 'x', content: [{ type: 'diff', path: '/a', oldText: null, newText: 'v1 shape' }] },
      { sessionUpdate: 'tool_call_update', toolCallId: 'x', content: [{ type: 'diff', changes: [{ operation: 'rename', path: '/a' }] }] },
      { sessionUpdate: 'terminal_output_chunk', terminalId: 't', data: 'not base64!' },
      { sessionUpdate: 'terminal_update', terminalId: 't', exitStatus: { exitCode: 1.5 } },
      { sessionUpdate: 'plan', entries: [] },
    ]
    for (const update of bad) expect(checkV2Update(update), JSON.stringify(update)).not.toStrictEqual([])
    expect(checkV2PermissionRequest({ toolCall: { toolCallId: 'x' }, options: [] })).not.toStrictEqual([])
  })
})

describe('a live turn through the SDK on ACP v2', () => {
  const steps: StepV2[] = [
    (presenter) => presenter.call('run', 'bash', {}, { partial: true }),
    (presenter) => presenter.call('run', 'bash', { command: 'npm test', description: 'Run the tests' }),
    (presenter) => ({ ask: presenter.permission('run') }),
    (presenter) => presenter.start('run'),
    (presenter) => presenter.output('run', '\u001b[32m✓\u001b[39m a\n'),
    (presenter) => presenter.output('run', '\u001b[31m✗\u001b[39m b\n'),
    (presenter) =>
      presenter.result('run', {
        content: [{ type: 'text', text: '\u001b[32m✓\u001b[39m a\n\u001b[31m✗\u001b[39m b\n1 failed\n' }],
        meta: { exitCode: 1 },
      }),
    (presenter) => ({
      ask: presenter.permission('edit', { toolName: 'edit', args: { file_path: 'src/a.ts', old_string: 'a', new_string: 'b' } }),
    }),
    (presenter) => presenter.call('watch', 'bash', { command: 'npm run watch' }),
    (presenter) => presenter.start('watch'),
    (presenter) => presenter.output('watch', 'watching…\n'),
    (presenter) => presenter.cancel('watch', { signal: 'SIGINT' }),
  ]

  it('reaches the client as valid v2: every byte of output once, the exits, a cancelled status, and the prompts answered', async () => {
    const run = await runThroughSdkV2(steps, { cwd: '/repo' })
    expect(run.stopReason).toBe('end_turn')
    expect(run.errors).toStrictEqual([])
    for (const { update } of run.notifications) expect(checkV2Update(update)).toStrictEqual([])
    expect(run.received).toStrictEqual(run.notifications)
    const updates = run.notifications.map(({ update }) => update as Record<string, any>)
    const output = (id: string) =>
      Buffer.concat(
        updates
          .filter((entry) => entry.sessionUpdate === 'terminal_output_chunk' && entry.terminalId === id)
          .map((entry) => Buffer.from(entry.data, 'base64')),
      ).toString('utf8')
    expect(output('run')).toBe('\u001b[32m✓\u001b[39m a\n\u001b[31m✗\u001b[39m b\n1 failed\n')
    expect(output('watch')).toBe('watching…\n')
    const statuses = updates.filter((entry) => entry.status).map((entry) => `${entry.toolCallId}:${entry.status}`)
    expect(statuses).toStrictEqual([
      'run:pending',
      'run:in_progress',
      'run:failed',
      'watch:pending',
      'watch:in_progress',
      'watch:cancelled',
    ])
    const exits = updates.filter((entry) => entry.exitStatus).map((entry) => [entry.terminalId, entry.exitStatus])
    expect(exits).toStrictEqual([
      ['run', { exitCode: 1 }],
      ['watch', { signal: 'SIGINT' }],
    ])
    // The terminal was created from the partial call, then told its command.
    expect(
      updates
        .filter((entry) => entry.sessionUpdate === 'terminal_update' && entry.terminalId === 'run' && entry.command)
        .map((entry) => entry.command),
    ).toStrictEqual(['Terminal', 'npm test'])

    expect(run.permissionsReceived).toStrictEqual(run.permissionRequests)
    for (const request of run.permissionRequests) expect(checkV2PermissionRequest(request)).toStrictEqual([])
    expect(run.permissionRequests[0]).toMatchObject({
      title: 'Run `npm test`',
      description: 'Run the tests',
      subject: { type: 'command', command: 'npm test', cwd: '/repo', toolCallId: 'run', terminalId: 'run' },
    })
    expect(run.permissionRequests[1]).toMatchObject({
      title: 'Edit src/a.ts',
      subject: { type: 'tool_call', toolCall: { toolCallId: 'edit', status: 'pending', kind: 'edit' } },
    })
    expect(run.answers).toStrictEqual([
      { outcome: { outcome: 'selected', optionId: 'allow_once' } },
      { outcome: { outcome: 'selected', optionId: 'allow_once' } },
    ])
  })
})

describe('one harness serving v1 and v2 behind the SDK router', () => {
  // The same harness code for both versions; each agent has its own version's presenter.
  interface Presenting<Update> {
    call(id: string, name: string, args: unknown): Update[]
    result(id: string, result: { content: { type: 'text'; text: string }[]; meta: { exitCode: number } }): Update[]
  }
  const play = async <Update>(presenter: Presenting<Update>, send: (update: Update) => Promise<void>) => {
    for (const update of [
      ...presenter.call('ls', 'bash', { command: 'ls' }),
      ...presenter.result('ls', { content: [{ type: 'text', text: 'a.ts\n' }], meta: { exitCode: 0 } }),
    ])
      await send(update)
  }

  function harness() {
    let capabilities: unknown
    const v1 = agentV1({ name: 'both-v1' })
      .onRequest('initialize', ({ params }) => {
        capabilities = params.clientCapabilities
        return { protocolVersion: 1, agentCapabilities: {} }
      })
      .onRequest('session/new', () => ({ sessionId: 's1' }))
      .onRequest('session/prompt', async ({ params, client: peer }) => {
        const presenter = createV1Presenter({ tools: presenters, clientCapabilities: capabilities as never, cwd: '/repo' })
        await play(presenter, (update) => peer.notify('session/update', { sessionId: params.sessionId, update: update as V1Update }))
        return { stopReason: 'end_turn' }
      })
    const v2 = agentV2({ name: 'both-v2' })
      .onRequest('initialize', () => ({ protocolVersion: 2, info: { name: 'both', version: '0' }, capabilities: { session: {} } }))
      .onRequest('session/new', () => ({ sessionId: 's2' }))
      .onRequest('session/prompt', ({ params, client: peer }) => {
        const presenter = createV2Presenter({ tools: presenters, cwd: '/repo' })
        void (async () => {
          await peer.notify('session/update', {
            sessionId: params.sessionId,
            update: { sessionUpdate: 'user_message', messageId: 'u1', content: params.prompt },
          })
          await play(presenter, (update) => peer.notify('session/update', { sessionId: params.sessionId, update }))
          await peer.notify('session/update', {
            sessionId: params.sessionId,
            update: { sessionUpdate: 'state_update', state: 'idle', stopReason: 'end_turn' },
          })
        })()
        return { messageId: 'u1' }
      })
    return agentProtocolRouter().withV1(v1).withV2(v2)
  }

  const pipes = () => ({ toClient: new TransformStream<Uint8Array, Uint8Array>(), toAgent: new TransformStream<Uint8Array, Uint8Array>() })

  it('a v1 client gets v1 updates: a terminal under _meta', async () => {
    const { toClient, toAgent } = pipes()
    harness().connect(ndJsonStreamV2(toClient.writable, toAgent.readable))
    const seen: V1Update[] = []
    const version = await clientV1({ name: 'v1 client' })
      .onNotification('session/update', ({ params }) => void seen.push(params.update))
      .connectWith(ndJsonStreamV1(toAgent.writable, toClient.readable), async (ctx) => {
        const init = await ctx.request('initialize', { protocolVersion: 1, clientCapabilities: { _meta: { terminal_output: true } } })
        const { sessionId } = await ctx.request('session/new', { cwd: '/repo', mcpServers: [] })
        await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Go' }] })
        return init.protocolVersion
      })
    expect(version).toBe(1)
    expect(seen.map((entry) => entry.sessionUpdate)).toStrictEqual(['tool_call', 'tool_call_update', 'tool_call_update'])
    expect(seen[1]).toMatchObject({ _meta: { terminal_output: { terminal_id: 'ls', data: 'a.ts\n' } } })
  })

  it('a v2 client gets v2 updates: an agent-owned terminal with base64 output', async () => {
    const { toClient, toAgent } = pipes()
    harness().connect(ndJsonStreamV2(toClient.writable, toAgent.readable))
    const seen: Record<string, unknown>[] = []
    let idle!: () => void
    const ended = new Promise<void>((resolve) => (idle = resolve))
    const version = await clientV2({ name: 'v2 client' })
      .onNotification('session/update', ({ params }) => {
        const entry = params.update as Record<string, unknown>
        if (entry.sessionUpdate === 'state_update') idle()
        else if (entry.sessionUpdate !== 'user_message') seen.push(entry)
      })
      .connectWith(ndJsonStreamV2(toAgent.writable, toClient.readable), async (ctx) => {
        const init = await ctx.request('initialize', { protocolVersion: 2, info: { name: 'v2 client', version: '0' }, capabilities: {} })
        const { sessionId } = await ctx.request('session/new', { cwd: '/repo' })
        await ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Go' }] })
        await ended
        return init.protocolVersion
      })
    expect(version).toBe(2)
    expect(seen.map((entry) => entry.sessionUpdate)).toStrictEqual([
      'terminal_update',
      'tool_call_update',
      'terminal_output_chunk',
      'terminal_update',
      'tool_call_update',
    ])
    expect(seen[2]).toStrictEqual({ sessionUpdate: 'terminal_output_chunk', terminalId: 'ls', data: b64('a.ts\n') })
    for (const entry of seen) expect(checkV2Update(entry)).toStrictEqual([])
  })
})
