// What a CommonMark parser makes of a line: the node types it holds, and the
// text it shows. Shared by the markdown-text tests and the presenter tests.
import { fromMarkdown } from 'mdast-util-from-markdown'

/** An mdast node, as far as these checks read it. */
export interface MdNode {
  readonly type: string
  readonly value?: string
  readonly children?: readonly MdNode[]
  readonly position?: { readonly start: { readonly offset?: number }; readonly end: { readonly offset?: number } }
}

/** The parsed tree of `markdown`. */
export const parse = (markdown: string): MdNode => fromMarkdown(markdown) as MdNode

/** Every node type in the tree, the root's included. */
export function nodeTypes(node: MdNode, types = new Set<string>()): Set<string> {
  types.add(node.type)
  for (const child of node.children ?? []) nodeTypes(child, types)
  return types
}

/** The node types that would let text link, embed, or escape its line. */
export const UNSAFE_TYPES = ['link', 'image', 'html', 'inlineCode', 'break', 'linkReference', 'imageReference', 'definition']

/**
 * The text the tree shows, with the source's `_` delimiters put back around
 * emphasis: what a reader sees, underscores included.
 */
export function shownText(node: MdNode, source: string): string {
  if (node.type === 'text') return node.value ?? ''
  const children = node.children ?? []
  const inner = children.map((child) => shownText(child, source)).join('')
  if ((node.type === 'emphasis' || node.type === 'strong') && children.length > 0) {
    const open = source.slice(node.position!.start.offset, children[0].position!.start.offset)
    const close = source.slice(children.at(-1)!.position!.end.offset, node.position!.end.offset)
    return open + inner + close
  }
  return inner
}

/** Whether every emphasis or strong node of the tree opens with `_` in the source (never `*`). */
export function emphasisOnlyFromUnderscore(node: MdNode, source: string): boolean {
  if ((node.type === 'emphasis' || node.type === 'strong') && source[node.position!.start.offset!] !== '_') return false
  return (node.children ?? []).every((child) => emphasisOnlyFromUnderscore(child, source))
}

/** How many nodes of each of `types` the tree holds. */
export function countTypes(node: MdNode, types: readonly string[], counts: Record<string, number> = {}): Record<string, number> {
  if (types.includes(node.type)) counts[node.type] = (counts[node.type] ?? 0) + 1
  for (const child of node.children ?? []) countTypes(child, types, counts)
  return counts
}

/** Every line break CommonMark or a Unicode-aware renderer may honour. */
export const LINE_BREAKS = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g
