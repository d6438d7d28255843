// The public surface, pinned: an export that vanishes or appears is a change
// a user sees, so it must be a deliberate one (and a line in CHANGELOG.md).
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { beforeAll, describe, expect, it } from 'vitest'
import * as acp from 'tool-render-intent/acp'
import * as acpV2 from 'tool-render-intent/acp-v2'
import * as core from 'tool-render-intent'
import * as presenters from 'tool-render-intent/presenters'
import * as text from 'tool-render-intent/text'
import * as html from 'tool-render-intent/html'
import * as reader from 'tool-render-intent/reader'

const names = (module: object) => Object.keys(module).sort()

describe('each entry point exports exactly its documented values', () => {
  it('tool-render-intent', () => {
    expect(names(core)).toStrictEqual([
      'InvalidViewError',
      'assertNever',
      'defineTool',
      'isToolCallView',
      'isToolResultView',
      'parseToolCallView',
      'parseToolResultView',
    ])
  })

  it('tool-render-intent/presenters', () => {
    expect(names(presenters)).toStrictEqual([
      'applyPatchTool',
      'bashTool',
      'bashToolWith',
      'claudeCodePresenters',
      'codexPresenters',
      'computeEditMeta',
      'computeMultiEditMeta',
      'computeWriteMeta',
      'copilotCliPresenters',
      'copilotMcpTools',
      'editTool',
      'exitPlanModeTool',
      'geminiCliPresenters',
      'geminiMcpTools',
      'globTool',
      'gooseMcpTools',
      'goosePresenters',
      'grepTool',
      'jobKillTool',
      'jobListTool',
      'jobOutputTool',
      'kimiCliPresenters',
      'kimiMcpTools',
      'lsTool',
      'mcpTools',
      'multiEditTool',
      'notebookEditTool',
      'opencodeMcpTools',
      'opencodePresenters',
      'presenters',
      'presentersFor',
      'qwenCodePresenters',
      'readTool',
      'renameTool',
      'taskTool',
      'todoTool',
      'webFetchTool',
      'webSearchTool',
      'writeTool',
    ])
  })

  it('tool-render-intent/acp', () => {
    expect(names(acp)).toStrictEqual([
      'CLIENT_PROFILES',
      'TITLE_LENGTH',
      'answerFrom',
      'clientProfile',
      'createToolPresenter',
      'elicitationFor',
      'permissionOptions',
    ])
  })

  it('tool-render-intent/acp-v2', () => {
    expect(names(acpV2)).toStrictEqual([
      'CLIENT_PROFILES',
      'TITLE_LENGTH',
      'answerFrom',
      'clientProfile',
      'createToolPresenter',
      'elicitationFor',
      'permissionOptions',
    ])
  })

  it('tool-render-intent/reader', () => {
    expect(names(reader)).toStrictEqual(['MESSAGE_META_KEY', 'createAcpReader', 'readAcpUpdates'])
  })

  it('tool-render-intent/text', () => {
    expect(names(text)).toStrictEqual(['renderCallView', 'renderResultView'])
  })

  it('tool-render-intent/html', () => {
    expect(names(html)).toStrictEqual(['HTML_STYLESHEET', 'createSessionPage', 'renderSessionHtml', 'renderToolCallHtml'])
  })
})

// The names a reader of the docs may reach for: the library's own exported
// functions, types and constants named in a TSDoc comment of something an
// entry point exports (in a code span or a link), or in the README (in a code
// span, or imported by one of its blocks). Read from the built declarations,
// which keep the TSDoc: parsing them alone, without the SDK's types, takes a
// tenth of the time of a program over src/.
const root = fileURLToPath(new URL('..', import.meta.url))
const dist = `${root}dist/`
const entryFiles = ['index', 'presenters/index', 'acp/index', 'acp-v2/index', 'reader/index', 'text/index', 'html/index'].map(
  (entry) => `${dist}${entry}.d.ts`,
)
// Named in TSDoc and the README to say how a title is escaped and where each fidelity rule is
// enforced: the library's own functions, not an API.
const internalNamedForExplanation = new Set([
  'markdownInline',
  'markdownLine',
  'markdownBlock',
  'visibleText',
  'shownTitle',
  'wireTitle',
  'visibleSgrParameters',
  'markedCharacterReferences',
  'withoutSgr',
  'hidingWarning',
  // `Question 1`: the field title a question without a header gets, not the interface.
  'Question',
])
// `ESC`, `LF`, `CR`: a code span naming a control character, not an API.
const isControlCharacterName = (name: string) => /^[A-Z]{2,3}$/.test(name)

function documentedNames() {
  const declarations = readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.d.ts'))
    .map((file) => `${dist}${file}`)
  const program = ts.createProgram(declarations, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    noResolve: true,
    noLib: true,
    types: [],
  })
  const checker = program.getTypeChecker()
  const exported = new Set<string>()
  const docs: { readonly where: string; readonly text: string }[] = []
  const docOf = (symbol: ts.Symbol) =>
    [
      ts.displayPartsToString(symbol.getDocumentationComment(checker)),
      ...symbol.getJsDocTags(checker).map((tag) => ts.displayPartsToString(tag.text)),
    ].join('\n')
  for (const file of entryFiles) {
    for (const symbol of checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file)!)!)) {
      exported.add(symbol.name)
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
      docs.push({ where: `TSDoc of ${symbol.name}`, text: docOf(target) })
      for (const member of target.members?.values() ?? [])
        docs.push({ where: `TSDoc of ${symbol.name}.${member.name}`, text: docOf(member) })
    }
  }
  // The library's own names: what a module outside src/internal declares as exported.
  const own = new Set<string>()
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(dist) || file.fileName.startsWith(`${dist}internal/`)) continue
    for (const [, name] of file.text.matchAll(/^export (?:declare )?(?:async )?(?:function|const|class|interface|type|enum) (\w+)/gm))
      own.add(name!)
  }
  const readme = readFileSync(`${root}README.md`, 'utf8')
  const imports = [...readme.matchAll(/^import (?:type )?\{([^}]*)\} from 'tool-render-intent[^']*'/gm)].map(([, names]) => `\`${names}\``)
  // The README's code spans as CommonMark reads them (a backtick run inside one must not pair with the next span).
  const spans: string[] = []
  const visit = (node: { type: string; value?: string; children?: unknown[] }) => {
    if (node.type === 'inlineCode' && node.value !== undefined) spans.push(`\`${node.value.replaceAll('`', ' ')}\``)
    for (const child of node.children ?? []) visit(child as typeof node)
  }
  visit(fromMarkdown(readme))
  docs.push({ where: 'README', text: [...spans, ...imports].join('\n') })
  const missing: string[] = []
  for (const { where, text } of docs) {
    const spans = [...text.matchAll(/`([^`]+)`|\{@link\s+([\w.]+)/g)].map(([, code, link]) => code ?? link ?? '')
    for (const [name] of spans.join(' ').matchAll(/\b[A-Za-z_]\w*\b/g))
      if (own.has(name) && !exported.has(name) && !internalNamedForExplanation.has(name) && !isControlCharacterName(name))
        missing.push(`${where}: ${name}`)
  }
  return { exported, missing: [...new Set(missing)] }
}

describe('every name the docs give', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-if-needed.mjs', '--package'], { cwd: root, stdio: 'inherit' })
  })

  it('is exported by an entry point', () => {
    const { exported, missing } = documentedNames()
    expect(exported.has('renameTool')).toBe(true)
    expect(missing).toEqual([])
  })
})
