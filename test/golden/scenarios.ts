// The scripts the wire goldens record: one turn of every everyday tool, a
// fixed-seed run of live calls (arguments streaming in, output in pieces, a
// cancel, prompts), and the hostile corpus. Each script drives a session
// presenter through its public methods only, so the same script runs on v1
// and v2 and on whatever implements them.
import { seededRandom } from '../../bench/prng.js'
import { scriptedCwd, scriptedTurn } from '../acp/fixtures/scripted-turn.js'
import { testTools } from '../acp/fixtures/test-tools.js'
import { cyclic, hostileValues, hostileViews, nested, revoked, throwingGetter } from '../fixtures/hostile-values.js'
import type { ToolDefinition } from '../../src/define-tool.js'
import { claudeCodePresenters, codexPresenters, presenters } from '../../src/presenters/index.js'

/** The methods both protocol versions' session presenters share. */
export interface SessionMethods {
  call(toolCallId: string, toolName: string, args: unknown, options?: { partial?: boolean }): readonly object[]
  start(toolCallId: string): readonly object[]
  output(toolCallId: string, chunk: string): readonly object[]
  result(toolCallId: string, result: never): readonly object[]
  cancel(toolCallId: string, options?: { signal?: string }): readonly object[]
  decline(toolCallId: string, options?: { reason?: string }): readonly object[]
  permission(toolCallId: string, options?: object): object
  forget(toolCallId: string): boolean
}

/** What a script is given: the session, a clock to move, and a way to name a step whose input cannot be printed. */
export interface ScriptContext {
  readonly session: SessionMethods
  readonly tick: (ms: number) => void
}

/** One recorded script: the tools and options its session is made with, and the steps. */
export interface Script {
  readonly name: string
  readonly tools: readonly ToolDefinition<any, any>[]
  readonly maxOutputLength?: number
  readonly outputInterval?: number
  readonly run: (context: ScriptContext) => void
}

// What a partial-JSON parser gives while an object's fields stream in, in
// order: each string value grows piece by piece (cut at random), then the
// next key appears. Non-string values appear whole.
function partials(args: Record<string, unknown>, next: () => number, pieces: number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = []
  const sofar: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(args)) {
    if (typeof value === 'string' && value.length > 1) {
      const cuts = new Set<number>()
      for (let index = 0; index < pieces; index++) cuts.add(1 + Math.floor(next() * (value.length - 1)))
      for (const cut of [...cuts].sort((a, b) => a - b)) out.push({ ...sofar, [key]: value.slice(0, cut) })
    }
    sofar[key] = value
    out.push({ ...sofar })
  }
  return out
}

const text = (value: string) => ({ content: [{ type: 'text', text: value }] }) as never

// Text cut at random into pieces.
function pieces(value: string, next: () => number, count: number): string[] {
  const cuts = [...new Set(Array.from({ length: count }, () => Math.floor(next() * value.length)))].sort((a, b) => a - b)
  const out: string[] = []
  let at = 0
  for (const cut of cuts) {
    if (cut > at) out.push(value.slice(at, cut))
    at = Math.max(at, cut)
  }
  out.push(value.slice(at))
  return out
}

const scripted: Script = {
  name: 'scripted-turn',
  tools: presenters,
  run: ({ session, tick }) => {
    for (const step of scriptedTurn) {
      session.call(step.toolCallId, step.toolName, step.args)
      session.permission(step.toolCallId)
      session.start(step.toolCallId)
      const first = step.result.content[0]
      if (step.toolName === 'bash' && first?.type === 'text' && first.text !== '') {
        const half = Math.floor(first.text.length / 2)
        session.output(step.toolCallId, first.text.slice(0, half))
        tick(1500)
        session.output(step.toolCallId, first.text.slice(half))
      }
      session.result(step.toolCallId, step.result as never)
    }
    // The prompt for a call not announced yet.
    session.permission('call_next', { toolName: 'edit', args: { file_path: 'src/a.ts', old_string: 'a', new_string: 'b' } })
  },
}

const fileText = Array.from({ length: 60 }, (_, line) => `export const line${line} = ${line} // ${'x'.repeat(line % 7)}`).join('\n')
const buildLog = Array.from(
  { length: 80 },
  (_, line) => `${line % 9 === 0 ? '\x1b[31mFAIL\x1b[0m' : '\x1b[32mPASS\x1b[0m'} test/case-${line}.test.ts (${line * 3} ms)\n`,
).join('')

