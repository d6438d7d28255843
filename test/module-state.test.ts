// No module of src/ holds mutable state of its own: two sessions (or two
// calls of one function, one re-entered from a getter) cannot see each
// other's leftovers. What must be remembered lives in an object's state (a
// session's, a walk's). Checked on the syntax of every module: a top-level
// `let` or `var`, and a top-level `const` bound to a `new Map`, `Set`,
// `WeakMap` or `WeakSet`, unless its declared type is `ReadonlyMap` or
// `ReadonlySet` (a constant table the type checker keeps constant).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const src = join(root, 'src')

// To be empty: a module that needs state keeps it in an object instead. The
// two entries are removed on another branch (issue 27); the last test fails
// once they hold no state, so the merge must empty this list.
const ALLOWED: readonly string[] = []

const COLLECTIONS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet'])
const READONLY_TYPES = new Set(['ReadonlyMap', 'ReadonlySet'])

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

const isCollection = (node: ts.Expression | undefined): boolean =>
  node !== undefined && ts.isNewExpression(node) && ts.isIdentifier(node.expression) && COLLECTIONS.has(node.expression.text)

const isReadonlyType = (type: ts.TypeNode | undefined): boolean =>
  type !== undefined && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && READONLY_TYPES.has(type.typeName.text)

/** Each top-level declaration of module state in `text`, as `name:line what`. */
function moduleState(name: string, text: string): string[] {
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const found: string[] = []
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue
    const list = statement.declarationList
    const isConst = (list.flags & ts.NodeFlags.Const) !== 0
    for (const declaration of list.declarations) {
      const line = file.getLineAndCharacterOfPosition(declaration.getStart(file)).line + 1
      const where = `${name}:${line} ${declaration.name.getText(file)}`
      if (!isConst) found.push(`${where}: a top-level ${(list.flags & ts.NodeFlags.Let) !== 0 ? 'let' : 'var'}`)
      else if (isCollection(declaration.initializer) && !isReadonlyType(declaration.type)) {
        found.push(`${where}: a top-level mutable ${((declaration.initializer as ts.NewExpression).expression as ts.Identifier).text}`)
      }
    }
  }
  return found
}

describe('the checker', () => {
  it('finds each kind of module state, exported or not', () => {
    const planted = [
      "import { x } from './x.js'",
      'let last = 0',
      'export var count = 1',
      'const cache = new Map<string, string>()',
      'export const seen = new WeakSet<object>(), other = 1',
      'const marks = new WeakMap()',
      'const ids: Set<string> = new Set()',
    ].join('\n')
    expect(moduleState('planted.ts', planted)).toEqual([
      'planted.ts:2 last: a top-level let',
      'planted.ts:3 count: a top-level var',
      'planted.ts:4 cache: a top-level mutable Map',
      'planted.ts:5 seen: a top-level mutable WeakSet',
      'planted.ts:6 marks: a top-level mutable WeakMap',
      'planted.ts:7 ids: a top-level mutable Set',
    ])
  })

  it('passes constants, read-only tables and state inside functions and classes', () => {
    const clean = [
      'const LIMIT = 10',
      "const KINDS: ReadonlySet<string> = new Set(['read'])",
      'const LANGUAGES: ReadonlyMap<string, string> = new Map([])',
      'export function walk() { let depth = 0; const seen = new Set(); return depth + seen.size }',
      'class Walk { private readonly seen = new Set<object>(); static count = 0 }',
      'for (let index = 0; index < 1; index++) {}',
    ].join('\n')
    expect(moduleState('clean.ts', clean)).toEqual([])
  })
})

describe('src/', () => {
  it('holds no mutable module-level state', () => {
    const found = sourceFiles(src).flatMap((file) => moduleState(relative(src, file), readFileSync(file, 'utf8')))
    expect(found.filter((entry) => !ALLOWED.some((allowed) => entry.startsWith(`${allowed}:`)))).toEqual([])
  })

  it('allows only modules that still hold state (a stale entry must go)', () => {
    const stale = ALLOWED.filter((allowed) => moduleState(allowed, readFileSync(join(src, allowed), 'utf8')).length === 0)
    expect(stale).toEqual([])
  })
})
