import { describe, expect, it } from 'vitest'
import { createToolPresenter } from 'tool-render-intent/acp'
import { createToolPresenter as createV2Presenter } from 'tool-render-intent/acp-v2'
import { renderSessionHtml, renderToolCallHtml } from 'tool-render-intent/html'
import { sessionPageStart, SESSION_PAGE_END } from '../../src/html/page.js'
import { MAX_TOOL_CALL_ID_LENGTH } from '../../src/lifecycle/call-record.js'
import { readAcpUpdates } from 'tool-render-intent/reader'
import { claudeCodePresenters } from 'tool-render-intent/presenters'

const statusOf = (html: string) => /<span class="tri-status[^"]*">([^<]*)<\/span>/.exec(html)?.[1]

describe('a card says how its call ended', () => {
  it('shows a declined call as declined, not failed (v1) or cancelled (v2)', () => {
    const v1 = createToolPresenter({ tools: claudeCodePresenters, cwd: '/repo', clientCapabilities: {} })
    const v1Updates = [...v1.call('c', 'Bash', { command: 'rm -rf build' }), ...v1.decline('c')]
    const v2 = createV2Presenter({ tools: claudeCodePresenters, cwd: '/repo' })
    const v2Updates = [...v2.call('c', 'Bash', { command: 'rm -rf build' }), ...v2.decline('c')]
    for (const [updates, protocolVersion] of [
      [v1Updates, 1],
      [v2Updates, 2],
    ] as const) {
      const [record] = readAcpUpdates(updates, { protocolVersion }).records
      expect(statusOf(renderToolCallHtml(record))).toBe('declined')
    }
  })

  it('still shows a failed call as failed', () => {
    const html = renderToolCallHtml({
      toolCallId: 'c',
      status: 'failed',
      call: { card: 'generic', title: 'fetch', kind: 'fetch' },
      result: { card: 'generic', content: [{ type: 'text', text: 'timed out' }] },
    })
    expect(statusOf(html)).toBe('failed')
  })
})

describe('a command without display terminals shows its description once', () => {
  it('leaves out the description the result resends before the output', () => {
    const presenter = createToolPresenter({ tools: claudeCodePresenters, cwd: '/repo', clientCapabilities: {} })
    const updates = [
      ...presenter.call('c', 'Bash', { command: 'npm test', description: 'Run the tests' }),
      ...presenter.result('c', { content: [{ type: 'text', text: 'all passed' }], meta: { exitCode: 0 } }),
    ]
    const html = renderToolCallHtml(readAcpUpdates(updates, { protocolVersion: 1 }).records[0])
    expect(html.split('Run the tests')).toHaveLength(2)
    expect(html).toContain('all passed')
  })
})

describe('a plan is one card: its latest version, with the earlier ones folded', () => {
  it('shows the latest entries and each earlier version under a closed details', () => {
    const entry = (status: string) => ({ content: 'Ship it', status, priority: 'medium' })
    const { records } = readAcpUpdates([
      { sessionUpdate: 'plan', entries: [entry('pending')] },
      { sessionUpdate: 'plan', entries: [entry('in_progress')] },
      { sessionUpdate: 'plan', entries: [entry('completed')] },
    ])
    expect(records).toHaveLength(1)
    const html = renderToolCallHtml(records[0])
    expect(html).toContain('<details class="tri-plan-history"><summary>2 earlier versions</summary>')
    // The latest version comes before the folded history.
    expect(html.indexOf('completed')).toBeLessThan(html.indexOf('tri-plan-history'))
  })
})

describe('a page written a card at a time', () => {
  it('is the same bytes as the page rendered whole', () => {
    const records = [
      { toolCallId: 'a', call: { card: 'terminal', title: 'ls' } } as const,
      { toolCallId: 'b', call: { card: 'generic', title: 'Read a.ts', kind: 'read' } } as const,
    ]
    const options = { title: 'session', cwd: '/repo' }
    const streamed = sessionPageStart(options) + records.map((record) => renderToolCallHtml(record, options)).join('') + SESSION_PAGE_END
    expect(streamed).toBe(renderSessionHtml(records, options))
  })
})

describe("a card's anchor is bounded as a tool call id is", () => {
  it('cuts an id past 1,024 code units in the id="call-…" attribute, keeping its first 64 and its length', () => {
    const id = 'i'.repeat(10 * 1024 * 1024)
    const html = renderToolCallHtml({ toolCallId: id, status: 'completed', call: { card: 'generic', title: 'x' } })
    expect(html).toContain(`id="call-${'i'.repeat(64)}…${id.length}"`)
    expect(html.length).toBeLessThan(4096)
  })

  it('keeps an id within the bound a session takes whole', () => {
    const id = 'j'.repeat(MAX_TOOL_CALL_ID_LENGTH)
    expect(renderToolCallHtml({ toolCallId: id, call: { card: 'generic', title: 'x' } })).toContain(`id="call-${id}"`)
  })
})
