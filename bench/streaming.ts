// Streaming, per client kind: a long coloured command streamed in pieces
// (MB/s and the JSON sent per input byte), and a large write announced in
// many partial pieces (the JSON sent in all).
import { KINDS, type Kind, presenterFor } from './client-kinds.js'
import { CWD } from './corpus.js'
import { compare } from './measure.js'
import { integerBetween, pick, seededRandom } from './prng.js'
import { bytes, ms, ratio, section, table } from './table.js'

/** The streamed command's output and its pieces. */
const STREAM_LENGTH = 10 * 1024 * 1024
const PIECE_LENGTH = 64 * 1024

/** The partial case: a 1 MB write, announced in this many pieces. */
const WRITE_LENGTH = 1_000_000
const PARTIAL_PIECES = [100, 1_000, 10_000]

/** The target: a 1 MB write's partial traffic, whatever the pieces. */
const PARTIAL_TARGET = 3_000_000

// A test runner's coloured log: SGR colours, dim timings, a few bold lines.
function colouredOutput(length: number): string {
  const random = seededRandom(0x5eed)
  const names = ['parses the header', 'renders the card', 'keeps the order', 'bounds the output', 'escapes the title']
  const lines: string[] = []
  let total = 0
  while (total < length) {
    const line =
      random() < 0.9
        ? `  \u001b[32m✓\u001b[39m src/${pick(random, ['a', 'b', 'c'])}.test.ts > ${pick(random, names)} \u001b[2m(${integerBetween(random, 1, 900)} ms)\u001b[22m\n`
        : `\u001b[1m\u001b[33m warn\u001b[39m\u001b[22m slow test: ${pick(random, names)} took ${integerBetween(random, 1000, 9000)} ms\n`
    lines.push(line)
    total += line.length
  }
  return lines.join('').slice(0, length)
}

const jsonBytes = (updates: readonly object[]) => {
  let total = 0
  for (const update of updates) total += Buffer.byteLength(JSON.stringify(update))
  return total
}

// One streamed command, as a harness runs it: every update serialised, as it would be sent.
function streamOnce(kind: Kind, pieces: readonly string[], whole: string, sink?: object[]): number {
  let time = 0
  // The clock moves 50 ms a piece: clients without terminals get a snapshot every 20 pieces.
  const presenter = presenterFor(kind, () => time)
  let sent = 0
  const send = (updates: readonly object[]) => {
    for (const update of updates) sent += JSON.stringify(update).length
    if (sink) sink.push(...updates)
  }
  send(presenter.call('b1', 'bash', { command: 'npm test -- --reporter=verbose', description: 'Run the tests' }))
  send(presenter.start('b1'))
  for (const piece of pieces) {
    time += 50
    send(presenter.output('b1', piece))
  }
  send(presenter.result('b1', { content: [{ type: 'text', text: whole }], meta: { exitCode: 0 } } as never))
  return sent
}

// The least any presenter does: each piece forwarded as it came, in one update, serialised.
function forwardOnce(pieces: readonly string[]): number {
  let sent = 0
  for (const piece of pieces)
    sent += JSON.stringify({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'b1',
      _meta: { terminal_output: { terminal_id: 'b1', data: piece } },
    }).length
  return sent
}

// What a partial-JSON parser gives while the write's content streams in: the content cut at each piece.
function partialWrite(kind: Kind, pieces: number): { bytes: number; updates: number } {
  const content = 'export const line = "one line of the file"\n'.repeat(Math.ceil(WRITE_LENGTH / 43)).slice(0, WRITE_LENGTH)
  const args = { file_path: `${CWD}/src/big.ts`, content }
  let time = 0
  const presenter = presenterFor(kind, () => time)
  const updates: object[] = []
  for (let piece = 1; piece <= pieces; piece++) {
    // Past partialInterval (100 ms) each piece, so none is coalesced by time alone.
    time += 101
    const partialArgs = { file_path: args.file_path, content: content.slice(0, Math.round((content.length * piece) / pieces)) }
    updates.push(...presenter.call('w1', 'write', partialArgs, { partial: true }))
  }
  updates.push(...presenter.call('w1', 'write', args))
  updates.push(...presenter.start('w1'))
  updates.push(...presenter.result('w1', { content: [{ type: 'text', text: `File created successfully at: ${args.file_path}` }] } as never))
  return { bytes: jsonBytes(updates), updates: updates.length }
}

/** Runs the section and prints its tables. */
export function runStreaming(): void {
  const whole = colouredOutput(STREAM_LENGTH)
  const pieces: string[] = []
  for (let at = 0; at < whole.length; at += PIECE_LENGTH) pieces.push(whole.slice(at, at + PIECE_LENGTH))
  const input = Buffer.byteLength(whole)
  const streamRows: string[][] = []
  for (const kind of KINDS) {
    const sink: object[] = []
    streamOnce(kind, pieces, whole, sink)
    const sent = jsonBytes(sink)
    const timing = compare(
      { ours: () => streamOnce(kind, pieces, whole), forward: () => forwardOnce(pieces) },
      { warmup: 2, samples: 9, clock: 'cpu' },
    )
    streamRows.push([
      kind,
      String(sink.length),
      bytes(sent),
      (sent / input).toFixed(3),
      ms(timing.ours.median),
      (input / 1e6 / (timing.ours.median / 1000)).toFixed(0),
      ratio(timing.ours.median / timing.forward.median),
    ])
  }
  section(
    'Streaming: a coloured command',
    `${bytes(input)} of coloured test-runner output (SGR colours, dim and bold) in ${pieces.length} pieces of ${bytes(PIECE_LENGTH)}, then the result with the whole output as its text (the \`bash\` presenter, as a harness passes it). The clock moves 50 ms a piece (a text-only client gets a snapshot a second). Time is CPU time of call, start, every output, result, and serialising every update; "forward" serialises each piece as-is in one update, no check, no bound, no sanitising, in the same process. MB/s is input megabytes (10^6) per second.`,
    table(['client', 'updates', 'JSON sent', 'JSON ÷ input', 'ms', 'MB/s', 'vs forward'], streamRows),
  )
  const partialRows: string[][] = []
  for (const kind of ['v1 terminal_output', 'v2'] as const) {
    for (const count of PARTIAL_PIECES) {
      const { bytes: sent, updates } = partialWrite(kind, count)
      partialRows.push([
        kind,
        String(count),
        String(updates),
        `${(sent / 1e6).toFixed(2)} MB`,
        (sent / WRITE_LENGTH).toFixed(2),
        sent <= PARTIAL_TARGET ? 'yes' : '**no**',
      ])
    }
  }
  section(
    'Streaming: a 1 MB write announced in partial pieces',
    `A \`write\` of ${WRITE_LENGTH.toLocaleString('en')} bytes, its content growing in equal pieces through \`call(id, 'write', partialArgs, { partial: true })\`, a fake clock moving past \`partialInterval\` (101 ms) before each, then the complete call, start and result. Every update of the call counted, serialised. Target: at most 3 MB whatever the number of pieces.`,
    table(['client', 'pieces', 'updates', 'JSON sent (10^6 bytes)', '÷ write size', 'at most 3 MB'], partialRows),
  )
}
