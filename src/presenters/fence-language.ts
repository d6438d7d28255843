// The info string for a fenced file: a language hint from the file's
// extension, so editors highlight what a read returned.

// Extension (lower case, no dot) to the info string Markdown highlighters know.
const languages: ReadonlyMap<string, string> = new Map(
  Object.entries({
    ts: 'typescript',
    tsx: 'tsx',
    mts: 'typescript',
    cts: 'typescript',
    js: 'javascript',
    jsx: 'jsx',
    mjs: 'javascript',
    cjs: 'javascript',
    json: 'json',
    jsonc: 'jsonc',
    md: 'markdown',
    py: 'python',
    rs: 'rust',
    go: 'go',
    java: 'java',
    kt: 'kotlin',
    swift: 'swift',
    c: 'c',
    h: 'c',
    cc: 'cpp',
    cpp: 'cpp',
    hpp: 'cpp',
    cs: 'csharp',
    rb: 'ruby',
    php: 'php',
    sh: 'sh',
    bash: 'bash',
    zsh: 'zsh',
    fish: 'fish',
    ps1: 'powershell',
    html: 'html',
    css: 'css',
    scss: 'scss',
    vue: 'vue',
    svelte: 'svelte',
    sql: 'sql',
    yaml: 'yaml',
    yml: 'yaml',
    toml: 'toml',
    xml: 'xml',
    lua: 'lua',
    zig: 'zig',
    ex: 'elixir',
    exs: 'elixir',
    hs: 'haskell',
    ml: 'ocaml',
    scala: 'scala',
    dart: 'dart',
    r: 'r',
    nix: 'nix',
    diff: 'diff',
    patch: 'diff',
  }),
)

/**
 * The fence info string for `path`, from its extension (case-insensitive),
 * or `''` when the extension is unknown or there is none.
 *
 * @example
 * fenceLanguage('/repo/src/a.ts') // 'typescript'
 * fenceLanguage('Makefile') // ''
 */
export function fenceLanguage(path: string): string {
  const dot = path.lastIndexOf('.')
  // A leading dot names a hidden file (`.bashrc`), not an extension; a dot
  // before the last separator is in a directory's name.
  if (dot <= Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1) return ''
  const extension = path.slice(dot + 1)
  const language = languages.get(extension)
  if (language !== undefined) return language
  const lower = extension.toLowerCase()
  return lower === extension ? '' : (languages.get(lower) ?? '')
}