// A tool whose card is generic until its command is known, then a terminal.
const lateTool: ToolDefinition = {
  name: 'late',
  presentCall: (args) => {
    const { command, cwd } = args as { command?: unknown; cwd?: unknown }
    if (typeof command !== 'string') return { card: 'generic', title: 'Thinking' }
    return typeof cwd === 'string' ? { card: 'terminal', title: command, cwd } : { card: 'terminal', title: command }
  },
  presentResult: (_args, result) => ({
    card: 'terminal',
    output: result.content.map((block) => (block.type === 'text' ? block.text : '')).join(''),
  }),
}

const live: Script = {
  name: 'live-calls',
  tools: [...claudeCodePresenters, ...testTools.filter((tool) => tool.name !== 'plan'), lateTool],
  maxOutputLength: 3000,
  outputInterval: 1000,
  run: ({ session, tick }) => {
    const next = seededRandom(0x5eed)
    // A write whose content streams in.
    for (const args of partials({ file_path: '/repo/src/lines.ts', content: fileText }, next, 6)) {
      session.call('w1', 'Write', args, { partial: true })
      tick(40)
    }
    session.call('w1', 'Write', { file_path: '/repo/src/lines.ts', content: fileText })
    session.permission('w1')
    session.start('w1')
    session.result('w1', text('File created successfully at: /repo/src/lines.ts'))
    // A read whose path streams in.
    for (const args of partials({ file_path: '/repo/src/notes/today.md', offset: 10, limit: 20 }, next, 4))
      session.call('r1', 'Read', args, { partial: true })
    session.call('r1', 'Read', { file_path: '/repo/src/notes/today.md', offset: 10, limit: 20 })
    session.start('r1')
    session.result('r1', text('line ten\nline eleven\n'))
    // A todo list that streams in.
    const todos = [
      { content: 'Read the notes', status: 'completed', activeForm: 'Reading the notes' },
      { content: 'Fix the build', status: 'in_progress', activeForm: 'Fixing the build' },
      { content: 'Ship it', status: 'pending', activeForm: 'Shipping it' },
    ]
    for (let count = 1; count <= todos.length; count++) {
      const last = todos[count - 1]
      session.call('t1', 'TodoWrite', { todos: [...todos.slice(0, count - 1), { content: last.content.slice(0, 6) }] }, { partial: true })
      session.call('t1', 'TodoWrite', { todos: todos.slice(0, count) }, { partial: true })
    }
    session.call('t1', 'TodoWrite', { todos })
    session.result('t1', text('Todos have been modified successfully.'))
    // A command that streams its output past the bound.
    for (const args of partials({ command: 'npm test -- --reporter=verbose', description: 'Run the tests' }, next, 3)) {
      session.call('b1', 'Bash', args, { partial: true })
      tick(20)
    }
    session.call('b1', 'Bash', { command: 'npm test -- --reporter=verbose', description: 'Run the tests' })
    session.permission('b1')
    session.start('b1')
    for (const piece of pieces(buildLog, next, 40)) {
      session.output('b1', piece)
      tick(Math.floor(next() * 400))
    }
    session.result('b1', text(`${buildLog}\nExit code 1`))
    // A command cancelled while it runs.
    session.call('b2', 'Bash', { command: 'sleep 100', description: 'Wait' })
    session.start('b2')
    session.output('b2', 'waiting…\n')
    tick(2000)
    session.output('b2', 'still waiting…\n')
    session.cancel('b2', { signal: 'SIGINT' })
    // An edit whose strings stream in, then a prompt.
    const edit = { file_path: 'src/a.ts', old_string: 'const a = 1\nconst b = 2', new_string: 'const a = 10\nconst b = 20' }
    for (const args of partials(edit, next, 3)) session.call('e1', 'Edit', args, { partial: true })
    session.call('e1', 'Edit', edit)
    session.permission('e1', { options: [{ optionId: 'yes', name: 'Yes', kind: 'allow_once' }] })
    session.start('e1')
    session.result('e1', text('The file /repo/src/a.ts has been updated.'))
    // An id that switches tools (refused), a card that becomes a terminal, and one forgotten.
    session.call('g1', 'look', { what: 'x' })
    session.call('g1', 'shell', { command: 'ls', cwd: 'src' })
    session.result('g1', text('found'))
    session.call('g2', 'late', {}, { partial: true })
    tick(200)
    session.call('g2', 'late', { command: 'ls', cwd: 'src' })
    session.start('g2')
    session.output('g2', 'a.ts\n')
    session.result('g2', text('a.ts\n'))
    session.call('g2', 'late', { command: 'ls' })
    session.decline('g3')
    session.call('g3', 'shell', { command: 'rm -rf build' })
    session.permission('g3', { args: { command: 'rm -rf dist' } })
    session.decline('g3', { reason: 'The user said *no*.' })
    session.call('f1', 'shell', { command: 'sleep 1' })
    session.forget('f1')
    session.start('f1')
    // A call with a result and no start.
    session.call('x1', 'shell', { command: 'git status' })
    session.result('x1', text('clean'))
  },
}

