import { describe, expect, it } from 'vitest'
import type { ToolDefinition } from 'tool-render-intent'
import { defineTool } from '../../src/define-tool.js'
import { findTool } from '../../src/internal/tool-lookup.js'
import { toolsByName } from '../../src/internal/session-options.js'

const isAny = (value: unknown): value is unknown => true

const read = defineTool({ name: 'Read', args: isAny, presentCall: () => ({ card: 'generic', title: 'exact' }) })

// A family of `docs__<page>` tools, each titled with its page.
const docs: ToolDefinition = {
  name: 'docs__*',
  forName: (name) =>
    name.startsWith('docs__')
      ? defineTool({ name, args: isAny, presentCall: () => ({ card: 'generic', title: `page ${name.slice(6)}` }) })
      : undefined,
}

const docsIndex = defineTool({ name: 'docs__index', args: isAny, presentCall: () => ({ card: 'generic', title: 'the index' }) })

describe('finding the tool that renders a call', () => {
  it('takes the tool of that exact name', () => {
    expect(findTool(toolsByName([docs, read]), 'Read')).toBe(read)
  })

  it('asks the families for any other name, and uses the definition the first one gives', () => {
    const tool = findTool(toolsByName([read, docs]), 'docs__intro')
    expect(tool?.name).toBe('docs__intro')
    expect(tool?.presentCall?.({})).toEqual({ card: 'generic', title: 'page intro' })
  })

  it('prefers a tool with the exact name to a family that would claim it', () => {
    expect(findTool(toolsByName([docs, docsIndex]), 'docs__index')).toBe(docsIndex)
  })

  it('asks the families in list order', () => {
    const other: ToolDefinition = { name: 'all', forName: (name) => ({ name }) }
    expect(findTool(toolsByName([other, docs]), 'docs__intro')?.presentCall).toBeUndefined()
    expect(findTool(toolsByName([docs, other]), 'docs__intro')?.presentCall).toBeDefined()
  })

  it('gives undefined for a name no tool has and no family claims', () => {
    expect(findTool(toolsByName([read, docs]), 'Write')).toBeUndefined()
  })

  it('passes over a family that throws or answers with something other than a definition', () => {
    const throwing: ToolDefinition = {
      name: 'throwing',
      forName: () => {
        throw new Error('no')
      },
    }
    const odd = { name: 'odd', forName: () => 'Read' } as unknown as ToolDefinition
    expect(findTool(toolsByName([throwing, odd, docs]), 'docs__intro')?.name).toBe('docs__intro')
    expect(findTool(toolsByName([throwing, odd]), 'docs__intro')).toBeUndefined()
  })
})
