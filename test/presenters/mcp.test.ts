import { describe, expect, it } from 'vitest'
import { claudeCodePresenters, codexPresenters, mcpTools } from 'tool-render-intent/presenters'
import { mcpToolName } from '../../src/presenters/mcp.js'
import { findTool } from '../../src/internal/tool-lookup.js'
import { toolsByName } from '../../src/internal/session-options.js'

describe('MCP tool names', () => {
  it('split into the server and the tool, the tool keeping any later __', () => {
    expect(mcpToolName('mcp__github__create_issue')).toEqual({ server: 'github', tool: 'create_issue' })
    expect(mcpToolName('mcp__db__schema__list')).toEqual({ server: 'db', tool: 'schema__list' })
  })

  it.each(['Read', 'mcp__github', 'mcp____tool', 'mcp__github__', 'github__create_issue'])('%s is not one', (name) => {
    expect(mcpToolName(name)).toBeUndefined()
    expect(mcpTools.forName?.(name)).toBeUndefined()
  })
})

describe('an MCP tool call', () => {
  const tool = mcpTools.forName?.('mcp__github__create_issue')

  it('is titled with the server and the tool and shows the arguments as raw input', () => {
    expect(tool?.name).toBe('mcp__github__create_issue')
    expect(tool?.presentCall?.({ title: 'Flaky test', labels: ['ci'] })).toEqual({
      card: 'generic',
      kind: 'other',
      title: 'github - create_issue (MCP)',
      rawInput: { title: 'Flaky test', labels: ['ci'] },
    })
  })

  it('titles the card with a server or tool name as written, Markdown and all', () => {
    expect(mcpTools.forName?.('mcp__[x](y)__<img>')?.presentCall?.({})).toMatchObject({ title: '[x](y) - <img> (MCP)' })
  })

  it("passes the server's content blocks through", () => {
    const content = [
      { type: 'text', text: 'Created #12' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'resource_link', uri: 'https://github.com/o/r/issues/12', name: 'issue 12' },
    ] as const
    expect(tool?.presentResult?.({}, { content })).toEqual({ card: 'generic', content })
  })

  it('is found in both name sets, a tool of the exact name winning', () => {
    for (const set of [claudeCodePresenters, codexPresenters]) {
      expect(findTool(toolsByName(set), 'mcp__github__create_issue')?.presentCall?.({})).toMatchObject({
        title: 'github - create_issue (MCP)',
      })
      expect(findTool(toolsByName(set), 'no_such_tool')).toBeUndefined()
    }
    expect(findTool(toolsByName(claudeCodePresenters), 'Read')?.name).toBe('Read')
  })
})
