// Shell commands that only read, through the SDK's experimental v2 agent and
// client: a read or search card with its locations and no terminal, its
// output as text on the card; anything else keeps its terminal.
import { describe, expect, it } from 'vitest'
import { bashToolWith } from 'tool-render-intent/presenters'
import { checkV2Update } from './fixtures/acp-v2-schema.js'
import { runThroughSdkV2 } from './fixtures/sdk-session-v2.js'

const tools = [bashToolWith({ shellReads: true })]
const text = (value: string) => ({ type: 'content', content: { type: 'text', text: value } })

const run = () =>
  runThroughSdkV2(
    [
      (presenter) => [
        ...presenter.call('call_sed', 'bash', { command: "sed -n '3,9p' src/a.ts" }),
        ...presenter.output('call_sed', 'let a = 1\n'),
        ...presenter.result('call_sed', { content: [{ type: 'text', text: 'let a = 1\n' }], meta: { exitCode: 0 } }),
      ],
      (presenter) => [
        ...presenter.call('call_ls', 'bash', { command: 'ls missing' }),
        ...presenter.result('call_ls', { content: [{ type: 'text', text: 'ls: missing: No such file\n' }], meta: { exitCode: 2 } }),
      ],
      (presenter) => [
        ...presenter.call('call_pipe', 'bash', { command: 'ls | wc -l' }),
        ...presenter.result('call_pipe', { content: [{ type: 'text', text: '3\n' }], meta: { exitCode: 0 } }),
      ],
    ],
    { cwd: '/repo', tools },
  )

const updatesOf = (updates: readonly { update: object }[], id: string) =>
  updates
    .map((notification) => notification.update as Record<string, unknown>)
    .filter((update) => update.toolCallId === id || update.terminalId === id)

describe('a reading command on ACP v2', () => {
  it('is a read card with its location, its output as text, and no terminal', async () => {
    const { notifications, errors } = await run()
    expect(errors).toStrictEqual([])
    expect(updatesOf(notifications, 'call_sed')).toStrictEqual([
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call_sed',
        // A read card's title is Markdown to clients: escaped, it shows the command as written (no curly quotes).
        title: "sed -n \\'3,9p\\' src/a.ts",
        kind: 'read',
        status: 'pending',
        name: 'bash',
        locations: [{ path: '/repo/src/a.ts', line: 3 }],
        rawInput: { command: "sed -n '3,9p' src/a.ts" },
      },
      { sessionUpdate: 'tool_call_update', toolCallId: 'call_sed', content: [text('```console\nlet a = 1\n```')] },
      // The card shows that output already: only the status changes.
      { sessionUpdate: 'tool_call_update', toolCallId: 'call_sed', status: 'completed' },
    ])
  })

  it('is a search card whose exit status decides the outcome', async () => {
    const { notifications } = await run()
    const ls = updatesOf(notifications, 'call_ls')
    expect(ls[0]).toMatchObject({ kind: 'search', locations: [{ path: '/repo/missing' }] })
    expect(ls.at(-1)).toMatchObject({ status: 'failed', content: [text('```console\nls: missing: No such file\n```\nExited with code 2')] })
    expect(ls.some((update) => update.sessionUpdate !== 'tool_call_update')).toBe(false)
  })

  it('leaves a command that does more than read a terminal', async () => {
    const { notifications } = await run()
    const pipe = updatesOf(notifications, 'call_pipe')
    expect(pipe[0]).toMatchObject({ sessionUpdate: 'terminal_update', command: 'ls | wc -l' })
    expect(pipe[1]).toMatchObject({ kind: 'execute' })
  })

  it('validates against the ACP v2 JSON Schema, every notification of it', async () => {
    const { notifications, received } = await run()
    for (const notification of notifications) expect(checkV2Update(notification.update)).toStrictEqual([])
    expect(received).toStrictEqual(notifications)
  })
})
