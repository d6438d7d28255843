// A log file as JSON values, one a line: blank lines skipped, a line that is
// not JSON counted and left out.

/** The values of a JSON-lines log, and how many lines were not JSON. */
export interface LogLines {
  readonly values: unknown[]
  readonly unreadable: number
}

/** Parses each non-blank line of `text` as JSON; `onLine` is told each line number, for progress. */
export function parseLogLines(text: string, onLine?: (line: number, total: number) => void): LogLines {
  const lines = text.split('\n')
  const values: unknown[] = []
  let unreadable = 0
  for (let index = 0; index < lines.length; index++) {
    onLine?.(index + 1, lines.length)
    const line = lines[index].trim()
    if (line === '') continue
    try {
      values.push(JSON.parse(line))
    } catch {
      unreadable++
    }
  }
  return { values, unreadable }
}
