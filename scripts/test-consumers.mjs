// `npm run test:consumers`: packs the package as npm would publish it (`npm
// pack` runs `prepare`, which builds dist/ when stale) and type-checks
// consumers of the tarball under every module setting a project uses:
//
//   node16 and nodenext, each as ESM and as CommonJS, and bundler;
//   strict, with and without exactOptionalPropertyTypes, with and without
//   skipLibCheck; lib es2022, no DOM; @types/node only where the SDK is
//   installed (its streams need an environment's types).
//
// - every declaration file in the tarball is named as its source is
//   (dist/acp/presenter.d.ts for src/acp/presenter.ts), none by a hash;
// - every entry point loads in Node.js, imported and required (without the
//   SDK: nothing of it runs);
// - test/consumers/every-entry.ts imports every entry point with the SDK
//   installed, and must compile in every configuration (20 programs);
// - test/consumers/without-sdk.ts, in a project without the SDK, must fail
//   exactly where it creates an ACP presenter, with an error naming the SDK,
//   and nowhere else (10 programs);
// - every optional field of every options type the entry points export must
//   accept `undefined` under exactOptionalPropertyTypes; the fields that do
//   not yet are listed in test/consumers/exact-optional-gaps.json, and a
//   field missing from that list, or listed and fixed, fails the run.
//
// One node_modules is shared by every configuration (the tarball unpacked,
// its dependencies and the SDK linked from this repository's node_modules),
// and so are the parsed declaration files: the programs differ in how they
// resolve and check, not in what they parse. TypeScript is this
// repository's. `--keep` leaves the temporary projects in place.
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import ts from 'typescript'

