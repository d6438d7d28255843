import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseToolCallView } from 'tool-render-intent'
import { planEntryFor } from '../../src/presenters/plan-status.js'

describe("another agent's todo status as a plan entry", () => {
  it.each([
    ['pending', 'pending'],
    ['todo', 'pending'],
    ['open', 'pending'],
    ['in_progress', 'in_progress'],
    ['completed', 'completed'],
    ['done', 'completed'],
    ['closed', 'completed'],
  ] as const)('%s means %s, and the entry shows the text alone', (word, status) => {
    expect(planEntryFor('Ship', word)).toEqual({ content: 'Ship', status, priority: 'medium' })
  })

  it('a blocked step is still to do, and says it is blocked', () => {
    expect(planEntryFor('Ship', 'blocked')).toEqual({ content: 'Ship (blocked)', status: 'pending', priority: 'medium' })
  })

  it('a cancelled step is no longer outstanding, and says it was cancelled, so nobody reads it as done', () => {
    expect(planEntryFor('Ship', 'cancelled')).toEqual({ content: 'Ship (cancelled)', status: 'completed', priority: 'medium' })
    expect(planEntryFor('Ship', 'canceled')).toEqual({ content: 'Ship (canceled)', status: 'completed', priority: 'medium' })
  })

  it('any other word is pending, the word kept; no word at all is pending alone', () => {
    expect(planEntryFor('Ship', 'waiting')).toEqual({ content: 'Ship (waiting)', status: 'pending', priority: 'medium' })
    expect(planEntryFor('Ship', 'constructor')).toEqual({ content: 'Ship (constructor)', status: 'pending', priority: 'medium' })
    expect(planEntryFor('Ship', 42)).toEqual({ content: 'Ship', status: 'pending', priority: 'medium' })
  })

  it('keeps high, medium and low, reads critical as high, and anything else as medium', () => {
    expect(planEntryFor('a', 'pending', 'high').priority).toBe('high')
    expect(planEntryFor('a', 'pending', 'low').priority).toBe('low')
    expect(planEntryFor('a', 'pending', 'critical').priority).toBe('high')
    expect(planEntryFor('a', 'pending', 'urgent').priority).toBe('medium')
    expect(planEntryFor('a', 'pending', 'toString').priority).toBe('medium')
  })

  it('gives a valid plan entry for any JSON status and priority', () => {
    fc.assert(
      fc.property(fc.string(), fc.jsonValue(), fc.jsonValue(), (text, status, priority) => {
        parseToolCallView({ card: 'plan', title: 'Plan', entries: [planEntryFor(text, status, priority)] })
      }),
    )
  })
})
