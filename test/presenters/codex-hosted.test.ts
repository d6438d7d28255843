import { describe, expect, it } from 'vitest'
import { codexImageGenerationTool, codexWebSearchTool } from '../../src/presenters/codex-hosted.js'

describe("codex's hosted web_search", () => {
  it('is a search card titled with the query, as codex-acp titles it', () => {
    const args = { type: 'search', query: 'acp tool calls', queries: ['acp tool calls', 'acp v2'] }
    expect(codexWebSearchTool.presentCall?.(args)).toEqual({
      card: 'generic',
      kind: 'search',
      title: 'Web search: acp tool calls',
      rawInput: args,
    })
  })

  it('joins the queries when there is no single query, and reads the action of a whole item', () => {
    expect(codexWebSearchTool.presentCall?.({ type: 'search', queries: ['a', '', 'b'] })?.title).toBe('Web search: a, b')
    expect(codexWebSearchTool.presentCall?.({ action: { type: 'search', query: 'q' } })?.title).toBe('Web search: q')
    expect(codexWebSearchTool.presentCall?.({})?.title).toBe('Web search')
  })

  it('titles opening a page and finding in it, in snake_case or camelCase', () => {
    expect(codexWebSearchTool.presentCall?.({ type: 'open_page', url: 'https://e.com' })?.title).toBe('Open page: https://e.com')
    expect(codexWebSearchTool.presentCall?.({ type: 'findInPage', url: 'https://e.com', pattern: 'acp' })?.title).toBe(
      "Find in page for 'acp' in https://e.com",
    )
  })

  it('titles the query as written and shows the results so they cannot link', () => {
    expect(codexWebSearchTool.presentCall?.({ type: 'search', query: '[x](y)' })?.title).toBe('Web search: [x](y)')
    expect(codexWebSearchTool.presentResult?.({}, { content: [{ type: 'text', text: '[a](b)' }] })).toEqual({
      card: 'generic',
      content: [{ type: 'text', text: '\\[a](b)' }],
    })
  })
})

describe("codex's hosted image_generation", () => {
  it('is titled Image generation', () => {
    expect(codexImageGenerationTool.presentCall?.({})).toEqual({ card: 'generic', kind: 'other', title: 'Image generation', rawInput: {} })
  })

  it('shows the revised prompt, then the image', () => {
    const image = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' } as const
    expect(codexImageGenerationTool.presentResult?.({ revised_prompt: 'A red fox' }, { content: [image] })).toEqual({
      card: 'generic',
      content: [{ type: 'text', text: 'Revised prompt: A red fox' }, image],
    })
    expect(codexImageGenerationTool.presentResult?.({}, { content: [image] })).toEqual({ card: 'generic', content: [image] })
  })
})
