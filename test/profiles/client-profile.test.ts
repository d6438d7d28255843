// Client profiles: chosen from `initialize`, overridable, and for each one
// what that client would show of the cards a session sends.
import { describe, expect, it } from 'vitest'
import { createToolPresenter as createV1 } from '../../src/acp/presenter.js'
import { createToolPresenter as createV2 } from '../../src/acp-v2/presenter.js'
import { claudeCodePresenters } from '../../src/presenters/index.js'
import { claudeCodePresentersWith } from '../../src/presenters/claude-code.js'
import { CLIENT_PROFILES, type ClientProfile, type ClientProfileName, clientProfile } from '../../src/profiles/client-profile.js'
import { parse, shownText } from '../presenters/markdown-tree.js'

const cwd = '/repo'
const path = '/repo/src/__tests__/a_b*.ts'
type Update = Record<string, unknown> & { content?: { type: string; content?: { text?: string } }[]; title?: string }

// What a client shows as a card's title: rendered as Markdown (the first line), or the text itself.
const titleShown = (title: string, profile: ClientProfile, kind: string) =>
  profile.titles === 'markdown' && kind !== 'execute' ? shownText(parse(title), title).trim() : title

// The content a client keeps of an update.
function contentShown(update: Update, profile: ClientProfile) {
  const content = update.content ?? []
  return profile.content === 'diff-and-terminal' ? content.filter((item) => item.type === 'diff' || item.type === 'terminal') : content
}

const v1 = (profile: ClientProfileName, clientCapabilities?: object) =>
  createV1({ tools: claudeCodePresenters, cwd, profile, ...(clientCapabilities ? { clientCapabilities } : {}) })

describe('the profile initialize picks', () => {
  it('is Zed for clientInfo zed, with the terminal key it declared', () => {
    const zed = clientProfile({ clientInfo: { name: 'zed', version: '0.220.0' }, clientCapabilities: { _meta: { terminal_output: true } } })
    expect(zed).toBe(CLIENT_PROFILES.zed)
    // A Zed that declares no display terminals gets none: a terminal it never registered fails the update.
    expect(clientProfile({ clientInfo: { name: 'Zed' }, clientCapabilities: {} })).toMatchObject({ name: 'zed', terminal: 'none' })
  })

  it('is acpx, CodeCompanion, Obsidian or JetBrains AIR by name, AIR also by its capability', () => {
    expect(clientProfile({ clientInfo: { name: 'acpx', version: '0.19.1' } }).name).toBe('acpx')
    expect(clientProfile({ clientInfo: { name: 'CodeCompanion.nvim' } }).name).toBe('codecompanion')
    expect(clientProfile({ clientInfo: { name: 'obsidian-agent-client' } }).name).toBe('obsidian-agent-client')
    expect(clientProfile({ clientInfo: { name: 'JetBrains AIR' } }).name).toBe('jetbrains-air')
    expect(clientProfile({ clientCapabilities: { _meta: { jetbrains: { air: { diffPatch: true } } } } }).name).toBe('jetbrains-air')
  })

  it('is generic v1 for an unknown or missing client, and v2 for a v2 session', () => {
    expect(clientProfile({})).toBe(CLIENT_PROFILES['generic-v1'])
    expect(clientProfile({ clientInfo: { name: 42 } })).toBe(CLIENT_PROFILES['generic-v1'])
    expect(clientProfile({ protocolVersion: 2, clientInfo: { name: 'zed' } })).toBe(CLIENT_PROFILES.v2)
  })

  it('never throws on what a client sent', () => {
    const hostile = {
      get name() {
        throw new Error('boom')
      },
    }
    expect(clientProfile({ clientInfo: hostile })).toBe(CLIENT_PROFILES['generic-v1'])
  })

  it('decides the presenter: clientInfo acpx gets plain titles, an option overrides it, titles still wins', () => {
    const read = (options: object) =>
      (createV1({ tools: claudeCodePresenters, cwd, ...options }).call('r', 'Read', { file_path: path })[0] as Update).title
    expect(read({})).toBe('Read src/\\_\\_tests\\_\\_/a_b\\*.ts')
    expect(read({ clientInfo: { name: 'acpx' } })).toBe('Read src/__tests__/a_b*.ts')
    expect(read({ clientInfo: { name: 'acpx' }, profile: 'zed' })).toBe('Read src/\\_\\_tests\\_\\_/a_b\\*.ts')
    expect(read({ profile: 'zed', titles: 'plain' })).toBe('Read src/__tests__/a_b*.ts')
    expect(() => createV1({ tools: [], cwd, profile: 'emacs' as never })).toThrow(TypeError)
  })
})

