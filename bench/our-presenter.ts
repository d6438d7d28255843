// Our side of comparisons 1 and 2: the corpus through `createToolPresenter`,
// exactly as a harness calls it, from the built package.
import type { SessionUpdate } from '@agentclientprotocol/sdk'
import { createToolPresenter } from 'tool-render-intent/acp'
import { presenters } from 'tool-render-intent/presenters'
import type { CorpusEntry } from './corpus.js'

/** The client capabilities of a client with or without display-only terminals. */
export const capabilities = (terminalOutput: boolean) => (terminalOutput ? { _meta: { terminal_output: true } } : {})

/** One pass over the corpus through a fresh session presenter; returns how many notifications it built. */
export function ourPass(
  corpus: readonly Pick<CorpusEntry, 'id' | 'ours'>[],
  terminalOutput: boolean,
  cwd: string,
  sink?: SessionUpdate[],
): number {
  const presenter = createToolPresenter({ tools: presenters, clientCapabilities: capabilities(terminalOutput), cwd })
  let count = 0
  for (const { id, ours } of corpus) {
    const call = presenter.call(id, ours.toolName, ours.args)
    const result = presenter.result(id, ours.result)
    count += call.length + result.length
    if (sink) sink.push(...call, ...result)
  }
  return count
}