const root = join(import.meta.dirname, '..')
const fixtures = join(root, 'test/consumers')
const keep = process.argv.includes('--keep')
const started = performance.now()
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`

const resolutions = [
  { name: 'node16, ESM', type: 'module', module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 },
  { name: 'node16, CommonJS', type: 'commonjs', module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 },
  { name: 'nodenext, ESM', type: 'module', module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext },
  { name: 'nodenext, CommonJS', type: 'commonjs', module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext },
  { name: 'bundler', type: 'module', module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler },
]

// Names of the types a consumer builds and passes in, besides every `…Options`.
const inputTypes = new Set(['PresentContext', 'ToolResult', 'EditReplacement'])

const temp = mkdtempSync(join(tmpdir(), 'tool-render-intent-consumers-'))
const failures = []
try {
  // 1. The tarball, as `npm publish` would upload it.
  const npm = process.env.npm_execpath
  execFileSync(npm ? process.execPath : 'npm', [...(npm ? [npm] : []), 'pack', '--loglevel=warn', '--pack-destination', temp], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const tarball = readdirSync(temp).find((name) => name.endsWith('.tgz'))
  if (tarball === undefined) throw new Error('npm pack made no tarball')
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  console.log(`packed ${tarball} (${seconds()})`)

  // 2. Two projects: with the SDK, and without it.
  const project = (name, dependencies) => {
    const dir = join(temp, name)
    const modules = join(dir, 'node_modules')
    const unpacked = join(modules, 'tool-render-intent')
    mkdirSync(unpacked, { recursive: true })
    execFileSync('tar', ['-xzf', join(temp, tarball), '-C', unpacked, '--strip-components=1'])
    for (const dependency of dependencies) {
      mkdirSync(join(modules, dependency, '..'), { recursive: true })
      symlinkSync(join(root, 'node_modules', dependency), join(modules, dependency), 'junction')
    }
    for (const { type } of resolutions) {
      const consumer = join(dir, type)
      mkdirSync(consumer, { recursive: true })
      writeFileSync(join(consumer, 'package.json'), `${JSON.stringify({ name: `consumer-${type}`, private: true, type })}\n`)
    }
    return dir
  }
  const runtime = Object.keys(manifest.dependencies ?? {})
  // A project that uses the SDK has its environment's types (streams, AbortSignal): Node.js's here.
  const withSdk = project('with-sdk', [...runtime, '@agentclientprotocol/sdk', '@types/node'])
  const withoutSdk = project('without-sdk', runtime)
  // Declarations are named as their sources are: no `views-G1OWHMVK.d.ts`.
  const declarations = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? declarations(join(dir, entry.name)) : /\.d\.c?ts$/.test(entry.name) ? [join(dir, entry.name)] : [],
    )
  const dist = join(withSdk, 'node_modules/tool-render-intent/dist')
  const unnamed = declarations(dist)
    .map((file) => relative(dist, file).replaceAll(sep, '/'))
    .filter((file) => !existsSync(join(root, 'src', file.replace(/\.d\.c?ts$/, '.ts'))))
  if (unnamed.length > 0)
    failures.push(`declaration files without a source of the same name:\n${unnamed.map((f) => `  dist/${f}`).join('\n')}`)
  console.log(
    `${unnamed.length === 0 ? 'ok  ' : 'FAIL'} every declaration file is named as its source (${declarations(dist).length} files)`,
  )

  for (const type of ['module', 'commonjs']) {
    copyFileSync(join(fixtures, 'every-entry.ts'), join(withSdk, type, 'every-entry.ts'))
    copyFileSync(join(fixtures, 'without-sdk.ts'), join(withoutSdk, type, 'without-sdk.ts'))
  }

  // 3. It runs: every entry point loads, imported from ES modules and required from CommonJS.
  const entryPoints = Object.keys(manifest.exports)
    .filter((key) => key !== './package.json')
    .map((key) => `tool-render-intent${key.slice(1)}`)
  const load = {
    module: `await Promise.all(${JSON.stringify(entryPoints)}.map((name) => import(name)))`,
    commonjs: `${JSON.stringify(entryPoints)}.forEach((name) => require(name))`,
  }
  for (const [type, script] of Object.entries(load)) {
    const label = `loads every entry point from ${type === 'module' ? 'ESM' : 'CommonJS'} in Node.js`
    try {
      execFileSync(process.execPath, ['--input-type', type, '--eval', script], {
        cwd: join(withoutSdk, type),
        stdio: ['ignore', 'ignore', 'pipe'],
      })
      console.log(`ok   ${label}`)
    } catch (error) {
      failures.push(`${label}:\n  ${String(error.stderr).trim().split('\n').join('\n  ')}`)
      console.log(`FAIL ${label}`)
    }
  }

  // 4. The matrix.
  const parsed = new Map()
  const check = (rootNames, resolution, flags) => {
    const directory = join(rootNames[0], '..')
    const options = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts'],
      types: [],
      typeRoots: [join(directory, '../node_modules/@types')],
      module: resolution.module,
      moduleResolution: resolution.moduleResolution,
      forceConsistentCasingInFileNames: true,
      ...flags,
    }
    const host = ts.createCompilerHost(options, true)
    host.getCurrentDirectory = () => directory
    const getSourceFile = host.getSourceFile.bind(host)
    host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
      const settings = typeof languageVersion === 'object' ? languageVersion : { languageVersion }
      const key = `${fileName}\0${settings.languageVersion}\0${settings.impliedNodeFormat}`
      let file = parsed.get(key)
      if (file === undefined) {
        file = getSourceFile(fileName, languageVersion, onError, shouldCreate)
        if (file !== undefined) parsed.set(key, file)
      }
      return file
    }
    const program = ts.createProgram({ rootNames, options, host })
    return { program, diagnostics: ts.getPreEmitDiagnostics(program) }
  }
  const describe = (diagnostic) => {
    const where =
      diagnostic.file === undefined
        ? ''
        : `${relative(temp, diagnostic.file.fileName)}(${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}): `
    return `${where}TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`
  }
  const flagNames = (flags) =>
    Object.entries(flags)
      .map(([name, on]) => `${on ? '+' : '-'}${name}`)
      .join(' ')

  let discovery
  for (const resolution of resolutions) {
    for (const exactOptionalPropertyTypes of [false, true]) {
      for (const skipLibCheck of [false, true]) {
        const flags = { exactOptionalPropertyTypes, skipLibCheck }
        const file = join(withSdk, resolution.type, 'every-entry.ts')
        const { program, diagnostics } = check([file], resolution, { ...flags, types: ['node'] })
        const label = `with the SDK, ${resolution.name}, ${flagNames(flags)}`
        if (diagnostics.length > 0) failures.push(`${label}:\n${diagnostics.map((d) => `  ${describe(d)}`).join('\n')}`)
        console.log(`${diagnostics.length === 0 ? 'ok  ' : 'FAIL'} ${label}`)
        if (exactOptionalPropertyTypes && resolution.name === 'nodenext, ESM') discovery = { program, file }
      }
    }
  }

  for (const resolution of resolutions) {
    for (const skipLibCheck of [false, true]) {
      const flags = { exactOptionalPropertyTypes: true, skipLibCheck }
      const file = join(withoutSdk, resolution.type, 'without-sdk.ts')
      const { diagnostics } = check([file], resolution, flags)
      const own = diagnostics.filter((d) => d.file?.fileName === file)
      const others = diagnostics.filter((d) => d.file?.fileName !== file)
      const problems = []
      const namesSdk = (d) => ts.flattenDiagnosticMessageText(d.messageText, '\n').includes('@agentclientprotocol/sdk')
      if (own.length !== 2 || !own.every(namesSdk))
        problems.push('expected 2 errors naming @agentclientprotocol/sdk, one per presenter', ...own.map(describe))
      // Only the SDK imports of the ACP declarations fail to resolve, and only where libraries are checked.
      const unexpected = others.filter((d) => skipLibCheck || d.code !== 2307 || !namesSdk(d))
      if (unexpected.length > 0) problems.push('unexpected errors', ...unexpected.map(describe))
      const label = `without the SDK, ${resolution.name}, ${flagNames(flags)}`
      if (problems.length > 0) failures.push(`${label}:\n${problems.map((p) => `  ${p}`).join('\n')}`)
      console.log(`${problems.length === 0 ? 'ok  ' : 'FAIL'} ${label}`)
    }
  }

  // 5. exactOptionalPropertyTypes: every optional field of every options type takes `undefined`.
  const gaps = exactOptionalGaps(discovery, check)
  const known = JSON.parse(readFileSync(join(fixtures, 'exact-optional-gaps.json'), 'utf8')).gaps
  const newGaps = gaps.filter((gap) => !known.includes(gap))
  const fixed = known.filter((gap) => !gaps.includes(gap))
  if (newGaps.length > 0)
    failures.push(
      `optional fields that reject undefined under exactOptionalPropertyTypes (add \`| undefined\` to each):\n${newGaps.map((g) => `  ${g}`).join('\n')}`,
    )
  if (fixed.length > 0)
    failures.push(`fixed: remove from test/consumers/exact-optional-gaps.json:\n${fixed.map((g) => `  ${g}`).join('\n')}`)
  console.log(
    `${newGaps.length + fixed.length === 0 ? 'ok  ' : 'FAIL'} exactOptionalPropertyTypes: ${gaps.length} optional field${gaps.length === 1 ? '' : 's'} of the options types still reject undefined (listed in test/consumers/exact-optional-gaps.json)`,
  )
} finally {
  if (keep) console.log(`kept ${temp}`)
  else rmSync(temp, { recursive: true, force: true })
}

