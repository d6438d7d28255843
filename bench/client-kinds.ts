// The four kinds of client a session can serve, and a presenter for each:
// the streaming and worst-case sections measure every rule on all of them.
import { createToolPresenter as createV1 } from 'tool-render-intent/acp'
import { createToolPresenter as createV2 } from 'tool-render-intent/acp-v2'
import { presenters } from 'tool-render-intent/presenters'
import { CWD } from './corpus.js'

/** Display terminals under either key, text only (the `terminal` capability is not read: no display terminal), and v2. */
export const KINDS = ['v1 terminal_output', 'v1 terminal_output_delta', 'v1 text only', 'v2'] as const

/** One of {@link KINDS}. */
export type Kind = (typeof KINDS)[number]

/** The methods the sections call, whatever the protocol version. */
export interface BenchPresenter {
  call(id: string, name: string, args: unknown, options?: { partial?: boolean }): readonly object[]
  start(id: string): readonly object[]
  output(id: string, chunk: string): readonly object[]
  result(id: string, result: never): readonly object[]
}

/** A session presenter for `kind`, with the everyday tools, on the injected clock. */
export function presenterFor(kind: Kind, now: () => number): BenchPresenter {
  const options = { tools: presenters, cwd: CWD, now }
  if (kind === 'v2') return createV2(options) as unknown as BenchPresenter
  const clientCapabilities =
    kind === 'v1 terminal_output'
      ? { _meta: { terminal_output: true } }
      : kind === 'v1 terminal_output_delta'
        ? { _meta: { terminal_output_delta: true } }
        : { terminal: true }
  return createV1({ ...options, clientCapabilities }) as unknown as BenchPresenter
}
