import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { defineConfig } from 'tsup'
import ts from 'typescript'

const entry = {
  index: 'src/index.ts',
  'presenters/index': 'src/presenters/index.ts',
  'acp/index': 'src/acp/index.ts',
  'acp-v2/index': 'src/acp-v2/index.ts',
  'reader/index': 'src/reader/index.ts',
  'text/index': 'src/text/index.ts',
  'html/index': 'src/html/index.ts',
  // The `tool-render-intent` command (package.json `bin`).
  'cli/main': 'src/cli/main.ts',
}

export default defineConfig({
  entry,
  format: ['esm', 'cjs'],
  // `tool-render-intent --version`: package.json's version, written in at build time.
  define: { __PACKAGE_VERSION__: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
  // Declarations are emitted by TypeScript itself (see emitDeclarations), not
  // bundled by tsup's `dts`: its rollup build names shared declaration chunks
  // `[name]-[hash].d.ts` (not configurable in tsup 8.5) and drops the
  // `resolution-mode` attributes CommonJS consumers need on the SDK imports.
  dts: false,
  onSuccess: async () => {
    try {
      emitDeclarations()
    } catch (error) {
      // No half-built package: without its declarations dist/ is not a build.
      rmSync('dist', { recursive: true, force: true })
      throw error
    }
  },
  target: 'es2022',
  platform: 'neutral',
  // Only the CLI imports Node's modules; the library entry points import none.
  external: [/^node:/],
  // Shared modules (the guards, InvalidViewError) become shared chunks, so
  // `instanceof InvalidViewError` holds across entry points.
  splitting: true,
  treeshake: true,
  clean: true,
  sourcemap: false,
})

/**
 * The entry points whose types come from `@agentclientprotocol/sdk`, an
 * optional peer dependency. Without it installed their SDK types would
 * silently be `any`; instead each presenter's options gain a required
 * property that names the missing package (a consumer's own error, shown
 * even with `skipLibCheck`). `probe` is any type the entry imports from `sdk`.
 */
const sdkGuards: Record<string, { entryPoint: string; sdk: string; probe: string }> = {
  'acp/index': { entryPoint: 'tool-render-intent/acp', sdk: '@agentclientprotocol/sdk', probe: 'ClientCapabilities' },
  'acp-v2/index': {
    entryPoint: 'tool-render-intent/acp-v2',
    sdk: '@agentclientprotocol/sdk/experimental/v2',
    probe: 'PermissionOption',
  },
}

function sdkGuard(name: string, extension: '.js' | '.cjs'): string {
  const guard = sdkGuards[name]
  if (guard === undefined) return ''
  const { peerDependencies } = JSON.parse(readFileSync('package.json', 'utf8'))
  const message = `${guard.entryPoint} takes its types from @agentclientprotocol/sdk (${peerDependencies['@agentclientprotocol/sdk']}): install it`
  return [
    '',
    `// Added by the build: the types of ${guard.entryPoint} come from the optional peer`,
    '// dependency @agentclientprotocol/sdk. Where it is not installed (or does not resolve),',
    "// they would silently be `any`; instead the presenter's options ask for it by name.",
    `import type { ${guard.probe} as AcpSdkProbe } from '${guard.sdk}' with { 'resolution-mode': 'import' };`,
    // Tuples: an unresolved type makes a bare conditional type an error type itself.
    `type AcpSdkRequired = [0] extends [1 & AcpSdkProbe] ? { readonly ${JSON.stringify(message)}: never } : {};`,
    `declare module './presenter${extension}' {`,
    '    interface ToolPresenterOptions extends AcpSdkRequired {}',
    '}',
    '',
  ].join('\n')
}

/**
 * Declarations for both module formats, one file per source module, named
 * as the source is (`src/acp/presenter.ts` → `dist/acp/presenter.d.ts` and
 * `.d.cts`), so errors and go-to-definition land in a file a reader can
 * place. The `.d.cts` tree imports `.cjs` specifiers, so a CommonJS
 * consumer's types stay CommonJS; SDK imports carry their
 * `resolution-mode: 'import'` from the source. Throws on any type error.
 */
function emitDeclarations(): void {
  const root = process.cwd()
  const src = resolve(root, 'src')
  const outDir = resolve(root, 'dist')
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
      },
    },
  )
  if (config === undefined) throw new Error('tsconfig.json: not readable')
  const { paths: _paths, ...compilerOptions } = config.options
  const options: ts.CompilerOptions = {
    ...compilerOptions,
    // What a Node.js consumer's resolution sees: relative imports need their
    // extension, and generated `import("…")` types get one.
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    rootDir: src,
    outDir,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: false,
    noEmitOnError: true,
  }
  const program = ts.createProgram(
    Object.values(entry).map((path) => resolve(root, path)),
    options,
  )
  const diagnostics = ts.getPreEmitDiagnostics(program)
  if (diagnostics.length > 0) {
    throw new Error(
      `declarations: type errors\n${ts.formatDiagnostics(diagnostics, {
        getCanonicalFileName: (name) => name,
        getCurrentDirectory: () => root,
        getNewLine: () => '\n',
      })}`,
    )
  }

  // The SDK ships ES modules only: a CommonJS consumer's TypeScript (node16)
  // loads its types only through imports marked `resolution-mode: 'import'`.
  const unmarked = program
    .getSourceFiles()
    .filter((file) => file.fileName.startsWith(`${src.replaceAll('\\', '/')}/`))
    .flatMap((file) =>
      file.statements.flatMap((statement) =>
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier !== undefined &&
        ts.isStringLiteral(statement.moduleSpecifier) &&
        /^@agentclientprotocol\/sdk(\/|$)/.test(statement.moduleSpecifier.text) &&
        !statement.attributes?.elements.some((attribute) => attribute.name.text === 'resolution-mode')
          ? [`${relative(root, file.fileName)}:${file.getLineAndCharacterOfPosition(statement.getStart(file)).line + 1}`]
          : [],
      ),
    )
  if (unmarked.length > 0) {
    throw new Error(
      `declarations: an import of @agentclientprotocol/sdk needs \`with { 'resolution-mode': 'import' }\` (CommonJS consumers cannot load the SDK's types otherwise):\n${unmarked.join('\n')}`,
    )
  }

  const written: string[] = []
  const write = (fileName: string, text: string) => {
    mkdirSync(dirname(fileName), { recursive: true })
    writeFileSync(fileName, text)
    written.push(fileName)
  }
  const entryName = (fileName: string) =>
    relative(outDir, fileName)
      .replace(/\\/g, '/')
      .replace(/\.d\.c?ts$/, '')

  for (const format of ['esm', 'cjs'] as const) {
    const extension = format === 'esm' ? '.js' : '.cjs'
    const result = program.emit(
      undefined,
      (fileName, text) => {
        const target = format === 'esm' ? fileName : fileName.replace(/\.d\.ts$/, '.d.cts')
        write(target, text + sdkGuard(entryName(target), extension))
      },
      undefined,
      true,
      format === 'cjs' ? { afterDeclarations: [relativeSpecifiersTo('.cjs')] } : undefined,
    )
    if (result.emitSkipped || result.diagnostics.length > 0) throw new Error(`declarations (${format}): not emitted`)
  }
  for (const name of Object.keys(entry)) {
    for (const extension of ['.d.ts', '.d.cts']) {
      const fileName = join(outDir, name + extension)
      if (!written.includes(fileName)) throw new Error(`declarations: ${relative(root, fileName)} not emitted`)
    }
  }
  console.log(`DTS ${written.length} declaration files (.d.ts and .d.cts, one per source module) in ${relative(root, outDir)}/`)
}

