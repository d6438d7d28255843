// The reader on many chunks: time for n and 8n pieces of one call, for v2
// content chunks and v2 terminal output chunks. Linear appending gives a
// ratio near 8; a quadratic one near 64. Not a test: run by hand after
// `npx tsup`, `node bench/reader-chunks.mjs [n]` (default 20000).
import { createAcpReader } from '../dist/reader/index.js'

const n = Number(process.argv[2] ?? 20000)
const base64 = Buffer.from('PASS src/a.test.ts\n').toString('base64')

const shapes = {
  'content chunks': (count) => {
    const updates = [{ sessionUpdate: 'tool_call_update', toolCallId: 'c', title: 'Read a', kind: 'read', status: 'in_progress' }]
    for (let index = 0; index < count; index++)
      updates.push({
        sessionUpdate: 'tool_call_content_chunk',
        toolCallId: 'c',
        content: { type: 'content', content: { type: 'text', text: `line ${index}\n` } },
      })
    updates.push({ sessionUpdate: 'tool_call_update', toolCallId: 'c', status: 'completed' })
    return updates
  },
  'terminal chunks': (count) => {
    const updates = [
      { sessionUpdate: 'terminal_update', terminalId: 't', command: 'npm test', cwd: '/repo' },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'c',
        title: 'npm test',
        kind: 'execute',
        status: 'in_progress',
        content: [{ type: 'terminal', terminalId: 't' }],
      },
    ]
    for (let index = 0; index < count; index++) updates.push({ sessionUpdate: 'terminal_output_chunk', terminalId: 't', data: base64 })
    updates.push({ sessionUpdate: 'terminal_update', terminalId: 't', exitStatus: { exitCode: 0 } })
    updates.push({ sessionUpdate: 'tool_call_update', toolCallId: 'c', status: 'completed' })
    return updates
  },
}

const time = (updates) => {
  const reader = createAcpReader()
  const start = process.hrtime.bigint()
  for (const update of updates) reader.read(update)
  reader.records()
  return Number(process.hrtime.bigint() - start) / 1e6
}

console.log('| shape | n ms | 8n ms | ratio |')
console.log('|---|---:|---:|---:|')
for (const [name, make] of Object.entries(shapes)) {
  const small = make(n)
  const large = make(8 * n)
  time(small)
  const a = Math.min(time(small), time(small))
  const b = Math.min(time(large), time(large))
  console.log(`| ${name} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b / a).toFixed(1)} |`)
}
