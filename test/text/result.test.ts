import { describe, expect, it } from 'vitest'
import { renderResultView } from 'tool-render-intent/text'
import type { ToolResultView } from 'tool-render-intent'

describe('a generic result', () => {
  it('shows the content, with a header only when the result has a title', () => {
    expect(renderResultView({ card: 'generic', content: [{ type: 'text', text: 'done\n' }] })).toBe('done')
    expect(renderResultView({ card: 'generic', title: 'Read 3 lines', content: [{ type: 'text', text: 'a' }] })).toBe(
      '↩ result  Read 3 lines\na',
    )
  })

  it('shows every kind of content block an MCP tool returns', () => {
    const view: ToolResultView = {
      card: 'generic',
      content: [
        { type: 'text', text: 'Found 2 files', annotations: { audience: ['user'] } },
        { type: 'resource_link', uri: 'file:///repo/a.md', name: 'a.md', mimeType: 'text/markdown' },
        { type: 'resource', resource: { uri: 'file:///repo/b.txt', text: 'bee\n' } },
        { type: 'resource', resource: { uri: 'file:///repo/c.png', blob: 'iVBORw0KGgo=', mimeType: 'image/png' } },
        { type: 'audio', data: 'T2dnUw==', mimeType: 'audio/ogg' },
      ],
    }
    expect(renderResultView(view)).toBe(
      [
        'Found 2 files',
        '[link a.md file:///repo/a.md (text/markdown)]',
        '``` file:///repo/b.txt',
        'bee',
        '```',
        '[resource file:///repo/c.png image/png, 8 bytes]',
        '[audio audio/ogg]',
      ].join('\n'),
    )
  })

  it('renders nothing for an empty result', () => {
    expect(renderResultView({ card: 'generic' })).toBe('')
    expect(renderResultView({ card: 'generic', content: [{ type: 'text', text: '' }] })).toBe('')
  })
})

describe('a terminal result', () => {
  it('shows the output exactly as printed, then the exit status', () => {
    const output = '  indented\n\n\ttabbed   trailing   \nlast\n'
    expect(renderResultView({ card: 'terminal', output, exitCode: 0 })).toBe(`${output}[exit 0]`)
  })

  it('shows a signal, and both when both are known', () => {
    expect(renderResultView({ card: 'terminal', signal: 'SIGTERM' })).toBe('[signal SIGTERM]')
    expect(renderResultView({ card: 'terminal', exitCode: 137, signal: 'SIGKILL' })).toBe('[exit 137, signal SIGKILL]')
  })

  it('has no status line when neither exit code nor signal is known', () => {
    expect(renderResultView({ card: 'terminal', output: 'partial' })).toBe('partial')
    expect(renderResultView({ card: 'terminal' })).toBe('')
  })

  it('shows the title as a $ header', () => {
    expect(renderResultView({ card: 'terminal', title: 'npm test', output: 'ok', exitCode: 0 })).toBe('$ npm test\nok\n[exit 0]')
  })

  it('never reflows the output, whatever the width', () => {
    const output = `${'word '.repeat(40)}\n${'x'.repeat(200)}`
    expect(renderResultView({ card: 'terminal', output }, { width: 20 })).toBe(output)
  })

  it('drops colours in the output with colour off and shows every other escape sequence as visible escapes', () => {
    const view: ToolResultView = { card: 'terminal', output: '\u001b[91merror\u001b[0m: bad\u001b]0;x\u0007\r\n', exitCode: 2 }
    expect(renderResultView(view)).toBe('error: bad\\x1b]0;x\\x07\n[exit 2]')
  })

  it('keeps SGR colours with colour on, resets after them, and paints a failure red', () => {
    const view: ToolResultView = { card: 'terminal', output: '\u001b[1mbold\u001b[2J\n', exitCode: 2 }
    expect(renderResultView(view, { color: true })).toBe('\u001b[1mbold\\x1b[2J\u001b[0m\n\u001b[1;31m[exit 2]\u001b[0m')
  })

  it('paints a zero exit dim, not red', () => {
    expect(renderResultView({ card: 'terminal', exitCode: 0 }, { color: true })).toBe('\u001b[2m[exit 0]\u001b[0m')
  })
})

describe('a diff result', () => {
  it('renders the same unified diff as a diff call, with a header only when titled', () => {
    const diffs = [{ path: '/repo/a.txt', oldText: 'a\nb\n', newText: 'a\nc\n' }]
    const body = ['--- a/a.txt', '+++ b/a.txt', '@@ -1,2 +1,2 @@', ' a', '-b', '+c', '1 file, +1 -1'].join('\n')
    expect(renderResultView({ card: 'diff', diffs }, { cwd: '/repo' })).toBe(body)
    expect(renderResultView({ card: 'diff', title: 'Edited a.txt', diffs }, { cwd: '/repo' })).toBe(`✎ edit    Edited a.txt\n${body}`)
  })
})

describe('input outside the union', () => {
  it('throws an Error naming the unknown card', () => {
    expect(() => renderResultView({ card: 'chart' } as unknown as ToolResultView)).toThrow('renderResultView: unhandled card "chart"')
  })
})