/** Rewrites every relative `./x.js` specifier of a declaration file (imports, exports, `import("…")` types) to `./x.cjs`. */
function relativeSpecifiersTo(extension: string): ts.TransformerFactory<ts.SourceFile | ts.Bundle> {
  return (context) => {
    const { factory } = context
    const rewrite = (specifier: ts.Expression): ts.Expression =>
      ts.isStringLiteral(specifier) && /^\.\.?\//.test(specifier.text) && specifier.text.endsWith('.js')
        ? factory.createStringLiteral(specifier.text.slice(0, -'.js'.length) + extension)
        : specifier
    const visit = (node: ts.Node): ts.Node => {
      if (ts.isImportDeclaration(node)) {
        return factory.updateImportDeclaration(node, node.modifiers, node.importClause, rewrite(node.moduleSpecifier), node.attributes)
      }
      if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined) {
        return factory.updateExportDeclaration(
          node,
          node.modifiers,
          node.isTypeOnly,
          node.exportClause,
          rewrite(node.moduleSpecifier),
          node.attributes,
        )
      }
      if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        const literal = node.argument.literal
        const rewritten = ts.isStringLiteral(literal) ? rewrite(literal) : literal
        return factory.updateImportTypeNode(
          node,
          factory.createLiteralTypeNode(rewritten as ts.StringLiteral),
          node.attributes,
          node.qualifier,
          node.typeArguments && ts.visitNodes(node.typeArguments, visit, ts.isTypeNode),
          node.isTypeOf,
        )
      }
      return ts.visitEachChild(node, visit, context)
    }
    return (file) => (ts.isSourceFile(file) ? ts.visitEachChild(file, visit, context) : file)
  }
}
