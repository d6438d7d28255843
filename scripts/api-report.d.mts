/** One entry point of package.json `exports`: its specifier, its report's file name in api/, its built types. */
export interface EntryPoint {
  readonly specifier: string
  readonly file: string
  readonly types: string
}
export declare function entryPoints(packageRoot?: string): EntryPoint[]
/** The report of every entry point, read from the built declarations in dist/. */
export declare function apiReport(packageRoot?: string): ApiReport
export interface ApiReport {
  /** Each file of api/ by name: `acp.api.md`, …, and `README.md` with the counts. */
  readonly files: Readonly<Record<string, string>>
  readonly counts: readonly { readonly specifier: string; readonly file: string; readonly count: number; readonly byKind: string }[]
  readonly total: number
  readonly distinct: number
}
/** The files of api/ that differ from the report (computed unless given): `[]` when it is fresh. */
export declare function staleFiles(packageRoot?: string, report?: ApiReport): string[]
