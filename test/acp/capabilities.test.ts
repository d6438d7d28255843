import { describe, expect, it } from 'vitest'
import { supportsTerminalOutput } from '../../src/acp/capabilities.js'

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
