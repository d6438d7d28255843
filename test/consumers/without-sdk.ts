// A consumer that did not install @agentclientprotocol/sdk. The core, the
// presenters, the reader, text and html need nothing from it; the ACP entry points take their
// types from it, so scripts/test-consumers.mjs expects an error naming the
// SDK at each presenter created here (and nowhere else in this file), with
// and without skipLibCheck. (In this repository the SDK is installed, and
// the file compiles.)
import { defineTool, parseToolCallView } from 'tool-render-intent'
import { createToolPresenter } from 'tool-render-intent/acp'
import { createToolPresenter as createV2Presenter } from 'tool-render-intent/acp-v2'
import { presenters, readTool } from 'tool-render-intent/presenters'
import { renderCallView } from 'tool-render-intent/text'
import { renderSessionHtml, renderToolCallHtml } from 'tool-render-intent/html'
import { readAcpUpdates } from 'tool-render-intent/reader'

const echo = defineTool({
  name: 'echo',
  args: (value: unknown): value is { text: string } => typeof value === 'object' && value !== null,
  presentCall: ({ text }) => ({ card: 'generic', title: text }),
})
const view = readTool.presentCall?.({ file_path: '/repo/a.ts' }, { cwd: '/repo' }) ?? parseToolCallView({ card: 'generic', title: 'x' })
const text: string =
  renderCallView(view, { cwd: '/repo' }) +
  renderToolCallHtml({ toolCallId: '1', call: view }, { cwd: '/repo' }) +
  renderSessionHtml(readAcpUpdates([{ sessionUpdate: 'tool_call', toolCallId: 't', title: 'x' }]).records)

// Each of these two lines is expected to fail: "… install it".
const v1 = createToolPresenter({ tools: [...presenters, echo], cwd: '/repo' })
const v2 = createV2Presenter({ tools: presenters, cwd: '/repo' })

export { text, v1, v2 }
