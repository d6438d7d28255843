// A real agent and a real client from the ACP SDK (fixtures/sdk-session.ts)
// run the scripted turn through createToolPresenter; the client keeps every
// session/update exactly as it crossed the wire.
import schema from '@agentclientprotocol/sdk/schema/v1/schema.json' with { type: 'json' }
import unstableSchema from '@agentclientprotocol/sdk/schema/v1/schema.unstable.json' with { type: 'json' }
import { describe, expect, it } from 'vitest'
import { validNotification } from './fixtures/acp-schema.js'
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
} from './fixtures/scripted-turn.js'
import { runThroughSdk } from './fixtures/sdk-session.js'

const runScriptedTurn = (terminalOutput: boolean) =>
  runThroughSdk(
    scriptedTurn.map((step) => (presenter) => [
      ...presenter.call(step.toolCallId, step.toolName, step.args),
      ...presenter.result(step.toolCallId, step.result),
    ]),
    {
      clientCapabilities: terminalOutput ? { terminal: false, _meta: { terminal_output: true } } : { terminal: true },
      cwd: scriptedCwd,
    },
  )

const text = (value: string) => ({ type: 'content', content: { type: 'text', text: value } })
const call = (toolCallId: string, name: string, fields: object) => ({
  sessionUpdate: 'tool_call',
  toolCallId,
  status: 'pending',
  name,
  ...fields,
})
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
  update('call_read', { status: 'completed', content: [text(`\`\`\`typescript\n${greetBefore.trimEnd()}\n\`\`\``)] }),
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
  // The applied change of a new file is the diff the card already shows: only what changed is sent.
  update('call_write', { status: 'completed', locations: [{ path: '/repo/src/farewell.ts', line: 1 }] }),
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
  // Command output shown as Markdown is fenced, like the foreground fallback.
  update('call_dev', { status: 'completed', content: [text('```console\nStarted background job 1\n```')] }),
  call('call_job', 'job_output', { title: 'Read output from background job 1', kind: 'read', rawInput: { job_id: 1 } }),
  update('call_job', { status: 'completed', content: [text('```console\nready on http://localhost:5173\n```')] }),
  // A todo list is the session's plan, as claude-agent-acp sends it: no tool card, no result.
  {
    sessionUpdate: 'plan',
    entries: [
      { content: 'Rename the greeting', priority: 'medium', status: 'completed' },
      { content: 'Adding a farewell', priority: 'medium', status: 'in_progress' },
      { content: 'Release', priority: 'medium', status: 'pending' },
    ],
  },
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
  // The description stays; the output's own ``` fence cannot close the block: the fence grows to four.
  update('call_cat', {
    status: 'completed',
    content: [text('Show the usage notes'), text(`\`\`\`\`console\n${usageText.trimEnd()}\n\`\`\`\``)],
  }),
  // A command run elsewhere than the session cwd says where; a failure says how it ended.
  call('call_ls', 'bash', { title: 'ls missing', kind: 'execute', content: [text('Working directory: /repo/src')] }),
  update('call_ls', {
    status: 'failed',
    content: [
      text('Working directory: /repo/src'),
      text("```console\nls: cannot access 'missing': No such file or directory\n```\nExited with code 2"),
    ],
  }),
  call('call_sleep', 'bash', { title: 'sleep 600', kind: 'execute', content: [text('Wait for the lock')] }),
  // No output: the description and how the command ended.
  update('call_sleep', { status: 'failed', content: [text('Wait for the lock'), text('Killed by SIGKILL')] }),
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

describe('an apply_patch turn that deletes, moves and copies files, seen by a v1 client', () => {
  const runFileOperations = () =>
    runThroughSdk(
      fileOperationsTurn.map((step) => (presenter) => [
        ...presenter.call(step.toolCallId, step.toolName, step.args),
        ...presenter.result(step.toolCallId, step.result),
      ]),
      { clientCapabilities: { terminal: true }, cwd: '/repo' },
    )
  const diff = (path: string, oldText: string, newText: string) => ({ type: 'diff', path, oldText, newText })
  const expected = [
    call('call_git', 'apply_patch', {
      title: 'Patch 3 files: delete notes.txt, move src/old.ts → src/new.ts, copy src/base.ts → src/copy.ts',
      kind: 'edit',
      // A delete's removed text; a rename or a copy with no change in its text: the new path, both texts empty.
      content: [diff('/repo/notes.txt', 'one\ntwo\n', ''), diff('/repo/src/new.ts', '', ''), diff('/repo/src/copy.ts', '', '')],
      locations: [{ path: '/repo/notes.txt' }, { path: '/repo/src/new.ts' }, { path: '/repo/src/copy.ts' }],
      rawInput: gitFileOperations,
    }),
    update('call_git', { status: 'completed' }),
    // codex's delete does not carry the text.
    call('call_delete', 'apply_patch', {
      title: 'Delete gone.txt',
      kind: 'delete',
      content: [diff('/repo/gone.txt', '', '')],
      locations: [{ path: '/repo/gone.txt' }],
      rawInput: codexDelete,
    }),
    update('call_delete', { status: 'completed' }),
    // codex's move: the change, under the new path.
    call('call_move', 'apply_patch', {
      title: 'Move src/a.ts → src/b.ts',
      kind: 'move',
      content: [diff('/repo/src/b.ts', 'keep\nx\n', 'keep\ny\n')],
      locations: [{ path: '/repo/src/b.ts' }],
      rawInput: codexMove,
    }),
    update('call_move', { status: 'completed' }),
  ]

  it("uses v1's diff as it is: neither v1 schema (stable, unstable) has a field to say a file is deleted, moved or copied", () => {
    for (const definitions of [schema.$defs, unstableSchema.$defs])
      expect(Object.keys(definitions.Diff.properties)).toStrictEqual(['path', 'oldText', 'newText', '_meta'])
  })

  it("arrives as one diff per file in v1's shape, the operation in the kind and the title", async () => {
    const { stopReason, notifications, received, errors } = await runFileOperations()
    expect(stopReason).toBe('end_turn')
    expect(errors).toStrictEqual([])
    expect(notifications.map((notification) => notification.update)).toStrictEqual(expected)
    expect(received).toStrictEqual(notifications)
  })

  it('validates against the ACP v1 JSON Schema, every notification of it', async () => {
    const { notifications } = await runFileOperations()
    expect(notifications).toHaveLength(expected.length)
    for (const notification of notifications) {
      expect(validNotification(notification), JSON.stringify(validNotification.errors)).toBe(true)
    }
  })
})

describe('the schema check', () => {
  it('rejects an update the bridge must never send, so passing it means something', () => {
    expect(validNotification({ sessionId: 's', update: { sessionUpdate: 'tool_call', toolCallId: 'x', title: 't', kind: 'shell' } })).toBe(
      false,
    )
    expect(
      validNotification({ sessionId: 's', update: { sessionUpdate: 'tool_call_update', toolCallId: 'x', locations: [{ line: 1 }] } }),
    ).toBe(false)
    expect(
      validNotification({
        sessionId: 's',
        update: { sessionUpdate: 'tool_call_update', toolCallId: 'x', locations: [{ path: '/a', line: -1 }] },
      }),
    ).toBe(false)
    expect(
      validNotification({
        sessionId: 's',
        update: { sessionUpdate: 'tool_call_update', toolCallId: 'x', content: [{ type: 'terminal' }] },
      }),
    ).toBe(false)
  })
})
