// The published figures are the bench's own: BENCHMARKS.md and the README's
// performance section hold them only between the markers `npm run bench`
// writes, and every figure the README gives is one of BENCHMARKS.md's.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const START = '<!-- bench:start -->'
const END = '<!-- bench:end -->'
const root = new URL('..', import.meta.url)
const read = (name: string) => readFileSync(new URL(name, root), 'utf8')

function block(text: string): { inside: string; outside: string } {
  const start = text.indexOf(START)
  const end = text.indexOf(END)
  expect(start, 'the start marker').toBeGreaterThanOrEqual(0)
  expect(end, 'the end marker after it').toBeGreaterThan(start)
  expect(text.indexOf(START, start + 1), 'one block only').toBe(-1)
  return { inside: text.slice(start + START.length, end), outside: text.slice(0, start) + text.slice(end + END.length) }
}

// Numbers as prose writes them (`1.26x`, `2,026`, `0.3`), not digits inside names (`acp-v2`, `h2`).
const numbersIn = (text: string) => text.match(/(?<![\w.])\d[\d,]*(?:\.\d+)?/g) ?? []

const cellsOf = (line: string) =>
  line
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim())

interface Table {
  readonly header: string[]
  readonly rows: string[][]
}

function tablesIn(text: string): Table[] {
  const tables: Table[] = []
  const lines = text.split('\n')
  for (let index = 0; index < lines.length; index++) {
    if (!lines[index].startsWith('|')) continue
    const header = cellsOf(lines[index])
    expect(
      cellsOf(lines[index + 1] ?? '').every((cell) => /^-+$/.test(cell)),
      `a separator under ${lines[index]}`,
    ).toBe(true)
    const rows: string[][] = []
    for (index += 2; index < lines.length && lines[index].startsWith('|'); index++) rows.push(cellsOf(lines[index]))
    tables.push({ header, rows })
  }
  return tables
}

const readmeSection = () => {
  const readme = read('README.md')
  const start = readme.indexOf('## Performance and size')
  expect(start).toBeGreaterThanOrEqual(0)
  const end = readme.indexOf('\n## ', start + 1)
  return readme.slice(start, end === -1 ? undefined : end)
}

describe('BENCHMARKS.md', () => {
  it('holds its figures in one generated block, one table per area, every row with its load and command', () => {
    const { inside, outside } = block(read('BENCHMARKS.md'))
    expect(numbersIn(outside), 'numbers outside the generated block').toEqual([])
    const tables = tablesIn(inside)
    expect(tables.length).toBeGreaterThanOrEqual(1)
    for (const { header, rows } of tables) {
      expect(header.slice(-2)).toEqual(['load', 'command'])
      expect(rows.length).toBeGreaterThan(0)
      for (const row of rows) {
        expect(row).toHaveLength(header.length)
        expect(row.at(-2)).toMatch(/^\d+\.\d \/ \d+\.\d \/ \d+\.\d$/)
        // A row that needs another tool installed names it as the bench reads it (claude-code-log's, in the render area).
        expect(row.at(-1)).toMatch(/^`(CLAUDE_CODE_LOG=claude-code-log )?npm run bench -- [a-z]+`$/)
        for (const [column, cell] of row.entries())
          if (header[column].startsWith('≤') || header[column] === 'within the limit') expect(cell).toMatch(/^(met|\*\*not met\*\*)$/)
      }
    }
  })
})

describe("the README's performance section", () => {
  it('gives no figure outside its generated block', () => {
    const { outside } = block(readmeSection())
    expect(numbersIn(outside)).toEqual([])
  })

  it('gives only figures that BENCHMARKS.md gives', () => {
    const { inside } = block(readmeSection())
    const published = new Set(numbersIn(block(read('BENCHMARKS.md')).inside))
    const figures = numbersIn(inside)
    expect(figures.length).toBeGreaterThan(0)
    expect(figures.filter((figure) => !published.has(figure))).toEqual([])
  })
})
