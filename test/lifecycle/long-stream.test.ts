// A command's output streamed in pieces, then its result, on every kind of
// client: what the client is shown accounts for every character of the
// output, once, in order, whatever its length; the result sends only what
// was not streamed, and no limit cuts it on the way.
import { describe, expect, it } from 'vitest'
import { createToolPresenter as createV1 } from '../../src/acp/presenter.js'
import { createToolPresenter as createV2 } from '../../src/acp-v2/presenter.js'
import type { PresentationError } from '../../src/lifecycle/session.js'
import { bashTool } from '../../src/presenters/index.js'
import { boundedConsoleText } from '../../src/safety/bounded-text.js'
import { sanitizeTerminalOutput } from '../../src/safety/terminal-output.js'
import { consoleBlock } from '../../src/wire/command-text.js'
import { soak } from '../property-runs.js'

const KINDS = ['v1 terminal_output', 'v1 terminal_output_delta', 'v1 text only', 'v2'] as const
type Kind = (typeof KINDS)[number]

interface Run {
  /** Every update sent for the call, streamed and final, in order. */
  readonly updates: readonly Record<string, unknown>[]
  /** The result's updates alone. */
  readonly result: readonly Record<string, unknown>[]
  readonly errors: readonly PresentationError[]
}

// A call of `bash` that prints `output` in pieces of `piece` code units, a clock tick apart, then returns `final`.
function run(kind: Kind, output: string, piece: number, final = output, maxOutputLength?: number): Run {
  let time = 0
  const errors: PresentationError[] = []
  const options = {
    tools: [bashTool],
    cwd: '/repo',
    now: () => time,
    outputInterval: 10,
    maxOutputLength,
    onError: (e: PresentationError) => errors.push(e),
  }
  const clientCapabilities =
    kind === 'v1 terminal_output'
      ? { _meta: { terminal_output: true } }
      : kind === 'v1 terminal_output_delta'
        ? { _meta: { terminal_output_delta: true } }
        : { terminal: true }
  const presenter = (kind === 'v2' ? createV2(options) : createV1({ ...options, clientCapabilities })) as unknown as {
    call(id: string, name: string, args: unknown): object[]
    start(id: string): object[]
    output(id: string, chunk: string): object[]
    result(id: string, result: unknown): object[]
  }
  const updates: object[] = [...presenter.call('b', 'bash', { command: 'make' }), ...presenter.start('b')]
  for (let at = 0; at < output.length; at += piece) {
    time += 5
    updates.push(...presenter.output('b', output.slice(at, at + piece)))
  }
  const result = presenter.result('b', { content: [{ type: 'text', text: final }], meta: { exitCode: 0 } })
  updates.push(...result)
  return { updates: updates as Record<string, unknown>[], result: result as Record<string, unknown>[], errors }
}

// What a display terminal got, every piece in order.
function terminalData(kind: Kind, updates: readonly Record<string, unknown>[]): string {
  let data = ''
  for (const update of updates) {
    if (kind === 'v2') {
      if (update.sessionUpdate === 'terminal_output_chunk') data += Buffer.from(update.data as string, 'base64').toString('utf8')
      continue
    }
    const meta = update._meta as Record<string, { data?: string }> | undefined
    const piece = meta?.[kind === 'v1 terminal_output' ? 'terminal_output' : 'terminal_output_delta']?.data
    if (piece !== undefined) data += piece
  }
  return data
}

// The text of the result's console block, for a client without terminals.
function resultText(result: readonly Record<string, unknown>[]): string {
  const content = result.at(-1)?.content as { content: { text: string } }[]
  return content.at(-1)?.content.text ?? ''
}

const MARKER_START = '\n… '
const MARKER_END = ' characters left out …\n'

/**
 * Whether `shown` is `whole` as the bound shows it: stretches of it in
 * order, each marker counting exactly the code units between two stretches.
 * Says where it fails (the texts are too long to diff).
 */
function accountsFor(shown: string, whole: string): string {
  let at = 0
  let from = 0
  for (let marker = shown.indexOf(MARKER_START); marker !== -1; marker = shown.indexOf(MARKER_START, from)) {
    const end = shown.indexOf(MARKER_END, marker)
    if (end === -1) break
    const stretch = shown.slice(from, marker)
    if (!whole.startsWith(stretch, at)) return `the stretch at ${from} is not the output at ${at}`
    at += stretch.length + Number(shown.slice(marker + MARKER_START.length, end))
    from = end + MARKER_END.length
  }
  const last = shown.slice(from)
  if (!whole.startsWith(last, at)) return `the last stretch is not the output at ${at}`
  return at + last.length === whole.length ? 'exact' : `the markers account for ${at + last.length} of ${whole.length} code units`
}

