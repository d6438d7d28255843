// The encoder behind terminal_output_chunk: base64 of UTF-8, without Node
// built-ins, identical to what Node's Buffer gives.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { utf8ToBase64 } from '../../src/acp-v2/base64.js'
import { decodeBase64 } from './fixtures/client-model.js'
import { soak } from '../property-runs.js'

const nodeBase64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')

describe('utf8ToBase64', () => {
  it('encodes the RFC 4648 test vectors', () => {
    for (const [text, expected] of [
      ['', ''],
      ['f', 'Zg=='],
      ['fo', 'Zm8='],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg=='],
      ['fooba', 'Zm9vYmE='],
      ['foobar', 'Zm9vYmFy'],
    ]) {
      expect(utf8ToBase64(text)).toBe(expected)
    }
  })

  it('encodes one-, two-, three- and four-byte characters as UTF-8', () => {
    expect(utf8ToBase64('ok\n')).toBe('b2sK')
    expect(utf8ToBase64('é')).toBe(nodeBase64('é'))
    expect(utf8ToBase64('✓ done')).toBe(nodeBase64('✓ done'))
    expect(utf8ToBase64('🦀\u001b[31m')).toBe(nodeBase64('🦀\u001b[31m'))
  })

  it('encodes a lone surrogate as U+FFFD, as TextEncoder does', () => {
    expect(utf8ToBase64('a\ud800b')).toBe(nodeBase64('a\ufffdb'))
    expect(utf8ToBase64('\udc00')).toBe(nodeBase64('\ufffd'))
    expect(utf8ToBase64('x\ud83d')).toBe(nodeBase64('x\ufffd'))
  })

  it('agrees with Buffer for any string, and decodes back to its UTF-8', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)), maxLength: 3 }),
        (text, surrogates) => {
          const value = text + surrogates + text
          const encoded = utf8ToBase64(value)
          expect(encoded).toBe(nodeBase64(value))
          expect(new TextDecoder().decode(decodeBase64(encoded))).toBe(value.toWellFormed())
        },
      ),
      { numRuns: 500 },
    )
  })

  // A timed run: under `npm run test:soak` only (CI runs it), never on a busy `npm test`.
  it.runIf(soak)('encodes 4 Mi characters of output in linear time', () => {
    const text = 'PASS src/a.test.ts ✓\n'.repeat(200_000)
    const started = performance.now()
    const encoded = utf8ToBase64(text)
    expect(performance.now() - started).toBeLessThan(2000)
    expect(encoded).toBe(nodeBase64(text))
  })
})
