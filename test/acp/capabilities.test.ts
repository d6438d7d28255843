import { describe, expect, it } from 'vitest'
import { supportsSubagents, supportsTerminalOutput } from '../../src/acp/capabilities.js'

describe('supportsTerminalOutput', () => {
  it('is true when the client sets _meta.terminal_output to true', () => {
    expect(supportsTerminalOutput({ _meta: { terminal_output: true } })).toBe(true)
  })

  it('is false for the execution capability `terminal`, which is a different thing', () => {
    expect(supportsTerminalOutput({ terminal: true })).toBe(false)
  })

  it('is false for anything but the boolean true', () => {
    for (const value of ['true', 1, {}, null, false]) {
      expect(supportsTerminalOutput({ _meta: { terminal_output: value } })).toBe(false)
    }
  })

  it('is false, without throwing, for missing or malformed capabilities', () => {
    expect(supportsTerminalOutput(undefined)).toBe(false)
    expect(supportsTerminalOutput(null)).toBe(false)
    expect(supportsTerminalOutput({})).toBe(false)
    expect(supportsTerminalOutput({ _meta: null })).toBe(false)
    expect(supportsTerminalOutput('yes' as never)).toBe(false)
    expect(supportsTerminalOutput({ _meta: 7 } as never)).toBe(false)
  })
})

describe('supportsSubagents', () => {
  it('is true when the client declares subagents as an object, {} included', () => {
    expect(supportsSubagents({ subagents: {} } as never)).toBe(true)
    expect(supportsSubagents({ subagents: { _meta: { x: 1 } } } as never)).toBe(true)
  })

  it('is false when subagents is absent, null, an array or not an object', () => {
    for (const value of [undefined, null, [], true, 'yes', 1]) expect(supportsSubagents({ subagents: value } as never)).toBe(false)
  })

  it('is false, without throwing, for missing or malformed capabilities', () => {
    expect(supportsSubagents(undefined)).toBe(false)
    expect(supportsSubagents(null)).toBe(false)
    expect(supportsSubagents('yes' as never)).toBe(false)
  })
})
