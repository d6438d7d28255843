/**
 * How the HTML renderer writes a card.
 *
 * @example
 * renderCallViewHtml(view, { cwd: '/repo', allowRemoteImages: false })
 */
export interface HtmlRenderOptions {
  /** The session's working directory: paths inside it are shown relative to it. */
  readonly cwd?: string | undefined
  /**
   * Let `<img>` load images from http(s) addresses written in Markdown
   * content. Default `false`: such an image is shown as a link to it, so
   * opening the page fetches nothing. Image content blocks (base64 data)
   * are always shown inline.
   */
  readonly allowRemoteImages?: boolean | undefined
  /**
   * The most diff rows a card shows; past it one row says how many were
   * left out. Default 2000.
   */
  readonly maxDiffLines?: number | undefined
}

/** The default for {@link HtmlRenderOptions.maxDiffLines}. */
export const DEFAULT_MAX_DIFF_ROWS = 2000

/** {@link HtmlRenderOptions} with every default applied: what the arms read. */
export interface ResolvedHtmlOptions {
  readonly cwd: string | undefined
  readonly allowRemoteImages: boolean
  readonly maxDiffLines: number
}

/** Applies the defaults once per render. */
export const resolveHtmlOptions = (options: HtmlRenderOptions | undefined): ResolvedHtmlOptions => ({
  cwd: options?.cwd,
  allowRemoteImages: options?.allowRemoteImages === true,
  maxDiffLines:
    options?.maxDiffLines !== undefined && Number.isFinite(options.maxDiffLines)
      ? Math.max(0, Math.floor(options.maxDiffLines))
      : DEFAULT_MAX_DIFF_ROWS,
})
