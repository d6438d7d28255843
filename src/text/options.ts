/**
 * How {@link renderCallView} and {@link renderResultView} write text.
 *
 * @example
 * renderCallView(view, { color: process.stdout.isTTY, width: process.stdout.columns, cwd: process.cwd() })
 */
export interface TextRenderOptions {
  /**
   * Add SGR colours (bold headers, green additions, red removals and failed
   * exits) and let the SGR colours of a command's output through. Default
   * `false`: plain text, with escape sequences removed from command output.
   */
  readonly color?: boolean | undefined
  /**
   * Wrap header lines (titles, the `$ command` line) at this many columns.
   * Nothing else is wrapped: command output and diff lines are never
   * reflowed. Columns are counted in code points. Default: no wrapping.
   */
  readonly width?: number | undefined
  /** The session's working directory: paths inside it are shown relative to it. */
  readonly cwd?: string | undefined
  /**
   * The most diff lines (file headers, `@@` lines and body lines) a card
   * shows; past it the diff is cut with a marker saying how many lines were
   * left out. Default 2000.
   */
  readonly maxDiffLines?: number | undefined
}

/** The default for {@link TextRenderOptions.maxDiffLines}. */
export const DEFAULT_MAX_DIFF_LINES = 2000

/** {@link TextRenderOptions} with every default applied: what the arms read. */
export interface ResolvedTextOptions {
  readonly color: boolean
  readonly width: number | undefined
  readonly cwd: string | undefined
  readonly maxDiffLines: number
}

/** Applies the defaults once per render. */
export const resolveTextOptions = (options: TextRenderOptions | undefined): ResolvedTextOptions => ({
  color: options?.color === true,
  width: options?.width,
  cwd: options?.cwd,
  maxDiffLines: options?.maxDiffLines ?? DEFAULT_MAX_DIFF_LINES,
})
