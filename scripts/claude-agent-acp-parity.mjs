// Records what claude-agent-acp shows for every row of the parity tables,
// from each release's own mapping functions, so the test compares ours
// against them without the packages installed:
// - test/presenters/fixtures/claude-agent-acp-parity.json, the call cards of
//   both releases (toolInfoFromToolUse);
// - test/presenters/fixtures/claude-agent-acp-result-parity.json, the
//   results the current release rebuilds from a structured result
//   (toolUpdateFromToolResult, for a client with terminal output).
//
// 0.23.1 is the dev dependency @zed-industries/claude-agent-acp. The current
// release, @agentclientprotocol/claude-agent-acp 0.101.0, pulls the Claude
// Code binary (over 300 MB) as an optional dependency its mapping functions
// do not need: install it in a folder of its own, not in the project (an
// `omit=optional` for the project would drop esbuild's platform binary too):
//
//   npm i --prefix /tmp/claude-agent-acp --omit=optional @agentclientprotocol/claude-agent-acp@0.101.0
//   node scripts/claude-agent-acp-parity.mjs /tmp/claude-agent-acp
//
// Run it from the repository root: the adapters resolve a relative path
// against process.cwd(), and the table's relative-path rows use a cwd that
// does not contain it.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = join(import.meta.dirname, '..')
const table = join(root, 'test/presenters/fixtures/claude-agent-acp-parity.json')
const current = process.argv[2]
if (!current) {
  console.error('usage: node scripts/claude-agent-acp-parity.mjs <folder where @agentclientprotocol/claude-agent-acp@0.101.0 is installed>')
  process.exit(2)
}

// A release's mapping function, after checking that the package is that release.
async function release(packageDir, version) {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'))
  if (pkg.version !== version) throw new Error(`${pkg.name} in ${packageDir} is ${pkg.version}, not ${version}`)
  return import(pathToFileURL(join(packageDir, 'dist/tools.js')).href)
}

const modules = {
  '0.23.1': await release(join(root, 'node_modules/@zed-industries/claude-agent-acp'), '0.23.1'),
  '0.101.0': await release(join(current, 'node_modules/@agentclientprotocol/claude-agent-acp'), '0.101.0'),
}
const releases = Object.fromEntries(Object.entries(modules).map(([version, module]) => [version, module.toolInfoFromToolUse]))

// The fields the test compares: title, kind, locations, diffs, and the text
// a client without terminal output shows under the title.
function compared(info) {
  const content = Array.isArray(info.content) ? info.content : []
  return {
    title: info.title,
    kind: info.kind,
    locations: info.locations ?? [],
    diffs: content
      .filter((entry) => entry.type === 'diff')
      .map((entry) => ({ path: entry.path, oldText: entry.oldText, newText: entry.newText })),
    text: content.flatMap((entry) => (entry.type === 'content' && entry.content?.type === 'text' ? [entry.content.text ?? ''] : [])),
  }
}

const rows = JSON.parse(readFileSync(table, 'utf8'))
for (const row of rows) {
  row.releases = {}
  for (const [version, toolInfoFromToolUse] of Object.entries(releases)) {
    row.releases[version] = compared(toolInfoFromToolUse({ id: 'toolu_1', name: row.tool, input: row.input }, false, row.cwd ?? undefined))
  }
}
writeFileSync(table, `${JSON.stringify(rows, null, 2)}\n`)
console.log(`recorded ${rows.length} call rows against ${Object.keys(releases).join(' and ')}`)

// A result as the current release shows it: its text blocks, and for a
// command the terminal output and exit code (`null` when it has none).
function shownResult(update) {
  const meta = update._meta ?? {}
  if (meta.terminal_output || meta.terminal_exit) {
    return { output: meta.terminal_output?.data ?? '', exitCode: meta.terminal_exit?.exit_code ?? null }
  }
  const content = Array.isArray(update.content) ? update.content : []
  return { text: content.flatMap((entry) => (entry.type === 'content' && entry.content?.type === 'text' ? [entry.content.text] : [])) }
}

const resultTable = join(root, 'test/presenters/fixtures/claude-agent-acp-result-parity.json')
const resultRows = JSON.parse(readFileSync(resultTable, 'utf8'))
for (const row of resultRows) {
  const update = modules['0.101.0'].toolUpdateFromToolResult(
    { type: 'tool_result', tool_use_id: 'toolu_1', ...row.result },
    { id: 'toolu_1', name: row.tool, input: row.input },
    true,
    row.structured,
  )
  row.releases = { '0.101.0': shownResult(update) }
}
writeFileSync(resultTable, `${JSON.stringify(resultRows, null, 2)}\n`)
console.log(`recorded ${resultRows.length} result rows against 0.101.0`)
