// Rule 5 for titles, commands and plans: whatever the model wrote, a title,
// v2's command fields and each plan entry reach the client within their
// bound as shown (after marking and Markdown escaping), cut around a marker
// that says how much was left out; and a prompt whose command or title would
// be cut is refused, since it could not show what runs. Checked on every
// client kind; the text renderer, which sends nothing, shows a title whole.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createToolPresenter as createV1Presenter, type PresentationError } from '../../src/acp/presenter.js'
import { createToolPresenter as createV2Presenter } from '../../src/acp-v2/presenter.js'
import { PLAN_ENTRY_LENGTH } from '../../src/lifecycle/plan-card.js'
import { presenters } from '../../src/presenters/index.js'
import { TITLE_LENGTH } from '../../src/safety/title-text.js'
import { renderCallView } from '../../src/text/call.js'
import { decodeAcpMarkers, decodeTextMarkers, hostileTextPiece } from '../fixtures/marked-text.js'
import { renderZed } from '../fixtures/zed-markdown.js'
import { soak } from '../property-runs.js'

type Presenter = ReturnType<typeof createV1Presenter> | ReturnType<typeof createV2Presenter>

const kinds = [
  ['v1 with terminal_output', { _meta: { terminal_output: true } }],
  ['v1 with terminal_output_delta', { _meta: { terminal_output_delta: true } }],
  ['v1 with text only', {}],
  ['v2', undefined],
] as const

function session(capabilities: (typeof kinds)[number][1], titles?: 'plain') {
  const errors: PresentationError[] = []
  let clock = 0
  const options = {
    tools: presenters,
    cwd: '/repo',
    now: () => clock,
    partialInterval: 0,
    onError: (error: PresentationError) => errors.push(error),
    ...(titles ? { titles } : {}),
  }
  const presenter: Presenter =
    capabilities === undefined ? createV2Presenter(options) : createV1Presenter({ ...options, clientCapabilities: capabilities })
  return { presenter, errors, tick: () => (clock += 1) }
}

// Every title and command an update or a prompt carries, wherever it sits.
function shownFields(
  value: unknown,
  found: { title: string[]; command: string[]; entry: string[] } = { title: [], command: [], entry: [] },
) {
  if (Array.isArray(value)) for (const item of value) shownFields(item, found)
  else if (typeof value === 'object' && value !== null) {
    for (const [key, field] of Object.entries(value)) {
      if (key === 'rawInput') continue
      if (key === 'title' && typeof field === 'string') found.title.push(field)
      else if (key === 'command' && typeof field === 'string') found.command.push(field)
      else if (key === 'entries' && Array.isArray(field))
        for (const entry of field) found.entry.push((entry as { content: string }).content)
      else shownFields(field, found)
    }
  }
  return found
}

const CUT = / … (\d+) characters left out … /
const rejectOnly = [{ optionId: 'reject_once', name: 'Reject', kind: 'reject_once' }]
// Past the bound whatever a character becomes as shown; the worst case of size is the bench's (section `worst`).
const LONG = 4 * TITLE_LENGTH