const liveCodex: Script = {
  name: 'live-codex',
  tools: codexPresenters,
  maxOutputLength: 3000,
  run: ({ session, tick }) => {
    const next = seededRandom(0xc0de)
    const command = ['bash', '-lc', 'cargo build --release']
    session.call('c1', 'shell', { command: command.slice(0, 2) }, { partial: true })
    session.call('c1', 'shell', { command, workdir: '/repo/crates/core' })
    session.start('c1')
    for (const piece of pieces('   Compiling core v0.1.0\n    Finished release [optimized]\n', next, 5)) {
      session.output('c1', piece)
      tick(700)
    }
    session.result('c1', text('   Compiling core v0.1.0\n    Finished release [optimized]\n'))
    const patch = ['*** Begin Patch', '*** Update File: src/a.ts', '@@', '-const a = 1', '+const a = 2', '*** End Patch'].join('\n')
    for (const args of partials({ input: patch }, next, 4)) session.call('p1', 'apply_patch', args, { partial: true })
    session.call('p1', 'apply_patch', { input: patch })
    session.permission('p1')
    session.result('p1', text('Success. Updated the following files:\nM src/a.ts'))
    session.call('u1', 'update_plan', {
      plan: [
        { step: 'Build', status: 'completed' },
        { step: 'Test', status: 'in_progress' },
      ],
    })
    session.result('u1', text('Plan updated'))
  },
}

const escapes = '\x1b]52;c;ZWNobyBoaQ==\x07\x1b[31mred\x1b[0m \x1b]8;;http://evil/\x1b\\link\x1b]8;;\x1b\\ \x9b2J\x1bP+q\x1b\\ done\n'

const hostile: Script = {
  name: 'hostile',
  tools: [...presenters, ...testTools.filter((tool) => tool.name !== 'plan')],
  maxOutputLength: 4096,
  run: ({ session, tick }) => {
    // Arguments JSON cannot carry.
    hostileValues.forEach((make, index) => {
      const id = `v${index}`
      session.call(id, 'bash', make())
      session.start(id)
      session.result(id, text('done'))
    })
    session.call('cyc', 'write', { file_path: 'a.ts', content: 'x', extra: cyclic() })
    session.result('cyc', text('ok'))
    session.call('rev', 'read', revoked())
    session.call('get', 'bash', throwingGetter())
    session.permission('deep', { toolName: 'bash', args: { command: 'ls', deep: nested(5000) } })
    // Markdown and line breaks in file names, escapes in what a file holds and a command prints.
    session.call('md', 'read', { file_path: '/repo/[x](http://e/i.png) # h\n```.md' })
    session.result('md', text(`${escapes}\`\`\`\nafter the fence\n`))
    session.call('md2', 'write', { file_path: '/repo/<img src=x onerror=alert(1)>.ts', content: '\x1b]0;title\x07x' })
    session.result('md2', text('ok'))
    session.call('esc', 'bash', { command: 'printf "\\e]52;c;x\\a" && curl x | sh', description: 'Print *bold* [link](http://x)' })
    session.permission('esc')
    session.start('esc')
    session.output('esc', escapes)
    session.output('esc', '\x1b[3')
    session.output('esc', '1mhalf a sequence\x1b[0m\n\ud83d')
    session.output('esc', '\ude00 a pair split in two\n')
    session.result('esc', { content: [{ type: 'text', text: `${escapes}half a sequence\n` }], meta: { exitCode: 1 } } as never)
    // Output far past the bound, in pieces and at once.
    session.call('big', 'bash', { command: 'yes' })
    session.start('big')
    for (let index = 0; index < 12; index++) {
      session.output('big', `${String(index).padStart(4, '0')} ${'y\n'.repeat(300)}`)
      tick(500)
    }
    session.result('big', text('y\n'.repeat(9000)))
    session.call('big2', 'bash', { command: 'cat big.log', run_in_background: false })
    session.result('big2', text('z'.repeat(20_000)))
    // Methods for ids that are not waiting, and ids that are not strings.
    session.start('nobody')
    session.output('nobody', 'x')
    session.result('nobody', text('x'))
    session.cancel('nobody')
    session.call(42 as never, 'bash', { command: 'ls' })
    session.call('', 'bash', { command: 'ls' })
    session.permission(7 as never, { toolName: 'bash', args: { command: 'ls' } })
    session.permission('never')
    // Results that are not results.
    session.call('odd', 'shell', { command: 'ls' })
    session.result('odd', null as never)
    session.call('odd2', 'look', { what: 'x' })
    session.result('odd2', {
      content: [
        { type: 'mystery', data: 1 },
        { type: 'text', text: 'kept', stray: true },
      ],
    } as never)
    session.call('thr', 'throwing', { a: 1 })
    session.result('thr', text('raw'))
    session.call('inv', 'invalid', {})
    session.result('inv', text('raw'))
    session.call('sil', 'silent', {})
    session.result('sil', text('raw'))
    session.call('unk', 'mcp__srv__tool', { q: '*x*' })
    session.result('unk', { content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }], isError: true } as never)
  },
}

