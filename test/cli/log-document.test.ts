import { describe, expect, it } from 'vitest'
import { detectLogFormat } from '../../src/cli/log-format.js'
import { documentValues } from '../../src/cli/log-document.js'
import { opencodeCwd } from '../../src/cli/opencode-log.js'

describe('a log kept as one JSON document is read as the lines its agent’s log would have', () => {
  it('gives an older Gemini CLI chat’s metadata, then its messages', () => {
    const message = { id: 'm', timestamp: 't', type: 'gemini', content: 'hi' }
    const values = documentValues({ sessionId: 's', projectHash: 'h', startTime: 't', lastUpdated: 't', messages: [message] })
    expect(values).toStrictEqual([{ sessionId: 's', projectHash: 'h', startTime: 't', lastUpdated: 't' }, message])
    expect(detectLogFormat(values ?? [])).toBe('gemini-cli')
  })

  it('gives an opencode export’s session info (its directory the cwd), then the user’s text and the assistant’s parts, each message’s steps first', () => {
    const tool = { type: 'tool', callID: 'c', tool: 'bash', state: { status: 'completed', input: { command: 'ls' }, output: '' } }
    const values =
      documentValues({
        info: { id: 'ses_1', directory: '/w' },
        messages: [
          {
            info: { role: 'user', time: { created: 4 } },
            parts: [
              { type: 'text', text: 'go' },
              { type: 'text', text: 'a file opencode read in', synthetic: true },
            ],
          },
          {
            info: { role: 'assistant', modelID: 'm', time: { created: 5 } },
            parts: [{ type: 'step-start' }, { type: 'text', text: 'ok' }, tool, null, { type: 'step-finish', tokens: {} }],
          },
        ],
      }) ?? []
    expect(values).toStrictEqual([
      { info: { id: 'ses_1', directory: '/w' } },
      { type: 'text', role: 'user', timestamp: 4, sessionID: 'ses_1', part: { type: 'text', text: 'go' } },
      { type: 'step_finish', timestamp: 5, sessionID: 'ses_1', part: { type: 'step-finish', tokens: {} } },
      { type: 'text', timestamp: 5, sessionID: 'ses_1', part: { type: 'text', text: 'ok' }, model: 'm' },
      tool,
    ])
    expect(opencodeCwd(values[0])).toBe('/w')
    expect(detectLogFormat(values)).toBe('opencode')
  })

  it('says nothing of a document of another shape', () => {
    expect(documentValues([1])).toBeUndefined()
    expect(documentValues({ messages: 'no' })).toBeUndefined()
    expect(documentValues({ messages: [] })).toBeUndefined()
  })
})