describe.each(kinds)('a command past the title bound (%s)', (_kind, capabilities) => {
  it('is cut in every title and command sent, head and tail around the marker, on the call and its result', () => {
    const { presenter } = session(capabilities)
    const command = '\u202e'.repeat(LONG)
    const sent = [
      ...presenter.call('a', 'bash', { command, description: 'Flip' }),
      ...presenter.start('a'),
      ...presenter.output('a', 'ok\n'),
      ...presenter.result('a', { content: [{ type: 'text', text: 'ok\n' }] }),
    ]
    const { title, command: commands } = shownFields(sent)
    expect(title.length).toBeGreaterThan(0)
    for (const field of [...title, ...commands]) {
      expect(field.length).toBeLessThanOrEqual(TITLE_LENGTH)
      expect(field).toMatch(/^(?:<U\+202E>)+ … \d+ characters left out … (?:<U\+202E>)+$/)
    }
    // The argument itself still goes out once, as rawInput: what the cards add is bounded.
    const withoutRaw = JSON.stringify(sent, (key, value) => (key === 'rawInput' ? undefined : value))
    expect(withoutRaw.length).toBeLessThan(6 * TITLE_LENGTH)
  })

  it('cannot be approved: the prompt only rejects, says the command is too long to show and its length, and is reported', () => {
    const { presenter, errors } = session(capabilities)
    presenter.call('a', 'bash', { command: '\u202e'.repeat(LONG) })
    const prompt = presenter.permission('a') as { options: unknown; title?: string; toolCall?: { title: string } }
    expect(prompt.options).toStrictEqual(rejectOnly)
    const title = prompt.title ?? prompt.toolCall!.title
    expect(title).toBe(
      `Cannot be approved: the command is too long to show: ${LONG} characters, ${8 * LONG} as shown, past the ${TITLE_LENGTH} a title shows`,
    )
    expect(errors.map((error) => (error.error as Error).message)).toStrictEqual([
      expect.stringContaining('permission: the command is too long to show'),
    ])
  })

  it('is approvable up to the bound of its prompt title, and refused one code unit past it', () => {
    // `Run ` and a backtick on each side: six code units around the command.
    const fits = 'x'.repeat(TITLE_LENGTH - 6)
    const { presenter, errors } = session(capabilities)
    presenter.call('a', 'bash', { command: fits })
    const prompt = presenter.permission('a')
    expect(prompt.options).toHaveLength(3)
    expect(JSON.stringify(prompt)).toContain(fits)
    for (const field of shownFields(prompt).title) expect(field.length).toBeLessThanOrEqual(TITLE_LENGTH)
    presenter.call('b', 'bash', { command: `${fits}x` })
    expect(presenter.permission('b').options).toStrictEqual(rejectOnly)
    expect(errors).toHaveLength(1)
  })

  it('is refused in a prompt for a call not announced yet, and in one whose new arguments make it too long', () => {
    const { presenter } = session(capabilities)
    expect(presenter.permission('a', { toolName: 'bash', args: { command: 'x'.repeat(LONG) } }).options).toStrictEqual(rejectOnly)
    presenter.call('b', 'bash', { command: 'ls' })
    expect(presenter.permission('b', { args: { command: 'x'.repeat(LONG) } }).options).toStrictEqual(rejectOnly)
  })
})

describe.each(kinds)('a title written as Markdown past the bound (%s)', (_kind, capabilities) => {
  it('is cut, and still shows literally under Zed’s dialect', () => {
    const { presenter } = session(capabilities)
    const path = `/repo/${'*_`[x](y)\u202e<b>~'.repeat(4000)}.ts`
    const [title] = shownFields(presenter.call('r', 'read', { file_path: path })).title
    expect(title.length).toBeLessThanOrEqual(TITLE_LENGTH)
    expect(title).toMatch(CUT)
    const rendered = renderZed(title)
    expect(rendered.markup).toStrictEqual([])
    expect(rendered.text.startsWith('Read *_`[x](y)<U+202E><b>~')).toBe(true)
  })

  it('is cut for a client that shows titles as plain text too, and its prompt is refused', () => {
    const { presenter } = session(capabilities, 'plain')
    const [title] = shownFields(presenter.call('r', 'read', { file_path: `/repo/${'*'.repeat(LONG)}` })).title
    expect(title.length).toBeLessThanOrEqual(TITLE_LENGTH)
    expect(title).toMatch(/^Read \*+ … \d+ characters left out … \*+$/)
    expect(presenter.permission('r').options).toStrictEqual(rejectOnly)
  })

  it('of a tool’s own prompt is cut, the prompt still approvable (the tool wrote it, not the model)', () => {
    const errors: PresentationError[] = []
    const tool = { ...presenters.find((each) => each.name === 'read')!, promptTitle: `Allow ${'*'.repeat(LONG)}?` }
    const options = { tools: [tool], cwd: '/repo', onError: (error: PresentationError) => errors.push(error) }
    const presenter: Presenter =
      capabilities === undefined ? createV2Presenter(options) : createV1Presenter({ ...options, clientCapabilities: capabilities })
    presenter.call('r', 'read', { file_path: '/repo/a.ts' })
    const prompt = presenter.permission('r')
    expect(prompt.options).toHaveLength(3)
    for (const field of shownFields(prompt).title) expect(field.length).toBeLessThanOrEqual(TITLE_LENGTH)
    expect(JSON.stringify(prompt)).toMatch(CUT)
  })
})