// Coloured test-runner lines, with a title sequence the terminal drops and a control the text marks.
function commandOutput(length: number): string {
  const lines: string[] = []
  let total = 0
  for (let index = 0; total < length; index++) {
    const line =
      index % 7 === 0
        ? `\u001b]0;step ${index}\u0007\u001b[1mstep ${index}\u001b[0m\u0008!\n`
        : `  \u001b[32m✓\u001b[39m test ${index} passes 🎉\n`
    lines.push(line)
    total += line.length
  }
  return lines.join('').slice(0, length)
}

// Every kind shows the output exactly: the terminal's pieces account for the sanitised output, the text for the marked one.
function expectExact(kind: Kind, output: string, piece: number, maxOutputLength?: number): Run {
  const outcome = run(kind, output, piece, output, maxOutputLength)
  expect(outcome.errors).toEqual([])
  if (kind === 'v1 text only') {
    expect(resultText(outcome.result)).toBe(consoleBlock(boundedConsoleText(output, maxOutputLength ?? 4 * 1024 * 1024)))
  } else {
    const data = terminalData(kind, outcome.updates)
    expect(data.length).toBeLessThanOrEqual(maxOutputLength ?? 4 * 1024 * 1024)
    expect(accountsFor(data, sanitizeTerminalOutput(output))).toBe('exact')
  }
  return outcome
}

describe.each(KINDS)('a long stream on %s', (kind) => {
  it('shows every character of an output far past the bound once, in order, each marker counting exactly', () => {
    expectExact(kind, commandOutput(300_000), 997, 4096)
  })

  it('is exact whatever the pieces, one code unit or the whole output', () => {
    const output = commandOutput(40_000)
    for (const piece of [1, 63, 40_000]) expectExact(kind, output.slice(0, piece === 1 ? 8_000 : output.length), piece, 2048)
  })

  it('is exact within the bound: everything is shown', () => {
    expectExact(kind, commandOutput(3000), 100, 4096)
  })

  it.runIf(kind !== 'v1 text only')('still notices a final output that changed at its start or just before the stream ended', () => {
    const output = commandOutput(200_000)
    for (const final of [`X${output.slice(1)}`, `${output.slice(0, -1)}X tail`]) {
      // Then the whole final output follows what was streamed (the notice among what the bound leaves out).
      const data = terminalData(kind, run(kind, output, 4096, final, 4096).updates)
      const notice = '\r\n[the final output differs from what was streamed; all of it follows]\r\n'
      expect(accountsFor(data, sanitizeTerminalOutput(output) + notice + sanitizeTerminalOutput(final))).toBe('exact')
    }
  })

  it.runIf(kind !== 'v1 text only')('sends only the output not streamed yet when the final output continues the stream', () => {
    const output = commandOutput(200_000)
    const { result } = run(kind, output.slice(0, 150_000), 4096, output, 4096)
    const rest = terminalData(kind, result)
    // The head was streamed; what is left is the tail, after the marker.
    expect(rest.length).toBeLessThanOrEqual(2048)
    expect(sanitizeTerminalOutput(output).endsWith(rest.slice(rest.indexOf(MARKER_END) + MARKER_END.length))).toBe(true)
  })

  // Past the 16 Mi code units one JSON string may hold: the result is read whole, never cut to that limit.
  it.runIf(soak).each([20 * 1024 * 1024, 100 * 1024 * 1024])(
    'is exact at %i code units, with the default bound',
    (length) => {
      const output = 'abcdefghi\n'.repeat(Math.ceil(length / 10)).slice(0, length)
      expectExact(kind, output, 64 * 1024)
    },
    120_000,
  )

  it.runIf(soak)(
    'shows a result of 20 Mi code units that did not stream with an exact count',
    () => {
      const output = 'abcdefghi\n'.repeat(2 * 1024 * 1024)
      const outcome = run(kind, '', 1, output)
      expect(outcome.errors).toEqual([])
      const shown = kind === 'v1 text only' ? resultText(outcome.result) : terminalData(kind, outcome.result)
      const expected = kind === 'v1 text only' ? consoleBlock(boundedConsoleText(output, 4 * 1024 * 1024)) : undefined
      if (expected !== undefined) expect(shown).toBe(expected)
      else expect(accountsFor(shown, output)).toBe('exact')
    },
    120_000,
  )
})
