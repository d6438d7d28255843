// Installs what the per-call bench times ours against, claude-agent-acp's
// own agent (bench/their-agent.ts), into bench/anchor from its lockfile,
// unless that version is there already. Without optional dependencies: the
// Claude Code binary it pulls (over 300 MB) is not needed to call its code,
// and an `omit=optional` for the project itself would drop esbuild's
// platform binary too. Run by `npm run bench`.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const folder = join(import.meta.dirname, '..', 'bench', 'anchor')
const wanted = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).dependencies['@agentclientprotocol/claude-agent-acp']
const installedManifest = join(folder, 'node_modules', '@agentclientprotocol', 'claude-agent-acp', 'package.json')
const installed = existsSync(installedManifest) ? JSON.parse(readFileSync(installedManifest, 'utf8')).version : undefined
if (installed !== wanted) {
  console.error(`bench/anchor: installing @agentclientprotocol/claude-agent-acp ${wanted}`)
  try {
    execFileSync('npm', ['ci', '--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: folder,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
  } catch {
    console.error('bench/anchor: npm ci failed (see above); the per-call bench needs it')
    process.exit(1)
  }
}
