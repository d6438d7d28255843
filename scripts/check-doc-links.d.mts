/** The anchor GitHub gives a heading's text. */
export declare function slugOf(text: string): string
/** Every anchor a Markdown page's headings (and `id` / `name` attributes in its HTML) make. */
export declare function anchorsOf(markdown: string): Set<string>
/** The broken relative links of these pages, as `file:line: url: message` (none: `[]`). */
export declare function brokenLinks(files: readonly string[], root?: string): string[]
/** README.md and every Markdown page under docs/ but docs/api/. */
export declare function documentationPages(root: string): string[]