console.log(`${failures.length === 0 ? 'every consumer type-checks' : `${failures.length} failed`} (${seconds()})`)
if (failures.length > 0) {
  console.error(`\n${failures.join('\n\n')}`)
  process.exitCode = 1
}

/**
 * The optional fields, of every `…Options` type (and the other inputs named
 * in `inputTypes`) exported by an entry point, that reject `undefined` under
 * exactOptionalPropertyTypes, as `src/<file>.ts: Interface.field`.
 */
function exactOptionalGaps({ program, file }, check) {
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(file)
  const found = new Map()
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.moduleSpecifier.text.startsWith('tool-render-intent')) continue
    const entry = statement.moduleSpecifier.text
    for (const exported of checker.getExportsOfModule(checker.getSymbolAtLocation(statement.moduleSpecifier))) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
      if (!(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias))) continue
      if (!exported.name.endsWith('Options') && !inputTypes.has(exported.name)) continue
      const parameters = symbol.declarations?.[0]?.typeParameters?.length ?? 0
      if (!found.has(symbol)) found.set(symbol, { entry, name: exported.name, parameters })
    }
  }
  const types = [...found.values()]
  if (types.length === 0) throw new Error('no options types found')
  const entries = [...new Set(types.map((type) => type.entry))]
  const lines = [
    ...entries.map((entry, index) => `import type * as e${index} from '${entry}'`),
    'type OptionalKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? K : never }[keyof T]',
    'type RejectsUndefined<T> = { [K in OptionalKeys<T>]-?: undefined extends Required<T>[K] ? never : K }[OptionalKeys<T>]',
    // The check checks itself: only `a` rejects undefined.
    'export type Sanity = RejectsUndefined<{ a?: string; b?: string | undefined; c?: unknown; d: string }>',
    ...types.flatMap(({ entry, name, parameters }, index) => {
      const type = `e${entries.indexOf(entry)}.${name}${parameters > 0 ? `<${Array(parameters).fill('never').join(', ')}>` : ''}`
      return [`export type T${index} = ${type}`, `export type G${index} = RejectsUndefined<T${index}>`]
    }),
  ]
  const gapsFile = file.replace(/every-entry\.ts$/, 'exact-optional-gaps.ts')
  writeFileSync(gapsFile, `${lines.join('\n')}\n`)
  const { program: gapsProgram, diagnostics } = check([gapsFile], resolutions[2], {
    exactOptionalPropertyTypes: true,
    skipLibCheck: true,
    types: ['node'],
  })
  if (diagnostics.length > 0)
    throw new Error(
      `the exactOptionalPropertyTypes check does not compile:\n${diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n')}`,
    )
  const gapsChecker = gapsProgram.getTypeChecker()
  const aliases = new Map()
  for (const statement of gapsProgram.getSourceFile(gapsFile).statements) {
    if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, gapsChecker.getTypeAtLocation(statement.name))
  }
  const keysOf = (type) =>
    type.flags & ts.TypeFlags.Never ? [] : (type.isUnion() ? type.types : [type]).map((member) => String(member.value))
  if (keysOf(aliases.get('Sanity')).join() !== 'a') throw new Error('the exactOptionalPropertyTypes check does not work on this TypeScript')
  const gaps = new Set()
  types.forEach((_, index) => {
    for (const key of keysOf(aliases.get(`G${index}`))) {
      const declaration = aliases.get(`T${index}`).getProperty(key)?.declarations?.[0]
      const owner =
        declaration?.parent && (ts.isInterfaceDeclaration(declaration.parent) || ts.isTypeAliasDeclaration(declaration.parent))
          ? declaration.parent.name.text
          : types[index].name
      const where = declaration ? sourceOf(declaration.getSourceFile().fileName) : types[index].entry
      gaps.add(`${where}: ${owner}.${key}`)
    }
  })
  return [...gaps].sort()
}

/** `…/node_modules/tool-render-intent/dist/acp/call.d.ts` → `src/acp/call.ts`. */
function sourceOf(fileName) {
  const marker = `${sep}node_modules${sep}tool-render-intent${sep}dist${sep}`.replaceAll(sep, '/')
  const path = fileName.replaceAll(sep, '/')
  const at = path.lastIndexOf(marker)
  return at === -1 ? path : `src/${path.slice(at + marker.length).replace(/\.d\.c?ts$/, '.ts')}`
}