describe.each(kinds)('a command streaming in past the bound (%s)', (_kind, capabilities) => {
  it('never sends a title or command past the bound, nor one shown whole after one shown cut, and keeps the cut title’s head', () => {
    const { presenter, tick } = session(capabilities)
    const command = `echo ${'a\u202eb '.repeat(40_000)}`
    const sent: string[] = []
    for (let end = 8; end <= command.length; end = Math.ceil(end * 1.5)) {
      tick()
      const { title, command: commands } = shownFields(presenter.call('a', 'bash', { command: command.slice(0, end) }, { partial: true }))
      sent.push(...title, ...commands)
    }
    const { title, command: commands } = shownFields(presenter.call('a', 'bash', { command }))
    sent.push(...title, ...commands)
    const firstCut = sent.findIndex((field) => CUT.test(field))
    expect(firstCut).toBeGreaterThan(0)
    const head = sent[firstCut].slice(0, sent[firstCut].search(CUT))
    for (const [index, field] of sent.entries()) {
      expect(field.length).toBeLessThanOrEqual(TITLE_LENGTH)
      if (index >= firstCut) expect(field.startsWith(`${head} … `)).toBe(true)
    }
  })

  it('sends nothing more while partial once its title is cut: the title stops growing, so the card does', () => {
    const { presenter, tick } = session(capabilities)
    const command = 'x'.repeat(4 * TITLE_LENGTH)
    expect(shownFields(presenter.call('a', 'bash', { command: command.slice(0, 2 * TITLE_LENGTH) }, { partial: true })).title[0]).toMatch(
      CUT,
    )
    for (let end = 2 * TITLE_LENGTH + 1000; end < command.length; end += 1000) {
      tick()
      expect(presenter.call('a', 'bash', { command: command.slice(0, end) }, { partial: true })).toStrictEqual([])
    }
  })
})

describe.each(kinds)('a plan with long entries (%s)', (_kind, capabilities) => {
  it('keeps every entry, each at most PLAN_ENTRY_LENGTH code units as shown, cut around the marker', () => {
    const { presenter } = session(capabilities)
    const todos = Array.from({ length: 1000 }, () => ({ content: '\u202e'.repeat(1000), status: 'pending', activeForm: 'x' }))
    const { entry } = shownFields(presenter.call('t', 'todo_write', { todos }))
    expect(entry).toHaveLength(1000)
    for (const content of entry) {
      expect(content.length).toBeLessThanOrEqual(PLAN_ENTRY_LENGTH)
      expect(content).toMatch(/^(?:\\<U\+202E\\>)+ … \d+ characters left out … (?:\\<U\+202E\\>)+$/)
    }
  })

  it('shows an entry within the bound as it was written', () => {
    const { presenter } = session(capabilities)
    const { entry } = shownFields(
      presenter.call('t', 'todo_write', { todos: [{ content: 'Run the tests', status: 'pending', activeForm: 'x' }] }),
    )
    expect(entry).toStrictEqual(['Run the tests'])
  })
})

describe.each(kinds)('any command the model writes (%s)', (_kind, capabilities) => {
  it('is sent within the bound in every title and command, and decodes to the command when it was not cut', () => {
    fc.assert(
      fc.property(hostileTextPiece, fc.integer({ min: 1, max: 6000 }), (piece, times) => {
        const command = piece.repeat(times)
        if (command === '') return
        const { presenter } = session(capabilities)
        const sent = presenter.call('a', 'bash', { command })
        const prompt = presenter.permission('a')
        const { title, command: commands } = shownFields([sent, prompt])
        for (const field of [...title, ...commands]) expect(field.length).toBeLessThanOrEqual(TITLE_LENGTH)
        const cut = [...title, ...commands].some((field) => CUT.test(field))
        if (prompt.options.length === 3) {
          // An approvable prompt shows the whole command: every card title and command decodes to it.
          expect(cut).toBe(false)
          // (JSON carries a lone surrogate as U+FFFD.)
          for (const field of shownFields(sent).title) expect(decodeAcpMarkers(field)).toBe(command.toWellFormed())
          for (const field of shownFields(sent).command) expect(decodeAcpMarkers(field)).toBe(command.toWellFormed())
        }
      }),
      { numRuns: soak ? 60 : 15 },
    )
  })
})

describe('the text renderer, which sends nothing', () => {
  it('shows a title past the bound whole, every character as itself or a marker', () => {
    const command = `echo ${'a\u202eb\u001b[2J'.repeat(10_000)}`
    const shown = renderCallView({ card: 'terminal', title: command })
    expect(shown.startsWith('$ ')).toBe(true)
    expect(decodeTextMarkers(shown.slice(2))).toBe(command)
  })
})
