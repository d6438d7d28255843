// The modules of src/ read one way: no module imports, directly or through
// others, a module that imports it. Every relative specifier counts (type-only
// imports, re-exports and `import('…')` types too): a cycle of types is still
// two layers that cannot be read apart.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const src = join(root, 'src')

type Graph = ReadonlyMap<string, readonly string[]>

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

/** The relative modules `text` (the file `file`) names, as paths of `.ts` files. */
function relativeImports(file: string, text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true)
  return importedFiles
    .map((reference) => reference.fileName)
    .filter((specifier) => specifier.startsWith('./') || specifier.startsWith('../'))
    .map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, '.ts')))
}

/** The relative-import graph of modules given as path → text, keyed by path relative to `base`. */
function importGraph(files: ReadonlyMap<string, string>, base: string): Graph {
  const graph = new Map<string, string[]>()
  for (const [file, text] of files) {
    graph.set(
      relative(base, file),
      relativeImports(file, text).map((target) => relative(base, target)),
    )
  }
  return graph
}

/** Every cycle, each as the list of modules around it (first module repeated at the end); depth-first. */
function cycles(graph: Graph): string[][] {
  const found: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (node: string) => {
    state.set(node, 'open')
    stack.push(node)
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next])
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(node, 'done')
  }
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node)
  return found
}

/** The longest chain of imports in an acyclic graph (a list of modules). */
function longestChain(graph: Graph): string[] {
  const memo = new Map<string, string[]>()
  const from = (node: string): string[] => {
    const known = memo.get(node)
    if (known) return known
    let best: string[] = []
    for (const next of graph.get(node) ?? []) {
      const chain = from(next)
      if (chain.length > best.length) best = chain
    }
    const chain = [node, ...best]
    memo.set(node, chain)
    return chain
  }
  let best: string[] = []
  for (const node of [...graph.keys()].sort()) {
    const chain = from(node)
    if (chain.length > best.length) best = chain
  }
  return best
}

describe('the checker', () => {
  const graphOf = (files: Record<string, string>) =>
    importGraph(new Map(Object.entries(files).map(([name, text]) => [join('/x', name), text])), '/x')

  it('finds a cycle through a type-only import and a re-export', () => {
    const graph = graphOf({
      'a/one.ts': "import type { T } from '../b/two.js'\nexport const one = 1",
      'b/two.ts': "export { three } from './three.js'",
      'b/three.ts': "import { one } from '../a/one.js'\nexport const three = one",
    })
    expect(cycles(graph)).toEqual([['a/one.ts', 'b/two.ts', 'b/three.ts', 'a/one.ts']])
  })

  it('passes a graph that reads one way, and names its longest chain', () => {
    const graph = graphOf({
      'index.ts': "export * from './a.js'\nimport { b } from './b.js'",
      'a.ts': "import { b } from './b.js'\nimport { x } from 'some-package'",
      'b.ts': "const c = await import('./c.js')",
      'c.ts': 'export const c = 1',
    })
    expect(cycles(graph)).toEqual([])
    expect(longestChain(graph)).toEqual(['index.ts', 'a.ts', 'b.ts', 'c.ts'])
  })
})

describe('src/', () => {
  const files = new Map(sourceFiles(src).map((file) => [file, readFileSync(file, 'utf8')] as const))
  const graph = importGraph(files, src)

  it('imports only modules that exist', () => {
    const missing = [...graph].flatMap(([from, targets]) =>
      targets.filter((target) => !graph.has(target)).map((target) => `${from} → ${target}`),
    )
    expect(missing).toEqual([])
  })

  it('builds calls and results without the session: its defaults live in a leaf module', () => {
    const reached = (start: string) => {
      const seen = new Set<string>()
      const walk = (node: string) => {
        for (const next of graph.get(node) ?? []) {
          if (seen.has(next)) continue
          seen.add(next)
          walk(next)
        }
      }
      walk(start)
      return seen
    }
    for (const builder of ['acp/call.ts', 'acp/result.ts', 'acp-v2/call.ts', 'acp-v2/result.ts']) {
      expect(graph.has(builder)).toBe(true)
      expect([...reached(builder)].filter((module) => module === 'lifecycle/session.ts')).toEqual([])
    }
    expect(graph.get('lifecycle/limits.ts')).toEqual([])
  })

  it('has no import cycle', () => {
    const chain = cycles(graph).length === 0 ? longestChain(graph) : []
    console.log(`src/: ${graph.size} modules; longest import chain (${chain.length}): ${chain.join(' → ')}`)
    expect(cycles(graph).map((cycle) => cycle.join(' → '))).toEqual([])
  })
})
