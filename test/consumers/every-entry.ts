// A consumer of the packed package that imports every entry point, with the
// SDK installed. scripts/test-consumers.mjs type-checks it as ESM and as
// CommonJS under node16, nodenext and bundler, strict, with and without
// exactOptionalPropertyTypes and skipLibCheck: it must compile everywhere.
// (It also compiles in this repository, where the entry points are src/.)
import type { ClientCapabilities, RequestPermissionRequest, SessionUpdate } from '@agentclientprotocol/sdk' with { 'resolution-mode': 'import' }
import type * as v2 from '@agentclientprotocol/sdk/experimental/v2' with { 'resolution-mode': 'import' }
import {
  assertNever,
  defineTool,
  InvalidViewError,
  isToolCallView,
  parseToolCallView,
  parseToolResultView,
  type ToolCallView,
  type ToolDefinition,
  type ToolResult,
  type ToolResultView,
} from 'tool-render-intent'
import {
  createToolPresenter,
  permissionOptions,
  type PresentationError,
  type ToolPresenter,
  type ToolPresenterOptions,
} from 'tool-render-intent/acp'
import { createToolPresenter as createV2Presenter } from 'tool-render-intent/acp-v2'
import {
  bashTool,
  claudeCodePresenters,
  codexPresenters,
  computeEditMeta,
  computeWriteMeta,
  presenters,
  readTool,
  renameTool,
  type BashResultMeta,
  type EditReplacement,
} from 'tool-render-intent/presenters'
import { renderCallView, renderResultView, type TextRenderOptions } from 'tool-render-intent/text'
import {
  type AcpReaderOptions,
  createAcpReader,
  type IgnoredReason,
  MESSAGE_META_KEY,
  readAcpUpdates,
  type SessionMessage,
  type ToolCallRecord,
} from 'tool-render-intent/reader'
import { createSessionPage, HTML_STYLESHEET, type HtmlRenderOptions, renderSessionHtml, renderToolCallHtml, type SessionPageWriter } from 'tool-render-intent/html'

declare const maybeCapabilities: ClientCapabilities | undefined
declare const maybeNumber: number | undefined
declare const maybeString: string | undefined
declare const maybeBoolean: boolean | undefined
declare const maybeOptions: RequestPermissionRequest['options'] | undefined
declare const maybeReport: ((report: PresentationError) => void) | undefined
declare function show(value: unknown): void

// The core: a tool of one's own, views checked at run time, exhaustive switches.
const grep = defineTool({
  name: 'grep',
  args: (value: unknown): value is { pattern: string } =>
    typeof value === 'object' && value !== null && typeof (value as { pattern?: unknown }).pattern === 'string',
  presentCall: ({ pattern }, ctx) => ({ card: 'generic', kind: 'search', title: `grep ${pattern} in ${ctx.cwd ?? '.'}` }),
})
const tools: readonly ToolDefinition<any, any>[] = [...presenters, grep]

function icon(view: ToolCallView): string {
  switch (view.card) {
    case 'generic':
      return view.kind ?? 'other'
    case 'terminal':
      return 'execute'
    case 'diff':
      return 'edit'
    case 'plan':
      return 'think'
    default:
      return assertNever(view, 'icon')
  }
}

const call: unknown = parseToolCallView({ card: 'generic', title: 'x' })
if (isToolCallView(call)) icon(call)
const resultView: ToolResultView = parseToolResultView({ card: 'terminal', output: 'ok\n', exitCode: 0 })
try {
  parseToolResultView({ card: 'generic', output: 'hi' })
} catch (error) {
  if (error instanceof InvalidViewError) show(error.path)
}

// The presenters, under every naming.
const named: readonly ToolDefinition<any, any>[] = [...claudeCodePresenters, ...codexPresenters, renameTool(readTool, 'read_file')]
const editArgs: EditReplacement = { old_string: 'a', new_string: 'b' }
const meta = computeEditMeta('a\n', editArgs)
const created = computeWriteMeta(null, 'hello\n')
const bashMeta: BashResultMeta = { exitCode: 1 }
const bashResult: ToolResult<BashResultMeta> = { content: [{ type: 'text', text: '1 failing\n' }], meta: bashMeta }

// ACP v1: the session presenter; what it returns is what the SDK sends.
const options: ToolPresenterOptions = {
  tools: [...tools, ...named, bashTool],
  clientCapabilities: maybeCapabilities,
  cwd: '/repo',
  maxOutputLength: maybeNumber,
  outputInterval: maybeNumber,
  onError: maybeReport,
}
const presenter: ToolPresenter = createToolPresenter(options)
const updates: SessionUpdate[] = [
  ...presenter.call('1', 'grep', { pattern: 'TODO' }, { partial: maybeBoolean }),
  ...presenter.start('1'),
  ...presenter.output('1', 'src/a.ts:3\n'),
  ...presenter.result('1', bashResult),
  ...presenter.result('2', { content: [], meta }),
  ...presenter.result('3', { content: [], meta: created }),
  ...presenter.cancel('1', { signal: maybeString }),
]
const permission: Omit<RequestPermissionRequest, 'sessionId'> = presenter.permission('1', {
  toolName: maybeString,
  args: { pattern: 'x' },
  options: maybeOptions,
})
const choices: RequestPermissionRequest['options'] = permissionOptions()

// ACP v2.
const v2Presenter = createV2Presenter({ tools, clientCapabilities: maybeCapabilities, cwd: '/repo', now: undefined })
const v2Updates: v2.SessionUpdate[] = [...v2Presenter.call('1', 'bash', { command: 'ls' }), ...v2Presenter.result('1', bashResult, bashTool)]

// Text.
const textOptions: TextRenderOptions = { color: false, width: 80, cwd: '/repo' }
const text: string =
  renderCallView({ card: 'terminal', title: 'npm test' }, textOptions) +
  renderResultView(resultView)

// Updates read back: a whole log, or streamed one update at a time.
const records: ToolCallRecord[] = readAcpUpdates([...updates, ...v2Updates], { titles: 'markdown' }).records
const messages: SessionMessage[] = []
const readerOptions: AcpReaderOptions = {
  protocolVersion: maybeNumber,
  titles: undefined,
  onRecord: (record) => show(record.status satisfies ToolCallRecord['status']),
  onMessage: (message) => messages.push(message),
}
const reader = createAcpReader(readerOptions)
const ignored: IgnoredReason | undefined = reader.read(
  { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Done.' }, _meta: { [MESSAGE_META_KEY]: { model: 'm' } } },
  maybeString,
)
reader.endTurn('end_turn', maybeString)
reader.end()

// HTML.
const htmlOptions: HtmlRenderOptions = { cwd: '/repo', allowRemoteImages: false }
const page: SessionPageWriter = createSessionPage({ ...htmlOptions, title: 'session' })
const html: string =
  HTML_STYLESHEET +
  renderToolCallHtml({ toolCallId: '1', call: { card: 'terminal', title: 'npm test' }, result: resultView }, htmlOptions) +
  renderSessionHtml(records, { title: 'session', theme: 'dark' }) +
  [page.start(), ...messages.map((message) => page.message(message)), page.end()].join('')

export { choices, html, ignored, permission, text, updates, v2Updates }
