// Printing: Markdown tables, so a run's output pastes into BENCHMARKS.md.

export const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toFixed(3))
export const ratio = (value: number) => `${value.toFixed(2)}x`
export const bytes = (value: number) =>
  value >= 1024 * 1024 ? `${(value / 1024 / 1024).toFixed(1)} MiB` : value >= 1024 ? `${(value / 1024).toFixed(1)} KiB` : `${value} B`

/** A Markdown table. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}

/** Prints a section heading and its text. */
export function section(title: string, ...parts: string[]): void {
  console.log(`\n### ${title}\n`)
  for (const part of parts) console.log(`${part}\n`)
}
