import { describe, expect, it } from 'vitest'
import {
  claudeCodePresenters,
  codexPresenters,
  copilotCliPresenters,
  geminiCliPresenters,
  goosePresenters,
  kimiCliPresenters,
  opencodePresenters,
  presentersFor,
  qwenCodePresenters,
} from 'tool-render-intent/presenters'
import { AGENT_NAMES } from '../../src/presenters/agent-families.js'
import { isTrustedPresenter } from '../../src/internal/trusted-presenters.js'

const FAMILIES = {
  'claude-code': claudeCodePresenters,
  codex: codexPresenters,
  'gemini-cli': geminiCliPresenters,
  opencode: opencodePresenters,
  'qwen-code': qwenCodePresenters,
  'kimi-cli': kimiCliPresenters,
  goose: goosePresenters,
  'copilot-cli': copilotCliPresenters,
}

describe("each agent's presenters, by the agent's name", () => {
  it('are the family of every agent name', () => {
    expect(AGENT_NAMES).toEqual(Object.keys(FAMILIES))
    for (const name of AGENT_NAMES) expect(presentersFor(name)).toBe(FAMILIES[name])
  })

  it('read a name without regard to case, spaces or underscores, and know the short names', () => {
    expect(presentersFor('Gemini CLI')).toBe(geminiCliPresenters)
    expect(presentersFor('qwen_code')).toBe(qwenCodePresenters)
    expect(presentersFor('claude')).toBe(claudeCodePresenters)
    expect(presentersFor('GitHub Copilot CLI')).toBe(copilotCliPresenters)
    expect(presentersFor(' kimi ')).toBe(kimiCliPresenters)
  })

  it('are none for an unknown name, or one that is not a string', () => {
    expect(presentersFor('cursor')).toBeUndefined()
    expect(presentersFor('constructor')).toBeUndefined()
    expect(presentersFor(3 as never)).toBeUndefined()
  })

  it.each(Object.entries(FAMILIES))('%s names each tool once, and every presenter is the library’s own', (_agent, family) => {
    const names = family.map((tool) => tool.name)
    expect(new Set(names).size).toBe(names.length)
    for (const tool of family) if (!tool.forName) expect(isTrustedPresenter(tool.presentCall)).toBe(true)
  })
})
