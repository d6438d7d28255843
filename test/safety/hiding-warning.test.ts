import { describe, expect, it } from 'vitest'
import { HIDING_WARNING_LIMITS, hidingFinding, hidingInDiffs, hidingInRawInput, hidingWarning } from '../../src/safety/hiding-warning.js'
import { trojanSource } from '../fixtures/trojan-source.js'

describe('what hides in a text, and where', () => {
  it('names each character as the markers do, with the lines it stands on', () => {
    expect(hidingFinding(trojanSource.commentingOut, 'check.js (new text)')).toStrictEqual({
      where: 'check.js (new text)',
      characters: [
        { marker: '<U+202E>', bidi: true, lines: [2], moreLines: 0 },
        { marker: '<U+2066>', bidi: true, lines: [2], moreLines: 0 },
        { marker: '<U+2069>', bidi: true, lines: [2], moreLines: 0 },
      ],
      moreCharacters: 0,
    })
    expect(hidingFinding('a\u200b\nb\nc\u200b\u0007\r\nd', 'x')?.characters).toStrictEqual([
      { marker: '<U+200B>', bidi: false, lines: [1, 3], moreLines: 0 },
      { marker: '␇', bidi: false, lines: [3], moreLines: 0 },
    ])
  })

  it('finds nothing in text a person reads as it is: tabs, line feeds, CR LF, emoji', () => {
    expect(hidingFinding('a\tb\r\nc 🎉 é\n', 'x')).toBeUndefined()
  })

  it('is bounded: a few characters and lines named, the rest counted', () => {
    const lines = Array.from({ length: 100 }, () => '\u202e').join('\n')
    const [character] = hidingFinding(lines, 'x')!.characters
    expect(character.lines).toHaveLength(HIDING_WARNING_LIMITS.lines)
    expect(character.moreLines).toBe(100 - HIDING_WARNING_LIMITS.lines)
    const kinds = String.fromCodePoint(...Array.from({ length: 30 }, (_, index) => 0xe0020 + index))
    const finding = hidingFinding(kinds, 'x')!
    expect(finding.characters).toHaveLength(HIDING_WARNING_LIMITS.characters)
    expect(finding.moreCharacters).toBe(30 - HIDING_WARNING_LIMITS.characters)
    expect(hidingWarning(finding ? [finding] : [], 'change')).toContain('22 more kinds of character')
  })
})

describe('the warning a card carries', () => {
  it('says the change holds bidirectional characters, names them and their lines', () => {
    const warning = hidingWarning(hidingInDiffs([{ path: 'src/check.js', oldText: 'a\n', newText: trojanSource.commentingOut }]), 'change')
    expect(warning).toBe(
      'Warning: this change holds bidirectional characters, kept as written: it may read differently from what it does. ' +
        'src/check.js (new text): <U+202E> on line 2, <U+2066> on line 2, <U+2069> on line 2.',
    )
  })

  it('says invisible when no character is bidirectional, and both when both are there', () => {
    expect(hidingWarning(hidingInDiffs([{ path: 'a.js', oldText: null, newText: trojanSource.invisibleName }]), 'change')).toBe(
      'Warning: this change holds invisible characters, kept as written: it may read differently from what it does. a.js (new text): <U+200B> on line 2.',
    )
    const both = hidingInDiffs([
      { path: 'a.js', oldText: trojanSource.stretchedString, newText: trojanSource.invisibleName },
      { path: 'b.js', oldText: null, newText: 'x' },
    ])
    expect(both.map((finding) => finding.where)).toStrictEqual(['a.js (old text)', 'a.js (new text)'])
    expect(hidingWarning(both, 'change')).toContain('bidirectional and invisible characters')
  })

  it('is nothing for clean texts', () => {
    expect(hidingWarning(hidingInDiffs([{ path: 'a.ts', oldText: 'a', newText: 'b\n' }]), 'change')).toBeUndefined()
  })

  it("names each raw-input string by its path, keys included, and marks a path's own hiding characters", () => {
    const findings = hidingInRawInput({ command: 'ls\u202e', edits: [{ new_string: 'a\n\u200bb' }], 'we\u200dird key': 'x', ok: 'fine' })
    expect(findings.map((finding) => finding.where)).toStrictEqual([
      'rawInput.command',
      'rawInput.edits[0].new_string',
      'rawInput key we<U+200D>ird key',
    ])
    expect(hidingWarning(findings, 'input')).toMatch(/^Warning: this call's raw input holds bidirectional and invisible characters/)
  })

  it('reads a hostile raw input without throwing: deep, wide, cyclic, with throwing getters', () => {
    let deep: unknown = '\u202e'
    for (let index = 0; index < 10_000; index++) deep = [deep]
    expect(hidingInRawInput(deep)).toStrictEqual([])
    const cyclic: Record<string, unknown> = { a: '\u202e' }
    cyclic.self = cyclic
    expect(hidingInRawInput(cyclic).length).toBeGreaterThan(0)
    const getter = Object.defineProperty({}, 'x', {
      enumerable: true,
      get() {
        throw new Error('no')
      },
    })
    expect(hidingInRawInput(getter)).toStrictEqual([])
    expect(hidingInRawInput(Array.from({ length: 100_000 }, () => '\u202e')).length).toBeLessThanOrEqual(10_000)
  })
})
