// Extracts the tool calls of published Claude Code session logs into the
// small fixture the replay test reads
// (test/presenters/fixtures/transcripts/claude-code-calls.jsonl): each line
// one call as the log holds it, `{ source, name, input, result?, structured? }`,
// where `result` is the tool_result block's `content` and `is_error` and
// `structured` the line's `toolUseResult`. To keep the fixture small it takes
// at most 40 calls of each tool, in log order, whose input is at most
// 3,000 characters of JSON, and keeps a result only when it and the
// structured result take at most 1,500.
//
//   node scripts/transcript-calls.mjs <folder of .jsonl logs> > test/presenters/fixtures/transcripts/claude-code-calls.jsonl
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const folder = process.argv[2]
const PER_TOOL = 40
const MAX_INPUT = 3000
const MAX_RESULT = 1500

// Every .jsonl file under the folder, in a stable order.
const logs = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => (entry.isDirectory() ? logs(join(dir, entry.name)) : entry.name.endsWith('.jsonl') ? [join(dir, entry.name)] : []))

const taken = new Map()
for (const file of logs(folder)) {
  const calls = new Map()
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    let record
    try {
      record = JSON.parse(line)
    } catch {
      continue
    }
    const content = record?.message?.content
    if (!Array.isArray(content)) continue
    for (const block of content) {
      if (block?.type === 'tool_use') calls.set(block.id, { source: relative(folder, file), name: block.name, input: block.input })
      if (block?.type === 'tool_result' && calls.has(block.tool_use_id)) {
        const call = calls.get(block.tool_use_id)
        const result = { content: block.content, is_error: block.is_error === true }
        if (JSON.stringify([result, record.toolUseResult ?? null]).length <= MAX_RESULT) {
          call.result = result
          if (record.toolUseResult !== undefined) call.structured = record.toolUseResult
        }
      }
    }
  }
  for (const call of calls.values()) {
    const count = taken.get(call.name) ?? 0
    if (count >= PER_TOOL || JSON.stringify(call.input).length > MAX_INPUT) continue
    taken.set(call.name, count + 1)
    process.stdout.write(`${JSON.stringify(call)}\n`)
  }
}
