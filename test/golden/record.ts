// Records a script's wire: one JSON line per session method called.
import { createToolPresenter as createV1 } from '../../src/acp/presenter.js'
import { createToolPresenter as createV2 } from '../../src/acp-v2/presenter.js'
import { goldenCwd, type Script, type SessionMethods } from './scenarios.js'

/** The client kinds the goldens record: v1 with each terminal key and without terminals, and v2; v1 and v2 with plain titles. */
export const clients = {
  'v1-terminal-output': (script: Script, options: Options) =>
    createV1({ ...options, tools: script.tools, clientCapabilities: { _meta: { terminal_output: true } } }),
  'v1-terminal-output-delta': (script: Script, options: Options) =>
    createV1({ ...options, tools: script.tools, clientCapabilities: { _meta: { terminal_output_delta: true } } }),
  'v1-text': (script: Script, options: Options) =>
    createV1({ ...options, tools: script.tools, clientCapabilities: { fs: { readTextFile: true }, terminal: true } }),
  v2: (script: Script, options: Options) => createV2({ ...options, tools: script.tools }),
  // A client that shows titles and plan entries as plain text (acpx, logs).
  'v1-plain': (script: Script, options: Options) =>
    createV1({ ...options, tools: script.tools, clientCapabilities: { fs: { readTextFile: true }, terminal: true }, titles: 'plain' }),
  'v2-plain': (script: Script, options: Options) => createV2({ ...options, tools: script.tools, titles: 'plain' }),
} as const

interface Options {
  cwd: string
  maxOutputLength?: number
  outputInterval?: number
  now: () => number
  onError: (report: { phase: string; error: unknown }) => void
}

const label = (value: unknown) => (typeof value === 'string' ? value : `(${typeof value})`)
const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Runs a script on one client kind: one JSON line per method called, with what it returned and what it reported. */
export function record(script: Script, client: keyof typeof clients): string {
  let clock = 0
  let reports: string[] = []
  const presenter = clients[client](script, {
    cwd: goldenCwd,
    ...(script.maxOutputLength === undefined ? {} : { maxOutputLength: script.maxOutputLength }),
    ...(script.outputInterval === undefined ? {} : { outputInterval: script.outputInterval }),
    now: () => clock,
    onError: (report) => reports.push(`${report.phase}: ${message(report.error)}`),
  }) as unknown as SessionMethods
  const lines: string[] = []
  const log = (method: string, id: unknown, out: unknown) => {
    lines.push(JSON.stringify({ method, id: label(id), out, reports }))
    reports = []
  }
  // Each method called through to the presenter, and logged with what it returned.
  const methods = ['call', 'start', 'output', 'result', 'cancel', 'decline', 'permission', 'forget'] as const
  const session = Object.fromEntries(
    methods.map((method) => [
      method,
      (id: unknown, ...rest: unknown[]) => {
        const out = (presenter[method] as (...args: unknown[]) => unknown)(id, ...rest)
        const partial = method === 'call' && (rest[2] as { partial?: boolean } | undefined)?.partial
        log(partial ? 'call (partial)' : method, id, out)
        return out
      },
    ]),
  ) as unknown as SessionMethods
  script.run({ session, tick: (ms) => (clock += ms) })
  return `${lines.join('\n')}\n`
}
