import { describe, expect, it } from 'vitest'
import { resultContent, resultText } from '../../src/presenters/result-content.js'

describe('reading a result that may come from a session log', () => {
  it('keeps valid blocks without their extra keys and drops the rest', () => {
    const result = {
      content: [
        { type: 'text', text: 'a', annotations: { priority: 1 } },
        { type: 'text', text: 3 },
        { type: 'image', data: 'AA', mimeType: 'image/png' },
        { type: 'resource_link', uri: 'file:///a', name: 'a', size: 3 },
        { type: 'resource_link', uri: 'file:///b', name: 'b', size: '3' },
        { type: 'audio', data: 'AA' },
        null,
      ],
    }
    expect(resultContent(result)).toEqual([
      { type: 'text', text: 'a' },
      { type: 'image', data: 'AA', mimeType: 'image/png' },
      { type: 'resource_link', uri: 'file:///a', name: 'a', size: 3 },
    ])
  })

  it('reads no content from a value that is not a result', () => {
    for (const value of [null, 1, 'x', [], { content: 'x' }]) expect(resultContent(value)).toEqual([])
  })

  it('joins text blocks with nothing between them', () => {
    expect(resultText({ content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] })).toBe('ab')
  })
})
