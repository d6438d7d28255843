import { describe, expect, it } from 'vitest'
import { MAX_EDIT_LENGTH, unifiedDiffLines, type UnifiedDiffOptions } from '../../src/text/unified-diff.js'
import { renderCallView } from 'tool-render-intent/text'
import { DEFAULT_MAX_DIFF_LINES } from '../../src/text/options.js'

const options: UnifiedDiffOptions = { color: false, cwd: '/repo', maxDiffLines: 2000 }

describe('a unified diff per file', () => {
  it('has --- and +++ headers, @@ hunks with three lines of context, and +/- lines', () => {
    const oldText = `${Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n')}\n`
    const newText = oldText.replace('line 10\n', 'line ten\n')
    expect(unifiedDiffLines([{ path: '/repo/f.txt', oldText, newText }], options)).toEqual([
      '--- a/f.txt',
      '+++ b/f.txt',
      '@@ -7,7 +7,7 @@',
      ' line 7',
      ' line 8',
      ' line 9',
      '-line 10',
      '+line ten',
      ' line 11',
      ' line 12',
      ' line 13',
      '1 file, +1 -1',
    ])
  })

  it('shows a new file as all additions against /dev/null', () => {
    expect(unifiedDiffLines([{ path: '/repo/new.ts', oldText: null, newText: 'a\nb\n' }], options)).toEqual([
      '--- /dev/null',
      '+++ b/new.ts',
      '@@ -0,0 +1,2 @@',
      '+a',
      '+b',
      '1 file, +2 -0',
    ])
  })

  it('keeps a path outside the cwd absolute, without a/ and b/ prefixes', () => {
    const lines = unifiedDiffLines([{ path: '/elsewhere/x', oldText: 'a\n', newText: 'b\n' }], options)
    expect(lines.slice(0, 2)).toEqual(['--- /elsewhere/x', '+++ /elsewhere/x'])
  })

  it('says so when a file has no changes, or a new file is empty', () => {
    expect(unifiedDiffLines([{ path: 'same', oldText: 'a\n', newText: 'a\n' }], options)[2]).toBe('(no changes)')
    expect(unifiedDiffLines([{ path: 'empty', oldText: null, newText: '' }], options)[2]).toBe('(new empty file)')
  })

  it('does not mark a missing final newline when neither side has one', () => {
    expect(unifiedDiffLines([{ path: 's', oldText: 'x', newText: 'y' }], options)).not.toContain('\\ No newline at end of file')
    expect(unifiedDiffLines([{ path: 's', oldText: 'x\n', newText: 'y' }], options)).toContain('\\ No newline at end of file')
  })

  it('shows a CR LF file without a visible CR on every line, and other control characters visibly', () => {
    const lines = unifiedDiffLines([{ path: 'w', oldText: 'a\r\nb\r\n', newText: 'a\r\n\u001b[31mc\r\n' }], options)
    expect(lines).toContain(' a')
    expect(lines).toContain('-b')
    expect(lines).toContain('+\\x1b[31mc')
  })
})

describe('the footer', () => {
  it('counts files, additions and removals across every file', () => {
    const lines = unifiedDiffLines(
      [
        { path: 'a', oldText: 'x\ny\n', newText: 'x\nz\nw\n' },
        { path: 'b', oldText: null, newText: '1\n2\n3\n' },
      ],
      options,
    )
    expect(lines.at(-1)).toBe('2 files, +5 -1')
  })

  it('says "1 file" in the singular and "0 files" for no diffs', () => {
    expect(unifiedDiffLines([{ path: 'a', oldText: 'x\n', newText: 'y\n' }], options).at(-1)).toBe('1 file, +1 -1')
    expect(unifiedDiffLines([], options)).toEqual(['0 files, +0 -0'])
  })
})

describe('a very large diff is cut at a bound', () => {
  const newText = `${Array.from({ length: 100 }, (_, i) => `${i}`).join('\n')}\n`
  const diffs = [{ path: 'big', oldText: null, newText }]

  it('shows at most maxDiffLines diff lines, then a marker naming how many were left out', () => {
    // 2 file headers + 1 hunk header + 100 additions = 103 diff lines.
    const lines = unifiedDiffLines(diffs, { ...options, maxDiffLines: 10 })
    expect(lines).toHaveLength(12)
    expect(lines[9]).toBe('+6')
    expect(lines[10]).toBe('… 93 more diff lines not shown')
    expect(lines[11]).toBe('1 file, +100 -0')
  })

  it('shows everything when the diff fits the bound exactly', () => {
    expect(unifiedDiffLines(diffs, { ...options, maxDiffLines: 103 })).toHaveLength(104)
  })

  it('says "line" in the singular when one line is left out', () => {
    expect(unifiedDiffLines(diffs, { ...options, maxDiffLines: 102 }).at(-2)).toBe('… 1 more diff line not shown')
  })

  it('uses a default bound of 2000 lines through the render options', () => {
    expect(DEFAULT_MAX_DIFF_LINES).toBe(2000)
    const huge = `${Array.from({ length: 3000 }, (_, i) => `${i}`).join('\n')}\n`
    const text = renderCallView({ card: 'diff', title: 'T', diffs: [{ path: 'h', oldText: null, newText: huge }] })
    expect(text).toContain('… 1003 more diff lines not shown')
    expect(
      renderCallView({ card: 'diff', title: 'T', diffs: [{ path: 'h', oldText: null, newText: huge }] }, { maxDiffLines: 5000 }),
    ).not.toContain('not shown')
  })
})

