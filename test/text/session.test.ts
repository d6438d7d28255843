import { describe, expect, it } from 'vitest'
import { renderCallView, renderResultView } from 'tool-render-intent/text'
import { session, sessionCwd } from './fixtures/session.js'

// The whole session as one transcript: each call, then its result, a blank line between steps.
const transcript = (color: boolean) =>
  `${session
    .map((step) =>
      [renderCallView(step.call, { color, cwd: sessionCwd }), renderResultView(step.result, { color, cwd: sessionCwd })]
        .filter((text) => text !== '')
        .join('\n'),
    )
    .join('\n\n')}\n`

describe('a representative session', () => {
  it('renders as plain text without colour', async () => {
    await expect(transcript(false)).toMatchFileSnapshot('./__snapshots__/session.plain.txt')
  })

  it('renders with SGR colours when colour is on (cat the snapshot to see it)', async () => {
    await expect(transcript(true)).toMatchFileSnapshot('./__snapshots__/session.color.ans')
  })

  it('renders the same string every time', () => {
    expect(transcript(true)).toBe(transcript(true))
    expect(transcript(false)).toBe(transcript(false))
  })
})
