import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PLAN_ENTRY_LENGTH, planEntryText } from '../../src/lifecycle/plan-card.js'
import { boundedMarkdownInline } from '../../src/safety/markdown-text.js'
import { propertyRuns } from '../property-runs.js'

// Text made mostly of what the plain path takes, with every character it
// must hand on to the general one: Markdown punctuation, line breaks,
// controls, bidi and zero-width characters, letters beyond ASCII.
const entryText = fc.string({
  unit: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...'abcXYZ019 ') },
    { weight: 3, arbitrary: fc.constantFrom(...'.-_(!#$%)+,/:;=?@|}') },
    { weight: 2, arbitrary: fc.constantFrom(...'`*[]<>&~^"\'{\\\n\r\t\u0085\u2028\u202e\u200b\u0000\u001b\u00e9\ud83d') },
  ),
  maxLength: 40,
})

describe('planEntryText', () => {
  it('shows a plan entry exactly as boundedMarkdownInline does, whichever path it takes', () => {
    fc.assert(
      fc.property(entryText, (text) => {
        expect(planEntryText(text)).toBe(boundedMarkdownInline(text, PLAN_ENTRY_LENGTH))
      }),
      { numRuns: propertyRuns(20_000) },
    )
  })

  it('keeps plain words as they are, and escapes what Markdown would read', () => {
    expect(planEntryText('Fix the parser (step 2), then test: 100%')).toBe('Fix the parser (step 2), then test: 100%')
    expect(planEntryText('snake_case stays')).toBe('snake_case stays')
    expect(planEntryText('wait...')).toBe(boundedMarkdownInline('wait...', PLAN_ENTRY_LENGTH))
    expect(planEntryText('wait...')).not.toBe('wait...')
    expect(planEntryText('(first')).toBe('\\(first')
    expect(planEntryText('a -- b')).not.toBe('a -- b')
    expect(planEntryText('_lead')).not.toBe('_lead')
  })

  it('bounds a long entry as the general path does', () => {
    const long = 'word '.repeat(2000)
    expect(planEntryText(long)).toBe(boundedMarkdownInline(long, PLAN_ENTRY_LENGTH))
    expect(planEntryText(long).length).toBeLessThanOrEqual(PLAN_ENTRY_LENGTH)
  })
})
