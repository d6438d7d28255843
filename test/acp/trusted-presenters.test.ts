// Trusting the library's own presenters skips checks, never changes a byte:
// the same session with them wrapped (untrusted) and registered sends the
// same updates, and reports the same problems but for where a result's lone
// surrogate is found. (Its own file: registration lasts.)
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createToolPresenter, type PresentationError } from '../../src/acp/presenter.js'
import { isTrustedPresenter, trustPresenters } from '../../src/internal/trusted-presenters.js'
import type { ToolDefinition } from '../../src/define-tool.js'
import { claudeCodePresenters, codexPresenters, computeEditMeta, presenters } from '../../src/presenters/index.js'
import { cyclic, nested } from '../fixtures/hostile-values.js'

// Calls with their results, plain and hostile.
const calls: [string, unknown, unknown][] = [
  ['read', { file_path: '/repo/src/a.ts', offset: 3, limit: 10 }, { content: [{ type: 'text', text: 'const a = `x`\n```\n' }] }],
  ['read', { file_path: '/repo/a\ud800.ts' }, { content: [{ type: 'text', text: 'half \udc00' }] }],
  [
    'write',
    { file_path: '/repo/b.ts', content: 'x\n' },
    { content: [{ type: 'text', text: 'ok' }], meta: { hunks: [{ oldText: null, newText: 'x\n', line: 1 }] } },
  ],
  [
    'edit',
    { file_path: 'rel/c.ts', old_string: 'a', new_string: 'b' },
    { content: [{ type: 'text', text: 'ok' }], meta: computeEditMeta('a\n', { old_string: 'a', new_string: 'b' }) },
  ],
  [
    'bash',
    { command: 'npm test', description: 'Run [the] tests' },
    { content: [{ type: 'text', text: '\u001b[32mok\u001b[0m ✓\n' }], meta: { exitCode: 1 } },
  ],
  ['bash', { command: 'ls', deep: nested(62) }, { content: [] }],
  ['bash', { command: 'ls', deep: nested(63) }, { content: [] }],
  ['bash', { command: 'ls', deep: nested(64) }, { content: [] }],
  ['bash', cyclic(), { content: [{ type: 'text', text: 'x' }], meta: { exitCode: 1n } }],
  ['bash', { command: 'ls', big: 10n }, { content: [{ type: 'text', text: '\ud83d' }] }],
  ['bash', { command: 'sleep 9', run_in_background: true, description: 'bg' }, { content: [{ type: 'text', text: 'started\n' }] }],
  ['todo_write', { todos: [{ content: 'Fix <it>', status: 'in_progress', activeForm: 'Fixing' }] }, { content: [], isError: true }],
  ['grep', { pattern: 'a', path: '/repo' }, { content: [{ type: 'text', text: 'a.ts:1:a' }] }],
  ['unknown_tool', { x: 1 }, { content: [{ type: 'text', text: 'y' }] }],
]

function session(tools: readonly ToolDefinition<any, any>[], terminal: boolean): { updates: string; errors: string[] } {
  const errors: PresentationError[] = []
  const presenter = createToolPresenter({
    tools,
    clientCapabilities: terminal ? { _meta: { terminal_output: true } } : {},
    cwd: '/repo',
    onError: (report) => errors.push(report),
  })
  const updates: unknown[] = []
  calls.forEach(([name, args, result], index) => {
    const id = `call_${index}`
    updates.push(
      ...presenter.call(id, name, args, { partial: true }),
      ...presenter.call(id, name, args),
      ...presenter.result(id, result as never),
    )
  })
  return {
    updates: JSON.stringify(updates),
    errors: errors.map((error) => `${error.toolCallId} ${error.phase} ${String((error.error as Error).message)}`),
  }
}

// The tool with each presenter wrapped in a function of its own.
function wrapped(tool: ToolDefinition<any, any>): ToolDefinition<any, any> {
  const { presentCall, presentPartialCall, presentResult } = tool
  return {
    ...tool,
    presentCall: presentCall && ((args, ctx) => presentCall(args, ctx)),
    presentPartialCall: presentPartialCall && ((args, ctx) => presentPartialCall(args, ctx)),
    presentResult: presentResult && ((args, result, ctx) => presentResult(args, result, ctx)),
  }
}

describe("the library's own presenters, trusted", () => {
  it('send the same updates and report the same problems', () => {
    const lists = [presenters, claudeCodePresenters, codexPresenters]
    // Importing the presenters registered them: the same tools with each
    // presenter wrapped in a new function are the untrusted ones.
    const untrusted = lists.map((tools) => tools.map(wrapped))
    expect(isTrustedPresenter(untrusted[0][0].presentCall)).toBe(false)
    const before = untrusted.flatMap((tools) => [session(tools, true), session(tools, false)])
    for (const tools of lists) trustPresenters(tools)
    expect(isTrustedPresenter(presenters[0].presentCall)).toBe(true)
    const after = lists.flatMap((tools) => [session(tools, true), session(tools, false)])
    expect(after.map(({ updates }) => updates)).toStrictEqual(before.map(({ updates }) => updates))
    // A trusted result's strings are scanned on the way out, not on the way
    // in: a lone surrogate in a file read is reported as an update that did
    // not serialise; in command output the sanitiser replaces it, unreported,
    // as it drops what a terminal must not get. (The Claude Code and Codex
    // lists have no `read` or `bash`: there a result has no presenter, and is checked whole.)
    const expected = before.map(({ errors }, index) =>
      index >= 2
        ? errors
        : errors
            .filter((error) => !error.startsWith('call_9 result'))
            .map((error) =>
              error.replace(
                'call_1 result result is not plain JSON: result.content[0].text',
                'call_1 result the update did not serialise: update.content[0].content.text',
              ),
            ),
    )
    expect(after.map(({ errors }) => errors)).toStrictEqual(expected)
  })

  it('are trusted by function: a replaced presenter is checked', () => {
    const read = presenters.find((tool) => tool.name === 'read')!
    const replaced: ToolDefinition = { ...read, presentCall: () => ({ card: 'generic', title: 'x', output: 'not a field' }) as never }
    expect(isTrustedPresenter(replaced.presentCall)).toBe(false)
    const errors: PresentationError[] = []
    const presenter = createToolPresenter({ tools: [replaced], cwd: '/repo', onError: (report) => errors.push(report) })
    const [update] = presenter.call('a', 'read', { file_path: '/repo/a' })
    expect(update).toMatchObject({ title: 'read', kind: 'other' })
    expect(errors).toHaveLength(1)
  })

  it('still hold any arguments to JSON', () => {
    fc.assert(
      fc.property(fc.anything(), (args) => {
        const presenter = createToolPresenter({ tools: presenters, cwd: '/repo' })
        for (const update of presenter.call('a', 'read', args)) expect(() => JSON.stringify(update)).not.toThrow()
      }),
      { numRuns: 500 },
    )
  })
})
