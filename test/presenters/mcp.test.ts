import { describe, expect, it } from 'vitest'
import { claudeCodePresenters, codexPresenters, mcpTools } from 'tool-render-intent/presenters'
import {
  copilotMcpTools,
  copilotMcpToolName,
  gooseMcpTools,
  gooseMcpToolName,
  kimiMcpTools,
  mcpToolName,
  opencodeMcpTools,
  opencodeMcpToolName,
} from '../../src/presenters/mcp.js'
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

describe("each agent's own spelling of an MCP tool's name", () => {
  it("opencode's <server>_<tool> splits at the first underscore, the server's own included", () => {
    expect(opencodeMcpToolName('context7_resolve-library-id')).toEqual({ server: 'context7', tool: 'resolve-library-id' })
    expect(opencodeMcpToolName('my_db_query')).toEqual({ server: 'my', tool: 'db_query' })
    for (const name of ['bash', '_tool', 'server_', '_']) expect(opencodeMcpToolName(name)).toBeUndefined()
  })

  it("goose's <extension>__<tool> splits at the first double underscore, the tool keeping any later one", () => {
    expect(gooseMcpToolName('github__create_issue')).toEqual({ server: 'github', tool: 'create_issue' })
    expect(gooseMcpToolName('db__schema__list')).toEqual({ server: 'db', tool: 'schema__list' })
    for (const name of ['shell', 'str_replace', '__tool', 'github__']) expect(gooseMcpToolName(name)).toBeUndefined()
  })

  it("Copilot CLI's <server>-<tool> knows GitHub's server, and finds a snake_case tool after the server's hyphens", () => {
    expect(copilotMcpToolName('github-mcp-server-get_file_contents')).toEqual({ server: 'github-mcp-server', tool: 'get_file_contents' })
    expect(copilotMcpToolName('my-server-browser_navigate')).toEqual({ server: 'my-server', tool: 'browser_navigate' })
    expect(copilotMcpToolName('context7-resolve-library-id')).toEqual({ server: 'context7', tool: 'resolve-library-id' })
    for (const name of ['web_search', 'github-mcp-server-', '-tool', 'server-']) expect(copilotMcpToolName(name)).toBeUndefined()
  })

  it("Kimi CLI's bare tool name is a member titled with the tool alone, a capitalised name none", () => {
    expect(kimiMcpTools.forName?.('create_issue')?.presentCall?.({ a: 1 })).toEqual({
      card: 'generic',
      kind: 'other',
      title: 'create_issue (MCP)',
      rawInput: { a: 1 },
    })
    expect(kimiMcpTools.forName?.('ReadFile')).toBeUndefined()
    expect(kimiMcpTools.forName?.('')).toBeUndefined()
  })

  it.each([
    [opencodeMcpTools, 'github_create_issue'],
    [gooseMcpTools, 'github__create_issue'],
    [copilotMcpTools, 'github-mcp-server-create_issue'],
  ])('%#: the same card as the mcp__ spelling gives, the result the same content blocks', (family, name) => {
    const member = family.forName?.(name)
    const reference = mcpTools.forName?.('mcp__github__create_issue')
    expect(member?.name).toBe(name)
    const call = member?.presentCall?.({ title: 'x' })
    expect(call).toMatchObject({ card: 'generic', kind: 'other', rawInput: { title: 'x' } })
    expect(call?.title).toMatch(/ - create_issue \(MCP\)$/)
    const content = [{ type: 'text', text: 'Created #12' }] as const
    expect(member?.presentResult?.({}, { content })).toEqual(reference?.presentResult?.({}, { content }))
  })
})
