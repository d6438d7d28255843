// The README's examples say what the code does: each documented call, run;
// and every TypeScript block of the README and the guide pages compiles
// against the built package and the SDK.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Code, Html, Nodes, Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseToolResultView } from 'tool-render-intent'
import { bashTool, computeEditMeta, computeWriteMeta, readTool } from 'tool-render-intent/presenters'
import { renderCallView, renderResultView } from 'tool-render-intent/text'

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8')
const readme = read('README.md')
const development = read('docs/development.md')
// The pages whose TypeScript is compiled: the README and every guide page.
const pages: readonly string[] = [
  'README.md',
  ...readdirSync(new URL('../docs/guide/', import.meta.url))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/guide/${name}`),
]
const everyPage = pages.map(read).join('\n')
const packageJson = JSON.parse(read('package.json')) as { devDependencies: Record<string, string> }

describe('the README', () => {
  it('leaves the set-up and test commands of a clone to the development notes', () => {
    const shell = fromMarkdown(development).children.flatMap((node) => (node.type === 'code' && node.lang === 'sh' ? [node.value] : []))
    expect(shell).toContain('npm ci\nnpm test')
    expect(shell).toContain('npm ci\nnpm run demo')
  })

  it('shows the error a misplaced field gets', () => {
    expect(() => parseToolResultView({ card: 'generic', output: 'hi' })).toThrow(
      'output: not a field of a generic result view (it belongs to a terminal result view)',
    )
    expect(everyPage).toContain('// InvalidViewError: output: not a field of a generic result view (it belongs to a terminal result view)')
  })

  it('shows what the read presenter returns', () => {
    expect(readTool.presentCall?.({ file_path: '/repo/src/a.ts', offset: 10, limit: 5 }, { cwd: '/repo' })).toMatchObject({
      card: 'generic',
      kind: 'read',
      title: 'Read src/a.ts (10 - 14)',
      locations: [{ path: '/repo/src/a.ts', line: 10 }],
    })
  })

  it('shows what the bash result presenter returns', () => {
    expect(
      bashTool.presentResult?.({ command: 'npm test' }, { content: [{ type: 'text', text: '1 failing\n' }], meta: { exitCode: 1 } }),
    ).toEqual({ card: 'terminal', output: '1 failing\n', exitCode: 1 })
  })

  it('shows the applied-change meta', () => {
    expect(computeEditMeta('a\nb\nc\n', { old_string: 'b', new_string: 'B' })).toEqual({
      hunks: [{ oldText: 'a\nb\nc\n', newText: 'a\nB\nc\n', line: 1 }],
    })
    expect(computeWriteMeta(null, 'hello\n')).toEqual({ hunks: [{ oldText: null, newText: 'hello\n', line: 1 }] })
  })

  it('shows what the text renderer draws', () => {
    expect(renderCallView({ card: 'terminal', title: 'npm test', cwd: '/repo/pkg' }, { cwd: '/repo' })).toBe('$ npm test  (in pkg)')
    expect(renderResultView({ card: 'terminal', output: 'ok\n', exitCode: 0 })).toBe('ok\n[exit 0]')
  })
})

// A block that is deliberately partial says so just before it, in a marker
// `<!-- partial: NAME (what it leaves out) -->`; NAME picks what it leaves out
// from this list, declared (as the surrounding text describes it) before the
// block is compiled. Every other block compiles as it is, as its own module.
const partials: Record<string, string> = {
  // The name sets: a presenter made in session/new, as in the Quick start.
  'session-new': `
    declare const myTools: readonly import('tool-render-intent').ToolDefinition<any, any>[]
    declare const clientCapabilities: import('@agentclientprotocol/sdk').ClientCapabilities | undefined
    declare const cwd: string`,
  // Storing the applied change: the tool's own arguments and the file before it ran.
  'tool-result': `
    declare const before: string
    declare const editArgs: import('tool-render-intent/presenters').EditReplacement
    declare const writeArgs: { readonly file_path: string; readonly content: string }
    declare const existingText: string | undefined
    declare const presenter: import('tool-render-intent/acp').ToolPresenter
    declare const toolCallId: string
    declare const content: readonly import('tool-render-intent').ContentBlock[]`,
  // The life of a call: an agent's session/new and session/prompt handlers, and a running command.
  'call-lifecycle': `
    declare const myTools: readonly import('tool-render-intent').ToolDefinition<any, any>[]
    declare const clientCapabilities: import('@agentclientprotocol/sdk').ClientCapabilities | undefined
    declare const params: import('@agentclientprotocol/sdk').NewSessionRequest
    declare const log: { warn(fields: object, error: unknown): void }
    declare const client: import('@agentclientprotocol/sdk').AgentContext
    declare const sessionId: string
    declare const id: string
    declare const child: { readonly stdout: AsyncIterable<Uint8Array> }
    declare const content: readonly import('tool-render-intent').ContentBlock[]
    declare const exitCode: number`,
  // Two agents, one per protocol version, behind the SDK's router on stdio.
  router: `
    type Connector = Parameters<ReturnType<typeof import('@agentclientprotocol/sdk/experimental/v2').agentProtocolRouter>['withV1']>[0]
    declare const v1Agent: Connector
    declare const v2Agent: Connector
    declare const stdio: ReturnType<typeof import('@agentclientprotocol/sdk/experimental/v2').ndJsonStream>`,
  // The initialize request's params, kept for session/new, and the session's cwd.
  profiles: `
    declare const initializeParams: import('@agentclientprotocol/sdk').InitializeRequest
    declare const cwd: string`,
  // A sub-agent: the agent's connection, the parent session's id and options, a Task call's result content.
  subagent: `
    declare const connection: import('@agentclientprotocol/sdk').AgentConnection
    declare const clientInfo: unknown
    declare const sessionId: string
    declare const myTools: readonly import('tool-render-intent').ToolDefinition<any, any>[]
    declare const clientCapabilities: import('@agentclientprotocol/sdk').ClientCapabilities | undefined
    declare const cwd: string
    declare const content: readonly import('tool-render-intent').ContentBlock[]`,
  // A permission prompt: the agent's connection, its session and a call.
  permission: `
    declare const connection: import('@agentclientprotocol/sdk').AgentConnection
    declare const presenter: import('tool-render-intent/acp').ToolPresenter
    declare const sessionId: string
    declare const id: string`,
}

interface Block {
  /** The page the block is on, from the repository's root. */
  readonly page: string
  /** The page's line of the block's first line of code. */
  readonly line: number
  readonly code: string
  readonly partial: string | undefined
  readonly section: string
}

function typescriptBlocks(page: string, markdown: string): Block[] {
  const tree: Root = fromMarkdown(markdown)
  const blocks: Block[] = []
  let section = ''
  let previous: Nodes | undefined
  const walk = (nodes: readonly Nodes[]) => {
    for (const node of nodes) {
      if (node.type === 'heading') section = markdown.slice(node.position!.start.offset, node.position!.end.offset).replace(/^#+\s*/, '')
      if (node.type === 'code' && (node.lang === 'ts' || node.lang === 'typescript')) {
        const marker = previous?.type === 'html' ? /^<!--\s*partial:\s*([\w-]+)/.exec((previous as Html).value) : null
        blocks.push({ page, line: (node as Code).position!.start.line + 1, code: node.value, partial: marker?.[1], section })
      }
      if ('children' in node) walk(node.children as Nodes[])
      previous = node
    }
  }
  walk(tree.children)
  return blocks
}

const root = fileURLToPath(new URL('..', import.meta.url))
const blocks = pages.flatMap((page) => typescriptBlocks(page, read(page)))
const markersIn = (markdown: string): number => {
  const count = (nodes: readonly Nodes[]): number =>
    nodes.reduce(
      (sum, node) =>
        sum +
        (node.type === 'html' && /^<!--\s*partial:/.test(node.value) ? 1 : 0) +
        ('children' in node ? count(node.children as Nodes[]) : 0),
      0,
    )
  return count(fromMarkdown(markdown).children)
}

describe("the README's and the guides' TypeScript", () => {
  // The package as a consumer gets it: dist/, built now if it is stale.
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-if-needed.mjs', '--package'], { cwd: root, stdio: 'inherit' })
  }, 180_000)

  it('marks partial blocks with a known name, and every name is used', () => {
    const used = blocks.flatMap((block) => (block.partial === undefined ? [] : [block.partial]))
    expect(used.filter((name) => !(name in partials))).toEqual([])
    expect(Object.keys(partials).filter((name) => !used.includes(name))).toEqual([])
    // Every marker stands just before a TypeScript block.
    expect(pages.map((page) => markersIn(read(page))).reduce((a, b) => a + b, 0)).toBe(used.length)
  })

  it('compiles against the built package and the SDK: strict, exactOptionalPropertyTypes, one program', () => {
    expect(blocks.length).toBeGreaterThan(10)
    // Every guide page with code has some compiled here.
    expect(new Set(blocks.map((block) => block.page)).size).toBeGreaterThan(5)
    const files = new Map<string, { block: Block; text: string; offset: number }>()
    for (const block of blocks) {
      const prelude = block.partial === undefined ? '' : `${partials[block.partial]!.trim().replace(/\n\s+/g, '\n')}\n`
      // Each block is a module of its own (type: module, as the package is).
      files.set(`${root}${block.page}.L${block.line}.ts`, {
        block,
        text: `${prelude}${block.code}\nexport {}\n`,
        offset: prelude.split('\n').length - 1,
      })
    }
    const options: ts.CompilerOptions = {
      strict: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts'],
      types: ['node'],
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
    }
    const host = ts.createCompilerHost(options, true)
    const { fileExists, readFile, getSourceFile } = host
    host.fileExists = (name) => files.has(name) || fileExists.call(host, name)
    host.readFile = (name) => files.get(name)?.text ?? readFile.call(host, name)
    host.getSourceFile = (name, version, ...rest) => {
      const file = files.get(name)
      return file === undefined ? getSourceFile.call(host, name, version, ...rest) : ts.createSourceFile(name, file.text, version, true)
    }
    const program = ts.createProgram({ rootNames: [...files.keys()], options, host })
    const errors = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const file = diagnostic.file && files.get(diagnostic.file.fileName)
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
      if (file === undefined || diagnostic.file === undefined) return `${diagnostic.file?.fileName ?? ''} TS${diagnostic.code}: ${message}`
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
      const where =
        line < file.offset
          ? `(the declarations for partial: ${file.block.partial})`
          : `${file.block.page}:${file.block.line + line - file.offset}`
      return `${where} TS${diagnostic.code}: ${message}`
    })
    expect(errors).toEqual([])
    // The blocks resolved the built package, not the sources.
    expect(program.getSourceFiles().some((file) => file.fileName === `${root}dist/acp/index.d.ts`)).toBe(true)
  })

  it('lists every package the Quick start imports in an `npm install` command', () => {
    const quickStart = blocks.filter((block) => block.page === 'README.md' && block.section === 'Quick start')
    expect(quickStart).toHaveLength(1)
    expect(quickStart[0]!.partial).toBeUndefined()
    const imported = new Set(
      [...quickStart[0]!.code.matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)]
        .map(([, specifier]) => specifier!)
        .filter((specifier) => !specifier.startsWith('node:'))
        .map((specifier) =>
          specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/'),
        ),
    )
    expect([...imported].sort()).toEqual(['@agentclientprotocol/sdk', 'tool-render-intent'])
    const installed = (section: string) =>
      fromMarkdown(readme.slice(readme.indexOf(`\n## ${section}\n`), readme.indexOf('\n## ', readme.indexOf(`\n## ${section}\n`) + 1)))
        .children.flatMap((node) => (node.type === 'code' && node.lang === 'sh' ? node.value.split('\n') : []))
        .filter((line) => /^npm (install|i) /.test(line))
        .join('\n')
    const commands = installed('Quick start')
    for (const name of imported) {
      // The package itself installs from its repository or a tarball until it is on npm.
      const pattern = name === 'tool-render-intent' ? /tool-render-intent/ : new RegExp(`(^|\\s)${name.replace('/', '\\/')}(@|\\s|$)`, 'm')
      expect(commands, name).toMatch(pattern)
    }
  })

  it('sets up the Quick start from an empty folder, with no step that prompts', () => {
    const section = readme.slice(readme.indexOf('\n## Quick start\n'), readme.indexOf('\n## ', readme.indexOf('\n## Quick start\n') + 1))
    const shell = fromMarkdown(section).children.flatMap((node) =>
      node.type === 'code' && node.lang === 'sh' ? node.value.split('\n') : [],
    )
    // ES modules, for the agent's top-level await (npm init writes "type": "commonjs").
    expect(shell.slice(0, 2)).toEqual(['npm init -y', 'npm pkg set type=module'])
    // The acpx the project tests with, and tsx, installed before npx runs them; npx never asks to install.
    const acpx = packageJson.devDependencies.acpx!.replace(/^[\^~]/, '')
    expect(shell).toContain(`npm i -D tsx acpx@${acpx}`)
    const npx = shell.filter((line) => line.startsWith('npx '))
    expect(npx).toHaveLength(1)
    expect(npx[0]).toMatch(/^npx --no-install acpx --agent "npx --no-install tsx agent\.ts" exec "[^"]+"$/)
  })
})
