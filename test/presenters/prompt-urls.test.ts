import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { promptUrls } from '../../src/presenters/prompt-urls.js'

describe('the addresses a prompt names', () => {
  it('are the http and https addresses, in order, without repeats', () => {
    expect(promptUrls('Compare https://a.com/x with http://b.org/y?q=1 and https://a.com/x again')).toEqual([
      'https://a.com/x',
      'http://b.org/y?q=1',
    ])
  })

  it('end at a space, a quote, a bracket or a backtick, without a sentence’s final punctuation', () => {
    expect(promptUrls('See (https://a.com/x), "https://b.org". Then `https://c.net/p`!')).toEqual([
      'https://a.com/x',
      'https://b.org',
      'https://c.net/p',
    ])
  })

  it('are none for a text without one, or a bare scheme', () => {
    expect(promptUrls('no address here')).toEqual([])
    expect(promptUrls('https:// and http://')).toEqual([])
  })

  it('are substrings of the text for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('https://', 'http://', 'a', ' ', '.', ')', '"', '\n') }), (text) => {
        for (const url of promptUrls(text)) expect(text.includes(url)).toBe(true)
      }),
    )
  })
})