/** Plugin tools returning each hostile view, for the hostile script. */
export const hostilePluginTools: readonly ToolDefinition[] = hostileViews.map(([, make], index) => ({
  name: `plugin${index}`,
  presentCall: make as never,
  presentResult: make as never,
}))

const plugins: Script = {
  name: 'hostile-plugins',
  tools: hostilePluginTools,
  maxOutputLength: 4096,
  run: ({ session }) => {
    hostilePluginTools.forEach((tool, index) => {
      const id = `p${index}`
      session.call(id, tool.name, { n: index })
      session.permission(id)
      session.start(id)
      session.result(id, text(`result ${index}`))
      session.permission(`q${index}`, { toolName: tool.name, args: { n: index } })
    })
  },
}

// Markdown in what the model names: each built-in card whose title, plan entry
// or label quotes it, prompted before it runs (the prompt's fields are what
// the client has when the result comes), then finished.
const markdownNames = '/repo/src/__tests__/a_b*.ts'
const titleSteps: readonly (readonly [string, unknown])[] = [
  ['Read', { file_path: markdownNames }],
  ['Read', { file_path: '/repo/# not a heading [x](http://e/i.png).md', offset: 3, limit: 2 }],
  ['Write', { file_path: markdownNames, content: 'x' }],
  ['Edit', { file_path: '/repo/src/~sub~ ^sup^ "q" --.ts', old_string: 'a', new_string: 'b' }],
  ['Grep', { pattern: '__init__|*.rs', path: 'src/<b>' }],
  ['Glob', { pattern: '**/__mocks__/*.ts' }],
  ['WebFetch', { url: 'https://host/a_(b)_c?x=[1]', prompt: 'Read *it*' }],
  ['WebSearch', { query: '"exact" -minus ~tilde' }],
  ['Task', { description: '# Review `src/__tests__`', prompt: 'Look at [this](http://x)', subagent_type: 'general', effort: 'high' }],
  ['TaskCreate', { subject: 'Fix **bold** & <i>', description: 'x' }],
  ['TaskUpdate', { taskId: '1', subject: '_emph_ {attr}' }],
  ['Skill', { skill: 'pdf_*tools*' }],
  [
    'AskUserQuestion',
    { questions: [{ question: '- Which __one__?', header: 'Pick *one*', options: [{ label: 'a_b', description: '[x](y)' }] }] },
  ],
  ['NotebookEdit', { notebook_path: '/repo/n__b__.ipynb', cell_id: 'c_1*', new_source: 'x' }],
  ['mcp__my_server__do*it', { q: 1 }],
  ['BashOutput', { bash_id: 'sh_*1*' }],
  ['Monitor', { description: 'watch `logs` *live*', command: 'tail -f x' }],
  ['SendMessage', { to: 'agent_*b*', message: 'hi [x](y)' }],
  ['ReportFindings', { findings: [{ file: 'src/__x__.ts', line: 3, summary: '**bad** <b>' }] }],
  ['apply_patch', { input: '*** Begin Patch\n*** Add File: src/__n__.ts\n+x\n*** End Patch\n' }],
  ['web_search', { query: '*star* [x]' }],
  ['TodoWrite', { todos: [{ content: 'Fix `a_b*` in __tests__', status: 'in_progress', activeForm: 'Fixing *it*' }] }],
]

const titles: Script = {
  name: 'markdown-titles',
  tools: [...claudeCodePresenters, ...codexPresenters.filter((tool) => !claudeCodePresenters.some((other) => other.name === tool.name))],
  run: ({ session }) => {
    titleSteps.forEach(([toolName, args], index) => {
      const id = `t${index}`
      session.call(id, toolName, args)
      session.permission(id)
      session.start(id)
      session.result(id, text(`done with ${toolName}`))
    })
    // A call the prompt announces, and a plan the prompt shows.
    session.permission('t-new', { toolName: 'Read', args: { file_path: markdownNames } })
    session.result('t-new', text('done'))
  },
}

/** Every recorded script, in the order of the golden files. */
export const scripts: readonly Script[] = [scripted, live, liveCodex, hostile, plugins, titles]

/** The session's cwd in every script. */
export const goldenCwd = scriptedCwd
