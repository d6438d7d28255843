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

/**
 * Where the layer rules are broken: for each module under a directory of
 * `rules` (its first path segment), the chain to the first module it
 * reaches, directly or through others, under a directory the rule forbids
 * it (`from → … → to`). Breadth-first, so each chain is a shortest one.
 */
function layerBreaches(graph: Graph, rules: Readonly<Record<string, readonly string[]>>): string[] {
  const layerOf = (module: string) => (module.includes('/') ? module.slice(0, module.indexOf('/')) : '.')
  const breaches: string[] = []
  for (const start of [...graph.keys()].sort()) {
    const forbidden = rules[layerOf(start)]
    if (forbidden === undefined) continue
    const parent = new Map<string, string>([[start, start]])
    const queue = [start]
    for (let index = 0; index < queue.length; index++) {
      const node = queue[index]!
      for (const next of graph.get(node) ?? []) {
        if (parent.has(next)) continue
        parent.set(next, node)
        if (forbidden.includes(layerOf(next))) {
          const chain = [next]
          for (let at = node; at !== start; at = parent.get(at)!) chain.unshift(at)
          breaches.push([start, ...chain].join(' → '))
        } else queue.push(next)
      }
    }
  }
  return breaches
}

// Arguments → presenter → view → event → encoder or renderer → output, and
// the reader from the wire back to views: the renderers may read a log
// through the reader, the reader never draws, and the encoders neither read
// logs back nor draw.
const LAYER_RULES: Readonly<Record<string, readonly string[]>> = {
  reader: ['html', 'text', 'cli'],
  acp: ['reader', 'html', 'text', 'cli'],
  'acp-v2': ['reader', 'html', 'text', 'cli'],
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

  it('finds a layer reached the wrong way, through the modules in between, and lets the right way pass', () => {
    const graph = graphOf({
      'html/card.ts': "import type { Record } from '../reader/records.js'",
      'reader/records.ts': "import type { View } from '../views.js'",
      'reader/acp-reader.ts': "import { shared } from '../safety/shared.js'",
      'safety/shared.ts': "import { escapeHtml } from '../html/escape.js'",
      'html/escape.ts': 'export const escapeHtml = 1',
      'views.ts': 'export type View = 1',
    })
    expect(layerBreaches(graph, { reader: ['html'] })).toEqual(['reader/acp-reader.ts → safety/shared.ts → html/escape.ts'])
    expect(layerBreaches(graph, { html: ['text'] })).toEqual([])
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

  it('reads one way between the layers: html and text may import the reader, never the reverse; the encoders import none of them', () => {
    for (const layer of ['reader', 'html', 'text', 'acp', 'acp-v2'])
      expect([...graph.keys()].some((module) => module.startsWith(`${layer}/`))).toBe(true)
    expect(layerBreaches(graph, LAYER_RULES)).toEqual([])
    // The renderers name the reader's records; nothing else the reader gives is theirs to hold.
    expect(graph.get('html/card.ts')).toContain('reader/records.ts')
  })

  it('has no import cycle', () => {
    const chain = cycles(graph).length === 0 ? longestChain(graph) : []
    console.log(
      `src/: ${graph.size} modules, ${cycles(graph).length} import cycles; longest import chain (${chain.length}): ${chain.join(' → ')}`,
    )
    expect(cycles(graph).map((cycle) => cycle.join(' → '))).toEqual([])
  })
})
