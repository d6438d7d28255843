// `npm run test:packed-cli`: the `render` command as a user first runs it. Packs
// the package as `npm publish` would (`prepack` builds dist/ when stale),
// installs the tarball into an empty folder (its dependencies from the npm
// registry), and runs `npx --no-install tool-render-intent render` there on
// the session log of examples/sessions/: as text, as an HTML page, on a file
// that does not exist and on a file that is not a log, checking the output and
// the exit status of each. `--keep` leaves the folder in place.
import { execFileSync, spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const root = join(import.meta.dirname, '..')
const log = join(root, 'examples/sessions/cart-fix.claude-code.jsonl')
const keep = process.argv.includes('--keep')
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const started = performance.now()
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`

// npm's own CLIs when run as an npm script, else the ones on PATH.
const npmCli = process.env.npm_execpath
const tool = (name) => (npmCli && /npm-cli\.js$/.test(npmCli) ? [process.execPath, [join(dirname(npmCli), `${name}-cli.js`)]] : [name, []])
const [npm, npmArgs] = tool('npm')
const [npx, npxArgs] = tool('npx')

const temp = mkdtempSync(join(tmpdir(), 'tool-render-intent-packed-cli-'))
const failures = []
const check = (label, ok, detail) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}`)
  if (!ok) failures.push(`${label}${detail ? `:\n  ${String(detail).trim().split('\n').join('\n  ')}` : ''}`)
}

try {
  execFileSync(npm, [...npmArgs, 'pack', '--loglevel=warn', '--pack-destination', temp], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const tarball = readdirSync(temp).find((name) => name.endsWith('.tgz'))
  if (tarball === undefined) throw new Error('npm pack made no tarball')
  console.log(`packed ${tarball} (${seconds()})`)

  // An empty folder: no package.json until npm writes one.
  const project = join(temp, 'empty')
  mkdirSync(project)
  const install = spawnSync(
    npm,
    [...npmArgs, 'install', join(temp, tarball), '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=warn'],
    {
      cwd: project,
      encoding: 'utf8',
    },
  )
  check(`npm install ${tarball} in an empty folder (${seconds()})`, install.status === 0 && install.stderr.trim() === '', install.stderr)
  if (install.status !== 0) throw new Error('the tarball did not install')
  const installed = JSON.parse(readFileSync(join(project, 'node_modules/tool-render-intent/package.json'), 'utf8'))
  check(`installs version ${manifest.version}`, installed.version === manifest.version, installed.version)

  copyFileSync(log, join(project, 'session.jsonl'))
  const render = (...args) =>
    spawnSync(npx, [...npxArgs, '--no-install', 'tool-render-intent', ...args], {
      cwd: project,
      encoding: 'utf8',
      // As a script or CI runs it: no terminal, so no colour.
      env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '' },
    })

  const text = render('render', 'session.jsonl')
  check(
    'render prints the session as text, exit 0, nothing on stderr',
    text.status === 0 &&
      text.stderr === '' &&
      text.stdout.includes('$ npm test -- cart  [failed]') &&
      text.stdout.includes('[x] Run the whole suite'),
    `exit ${text.status}\n${text.stderr}\n${text.stdout.slice(0, 400)}`,
  )
  check('the text has no escape sequences when stdout is not a terminal', !text.stdout.includes('\u001b['))

  const html = render('render', 'session.jsonl', '--html', 'session.html')
  let page = ''
  try {
    page = readFileSync(join(project, 'session.html'), 'utf8')
  } catch {}
  check(
    'render --html writes one self-contained page, exit 0, one line on stderr saying where',
    html.status === 0 &&
      html.stderr === 'tool-render-intent: 7 card(s) from claude-code log written to "session.html"\n' &&
      page.startsWith('<!doctype html>') &&
      page.includes(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'`) &&
      (page.match(/<details class="tri-card/g) ?? []).length === 7 &&
      // The one script is the page's own search, inline under the CSP's hash:
      // nothing loads from elsewhere.
      (page.match(/<script/g) ?? []).length === 1 &&
      page.includes("script-src 'sha256-") &&
      !/<script[^>]*\ssrc=|<link|<iframe/.test(page),
    `exit ${html.status}\n${html.stderr}\n${page.slice(0, 300)}`,
  )

  const missing = render('render', 'no-such-log.jsonl')
  const missingLines = missing.stderr.trim().split('\n')
  check(
    'a log that does not exist: one line on stderr naming it, exit 1',
    missing.status === 1 &&
      missing.stdout === '' &&
      missingLines.length === 1 &&
      /^tool-render-intent: cannot read ".*no-such-log\.jsonl"/.test(missingLines[0]),
    `exit ${missing.status}\n${missing.stderr}`,
  )

  writeFileSync(join(project, 'notes.txt'), 'Remember to water the plants.\n')
  const other = render('render', 'notes.txt')
  check(
    'a file that is not a log: says so on stderr, exit 1',
    other.status === 1 &&
      other.stdout === '' &&
      /"notes\.txt" is not a log that this tool recognises \(acp, claude-code, codex/.test(other.stderr) &&
      other.stderr.trim().split('\n').length <= 2,
    `exit ${other.status}\n${other.stderr}`,
  )

  const version = render('--version')
  check(
    `--version prints ${manifest.version}, exit 0`,
    version.status === 0 && version.stdout === `${manifest.version}\n`,
    `exit ${version.status}\n${version.stdout}${version.stderr}`,
  )

  const usage = render()
  check(
    'no command: the usage on stderr, exit 2',
    usage.status === 2 && usage.stderr.includes('Usage: tool-render-intent render LOG'),
    `exit ${usage.status}\n${usage.stderr}`,
  )
} catch (error) {
  failures.push(String(error?.message ?? error))
} finally {
  if (keep) console.log(`kept ${temp}`)
  else rmSync(temp, { recursive: true, force: true })
}

console.log(`${failures.length === 0 ? 'the packed command works in an empty folder' : `${failures.length} failed`} (${seconds()})`)
if (failures.length > 0) {
  console.error(`\n${failures.join('\n\n')}`)
  process.exitCode = 1
}
