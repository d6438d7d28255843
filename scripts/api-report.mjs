// The API report: every export of every entry point (package.json `exports`),
// with its kind and its declaration as the built `.d.ts` gives it to a user,
// one Markdown file per entry point in api/, and a count per entry point in
// api/README.md. A change to the public surface is a change to these files,
// so it shows in review; test/api-report.test.ts fails when they are stale.
//
//   node scripts/api-report.mjs          writes api/ (after `npm run build`)
//   node scripts/api-report.mjs --check  exits 1 when api/ is stale
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

const root = join(import.meta.dirname, '..')

/** The entry points: `{ specifier, file, types }`, `file` naming the report (`acp-v2` → `api/acp-v2.api.md`). */
export function entryPoints(packageRoot = root) {
  const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'))
  return Object.entries(manifest.exports).flatMap(([subpath, target]) => {
    const types = target?.import?.types
    if (typeof types !== 'string') return []
    const name = subpath === '.' ? 'index' : subpath.slice(2)
    return [{ specifier: subpath === '.' ? manifest.name : `${manifest.name}/${name}`, file: `${name}.api.md`, types }]
  })
}

const declarationFiles = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.d.ts'))
        .sort()
        .map((file) => join(dir, file))
    : []

const kindOf = (declaration) => {
  if (ts.isFunctionDeclaration(declaration)) return 'function'
  if (ts.isVariableDeclaration(declaration)) return 'const'
  if (ts.isClassDeclaration(declaration)) return 'class'
  if (ts.isInterfaceDeclaration(declaration)) return 'interface'
  if (ts.isTypeAliasDeclaration(declaration)) return 'type'
  if (ts.isEnumDeclaration(declaration)) return 'enum'
  if (ts.isModuleDeclaration(declaration)) return 'namespace'
  return ts.SyntaxKind[declaration.kind]
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed })

/** A declaration as a user's editor shows it: no TSDoc, no `export`/`declare`. */
function declarationText(declaration) {
  const file = declaration.getSourceFile()
  const node = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration
  const text = printer.printNode(ts.EmitHint.Unspecified, node, file)
  return text.replace(/^(?:export )?(?:default )?(?:declare )?/, '')
}

/**
 * The report of every entry point, read from the built declarations in
 * `dist/`: `{ files: { 'acp.api.md': text, … }, counts: [{ specifier, count }] }`.
 */
export function apiReport(packageRoot = root) {
  const entries = entryPoints(packageRoot)
  // Every built declaration file, and nothing else: the report prints declarations as
  // written, so it needs the exports resolved, not the SDK's types (which are most of the work).
  const program = ts.createProgram(declarationFiles(join(packageRoot, 'dist')), {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    noResolve: true,
    noLib: true,
    types: [],
  })
  const checker = program.getTypeChecker()
  const files = {}
  const counts = []
  const exportsOf = (types) => {
    const source = program.getSourceFile(join(packageRoot, types))
    if (source === undefined) throw new Error(`${types}: not built (run \`npm run build\`)`)
    return checker
      .getExportsOfModule(checker.getSymbolAtLocation(source))
      .map((symbol) => {
        const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
        const declarations = target.declarations ?? []
        return {
          name: symbol.name,
          target,
          declarations,
          kind: [...new Set(declarations.map(kindOf))].join(' and '),
          text: declarations.map(declarationText).join('\n'),
        }
      })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  }
  const entryExports = entries.map((entry) => ({ ...entry, exports: exportsOf(entry.types) }))
  // Types of this package that an export's declaration names and no entry point exports
  // (api-extractor's "forgotten exports"): a user sees the name and cannot import it.
  const exported = new Set(entryExports.flatMap(({ exports }) => exports.map(({ target }) => target)))
  for (const { specifier, file, types, exports } of entryExports) {
    const unexported = new Set()
    const visit = (node) => {
      if (ts.isTypeReferenceNode(node) || ts.isExpressionWithTypeArguments(node)) {
        const name = ts.isTypeReferenceNode(node) ? node.typeName : node.expression
        let symbol = checker.getSymbolAtLocation(ts.isQualifiedName(name) ? name.right : name)
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol)
        const declaration = symbol?.declarations?.[0]
        if (
          declaration !== undefined &&
          !(symbol.flags & ts.SymbolFlags.TypeParameter) &&
          declaration.getSourceFile().fileName.startsWith(join(packageRoot, 'dist')) &&
          !exported.has(symbol)
        )
          unexported.add(symbol.name)
      }
      ts.forEachChild(node, visit)
    }
    for (const { declarations } of exports) for (const declaration of declarations) visit(declaration)
    const perKind = new Map()
    for (const { kind } of exports) perKind.set(kind, (perKind.get(kind) ?? 0) + 1)
    const byKind = [...perKind]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([kind, count]) => `${count} ${kind}`)
      .join(', ')
    counts.push({ specifier, file, count: exports.length, byKind })
    files[file] = [
      `# \`${specifier}\`: API report`,
      '',
      `Generated by \`node scripts/api-report.mjs\` from \`${types}\`: do not edit.`,
      '`test/api-report.test.ts` fails when this file is stale; a change here is a change to the public API.',
      '',
      `${exports.length} exports: ${byKind}.`,
      '',
      unexported.size === 0
        ? 'Every type of this package that these declarations name is exported by an entry point.'
        : `Named in these declarations and exported by no entry point: ${[...unexported]
            .sort()
            .map((name) => `\`${name}\``)
            .join(', ')}.`,
      '',
      ...exports.flatMap(({ name, kind, text }) => [`## \`${name}\` (${kind})`, '', '```ts', text, '```', '']),
    ].join('\n')
  }
  const total = counts.reduce((sum, { count }) => sum + count, 0)
  const distinct = new Set(Object.values(files).flatMap((text) => [...text.matchAll(/^## `([^`]+)`/gm)].map(([, name]) => name))).size
  files['README.md'] = [
    '# API report',
    '',
    'Every export of every entry point, as the built declarations give it. Generated by',
    '`node scripts/api-report.mjs` (after `npm run build`); `test/api-report.test.ts` fails when',
    'it is stale, so a change to the public API is a change to these files.',
    '',
    '| entry point | exports | of which |',
    '|---|---:|---|',
    ...counts.map(({ specifier, file, count, byKind }) => `| [\`${specifier}\`](${file}) | ${count} | ${byKind} |`),
    `| all | ${total} (${distinct} distinct names) | |`,
    '',
  ].join('\n')
  return { files, counts, total, distinct }
}

/** The files of `api/` that differ from the report: `[]` when it is fresh. */
export function staleFiles(packageRoot = root, { files } = apiReport(packageRoot)) {
  const dir = join(packageRoot, 'api')
  const present = existsSync(dir) ? readdirSync(dir) : []
  const stale = Object.entries(files)
    .filter(([file, text]) => !existsSync(join(dir, file)) || readFileSync(join(dir, file), 'utf8') !== text)
    .map(([file]) => `api/${file}`)
  const extra = present.filter((file) => !(file in files)).map((file) => `api/${file}`)
  return [...stale, ...extra]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--check')) {
    const stale = staleFiles()
    if (stale.length > 0) {
      console.error(`API report stale (run \`npm run build && node scripts/api-report.mjs\`): ${stale.join(', ')}`)
      process.exit(1)
    }
  } else {
    const { files, total, distinct } = apiReport()
    const dir = join(root, 'api')
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir)
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text)
    console.log(`api/: ${Object.keys(files).length} files, ${total} exports (${distinct} distinct names)`)
  }
}
