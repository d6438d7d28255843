/** How one page loaded in Chromium. */
export interface PageLoad {
  readonly page: string
  readonly bytes: number
  /** `document.getElementsByTagName('*').length` once loaded. */
  readonly elements: number
  /** From navigation to the load event. */
  readonly loadSeconds: number
  /** From navigation until the search script has written its first count; `undefined` when not waited for. */
  readonly searchReadySeconds: number | undefined
}
/** The Chromium the pages open in: `$CHROMIUM_PATH`, or Debian's. */
export declare const chromiumPath: string
/** Why no page can be opened here (no Chromium), or `undefined` when one can. */
export declare function chromiumMissing(): string | undefined
/**
 * Opens each page in a fresh context of one headless Chromium, in turn, and says how it loaded.
 * `searchScript: false` for pages without our search script (another tool's): no wait for its count.
 */
export declare function loadPages(pages: readonly string[], options?: { readonly searchScript?: boolean }): Promise<PageLoad[]>
