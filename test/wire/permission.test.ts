// session/request_permission: the prompt shows what the card shows.
import { describe, expect, it } from 'vitest'
import { createToolPresenter, type PresentationError } from '../../src/acp/presenter.js'
import { permissionOptions } from '../../src/wire/permission.js'
import { presenters } from '../../src/presenters/index.js'
import schema from '@agentclientprotocol/sdk/schema/v1/schema.json' with { type: 'json' }
import Ajv2020 from 'ajv/dist/2020.js'
import { runThroughSdk } from '../acp/fixtures/sdk-session.js'
import { testTools } from '../acp/fixtures/test-tools.js'

const ajv = new Ajv2020({ strict: false, allErrors: true })
ajv.addFormat('uint32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= 0 && n <= 0xffffffff })
ajv.addFormat('uint16', { type: 'number', validate: () => true })
ajv.addFormat('int64', { type: 'number', validate: () => true })
ajv.addFormat('uint64', { type: 'number', validate: () => true })
ajv.addFormat('int32', { type: 'number', validate: () => true })
ajv.addFormat('double', { type: 'number', validate: () => true })
ajv.addFormat('uri', () => true)
ajv.addSchema(schema, 'acp')
const validRequest = ajv.getSchema('acp#/$defs/RequestPermissionRequest')!

const expectValid = (params: object) => expect(validRequest({ sessionId: 's', ...params }), JSON.stringify(validRequest.errors)).toBe(true)

function session(clientCapabilities: object = { _meta: { terminal_output: true } }) {
  const errors: PresentationError[] = []
  const presenter = createToolPresenter({
    tools: [...presenters, ...testTools.filter((tool) => tool.name === 'plan')],
    clientCapabilities,
    cwd: '/repo',
    onError: (r) => errors.push(r),
  })
  return { presenter, errors }
}

describe('the usual choices', () => {
  it('are allow once, allow always and reject once, with stable ids', () => {
    expect(permissionOptions()).toStrictEqual([
      { optionId: 'allow_once', name: 'Allow', kind: 'allow_once' },
      { optionId: 'allow_always', name: 'Always allow', kind: 'allow_always' },
      { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
    ])
    expect(permissionOptions()).not.toBe(permissionOptions())
  })
})

describe('a prompt for an announced call', () => {
  it('of a command shown as a terminal has the command as its title and no content, which would replace the terminal', () => {
    const { presenter } = session()
    presenter.call('a', 'bash', { command: 'rm -rf build', description: 'Clean' })
    const request = presenter.permission('a')
    expect(request.toolCall).toStrictEqual({
      toolCallId: 'a',
      title: 'rm -rf build',
      kind: 'execute',
      name: 'bash',
      rawInput: { command: 'rm -rf build', description: 'Clean' },
    })
    expect(request.options).toStrictEqual(permissionOptions())
    expectValid(request)
  })

  it('of a command shown as text keeps its description', () => {
    const { presenter } = session({})
    presenter.call('a', 'bash', { command: 'rm -rf build', description: 'Clean' })
    expect(presenter.permission('a').toolCall.content).toStrictEqual([{ type: 'content', content: { type: 'text', text: 'Clean' } }])
  })

  it('of a write carries its diff', () => {
    const { presenter } = session()
    presenter.call('w', 'write', { file_path: '/repo/a.ts', content: 'x' })
    const request = presenter.permission('w')
    expect(request.toolCall).toMatchObject({
      title: 'Write a.ts',
      kind: 'edit',
      content: [{ type: 'diff', path: '/repo/a.ts', oldText: null, newText: 'x' }],
      locations: [{ path: '/repo/a.ts' }],
    })
    expectValid(request)
  })

  it('of anything else has its title, kind and locations, and leaves the content of the card alone', () => {
    const { presenter } = session()
    presenter.call('r', 'read', { file_path: '/repo/a.ts' })
    const { toolCall } = presenter.permission('r')
    expect(toolCall).toMatchObject({ title: 'Read a.ts', kind: 'read', locations: [{ path: '/repo/a.ts', line: 1 }] })
    expect(toolCall.content).toBeUndefined()
  })

  it('of a plan gives the plan a card, which its result then settles', () => {
    const { presenter } = session()
    presenter.call('p', 'plan', { todos: [{ content: 'Ship', status: 'pending' }] })
    const request = presenter.permission('p')
    expect(request.toolCall).toMatchObject({
      title: 'Update the plan',
      kind: 'think',
      status: 'pending',
      content: [{ type: 'content', content: { type: 'text', text: '- [ ] Ship' } }],
    })
    expectValid(request)
    expect(presenter.result('p', { content: [{ type: 'text', text: 'ok' }] })[0]).toMatchObject({
      sessionUpdate: 'tool_call_update',
      status: 'completed',
    })
  })

  it('offers the harness its own choices', () => {
    const { presenter } = session()
    presenter.call('a', 'bash', { command: 'ls' })
    const options = [{ optionId: 'yes', name: 'Yes', kind: 'allow_once' as const }]
    expect(presenter.permission('a', { options }).options).toStrictEqual(options)
  })
})

describe('a prompt for a call not announced yet', () => {
  it('carries the whole card from the tool name and arguments, without a display terminal', () => {
    const { presenter } = session()
    const request = presenter.permission('a', { toolName: 'bash', args: { command: 'npm publish', description: 'Publish' } })
    expect(request.toolCall).toStrictEqual({
      toolCallId: 'a',
      title: 'npm publish',
      kind: 'execute',
      status: 'pending',
      name: 'bash',
      content: [{ type: 'content', content: { type: 'text', text: 'Publish' } }],
      rawInput: { command: 'npm publish', description: 'Publish' },
    })
    expectValid(request)
    // Nothing remembered: the call that follows announces the card and its terminal.
    expect(presenter.call('a', 'bash', { command: 'npm publish' })[0]).toMatchObject({
      sessionUpdate: 'tool_call',
      _meta: { terminal_info: { terminal_id: 'a' } },
    })
  })

  it('without a tool name is a minimal valid prompt, reported', () => {
    const { presenter, errors } = session()
    const request = presenter.permission('ghost')
    expectValid(request)
    expect((errors[0].error as Error).message).toContain('was not announced')
  })
})

describe('through the real SDK', () => {
  it('an agent asks before its write and its command; the prompts carry the same diff and command as the cards', async () => {
    const run = await runThroughSdk(
      [
        (presenter) => presenter.call('w', 'write', { file_path: '/repo/a.ts', content: 'export {}\n' }),
        async (presenter, peer) => ((await peer.requestPermission(presenter.permission('w'))) === 'allow_once' ? presenter.start('w') : []),
        (presenter) => presenter.result('w', { content: [{ type: 'text', text: 'written' }] }),
        (presenter) => presenter.call('b', 'bash', { command: 'npm publish', description: 'Publish' }),
        async (presenter, peer) => ((await peer.requestPermission(presenter.permission('b'))) === 'allow_once' ? presenter.start('b') : []),
        (presenter) => presenter.result('b', { content: [{ type: 'text', text: 'published\n' }], meta: { exitCode: 0 } }),
      ],
      { clientCapabilities: { _meta: { terminal_output: true } }, cwd: '/repo' },
    )
    expect(run.stopReason).toBe('end_turn')
    expect(run.errors).toStrictEqual([])
    expect(run.permissionRequests).toHaveLength(2)
    for (const request of run.permissionRequests) expect(validRequest(request), JSON.stringify(validRequest.errors)).toBe(true)
    const cards = run.notifications
      .map(({ update }) => update as Record<string, unknown>)
      .filter((update) => update.sessionUpdate === 'tool_call')
    const [writePrompt, bashPrompt] = run.permissionRequests.map((request) => request.toolCall)
    expect(writePrompt.content).toStrictEqual(cards[0].content)
    expect(writePrompt.title).toBe(cards[0].title)
    expect(bashPrompt.title).toBe('npm publish')
    expect(bashPrompt.title).toBe(cards[1].title)
    expect(bashPrompt.content).toBeUndefined()
    expect(run.notifications.filter(({ update }) => (update as { status?: string }).status === 'in_progress')).toHaveLength(2)
  })
})