describe('a diff too large to compute is summarised in one line', () => {
  const numbered = (count: number, word: string) => `${Array.from({ length: count }, (_, i) => `${word} ${i}`).join('\n')}\n`

  it('names how many lines were replaced by how many, and the footer counts them all', () => {
    const lines = unifiedDiffLines([{ path: '/repo/big.txt', oldText: numbered(12_000, 'old'), newText: numbered(11_500, 'new') }], options)
    expect(lines).toEqual([
      '--- a/big.txt',
      '+++ b/big.txt',
      '(12,000 lines replaced by 11,500 lines; too large to diff)',
      '1 file, +11500 -12000',
    ])
  }, 20_000)

  it('says "line" in the singular and still diffs the other files', () => {
    const lines = unifiedDiffLines(
      [
        { path: 'one', oldText: 'x\n', newText: numbered(MAX_EDIT_LENGTH + 1, 'new') },
        { path: 'small', oldText: 'a\n', newText: 'b\n' },
      ],
      options,
    )
    expect(lines).toEqual([
      '--- a/one',
      '+++ b/one',
      `(1 line replaced by 2,001 lines; too large to diff)`,
      '--- a/small',
      '+++ b/small',
      '@@ -1,1 +1,1 @@',
      '-a',
      '+b',
      '2 files, +2002 -2',
    ])
  }, 20_000)

  it('paints the summary dim with colour on', () => {
    const lines = unifiedDiffLines([{ path: 'big', oldText: numbered(1_100, 'old'), newText: numbered(1_100, 'new') }], {
      ...options,
      color: true,
    })
    expect(lines[2]).toBe('\u001b[2m(1,100 lines replaced by 1,100 lines; too large to diff)\u001b[0m')
  }, 20_000)

  it('still diffs a change just within the bound', () => {
    const lines = unifiedDiffLines([{ path: 'f', oldText: numbered(1_000, 'old'), newText: numbered(1_000, 'new') }], {
      ...options,
      maxDiffLines: 3,
    })
    expect(lines).toEqual(['--- a/f', '+++ b/f', '@@ -1,1000 +1,1000 @@', '… 2000 more diff lines not shown', '1 file, +1000 -1000'])
  }, 20_000)

  it('shows a new file or an emptied file in full, however long, without searching', () => {
    const text = numbered(100_000, 'line')
    const added = unifiedDiffLines([{ path: 'new', oldText: null, newText: text }], { ...options, maxDiffLines: 4 })
    expect(added).toEqual([
      '--- /dev/null',
      '+++ b/new',
      '@@ -0,0 +1,100000 @@',
      '+line 0',
      '… 99999 more diff lines not shown',
      '1 file, +100000 -0',
    ])
    const removed = unifiedDiffLines([{ path: 'gone', oldText: text, newText: '' }], { ...options, maxDiffLines: 4 })
    expect(removed).toEqual([
      '--- a/gone',
      '+++ b/gone',
      '@@ -1,100000 +0,0 @@',
      '-line 0',
      '… 99999 more diff lines not shown',
      '1 file, +0 -100000',
    ])
  }, 20_000)
})

describe('a change that holds characters that hide', () => {
  it('says so before the diff, naming each as the markers do with its lines, and marks them in the diff lines (Trojan Source)', () => {
    const text = 'if (accessLevel != "user\u202e \u2066// Check if admin\u2069 \u2066") {\n'
    const lines = unifiedDiffLines([{ path: '/repo/a.js', oldText: null, newText: text }], options)
    expect(lines[0]).toBe(
      'Warning: this change holds bidirectional characters, kept as written: it may read differently from what it does. ' +
        'a.js (new text): <U+202E> on line 1, <U+2066> on line 1, <U+2069> on line 1.',
    )
    expect(lines).toContain('+if (accessLevel != "user<U+202E> <U+2066>// Check if admin<U+2069> <U+2066>") {')
  })

  it('paints the warning bold red with colour on, and says nothing for a clean change', () => {
    expect(unifiedDiffLines([{ path: 'a', oldText: null, newText: '\u200b' }], { ...options, color: true })[0]).toMatch(
      /^\u001b\[1;31mWarning: /,
    )
    expect(unifiedDiffLines([{ path: 'a', oldText: null, newText: 'x' }], options)[0]).not.toMatch(/Warning/)
  })
})
