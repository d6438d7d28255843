// The `@example` blocks of the session presenters' TSDoc compile, as a user
// reads them on hover: against the built package and the SDK, strict, each
// with the declarations its surrounding text takes for granted.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

// What an example in a session handler has at hand, per entry point.
const v1Session = `
import { methods, type SessionUpdate, type ClientCapabilities, type AgentContext, type NewSessionRequest } from '@agentclientprotocol/sdk'
import { type AcpPlanByIdUpdate, type AcpPlanRemoved, type AcpSubagentNotification, createToolPresenter } from 'tool-render-intent/acp'
import type { ToolDefinition } from 'tool-render-intent'
import { presenters } from 'tool-render-intent/presenters'
import type { ContentBlock } from 'tool-render-intent'
declare const tools: readonly ToolDefinition<any, any>[]
declare const clientInfo: unknown
declare const clientCapabilities: ClientCapabilities | undefined
declare const cwd: string
declare const params: NewSessionRequest
declare const client: AgentContext
declare const sessionId: string
declare const id: string
declare const content: readonly ContentBlock[]
declare const todos: readonly { content: string; status: string }[]
declare const send: (updates: readonly object[]) => Promise<void>
`
const v2Session = `
import { methods, type SessionUpdate, type AgentContext, type NewSessionRequest } from '@agentclientprotocol/sdk/experimental/v2'
import { createToolPresenter } from 'tool-render-intent/acp-v2'
import { presenters } from 'tool-render-intent/presenters'
import type { ContentBlock } from 'tool-render-intent'
declare const params: NewSessionRequest
declare const client: AgentContext
declare const sessionId: string
declare const id: string
declare const content: readonly ContentBlock[]
`

// The sources whose examples are compiled, and what each example is given.
const sources: readonly { readonly file: string; readonly prelude: string; readonly uses: readonly string[] }[] = [
  // `send` is the example's own in createToolPresenter's, given in the options' examples.
  { file: 'src/acp/presenter.ts', prelude: v1Session, uses: ['send'] },
  { file: 'src/acp-v2/presenter.ts', prelude: v2Session, uses: [] },
]

interface Example {
  readonly file: string
  /** The source line of the example's tag. */
  readonly line: number
  readonly code: string
}

/** Every `@example` in a file's TSDoc, its leading ` * ` stripped. */
function examplesOf(file: string): Example[] {
  const text = readFileSync(`${root}${file}`, 'utf8')
  const lines = text.split('\n')
  const examples: Example[] = []
  lines.forEach((line, index) => {
    if (!/^\s*\*\s*@example\s*$/.test(line)) return
    const code: string[] = []
    for (let next = index + 1; next < lines.length; next += 1) {
      const body = lines[next]!
      if (/^\s*\*\//.test(body) || /^\s*\*\s*@\w+/.test(body)) break
      code.push(body.replace(/^\s*\* ?/, ''))
    }
    examples.push({ file, line: index + 1, code: code.join('\n') })
  })
  return examples
}

/** The prelude without the names the example imports itself (an import twice does not compile). */
function withoutImported(prelude: string, code: string): string {
  const imported = new Set(
    [...code.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}/gm)].flatMap((match) =>
      match[1]!
        .split(',')
        .map((name) => name.replace(/^\s*type\s+/, '').trim())
        .filter(Boolean),
    ),
  )
  return prelude.replace(/^(import\s+(?:type\s+)?\{)([^}]*)(\}.*)$/gm, (_line, open: string, names: string, close: string) => {
    const kept = names.split(',').filter((name) => !imported.has(name.replace(/^\s*type\s+/, '').trim()))
    return kept.some((name) => name.trim() !== '') ? `${open}${kept.join(',')}${close}` : ''
  })
}

describe('the session presenters’ TSDoc examples', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-if-needed.mjs', '--package'], { cwd: root, stdio: 'inherit' })
  }, 180_000)

  it('are found: createToolPresenter, onSubagent and onPlan for v1, createToolPresenter for v2', () => {
    expect(sources.map(({ file }) => examplesOf(file).length)).toEqual([3, 1])
  })

  it('compile against the built package and the SDK: strict, exactOptionalPropertyTypes', () => {
    const files = new Map<string, { example: Example; text: string; offset: number }>()
    for (const { file, prelude, uses } of sources) {
      for (const example of examplesOf(file)) {
        // A name the example declares itself is not declared for it.
        const given = uses.filter((name) => !new RegExp(`\\bconst ${name}\\b`).test(example.code))
        const head = prelude
          .split('\n')
          .filter(
            (line) =>
              !uses.some((name) => line.startsWith(`declare const ${name}:`)) ||
              given.some((name) => line.startsWith(`declare const ${name}:`)),
          )
          .join('\n')
        const text = `${withoutImported(head, example.code)}\n${example.code}\nexport {}\n`
        files.set(`${root}${file}.L${example.line}.ts`, { example, text, offset: head.split('\n').length })
      }
    }
    const options: ts.CompilerOptions = {
      strict: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      noUnusedLocals: false,
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
      const where = line < file.offset ? '(the declarations)' : `${file.example.file}:${file.example.line + 1 + line - file.offset}`
      return `${where} TS${diagnostic.code}: ${message}`
    })
    expect(errors).toEqual([])
  })
})
