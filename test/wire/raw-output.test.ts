// A result's structured value as `rawOutput`, for the profiles whose clients
// read it (Emacs agent-shell renders `formatted_output`; codex-acp sends
// `formatted_output` and `exit_code`): sent on the call's last card update,
// plain JSON and bounded whatever the result holds, on v1 and v2; never for
// Zed, where it would duplicate the card.
import { describe, expect, it } from 'vitest'
import { claudeCodePresenters } from 'tool-render-intent/presenters'
import * as acp from '../../src/acp/index.js'
import * as acpV2 from '../../src/acp-v2/index.js'
import { RAW_OUTPUT_LIMITS } from '../../src/wire/raw-output.js'
import { isJsonSafe } from '../../src/safety/json-safe.js'
import { validateSessionNotification } from '../acp/fixtures/acp-schema.js'
import { checkV2Update } from '../acp-v2/fixtures/acp-v2-schema.js'
import { hostileValues } from '../fixtures/hostile-values.js'
import { runThroughSdk } from '../acp/fixtures/sdk-session.js'
import { runThroughSdkV2 } from '../acp-v2/fixtures/sdk-session-v2.js'

const cwd = '/repo'
const rawOutputs = (updates: readonly object[]) =>
  updates.map((update) => (update as { rawOutput?: unknown }).rawOutput).filter((raw) => raw !== undefined)

function v1(profile: acp.ToolPresenterOptions['profile'], maxOutputLength?: number) {
  const errors: acp.PresentationError[] = []
  const presenter = acp.createToolPresenter({ tools: claudeCodePresenters, cwd, profile, maxOutputLength, onError: (e) => errors.push(e) })
  return { presenter, errors }
}

describe('agent-shell’s profile', () => {
  it('is picked by its clientInfo, and sends rawOutput; no other shipped profile does', () => {
    expect(acp.clientProfile({ clientInfo: { name: 'agent-shell' } }).name).toBe('agent-shell')
    const on = Object.values(acp.CLIENT_PROFILES)
      .filter((profile) => profile.rawOutput === 'result')
      .map((profile) => profile.name)
    expect(on).toStrictEqual(['agent-shell'])
  })

  it('drops colour from a command’s output and marks the rest, as a console block would', () => {
    const { presenter } = v1('agent-shell')
    presenter.call('t1', 'Bash', { command: 'npm test' })
    const updates = presenter.result('t1', { content: [{ type: 'text', text: '\u001b[31mFAIL\u001b[0m\u0007 a' }], meta: { exitCode: 1 } })
    expect(rawOutputs(updates)).toMatchObject([{ formatted_output: 'FAIL␇ a', exit_code: 1 }])
  })

  it('gives a command’s result its output and exit code, on the update that settles the card, valid under the schema', () => {
    const { presenter, errors } = v1('agent-shell')
    presenter.call('t1', 'Bash', { command: 'npm test' })
    presenter.start('t1')
    const updates = presenter.result('t1', {
      content: [{ type: 'text', text: 'FAIL a.test.ts' }],
      meta: { exitCode: 1 },
    })
    expect(rawOutputs(updates)).toStrictEqual([
      // The output the card shows (the result's text), its exit code, and the result's meta as it came.
      { formatted_output: 'FAIL a.test.ts', exit_code: 1, meta: { exitCode: 1 } },
    ])
    expect((updates.at(-1) as { rawOutput?: unknown }).rawOutput).toBeDefined()
    for (const update of updates) expect(validateSessionNotification({ sessionId: 's', update })).toEqual([])
    expect(errors).toEqual([])
  })

  it('gives any other result its text content as formatted_output', () => {
    const { presenter } = v1('agent-shell')
    presenter.call('t1', 'Grep', { pattern: 'flaky', path: 'test' })
    const updates = presenter.result('t1', {
      content: [
        { type: 'text', text: 'test/a.test.ts' },
        { type: 'text', text: 'test/b.test.ts' },
      ],
    })
    expect(rawOutputs(updates)).toStrictEqual([{ formatted_output: 'test/a.test.ts\ntest/b.test.ts' }])
  })

  it('bounds formatted_output by maxOutputLength and marks what could hide', () => {
    const { presenter } = v1('agent-shell', 1000)
    presenter.call('t1', 'Grep', { pattern: 'x', path: '.' })
    const [raw] = rawOutputs(presenter.result('t1', { content: [{ type: 'text', text: `\u202e${'x'.repeat(100_000)}` }] })) as {
      formatted_output: string
    }[]
    expect(raw.formatted_output.length).toBeLessThanOrEqual(1000)
    expect(raw.formatted_output.startsWith('<U+202E>')).toBe(true)
    expect(raw.formatted_output).toContain('characters left out')
  })

  it('keeps a result’s meta plain JSON and bounded, whatever it holds', () => {
    for (const make of hostileValues) {
      const hostile = make()
      const { presenter } = v1('agent-shell')
      presenter.call('t1', 'Grep', { pattern: 'x', path: '.' })
      const updates = presenter.result('t1', { content: [], meta: { hostile, long: 'y'.repeat(100_000) } } as never)
      for (const raw of rawOutputs(updates)) {
        expect(isJsonSafe((raw as { meta: unknown }).meta, RAW_OUTPUT_LIMITS)).toBe(true)
        expect(JSON.stringify(raw).length).toBeLessThan(2 * RAW_OUTPUT_LIMITS.maxTotalLength)
      }
      for (const update of updates) expect(validateSessionNotification({ sessionId: 's', update })).toEqual([])
    }
  })

  it('sends nothing for a call that did not finish: cancel and decline carry no rawOutput', () => {
    const { presenter } = v1('agent-shell')
    presenter.call('t1', 'Bash', { command: 'sleep 10' })
    presenter.call('t2', 'Bash', { command: 'rm -rf /' })
    expect(rawOutputs([...presenter.cancel('t1'), ...presenter.decline('t2')])).toStrictEqual([])
  })
})

