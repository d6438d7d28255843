// A v2 diff item's `git_patch` read back into the diffs it was built from,
// with the package's own patch parser (the reader has no runtime dependency).
import { describe, expect, it } from 'vitest'
import { createToolPresenter } from 'tool-render-intent/acp-v2'
import { computeEditMeta, editTool } from 'tool-render-intent/presenters'
import { readAcpUpdates } from 'tool-render-intent/reader'

// An edit of `path` under /repo, through the v2 session presenter, and its record read back.
function editReadBack(path: string, before: string, args: { old_string: string; new_string: string }) {
  const presenter = createToolPresenter({ tools: [editTool], cwd: '/repo' })
  const updates = [
    ...presenter.call('e', 'edit', { file_path: `/repo/${path}`, ...args }),
    ...presenter.result('e', { content: [{ type: 'text', text: 'ok' }], meta: computeEditMeta(before, args) }),
  ]
  const [record] = readAcpUpdates(updates).records
  return { record, patch: JSON.stringify(updates).includes('git_patch') }
}

// A v2 call whose one content item is a diff of `changes` with `text` as its patch.
const patchCall = (changes: { operation: string; path: string }[], text: string) => ({
  sessionUpdate: 'tool_call_update',
  toolCallId: 'p',
  title: 'Patch',
  kind: 'edit',
  status: 'pending',
  content: [{ type: 'diff', changes: changes.map((change) => ({ ...change, fileType: 'text' })), patch: { format: 'git_patch', text } }],
})

describe('a git patch reads back as the diffs it was built from', () => {
  it('names a file git quotes (a space, a non-ASCII character, a quote) by its real path', () => {
    for (const path of ['dir with space/a b.txt', 'café/naïve.txt', 'tab\there.txt', 'quote"d.txt', 'back\\slash.txt']) {
      const { record, patch } = editReadBack(path, 'one\ntwo\n', { old_string: 'two', new_string: 'TWO' })
      expect(patch).toBe(true)
      expect(record?.result).toMatchObject({
        card: 'diff',
        diffs: [{ path: `/repo/${path}`, oldText: 'one\ntwo\n', newText: 'one\nTWO\n' }],
      })
    }
  })

  it("keeps a CRLF file's carriage returns and a last line without a line feed", () => {
    const crlf = editReadBack('a.txt', 'a\r\nb\r\nc\r\n', { old_string: 'b', new_string: 'B' })
    expect(crlf.record?.result).toMatchObject({ diffs: [{ oldText: 'a\r\nb\r\nc\r\n', newText: 'a\r\nB\r\nc\r\n' }] })
    const last = editReadBack('b.txt', '1\n2\nlast', { old_string: 'last', new_string: 'LAST' })
    expect(last.record?.result).toMatchObject({ diffs: [{ oldText: '1\n2\nlast', newText: '1\n2\nLAST' }] })
  })

  it('reads a new file as one diff from nothing', () => {
    const [record] = readAcpUpdates([
      patchCall(
        [{ operation: 'add', path: '/repo/new.txt' }],
        'diff --git a/new.txt b/new.txt\nnew file mode 100644\n--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+one\n+two\n',
      ),
    ]).records
    expect(record?.call).toMatchObject({ card: 'diff', diffs: [{ path: '/repo/new.txt', oldText: null, newText: 'one\ntwo\n' }] })
  })
})

describe('a patch that is not a git patch of its changes reads back as the text it is', () => {
  it.each([
    ['a codex envelope', '*** Begin Patch\n*** Update File: a.txt\n@@\n-x\n+y\n*** End Patch\n'],
    ['a hunk with more lines than its header counts', 'diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-x\n+y\n+z\n'],
    ['a patch of another file', 'diff --git a/b.txt b/b.txt\n--- a/b.txt\n+++ b/b.txt\n@@ -1 +1 @@\n-x\n+y\n'],
  ])('%s', (_name, text) => {
    const [record] = readAcpUpdates([patchCall([{ operation: 'modify', path: '/repo/a.txt' }], text)]).records
    expect(record?.call.card).toBe('generic')
    const shown = JSON.stringify(record?.call)
    for (const line of text.trimEnd().split('\n')) expect(shown).toContain(JSON.stringify(line).slice(1, -1))
  })
})
