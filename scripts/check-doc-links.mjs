// Fails on a broken relative link in README.md and docs/**/*.md: a file that
// does not exist, or an anchor (`#…`, in the same page or another Markdown
// page) that no heading of that page makes. Remote links (http, https,
// mailto) are not fetched. docs/api/ (typedoc's output) is not checked.
//
//   node scripts/check-doc-links.mjs            check the repository's pages
//   node scripts/check-doc-links.mjs a.md b.md  check these pages
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { fromMarkdown } from 'mdast-util-from-markdown'

/** The anchor GitHub gives a heading: lower case, punctuation dropped, each space a hyphen. */
export function slugOf(text) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

function textOf(node) {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value
  return 'children' in node ? node.children.map(textOf).join('') : ''
}

/** Every anchor a page's headings make, with GitHub's `-1`, `-2` for repeats. */
export function anchorsOf(markdown) {
  const anchors = new Set()
  const seen = new Map()
  const walk = (nodes) => {
    for (const node of nodes) {
      if (node.type === 'heading') {
        const slug = slugOf(textOf(node))
        const count = seen.get(slug) ?? 0
        seen.set(slug, count + 1)
        anchors.add(count === 0 ? slug : `${slug}-${count}`)
      } else if (node.type === 'html') {
        for (const [, id] of node.value.matchAll(/\b(?:id|name)="([^"]+)"/g)) anchors.add(id)
      }
      if ('children' in node) walk(node.children)
    }
  }
  walk(fromMarkdown(markdown).children)
  return anchors
}

function linksOf(markdown) {
  const links = []
  const walk = (nodes) => {
    for (const node of nodes) {
      if (node.type === 'link' || node.type === 'image' || node.type === 'definition')
        links.push({ url: node.url, line: node.position?.start.line ?? 0 })
      if ('children' in node) walk(node.children)
    }
  }
  walk(fromMarkdown(markdown).children)
  return links
}

/** The broken links of these pages, as `file:line: message` strings (none: `[]`). */
export function brokenLinks(files, root = process.cwd()) {
  const anchors = new Map()
  const anchorsIn = (file) => {
    if (!anchors.has(file)) anchors.set(file, anchorsOf(readFileSync(file, 'utf8')))
    return anchors.get(file)
  }
  const problems = []
  for (const file of files) {
    for (const { url, line } of linksOf(readFileSync(file, 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(url)) continue // http:, https:, mailto:
      const where = `${relative(root, file)}:${line}`
      const hash = url.indexOf('#')
      const path = decodeURIComponent(hash === -1 ? url : url.slice(0, hash))
      const anchor = hash === -1 ? undefined : decodeURIComponent(url.slice(hash + 1))
      const target = path === '' ? file : resolve(dirname(file), path)
      if (!existsSync(target)) {
        problems.push(`${where}: ${url}: no such file`)
        continue
      }
      if (anchor === undefined || anchor === '') continue
      if (!statSync(target).isFile() || !target.endsWith('.md')) {
        problems.push(`${where}: ${url}: an anchor into a file that is not a Markdown page`)
      } else if (!anchorsIn(target).has(anchor)) {
        problems.push(`${where}: ${url}: no heading makes #${anchor} in ${relative(root, target)}`)
      }
    }
  }
  return problems
}

/** README.md and every Markdown page under docs/ but docs/api/. */
export function documentationPages(root) {
  const pages = [join(root, 'README.md')]
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (path !== join(root, 'docs', 'api')) walk(path)
      } else if (entry.name.endsWith('.md')) pages.push(path)
    }
  }
  walk(join(root, 'docs'))
  return pages
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const files = process.argv.length > 2 ? process.argv.slice(2).map((file) => resolve(file)) : documentationPages(root)
  const problems = brokenLinks(files, process.cwd())
  for (const problem of problems) console.error(problem)
  if (problems.length > 0) {
    console.error(`${problems.length} broken link${problems.length === 1 ? '' : 's'} in ${files.length} pages`)
    process.exit(1)
  }
  console.log(`${files.length} pages, no broken relative link`)
}
