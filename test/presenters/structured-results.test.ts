// Claude Code's structured results (`toolUseResult`, passed as
// `result.structured`): the cards are rebuilt from them as
// claude-agent-acp 0.101.0 does; without them, the text is read as before.
import { describe, expect, it } from 'vitest'
import { bashTool, readTool, renameTool, taskTool, webSearchTool } from 'tool-render-intent/presenters'

const text = (value: string) => [{ type: 'text' as const, text: value }]

describe('Read with a structured result', () => {
  const raw = '     1\tlet a = 1\n     2\tlet b = 2\n\n<system-reminder>Whenever you read a file…</system-reminder>\n'

  it('numbers the lines of the file text without padding or system reminders', () => {
    const structured = {
      type: 'text',
      file: { filePath: '/repo/a.ts', content: 'let a = 1\nlet b = 2\n', startLine: 1, numLines: 2, totalLines: 2 },
    }
    expect(readTool.presentResult?.({ file_path: '/repo/a.ts' }, { content: text(raw), structured })).toEqual({
      card: 'generic',
      content: [{ type: 'text', text: '```typescript\n1\tlet a = 1\n2\tlet b = 2\n```' }],
    })
  })

  it('starts at the start line, else the offset, and says where the tool cut the file', () => {
    const structured = { type: 'text', file: { content: 'x\n', numLines: 1, totalLines: 900, truncatedByTokenCap: true } }
    expect(readTool.presentResult?.({ file_path: 'a.txt', offset: 40 }, { content: text(raw), structured })).toEqual({
      card: 'generic',
      content: [
        { type: 'text', text: '```\n40\tx\n```' },
        { type: 'text', text: '[File truncated: showing 1 of 900 lines]' },
      ],
    })
  })

  it('keeps the text for an empty file, an image, or no structured result', () => {
    const empty = { type: 'text', file: { content: '' } }
    for (const structured of [empty, { type: 'image', file: {} }, undefined, 'text']) {
      expect(readTool.presentResult?.({ file_path: 'a.txt' }, { content: text('note'), structured })).toEqual({
        card: 'generic',
        content: [{ type: 'text', text: '```\nnote\n```' }],
      })
    }
  })
})

describe('Agent with a structured result', () => {
  const agent = renameTool(taskTool, 'Agent')
  const trailer = 'The report.\n\nagentId: a1b2-c3 (use SendMessage with to: a1b2-c3 to continue)\n<usage>total_tokens: 12</usage>'

  it('shows the completed report it carries', () => {
    const structured = { status: 'completed', content: text('The [report](x).') }
    expect(agent.presentResult?.({ description: 'd' }, { content: text(trailer), structured })).toEqual({
      card: 'generic',
      content: [{ type: 'text', text: 'The \\[report](x).' }],
    })
  })

  it('drops the agentId line and the usage block from the text without one', () => {
    expect(agent.presentResult?.({}, { content: text(trailer) })).toEqual({ card: 'generic', content: text('The report.') })
  })

  it('keeps a report that only mentions them', () => {
    const mention = 'Use agentId: x (y) and <usage>z</usage> here.\nDone.'
    expect(agent.presentResult?.({}, { content: text(mention) })).toEqual({
      card: 'generic',
      content: text('Use agentId: x (y) and \\<usage>z\\</usage> here.\nDone.'),
    })
  })
})

describe('WebSearch with a structured result', () => {
  it('lists the hits as Title (url)', () => {
    const structured = {
      query: 'acp',
      results: ['A summary', { tool_use_id: 's', content: [{ title: 'ACP', url: 'https://agentclientprotocol.com' }, { title: 3 }] }],
    }
    expect(webSearchTool.presentResult?.({ query: 'acp' }, { content: text('Web search results for query: …'), structured })).toEqual({
      card: 'generic',
      content: [{ type: 'text', text: 'A summary\nACP (https://agentclientprotocol.com)' }],
    })
  })

  it('shows the text when the structured result lists no hit', () => {
    expect(webSearchTool.presentResult?.({ query: 'q' }, { content: text('raw'), structured: { results: [] } })).toEqual({
      card: 'generic',
      content: text('raw'),
    })
  })
})

describe('Bash with a structured result', () => {
  const args = { command: 'npm test' }

  it('shows stdout then stderr and exited with 0 on success', () => {
    const structured = { stdout: 'ok', stderr: 'warn', interrupted: false }
    expect(bashTool.presentResult?.(args, { content: text('ok\nwarn\n<hint for the model>'), structured })).toEqual({
      card: 'terminal',
      output: 'ok\nwarn',
      exitCode: 0,
      signal: undefined,
    })
  })

  it('says an interrupted command was aborted, with no exit code', () => {
    const structured = { stdout: 'partial', stderr: '', interrupted: true }
    expect(bashTool.presentResult?.(args, { content: text('partial'), isError: true, structured })).toEqual({
      card: 'terminal',
      output: 'partial\n[Command was aborted before completion]',
      exitCode: undefined,
      signal: undefined,
    })
  })

  it('has no exit code for a success the tool interpreted, and notes output saved to disk', () => {
    const structured = {
      stdout: 'x',
      stderr: '',
      returnCodeInterpretation: 'No matches found',
      persistedOutputPath: '/tmp/o',
      persistedOutputSize: 9,
    }
    expect(bashTool.presentResult?.(args, { content: text('x'), structured })).toMatchObject({
      output: 'x\n[Output truncated (9 bytes total): full output saved to /tmp/o]',
      exitCode: undefined,
    })
  })

  it('reads the content of an image or a command sent to the background', () => {
    expect(
      bashTool.presentResult?.(args, { content: text('raw'), structured: { stdout: 'o', stderr: '', backgroundTaskId: 'b1' } }),
    ).toMatchObject({
      output: 'raw',
      exitCode: undefined,
    })
  })

  it("takes a failed command's exit code from its Exit code line, the meta's winning", () => {
    expect(bashTool.presentResult?.(args, { content: text('Exit code 2\nnot found'), isError: true })).toMatchObject({ exitCode: 2 })
    expect(bashTool.presentResult?.(args, { content: text('Exit code 2\n'), isError: true, meta: { exitCode: 7 } })).toMatchObject({
      exitCode: 7,
    })
    expect(bashTool.presentResult?.(args, { content: text('Exit code 2x'), isError: true })).toMatchObject({ exitCode: undefined })
    expect(bashTool.presentResult?.(args, { content: text('Permission denied'), isError: true })).toMatchObject({ exitCode: undefined })
  })

  it('behaves as before without a structured result', () => {
    expect(bashTool.presentResult?.(args, { content: text('ok') })).toEqual({
      card: 'terminal',
      output: 'ok',
      exitCode: undefined,
      signal: undefined,
    })
  })
})
