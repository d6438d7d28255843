import { describe, expect, it } from 'vitest'
import { partsText, shellOutput } from '../../src/cli/genai-parts.js'

describe('the Gemini API parts Gemini CLI and Qwen Code record', () => {
  it('give their text, a thought apart from the answer', () => {
    const parts = [{ text: 'plan', thought: true }, { text: 'one' }, { functionCall: {} }, { text: 'two' }, null]
    expect(partsText(parts)).toBe('one\n\ntwo')
    expect(partsText(parts, true)).toBe('plan')
    expect(partsText('plain')).toBe('plain')
    expect(partsText(7)).toBe('')
  })
})

describe('a shell tool’s report to the model gives what the command printed', () => {
  it('takes the text between Output: and the fields after it', () => {
    expect(shellOutput('Command: ls\nDirectory: (root)\nOutput: a\nb\nError: (none)\nExit Code: 0')).toBe('a\nb')
    expect(shellOutput('Output: (empty)\nExit Code: 1')).toBe('')
  })

  it('keeps printed lines that look like its fields, looking for them from the end', () => {
    expect(shellOutput('Output: Error: x\nExit Code: 3 (printed)\nError: (none)\nExit Code: 0')).toBe('Error: x\nExit Code: 3 (printed)')
  })

  it('gives a text without an Output: field as it is', () => {
    expect(shellOutput('just text\n')).toBe('just text\n')
  })
})
