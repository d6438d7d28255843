// The example agent under acpx, a headless ACP v1 client built on the SDK
// (a dev dependency): acpx spawns the built agent itself, as a user would
// with `acpx --agent "node examples/dist/zed-agent/agent.js" exec …`, and
// approves every prompt. Its JSON format prints every JSON-RPC message of
// the connection, each checked here against the SDK's published v1 JSON
// Schema; its text format is what a person reads.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scriptedTurn } from '../../examples/scripted-turn.js'
import { validatePermissionRequest, validateSessionNotification } from '../acp/fixtures/acp-schema.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const agentPath = `${root}examples/dist/zed-agent/agent.js`
const acpxPath = `${root}node_modules/acpx/dist/cli.js`
// acpx keeps its configuration and sessions under HOME: a fresh one per run, and the session's cwd.
const home = mkdtempSync(join(tmpdir(), 'acpx-home-'))
const cwd = mkdtempSync(join(tmpdir(), 'acpx-cwd-'))

type Loose = Record<string, any>

/** One `acpx exec` of the agent, its standard output as text. */
const acpx = (format: 'json' | 'text') =>
  execFileSync(
    process.execPath,
    [
      acpxPath,
      '--agent',
      `"${process.execPath}" "${agentPath}"`,
      '--approve-all',
      '--format',
      format,
      '--cwd',
      cwd,
      'exec',
      'Show me every card.',
    ],
    { cwd: root, env: { ...process.env, HOME: home, SCRIPTED_AGENT_DELAY_MS: '0', NO_COLOR: '1' }, encoding: 'utf8' },
  )

let messages: Loose[]
let text: string

beforeAll(() => {
  execFileSync(process.execPath, [`${root}scripts/build-if-needed.mjs`], { cwd: root, stdio: 'inherit' })
  messages = acpx('json')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line))
  text = acpx('text')
}, 180_000)

afterAll(() => {
  rmSync(home, { recursive: true, force: true })
  rmSync(cwd, { recursive: true, force: true })
})

/** The result the agent answered the client's request `method` with. */
const answerTo = (method: string) => {
  const request = messages.find((message) => message.method === method && message.id !== undefined)
  return messages.find((message) => message.id === request?.id && 'result' in message)?.result
}
const notifications = () => messages.filter((message) => message.method === 'session/update').map((message) => message.params)
const toolUpdates = () =>
  notifications()
    .map((notification) => notification.update)
    .filter((update) => update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update')

describe('the example agent under acpx (ACP v1)', () => {
  it('is served as v1: acpx asks for protocol 1 and gets it', () => {
    const initialize = messages.find((message) => message.method === 'initialize')!
    expect(initialize.params.protocolVersion).toBe(1)
    expect(answerTo('initialize')).toMatchObject({ protocolVersion: 1, agentInfo: { name: 'tool-render-intent-example' } })
  })

  it('plays the whole turn to end_turn, every notification and permission request valid under the v1 JSON Schema', () => {
    expect(answerTo('session/prompt')).toEqual({ stopReason: 'end_turn' })
    expect(notifications().length).toBeGreaterThan(30)
    for (const notification of notifications()) expect(validateSessionNotification(notification)).toEqual([])
    const permissions = messages.filter((message) => message.method === 'session/request_permission').map((message) => message.params)
    expect(permissions.map((request) => request.toolCall.toolCallId)).toEqual(['call_03_write', 'call_07_build'])
    for (const request of permissions) expect(validatePermissionRequest(request)).toEqual([])
  })

  it('shows acpx, which has no display terminals, the output as text and no terminal block', () => {
    const updates = toolUpdates()
    expect(updates.some((update) => (update.content ?? []).some((content: Loose) => content.type === 'terminal'))).toBe(false)
    const build = updates.filter((update) => update.toolCallId === 'call_07_build').at(-1)
    expect(build.status).toBe('failed')
    expect(build.content.at(-1).content.text).toMatch(/^```console\n[\s\S]*\n```\nExited with code 1$/)
  })

  it('lets a person read every card in its text output: each title, and how the call ended', () => {
    for (const title of [
      'Read src/greet.ts',
      'Write src/farewell.ts',
      'npm run build',
      'Fetch https://eslint.org/docs/latest/rules/no-unused-vars',
    ])
      expect(text).toContain(`[tool] ${title} (`)
    expect(text).toContain('[tool] npm run build (failed)')
    expect(text).toContain('[tool] Write src/farewell.ts (completed)')
    expect(text).toContain('  - [in_progress] Fixing the lint error')
    expect(text.trimEnd().endsWith('[done] end_turn')).toBe(true)
    // Every card's last title, as the agent sent it, is in what acpx shows.
    const titles = new Map(toolUpdates().flatMap((update) => (update.title ? [[update.toolCallId, update.title]] : [])))
    expect(titles.size).toBe(scriptedTurn(cwd).length - 1)
    for (const title of titles.values()) expect(text).toContain(`[tool] ${title} (`)
  })
})
