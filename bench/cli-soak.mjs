// The render command on big ACP logs: MB/s and peak RSS at three log sizes.
// Not a test: run by hand after `npx tsup`, `node bench/cli-soak.mjs [MB ...]`
// (default 100 300 1000). Each log mixes read cards, commands with streamed
// terminal output (v1 display-terminal deltas), message chunks and prompt
// turns; each read ends after the command announced after it, so cards wait
// for the earlier call. The command streams, so peak RSS should stay flat
// (the bound: 512 MiB for 1 GB) and MB/s the same at every size. Needs
// /usr/bin/time (GNU) for the child's peak RSS. The logs, in /tmp, are deleted.
import { spawnSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
// CLI=path/to/main.js measures another build (main's, to compare).
const cliPath = process.env.CLI ?? join(root, 'dist/cli/main.js')
const sizes = process.argv.slice(2).map(Number)
const dir = mkdtempSync(join(tmpdir(), 'tri-cli-soak-'))
const rpc = (update) => JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update } })

// An ACP log of about `megabytes` MB, written a call at a time.
function writeLog(path, megabytes) {
  const fd = openSync(path, 'w')
  const output = 'PASS src/some/test/file.test.ts (12 tests) 35ms\n'.repeat(400)
  let written = 0
  for (let call = 0; written < megabytes * 1e6; call++) {
    const lines = [
      JSON.stringify({ jsonrpc: '2.0', id: call, method: 'session/prompt', params: { sessionId: 's', prompt: [] } }),
      rpc({ sessionUpdate: 'tool_call', toolCallId: `r${call}`, title: `Read src/file${call}.ts`, kind: 'read', status: 'in_progress' }),
      rpc({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Looking at the tests.' } }),
      rpc({
        sessionUpdate: 'tool_call',
        toolCallId: `b${call}`,
        title: 'npm test',
        kind: 'execute',
        status: 'in_progress',
        content: [{ type: 'terminal', terminalId: `t${call}` }],
        _meta: { terminal_info: { terminal_id: `t${call}`, cwd: '/repo' } },
      }),
    ]
    for (let piece = 0; piece < 4; piece++)
      lines.push(
        rpc({
          sessionUpdate: 'tool_call_update',
          toolCallId: `b${call}`,
          _meta: { terminal_output: { terminal_id: `t${call}`, data: output } },
        }),
      )
    lines.push(
      rpc({
        sessionUpdate: 'tool_call_update',
        toolCallId: `b${call}`,
        status: 'completed',
        _meta: { terminal_exit: { terminal_id: `t${call}`, exit_code: 0 } },
      }),
      rpc({ sessionUpdate: 'tool_call_update', toolCallId: `r${call}`, status: 'completed' }),
      JSON.stringify({ jsonrpc: '2.0', id: call, result: { stopReason: 'end_turn' } }),
    )
    const text = `${lines.join('\n')}\n`
    writeSync(fd, text)
    written += Buffer.byteLength(text)
  }
  closeSync(fd)
}

console.log(`load: ${spawnSync('uptime', { encoding: 'utf8' }).stdout.trim()}`)
console.log('| log MB | mode | exit | seconds | MB/s | peak RSS MiB |')
console.log('|---:|---|---:|---:|---:|---:|')
for (const megabytes of sizes.length > 0 ? sizes : [100, 300, 1000]) {
  const log = join(dir, `log-${megabytes}.jsonl`)
  writeLog(log, megabytes)
  const bytes = statSync(log).size
  for (const mode of ['text', 'html']) {
    const args = [cliPath, 'render', log, '--format', 'acp']
    if (mode === 'html') args.push('--html', join(dir, 'page.html'))
    else args.push('--cwd', '/repo')
    const run = spawnSync('/usr/bin/time', ['-f', 'TIME %e %M', process.execPath, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
      maxBuffer: 1 << 28,
    })
    const [, seconds, kib] = /TIME (\S+) (\d+)/.exec(run.stderr) ?? []
    const mbs = (bytes / 1e6 / Number(seconds)).toFixed(1)
    console.log(`| ${(bytes / 1e6).toFixed(0)} | ${mode} | ${run.status} | ${seconds} | ${mbs} | ${(Number(kib) / 1024).toFixed(0)} |`)
  }
  rmSync(log)
}
rmSync(dir, { recursive: true, force: true })
