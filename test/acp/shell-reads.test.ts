// Shell commands that only read, through a real ACP SDK agent and client:
// a read or search card with its locations, its output streamed as text on
// the card, its exit status deciding the outcome; anything else a terminal.
import { describe, expect, it } from 'vitest'
import { bashTool, bashToolWith } from 'tool-render-intent/presenters'
import { validNotification } from './fixtures/acp-schema.js'
import { runThroughSdk } from './fixtures/sdk-session.js'

const tools = [bashToolWith({ shellReads: true })]
const text = (value: string) => ({ type: 'content', content: { type: 'text', text: value } })

const run = (terminalOutput: boolean) =>
  runThroughSdk(
    [
      (presenter) => [
        ...presenter.call('call_cat', 'bash', { command: 'cat docs/usage.md', description: 'Show the usage notes' }),
        ...presenter.output('call_cat', 'Usage: greet <name>\n'),
        ...presenter.result('call_cat', { content: [{ type: 'text', text: 'Usage: greet <name>\n' }], meta: { exitCode: 0 } }),
      ],
      (presenter) => [
        ...presenter.call('call_rg', 'bash', { command: 'rg -n todo src', workdir: '/repo/pkg' }),
        ...presenter.result('call_rg', { content: [{ type: 'text', text: '' }], meta: { exitCode: 1 } }),
      ],
      (presenter) => [
        ...presenter.call('call_pipe', 'bash', { command: 'cat a.ts | head' }),
        ...presenter.result('call_pipe', { content: [{ type: 'text', text: 'x\n' }], meta: { exitCode: 0 } }),
      ],
    ],
    { clientCapabilities: terminalOutput ? { _meta: { terminal_output: true } } : {}, cwd: '/repo', tools },
  )

describe.each([
  { client: 'with terminal output', terminalOutput: true },
  { client: 'without terminal output', terminalOutput: false },
])('a reading command seen by a client $client', ({ terminalOutput }) => {
  it('is a read card with its location, its output streamed and shown as text, never a display terminal', async () => {
    const { notifications, errors } = await run(terminalOutput)
    expect(errors).toStrictEqual([])
    const updates = notifications.map((notification) => notification.update).filter((update) => 'toolCallId' in update)
    const cat = updates.filter((update) => update.toolCallId === 'call_cat')
    expect(cat).toStrictEqual([
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'call_cat',
        title: 'cat docs/usage.md',
        kind: 'read',
        status: 'pending',
        name: 'bash',
        content: [text('Show the usage notes')],
        locations: [{ path: '/repo/docs/usage.md' }],
        rawInput: { command: 'cat docs/usage.md', description: 'Show the usage notes' },
      },
      // The piece streamed before the result, as a snapshot on the card.
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call_cat',
        content: [text('Show the usage notes'), text('```console\nUsage: greet <name>\n```')],
      },
      // The card shows that output already: only the status changes.
      { sessionUpdate: 'tool_call_update', toolCallId: 'call_cat', status: 'completed' },
    ])
  })

  it('is a search card whose exit status decides the outcome', async () => {
    const { notifications } = await run(terminalOutput)
    const rg = notifications
      .map((notification) => notification.update)
      .filter((update) => 'toolCallId' in update && update.toolCallId === 'call_rg')
    expect(rg[0]).toMatchObject({
      sessionUpdate: 'tool_call',
      title: 'rg -n todo src',
      kind: 'search',
      locations: [{ path: '/repo/pkg/src' }],
    })
    expect(rg.at(-1)).toMatchObject({ status: 'failed', content: [text('Working directory: /repo/pkg'), text('Exited with code 1')] })
    for (const update of rg) expect(JSON.stringify(update)).not.toContain('terminal')
  })

  it('leaves a command that does more than read a terminal', async () => {
    const { notifications } = await run(terminalOutput)
    const pipe = notifications
      .map((notification) => notification.update)
      .find((update) => 'toolCallId' in update && update.toolCallId === 'call_pipe')
    expect(pipe).toMatchObject({ sessionUpdate: 'tool_call', title: 'cat a.ts | head', kind: 'execute' })
    expect('locations' in (pipe ?? {})).toBe(false)
    expect(JSON.stringify(pipe).includes('terminal_info')).toBe(terminalOutput)
  })

  it('validates against the ACP v1 JSON Schema, every notification of it', async () => {
    const { notifications, received } = await run(terminalOutput)
    for (const notification of notifications) expect(validNotification(notification), JSON.stringify(validNotification.errors)).toBe(true)
    expect(received).toStrictEqual(notifications)
  })
})

// The plain presenters follow the session: Zed's profile shows read cards, acpx's does not.
describe.each([
  { profile: 'zed', kind: 'read' },
  { profile: 'acpx', kind: 'execute' },
] as const)('the plain bash presenter on the $profile profile', ({ profile, kind }) => {
  it(`shows \`cat docs/usage.md\` as a ${kind} card, valid against the schema`, async () => {
    const { notifications, errors } = await runThroughSdk(
      [
        (presenter) => [
          ...presenter.call('call_cat', 'bash', { command: 'cat docs/usage.md' }),
          ...presenter.output('call_cat', 'Usage: greet <name>\n'),
          ...presenter.result('call_cat', { content: [{ type: 'text', text: 'Usage: greet <name>\n' }], meta: { exitCode: 0 } }),
        ],
      ],
      { clientCapabilities: { _meta: { terminal_output: true } }, cwd: '/repo', tools: [bashTool], profile },
    )
    expect(errors).toStrictEqual([])
    const [call] = notifications.map((notification) => notification.update)
    expect(call).toMatchObject({ sessionUpdate: 'tool_call', toolCallId: 'call_cat', kind })
    expect('locations' in call!).toBe(kind === 'read')
    const last = notifications.at(-1)?.update as { status?: string; content?: unknown }
    expect(last.status).toBe('completed')
    for (const notification of notifications) expect(validNotification(notification), JSON.stringify(validNotification.errors)).toBe(true)
  })
})