describe('what each client shows', () => {
  it('zed: the path as written (its Markdown renders the escapes away), commands in a display terminal', () => {
    const profile = CLIENT_PROFILES.zed
    const presenter = v1('zed')
    const read = presenter.call('r', 'Read', { file_path: path })[0] as Update
    expect(titleShown(read.title!, profile, 'read')).toBe('Read src/__tests__/a_b*.ts')
    const bash = presenter.call('b', 'Bash', { command: 'npm test', description: 'Run *all* tests' })[0] as Update
    expect(bash.content).toEqual([{ type: 'terminal', terminalId: 'b' }])
    expect(presenter.output('b', 'ok\n')[0]).toMatchObject({ _meta: { terminal_output: { terminal_id: 'b', data: 'ok\n' } } })
  })

  it('zed: a command that only reads is a read card with its location; one that does more keeps its terminal', () => {
    const presenter = v1('zed')
    const [cat] = presenter.call('c', 'Bash', { command: 'cat src/a.ts' }) as Update[]
    expect(cat).toMatchObject({ kind: 'read', title: 'cat src/a.ts', locations: [{ path: '/repo/src/a.ts' }] })
    expect(cat.content).toBeUndefined()
    presenter.output('c', 'let a = 1\n')
    const [done] = presenter.result('c', { content: [{ type: 'text', text: 'let a = 1\n' }], meta: { exitCode: 0 } }) as Update[]
    expect(done).toMatchObject({ status: 'completed' })
    const [pipe] = presenter.call('p', 'Bash', { command: 'cat src/a.ts | wc -l' }) as Update[]
    expect(pipe).toMatchObject({ kind: 'execute', content: [{ type: 'terminal', terminalId: 'p' }] })
    // PowerShell's words are not POSIX: its commands stay terminals.
    expect(presenter.call('w', 'PowerShell', { command: 'cat src/a.ts' })[0]).toMatchObject({ kind: 'execute' })
  })

  it('shellReads decides over the profile: off for Zed, on for acpx; a tool built with its own setting keeps it', () => {
    const kindOf = (options: object, tools = claudeCodePresenters) =>
      (createV1({ tools, cwd, ...options }).call('c', 'Bash', { command: 'ls src' })[0] as Update).kind
    expect(kindOf({ profile: 'zed', shellReads: false })).toBe('execute')
    expect(kindOf({ profile: 'acpx', shellReads: true })).toBe('search')
    expect(kindOf({ clientInfo: { name: 'zed' } })).toBe('search')
    expect(kindOf({ profile: 'zed' }, claudeCodePresentersWith({ shellReads: false }))).toBe('execute')
    expect(
      (createV2({ tools: claudeCodePresenters, cwd, shellReads: true }).call('c', 'Bash', { command: 'ls src' })[0] as Update).kind,
    ).toBe('search')
    expect(() => createV1({ tools: [], cwd, shellReads: 'yes' as never })).toThrow(/options.shellReads must be a boolean/)
  })

  for (const name of ['plain', 'acpx', 'codecompanion', 'obsidian-agent-client', 'agent-shell', 'generic-v1', 'jetbrains-air'] as const) {
    it(`${name}: a command that only reads stays a terminal (its profile does not show read cards)`, () => {
      expect(CLIENT_PROFILES[name].readCards).toBe(false)
      expect(v1(name).call('c', 'Bash', { command: 'cat src/a.ts' })[0]).toMatchObject({ kind: 'execute' })
    })
  }

  for (const name of ['plain', 'acpx', 'codecompanion'] as const) {
    it(`${name}: the title as plain text, the command's output as text`, () => {
      const presenter = v1(name)
      const read = presenter.call('r', 'Read', { file_path: path })[0] as Update
      expect(titleShown(read.title!, CLIENT_PROFILES[name], 'read')).toBe('Read src/__tests__/a_b*.ts')
      presenter.call('b', 'Bash', { command: 'npm test' })
      const [done] = presenter.result('b', { content: [{ type: 'text', text: 'ok' }] }) as Update[]
      expect(done.content).toEqual([{ type: 'content', content: { type: 'text', text: '```console\nok\n```' } }])
    })
  }

  it('jetbrains-air: output pieces under terminal_output_delta', () => {
    const presenter = v1('jetbrains-air')
    presenter.call('b', 'Bash', { command: 'npm test' })
    expect(presenter.output('b', 'ok\n')[0]).toMatchObject({ _meta: { terminal_output_delta: { terminal_id: 'b', data: 'ok\n' } } })
  })

  it('codecompanion: a prompt shows only its first content and first location, so the diff comes first', () => {
    const presenter = v1('codecompanion')
    const prompt = presenter.permission('e', { toolName: 'Edit', args: { file_path: '/repo/a.ts', old_string: 'a', new_string: 'b' } }) as {
      toolCall: { content?: { type: string }[]; locations?: { path: string }[] }
    }
    const shown = { content: prompt.toolCall.content?.slice(0, 1), location: prompt.toolCall.locations?.slice(0, 1) }
    expect(CLIENT_PROFILES.codecompanion.prompt).toBe('first')
    expect(shown).toEqual({
      content: [{ type: 'diff', path: '/repo/a.ts', oldText: 'a', newText: 'b' }],
      location: [{ path: '/repo/a.ts' }],
    })
  })

  it('obsidian-agent-client: only diffs and terminals; what a text block says reaches it through the title', () => {
    const profile = CLIENT_PROFILES['obsidian-agent-client']
    const presenter = v1('obsidian-agent-client')
    const edit = presenter.call('e', 'Edit', { file_path: '/repo/a.ts', old_string: 'a', new_string: 'b' })[0] as Update
    expect(contentShown(edit, profile)).toEqual([{ type: 'diff', path: '/repo/a.ts', oldText: 'a', newText: 'b' }])
    const fetch = presenter.call('f', 'WebFetch', { url: 'https://h/x', prompt: 'Summarise' })[0] as Update
    // The prompt is a text block it drops; the URL is in the title, which it shows.
    expect(contentShown(fetch, profile)).toEqual([])
    expect(titleShown(fetch.title!, profile, 'fetch')).toBe('Fetch https://h/x')
  })

  it('obsidian-agent-client: a change that holds characters that hide says so in the title, the one text it shows', () => {
    const profile = CLIENT_PROFILES['obsidian-agent-client']
    const args = { file_path: '/repo/a.ts', old_string: 'a', new_string: 'b\u202e' }
    const edit = v1('obsidian-agent-client').call('e', 'Edit', args)[0] as Update
    expect(contentShown(edit, profile)).toEqual([{ type: 'diff', path: '/repo/a.ts', oldText: 'a', newText: 'b\u202e' }])
    expect(edit.content).toHaveLength(1)
    const title = titleShown(edit.title!, profile, 'edit')
    expect(title.startsWith('Edit a.ts. ')).toBe(true)
    expect(title).toContain('<U+202E>')
    // Zed shows text blocks: there the warning is the first block and the title stays the title.
    const zed = v1('zed').call('e', 'Edit', args)[0] as Update
    expect(titleShown(zed.title!, CLIENT_PROFILES.zed, 'edit')).toBe('Edit a.ts')
    expect(zed.content?.[0]).toMatchObject({ type: 'content', content: { type: 'text' } })
    expect(zed.content?.[0]?.content?.text).toContain('U+202E')
  })

  it('generic-v1: Markdown titles, and no display terminal unless the client declared one', () => {
    const presenter = createV1({ tools: claudeCodePresenters, cwd, clientCapabilities: { terminal: true } })
    const bash = presenter.call('b', 'Bash', { command: 'npm test' })[0] as Update
    expect(bash.content).toBeUndefined()
    const read = presenter.call('r', 'Read', { file_path: path })[0] as Update
    expect(titleShown(read.title!, CLIENT_PROFILES['generic-v1'], 'read')).toBe('Read src/__tests__/a_b*.ts')
  })

  it('v2: Markdown titles by default, plain with the plain profile; terminals always', () => {
    const title = (options: object) =>
      (createV2({ tools: claudeCodePresenters, cwd, ...options }).call('r', 'Read', { file_path: path })[0] as Update).title
    expect(title({})).toBe('Read src/\\_\\_tests\\_\\_/a_b\\*.ts')
    expect(titleShown(title({})!, CLIENT_PROFILES.v2, 'read')).toBe('Read src/__tests__/a_b*.ts')
    expect(title({ profile: 'plain' })).toBe('Read src/__tests__/a_b*.ts')
    const [terminal] = createV2({ tools: claudeCodePresenters, cwd }).call('b', 'Bash', { command: 'ls' }) as Update[]
    expect(terminal).toMatchObject({ sessionUpdate: 'terminal_update', terminalId: 'b' })
  })
})
