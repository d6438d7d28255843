import { describe, expect, it } from 'vitest'
import { webFetchTool, webSearchTool } from 'tool-render-intent/presenters'
import { nodeTypes, parse } from './markdown-tree.js'
import { wireTitle } from '../../src/safety/title-text.js'

describe('web_fetch: the call', () => {
  it('is a generic fetch card titled Fetch <url> with the prompt as its text', () => {
    expect(webFetchTool.presentCall?.({ url: 'https://example.com/docs', prompt: 'Summarise the API' })).toEqual({
      card: 'generic',
      kind: 'fetch',
      title: 'Fetch https://example.com/docs',
      content: [{ type: 'text', text: 'Summarise the API' }],
      rawInput: { url: 'https://example.com/docs', prompt: 'Summarise the API' },
    })
  })

  it('titles the card with the URL as written', () => {
    expect(webFetchTool.presentCall?.({ url: 'https://h/a?b=1&c=2', prompt: '' })?.title).toBe('Fetch https://h/a?b=1&c=2')
    const title = webFetchTool.presentCall?.({ url: '<https://evil>![x](https://evil/t.png)' })?.title ?? ''
    expect(nodeTypes(parse(wireTitle(title, 'fetch', 'markdown')))).toEqual(new Set(['root', 'paragraph', 'text']))
  })

  it('titles an empty URL Fetch and shows no text for an empty or null prompt', () => {
    expect(webFetchTool.presentCall?.({ url: '', prompt: null })).toMatchObject({ title: 'Fetch', content: undefined })
  })

  it('keeps the Markdown shape of the prompt but lets nothing in it link or embed', () => {
    const view = webFetchTool.presentCall?.({ url: 'https://h', prompt: '# Task\n\n- read ![x](https://evil/t.png)\n- <img src=x>' })
    const text = view?.card === 'generic' ? view.content?.[0] : undefined
    expect(text).toEqual({ type: 'text', text: '# Task\n\n- read !\\[x](https://evil/t.png)\n- \\<img src=x>' })
  })
})

describe('web_search: the call', () => {
  it('is a generic fetch card titled Search with the quoted query, then the domain lists', () => {
    expect(
      webSearchTool.presentCall?.({ query: 'acp tool calls', allowed_domains: ['github.com', 'zed.dev'], blocked_domains: ['x.com'] }),
    ).toEqual({
      card: 'generic',
      kind: 'fetch',
      title: 'Search "acp tool calls" (allowed: github.com, zed.dev) (blocked: x.com)',
      rawInput: { query: 'acp tool calls', allowed_domains: ['github.com', 'zed.dev'], blocked_domains: ['x.com'] },
    })
  })

  it('leaves out empty and null domain lists', () => {
    expect(webSearchTool.presentCall?.({ query: 'q', allowed_domains: [], blocked_domains: null })?.title).toBe('Search "q"')
  })

  it('is titled Web search for an empty query', () => {
    expect(webSearchTool.presentCall?.({ query: '' })?.title).toBe('Web search')
  })

  it('gives undefined for a query that is not a string or domains that are not strings', () => {
    expect(webSearchTool.presentCall?.({ query: 3 })).toBeUndefined()
    expect(webSearchTool.presentCall?.({ query: 'q', allowed_domains: [1] })).toBeUndefined()
  })
})

describe('web results', () => {
  it.each([
    ['web_fetch', webFetchTool, { url: 'https://h' }],
    ['web_search', webSearchTool, { query: 'q' }],
  ] as const)('%s shows the text as Markdown whose links show as text', (_name, tool, args) => {
    const image = { type: 'image', data: 'AAAA', mimeType: 'image/png' } as const
    const result = { content: [{ type: 'text', text: '1. [Result](https://a.com)\n' }, image] } as const
    expect(tool.presentResult?.(args as never, result)).toEqual({
      card: 'generic',
      content: [{ type: 'text', text: '1. \\[Result](https://a.com)\n' }, image],
    })
  })

  it('shows an error result as returned', () => {
    const content = [{ type: 'text', text: 'fetch failed' }] as const
    expect(webFetchTool.presentResult?.({ url: 'https://h' }, { content, isError: true })).toEqual({ card: 'generic', content })
  })
})

describe('web_fetch: reading on through a long page', () => {
  it('shows (from char N) for an offset', () => {
    expect(webFetchTool.presentCall?.({ url: 'https://e.com/a', prompt: 'p', offset: 20000 })?.title).toBe(
      'Fetch https://e.com/a (from char 20000)',
    )
    expect(webFetchTool.presentCall?.({ url: 'https://e.com/a', offset: 0 })?.title).toBe('Fetch https://e.com/a')
    expect(webFetchTool.presentCall?.({ url: 'https://e.com/a', offset: null })?.title).toBe('Fetch https://e.com/a')
  })
})
