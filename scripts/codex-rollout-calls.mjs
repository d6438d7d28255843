// Extracts the tool calls of published codex rollouts into the small fixture
// the replay test reads (test/presenters/fixtures/transcripts/codex-calls.jsonl):
// each line one call, `{ source, cwd, name, input, output? }` (`cwd` the
// session's, from its `session_meta`), named as a harness
// names it to codex's presenters: a `function_call` by its name with its
// arguments parsed from JSON, a `custom_tool_call` by its name with its
// input as it is (`apply_patch`'s patch text), a `local_shell_call` as
// `shell`, a hosted `web_search_call` as `web_search` with its action, an
// `image_generation_call` as `image_generation`; `output` is the
// `…_output` item's output with the same `call_id`. To keep the fixture
// small it takes at most 40 calls of each tool, in log order, whose input is
// at most 3,000 characters of JSON, and keeps an output of at most 1,500.
//
//   node scripts/codex-rollout-calls.mjs <folder of rollout-*.jsonl> > test/presenters/fixtures/transcripts/codex-calls.jsonl
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const folder = process.argv[2]
const PER_TOOL = 40
const MAX_INPUT = 3000
const MAX_OUTPUT = 1500

const logs = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => (entry.isDirectory() ? logs(join(dir, entry.name)) : entry.name.endsWith('.jsonl') ? [join(dir, entry.name)] : []))

const parsed = (text) => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

// The call an item makes, as { name, input }, or undefined.
function callOf(item) {
  switch (item.type) {
    case 'function_call':
      return { name: item.name, input: typeof item.arguments === 'string' ? parsed(item.arguments) : item.arguments }
    case 'custom_tool_call':
      return { name: item.name, input: item.input }
    case 'local_shell_call':
      return { name: 'shell', input: { command: item.action?.command, workdir: item.action?.working_directory ?? undefined } }
    case 'web_search_call':
      return { name: 'web_search', input: item.action ?? item }
    case 'image_generation_call':
      return { name: 'image_generation', input: { revised_prompt: item.revised_prompt ?? undefined } }
    default:
      return undefined
  }
}

const taken = new Map()
for (const file of logs(folder)) {
  const calls = []
  const byId = new Map()
  let cwd
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const record = parsed(line)
    if (record?.type === 'session_meta' && cwd === undefined) cwd = record.payload?.cwd
    const item = record?.type === 'response_item' ? record.payload : undefined
    if (typeof item !== 'object' || item === null) continue
    if ((item.type === 'function_call_output' || item.type === 'custom_tool_call_output') && byId.has(item.call_id)) {
      if (JSON.stringify(item.output ?? null).length <= MAX_OUTPUT) byId.get(item.call_id).output = item.output
      continue
    }
    const call = callOf(item)
    if (call === undefined || typeof call.name !== 'string') continue
    const entry = { source: relative(folder, file), cwd, name: call.name, input: call.input }
    calls.push(entry)
    if (typeof item.call_id === 'string') byId.set(item.call_id, entry)
  }
  for (const call of calls) {
    const count = taken.get(call.name) ?? 0
    if (count >= PER_TOOL || JSON.stringify(call.input ?? null).length > MAX_INPUT) continue
    taken.set(call.name, count + 1)
    process.stdout.write(`${JSON.stringify(call)}\n`)
  }
}
