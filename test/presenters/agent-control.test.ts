import { describe, expect, it } from 'vitest'
import { listAgentsTool, monitorTool, sendMessageTool } from '../../src/presenters/agent-control.js'

describe('SendMessage', () => {
  it('is titled with the agent addressed and shows the message', () => {
    expect(sendMessageTool.presentCall?.({ to: 'researcher', message: 'Check <the> tests.' })).toEqual({
      card: 'generic',
      kind: 'other',
      title: 'Message to researcher',
      content: [{ type: 'text', text: 'Check \\<the> tests.' }],
      rawInput: { to: 'researcher', message: 'Check <the> tests.' },
    })
  })

  it('reads the older recipient and content, and shows a structured message as raw input', () => {
    expect(sendMessageTool.presentCall?.({ recipient: 'a', content: 'hi' })).toMatchObject({
      title: 'Message to a',
      content: [{ text: 'hi' }],
    })
    expect(sendMessageTool.presentCall?.({ to: 'a', message: { type: 'shutdown_request' } })).toMatchObject({ content: undefined })
    expect(sendMessageTool.presentCall?.({})?.title).toBe('Send message')
  })
})

describe('ListAgents', () => {
  it('is titled List agents', () => {
    expect(listAgentsTool.presentCall?.({})).toEqual({ card: 'generic', kind: 'other', title: 'List agents' })
  })
})

describe('Monitor', () => {
  it('is an execute card that shows the command it runs', () => {
    expect(monitorTool.presentCall?.({ description: 'CI status', command: 'gh run watch', timeout_ms: 60000 })).toEqual({
      card: 'generic',
      kind: 'execute',
      title: 'Monitor: CI status',
      content: [{ type: 'text', text: '```sh\ngh run watch\n```' }],
      rawInput: { description: 'CI status', command: 'gh run watch', timeout_ms: 60000 },
    })
  })

  it('shows a WebSocket address instead of a command, and a command no fence of it can close', () => {
    expect(monitorTool.presentCall?.({ description: 'events', ws: { url: 'wss://h/x' }, timeout_ms: 1 })).toMatchObject({
      content: [{ type: 'text', text: 'WebSocket wss://h/x' }],
    })
    const view = monitorTool.presentCall?.({ description: 'x', command: 'echo ```\nrm -rf /', timeout_ms: 1 })
    expect(view).toMatchObject({ content: [{ type: 'text', text: '````sh\necho ```\nrm -rf /\n````' }] })
  })
})
