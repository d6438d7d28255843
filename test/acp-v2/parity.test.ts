// The same turn rendered on v1 (for Zed, with display terminals) and on v2
// reaches the client as the same information: after every step, each card's
// title, kind, status, locations and rawInput, each terminal's command, cwd,
// output bytes and exit, each diff's paths and text, and the plan. Only the
// shapes differ (and v2 says `cancelled` where v1 can only say `failed`).
import type { SessionUpdate as V1Update } from '@agentclientprotocol/sdk'
import { describe, expect, it } from 'vitest'
import { createToolPresenter as createV1Presenter, type ToolPresenter as V1Presenter } from 'tool-render-intent/acp'
import { type AcpV2Update, createToolPresenter as createV2Presenter, type ToolPresenter as V2Presenter } from 'tool-render-intent/acp-v2'
import { presenters } from 'tool-render-intent/presenters'
import { scriptedCwd, scriptedTurn } from '../acp/fixtures/scripted-turn.js'
import { applyV1, applyV2, type CardFacts, type Change, type ClientFacts } from './fixtures/client-model.js'

type Presenter = V1Presenter | V2Presenter
type Step = (presenter: Presenter) => readonly unknown[]

// A ```diff block the v2 bridge shows for a change no patch can carry, read back.
const FENCED_DIFF = /^(`{3,})diff\n--- (.*)\n\+\+\+ (.*)\n?([\s\S]*?)\n\1$/

function fencedChanges(text: string): Change[] | undefined {
  const blocks = text.split('\n\n')
  const changes: Change[] = []
  for (const block of blocks) {
    const match = FENCED_DIFF.exec(block)
    if (!match) return undefined
    const lines = match[4] === '' ? [] : match[4].split('\n')
    const side = (marker: string) =>
      lines
        .filter((line) => line.startsWith(marker))
        .map((line) => line.slice(1))
        .join('\n')
    changes.push({ path: match[3], oldText: match[2] === '/dev/null' ? null : side('-'), newText: side('+') })
  }
  return changes
}

// A change as both versions can state it: a created file has no start line;
// a fragment shown as text has no trailing line feed.
const neutral = (change: Change, fragment: boolean): Change => {
  const trim = (value: string) => (fragment ? value.replace(/\n$/, '') : value)
  const base = { path: change.path, oldText: change.oldText === null ? null : trim(change.oldText), newText: trim(change.newText) }
  return change.oldText === null || fragment || change.line === undefined ? base : { ...base, line: change.line }
}

function neutralCard(card: CardFacts, version: 1 | 2) {
  let texts = card.texts
  let changes = card.changes.map((change) => neutral(change, false))
  if (version === 2) {
    // v2 shows a terminal's description beside it (v1 shows only the terminal).
    if (card.terminal) texts = texts.filter((text) => text !== (card.rawInput as { description?: string }).description)
    const fragments = texts.flatMap((text) => fencedChanges(text) ?? [])
    texts = texts.filter((text) => !fencedChanges(text))
    changes = [...changes, ...fragments.map((change) => neutral(change, true))]
  } else {
    // A v1 diff without a start line is a fragment (a call-time edit) or a whole new file.
    changes = card.changes.map((change) => neutral(change, change.oldText !== null && change.line === undefined))
  }
  return {
    title: card.title,
    kind: card.kind,
    status: version === 2 && card.status === 'cancelled' ? 'failed' : card.status,
    locations: card.locations,
    rawInput: card.rawInput,
    texts,
    changes: changes.sort((a, b) => a.path.localeCompare(b.path) || String(a.line).localeCompare(String(b.line))),
    terminal: card.terminal && {
      command: version === 1 ? card.title : card.terminal.command,
      cwd: card.terminal.cwd,
      output: card.terminal.output,
      exit: card.terminal.exit,
    },
  }
}

const neutralFacts = (facts: ClientFacts, version: 1 | 2) => ({
  cards: Object.fromEntries([...facts.cards].map(([id, card]) => [id, neutralCard(card, version)])),
  plan: facts.plan,
})

// Plays `steps` on both versions and compares what the client holds after each one.
function expectSameInformation(steps: readonly Step[], check?: (v1: ClientFacts, v2: ClientFacts, index: number) => void) {
  const v1 = createV1Presenter({
    tools: presenters,
    clientCapabilities: { _meta: { terminal_output: true } },
    cwd: scriptedCwd,
    onError: (report) => expect.fail(String(report.error)),
  })
  const v2 = createV2Presenter({ tools: presenters, cwd: scriptedCwd, onError: (report) => expect.fail(String(report.error)) })
  const v1Updates: V1Update[] = []
  const v2Updates: AcpV2Update[] = []
  steps.forEach((step, index) => {
    v1Updates.push(...(step(v1) as V1Update[]))
    v2Updates.push(...(step(v2) as AcpV2Update[]))
    const [one, two] = [applyV1(v1Updates), applyV2(v2Updates, scriptedCwd)]
    expect(neutralFacts(two, 2), `after step ${index}`).toStrictEqual(neutralFacts(one, 1))
    check?.(one, two, index)
  })
}

describe('the scripted turn on v1 and on v2', () => {
  it('reaches the client as the same titles, kinds, statuses, paths, output bytes, exit statuses, diffs and plan, after every call and every result', () => {
    const steps: Step[] = scriptedTurn.flatMap((step) => [
      (presenter: Presenter) => presenter.call(step.toolCallId, step.toolName, step.args),
      (presenter: Presenter) => presenter.result(step.toolCallId, step.result),
    ])
    let terminals = 0
    let diffs = 0
    expectSameInformation(steps, (_v1, v2) => {
      terminals = [...v2.cards.values()].filter((card) => card.terminal?.exit).length
      diffs = [...v2.cards.values()].reduce((count, card) => count + card.changes.length, 0)
    })
    // The comparison covered what it claims: three finished terminals and the applied diffs.
    expect(terminals).toBe(3)
    expect(diffs).toBe(2)
  })
})

describe('a live turn on v1 and on v2', () => {
  it('streams the same output bytes and ends the same way (cancelled in v2 where v1 says failed)', () => {
    const steps: Step[] = [
      (presenter) => presenter.call('run', 'bash', { command: 'npm test', description: 'Run the tests', workdir: 'pkg' }),
      (presenter) => presenter.start('run'),
      (presenter) => presenter.output('run', '\u001b[32m✓\u001b[39m a\n\u001b]52;c;eA==\u0007'),
      (presenter) => presenter.output('run', '\u001b[3'),
      (presenter) => presenter.output('run', '1m✗\u001b[39m b 🦀\n'),
      (presenter) =>
        presenter.result('run', {
          content: [{ type: 'text', text: '\u001b[32m✓\u001b[39m a\n\u001b]52;c;eA==\u0007\u001b[31m✗\u001b[39m b 🦀\n1 failed\n' }],
          meta: { exitCode: 1 },
        }),
      (presenter) => presenter.call('watch', 'bash', { command: 'npm run watch' }),
      (presenter) => presenter.start('watch'),
      (presenter) => presenter.output('watch', 'watching…\n'),
      (presenter) => presenter.cancel('watch', { signal: 'SIGINT' }),
      (presenter) => presenter.call('look', 'read', { file_path: 'src/a.ts', offset: 3, limit: 2 }),
      (presenter) => presenter.cancel('look'),
    ]
    expectSameInformation(steps, (v1, v2, index) => {
      if (index === steps.length - 1) {
        expect(v2.cards.get('run')!.terminal!.output).toBe('\u001b[32m✓\u001b[39m a\n\u001b[31m✗\u001b[39m b 🦀\n1 failed\n')
        expect(v2.cards.get('watch')!.terminal!.exit).toStrictEqual({ exitCode: null, signal: 'SIGINT' })
        expect([v1.cards.get('watch')!.status, v2.cards.get('watch')!.status]).toStrictEqual(['failed', 'cancelled'])
        expect(v2.cards.get('run')!.terminal!.cwd).toBe('/repo/pkg')
      }
    })
  })
})
