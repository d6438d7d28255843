// Picking the presenter from the initialize exchange.
import { describe, expect, it } from 'vitest'
import { createNegotiatedPresenter, negotiateProtocolVersion } from 'tool-render-intent/acp-v2'
import { presenters } from 'tool-render-intent/presenters'

describe('negotiateProtocolVersion', () => {
  it('answers 2 to a client asking for 2 or later, and 1 to anything else', () => {
    expect([2, 3, 65535].map(negotiateProtocolVersion)).toStrictEqual([2, 2, 2])
    expect([1, 0, -1, 1.5, 2.5, '2', null, undefined, NaN].map(negotiateProtocolVersion)).toStrictEqual([1, 1, 1, 1, 1, 1, 1, 1, 1])
  })
})

describe('createNegotiatedPresenter', () => {
  const options = { tools: presenters, cwd: '/repo', clientCapabilities: { _meta: { terminal_output: true } } }

  it('gives the v1 presenter for 1, reading the client capabilities for display terminals', () => {
    const presenter = createNegotiatedPresenter({ ...options, protocolVersion: 1 })
    expect(presenter.protocolVersion).toBe(1)
    expect(presenter.terminalOutput).toBe(true)
    expect(presenter.call('a', 'bash', { command: 'ls' })).toMatchObject([
      { sessionUpdate: 'tool_call', _meta: { terminal_info: { terminal_id: 'a', cwd: '/repo' } } },
    ])
  })

  it('gives the v2 presenter for 2', () => {
    const presenter = createNegotiatedPresenter({ ...options, protocolVersion: 2 })
    expect(presenter.protocolVersion).toBe(2)
    expect(presenter.call('a', 'bash', { command: 'ls' }).map((update) => update.sessionUpdate)).toStrictEqual([
      'terminal_update',
      'tool_call_update',
    ])
    if (presenter.protocolVersion === 2)
      expect(presenter.cancel('a')).toMatchObject([{ sessionUpdate: 'terminal_update' }, { status: 'cancelled' }])
  })

  it('throws a TypeError for a version it does not speak, and for options either presenter rejects', () => {
    for (const protocolVersion of [0, 3, 1.5, NaN])
      expect(() => createNegotiatedPresenter({ ...options, protocolVersion })).toThrow(/options\.protocolVersion/)
    expect(() => createNegotiatedPresenter({ ...options, cwd: 'relative', protocolVersion: 1 })).toThrow(/options\.cwd/)
    expect(() => createNegotiatedPresenter({ ...options, cwd: 'relative', protocolVersion: 2 })).toThrow(/options\.cwd/)
  })
})