describe('Zed and today’s clients', () => {
  it('get no rawOutput, so their bytes do not change', () => {
    for (const profile of ['zed', 'generic-v1', 'plain', 'acpx', 'jetbrains-air', 'codecompanion', 'obsidian-agent-client'] as const) {
      const { presenter } = v1(profile)
      presenter.call('t1', 'Bash', { command: 'ls' })
      expect(rawOutputs(presenter.result('t1', { content: [{ type: 'text', text: 'a' }], meta: { exitCode: 0 } }))).toStrictEqual([])
    }
  })
})

describe('v2', () => {
  it('sends rawOutput for a profile that reads it, valid under the v2 schema, and none for the v2 profile', () => {
    const on = acpV2.createToolPresenter({ tools: claudeCodePresenters, cwd, profile: 'agent-shell' })
    on.call('t1', 'Bash', { command: 'npm test' })
    const updates = on.result('t1', { content: [{ type: 'text', text: 'ok' }], meta: { exitCode: 0 } })
    expect(rawOutputs(updates)).toStrictEqual([{ formatted_output: 'ok', exit_code: 0, meta: { exitCode: 0 } }])
    for (const update of updates) expect(checkV2Update(update)).toEqual([])
    const off = acpV2.createToolPresenter({ tools: claudeCodePresenters, cwd })
    off.call('t1', 'Bash', { command: 'npm test' })
    expect(rawOutputs(off.result('t1', { content: [{ type: 'text', text: 'ok' }], meta: { exitCode: 0 } }))).toStrictEqual([])
  })
})

describe('rawOutput through the real SDK', () => {
  const result = { content: [{ type: 'text' as const, text: 'FAIL a.test.ts' }], meta: { exitCode: 1 } }

  it('reaches a v1 client as sent, every notification valid under the schema', async () => {
    const run = await runThroughSdk(
      [(p) => p.call('t1', 'Bash', { command: 'npm test' }), (p) => p.start('t1'), (p) => p.result('t1', result)],
      { clientCapabilities: {}, cwd, tools: claudeCodePresenters, profile: 'agent-shell' },
    )
    expect(run.errors).toEqual([])
    expect(run.received).toStrictEqual(run.notifications)
    for (const notification of run.notifications) expect(validateSessionNotification(notification)).toEqual([])
    expect(rawOutputs(run.received.map((n) => n.update))).toStrictEqual([
      { formatted_output: 'FAIL a.test.ts', exit_code: 1, meta: { exitCode: 1 } },
    ])
  })

  it('reaches a v2 client as sent, every notification valid under the schema', async () => {
    const run = await runThroughSdkV2(
      [(p) => p.call('t1', 'Bash', { command: 'npm test' }), (p) => p.start('t1'), (p) => p.result('t1', result)],
      { cwd, tools: claudeCodePresenters, profile: 'agent-shell' },
    )
    expect(run.errors).toEqual([])
    expect(run.received).toStrictEqual(run.notifications)
    for (const { update } of run.notifications) expect(checkV2Update(update)).toEqual([])
    expect(rawOutputs(run.received.map((n) => n.update))).toStrictEqual([
      { formatted_output: 'FAIL a.test.ts', exit_code: 1, meta: { exitCode: 1 } },
    ])
  })
})
