import { describe, expect, it } from 'vitest'
import { SNAPSHOT_LENGTH, TextStream } from '../../src/lifecycle/output-stream.js'

describe('a snapshot of output shown as text', () => {
  it('starts on a whole marker when its cut falls inside one', () => {
    for (let after = 0; after < 8; after++) {
      const stream = new TextStream(1_000_000)
      stream.push(`${'\u202e'.repeat(2000)}${'y'.repeat(after)}`)
      const snapshot = stream.snapshot()
      expect(snapshot.length).toBeLessThanOrEqual(SNAPSHOT_LENGTH)
      expect(snapshot).toMatch(/^(<U\+202E>)+y*$/)
    }
  })

  it('never starts inside a surrogate pair', () => {
    const stream = new TextStream(1_000_000)
    stream.push('🎉'.repeat(3000))
    expect(stream.snapshot().isWellFormed()).toBe(true)
  })

  it('drops colours and shows other escape sequences as markers, however the output was cut into pieces', () => {
    const stream = new TextStream(1_000_000)
    for (const piece of ['ok \u001b[3', '1mred\u001b', '[0m\r', '\n50%\u001b[', 'K\r', '60%\r\n']) stream.push(piece)
    expect(stream.snapshot()).toBe('ok red\r\n50%␛[K␍60%')
    expect(stream.end()).toBe('ok red\r\n50%␛[K␍60%\r\n')
  })
})
