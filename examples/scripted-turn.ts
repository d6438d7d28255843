// One agent turn that exercises every card, live: the fixture behind
// `npm run demo`, the example agent for Zed and the end-to-end tests.
// Deterministic: the same cwd always gives the same steps, and the times in
// it are scripted (a replay that waits for real and one that does not send
// the same updates).
import type { ToolResult } from 'tool-render-intent'
import type { AcpToolUpdate, ToolPresenter } from 'tool-render-intent/acp'
import { computeEditMeta, computeWriteMeta } from 'tool-render-intent/presenters'

/**
 * One thing that happens during the turn, in order. Most are a call to the
 * session presenter; `wait` is time passing (the model writing, a command
 * running). New kinds of action (a permission prompt, a plan) join this
 * union, and every `switch` over `type` then names them.
 */
export type ScriptedAction =
  | {
      readonly type: 'call'
      readonly toolCallId: string
      readonly toolName: string
      readonly args: unknown
      /** The model is still writing the arguments: they are incomplete. */
      readonly partial?: true
    }
  | { readonly type: 'start'; readonly toolCallId: string }
  | { readonly type: 'output'; readonly toolCallId: string; readonly chunk: string }
  | { readonly type: 'result'; readonly toolCallId: string; readonly result: ToolResult }
  | { readonly type: 'cancel'; readonly toolCallId: string; readonly signal?: string }
  | { readonly type: 'wait'; readonly ms: number }

/** The actions a session presenter plays. */
export type PresenterAction = Exclude<ScriptedAction, { type: 'wait' }>

/** A moment of the turn: what it shows, in a few words, and what happens. */
export interface ScriptedStep {
  readonly caption: string
  readonly actions: readonly ScriptedAction[]
}

/** A scripted pause that lasts this long: between a call and its result, between two pieces of output. */
export const BEAT_MS = 400

/** The updates a presenter returns for one action. */
export function play(presenter: ToolPresenter, action: PresenterAction): AcpToolUpdate[] {
  switch (action.type) {
    case 'call':
      return presenter.call(action.toolCallId, action.toolName, action.args, { partial: action.partial })
    case 'start':
      return presenter.start(action.toolCallId)
    case 'output':
      return presenter.output(action.toolCallId, action.chunk)
    case 'result':
      return presenter.result(action.toolCallId, action.result)
    case 'cancel':
      return presenter.cancel(action.toolCallId, { signal: action.signal })
    default: {
      const unknown: never = action
      throw new Error(`no such action: ${JSON.stringify(unknown)}`)
    }
  }
}

const greetBefore = `export function greet(name: string): string {
  return 'Hello, ' + name
}

export function shout(name: string): string {
  return greet(name).toUpperCase()
}
`

const farewell = `export function farewell(name: string): string {
  return \`Goodbye, \${name}!\`
}
`

const notes = `# Release notes

Run the checks:

\`\`\`sh
npm run check
\`\`\`

Then tag the release.
`

const esc = '\u001b'
const text = (value: string): ToolResult['content'] => [{ type: 'text', text: value }]
const wait = (ms = BEAT_MS): ScriptedAction => ({ type: 'wait', ms })

// A call whose arguments arrive whole and whose result follows a beat later.
function oneShot(caption: string, toolCallId: string, toolName: string, args: unknown, result: ToolResult): ScriptedStep {
  return {
    caption,
    actions: [{ type: 'call', toolCallId, toolName, args }, wait(), { type: 'result', toolCallId, result }],
  }
}

// What `npm run build` prints, in the pieces a pipe delivers, before it
// fails on the unused variable the linter finds next. The second piece ends
// inside a colour sequence that the third completes.
const buildPieces = [
  '\n> project@1.0.0 build\n> tsup\n\n',
  `${esc}[34mCLI${esc}[39m Building entry: src/index.ts\n${esc}[34mESM${esc}[39m Build start\n${esc}[3`,
  `2mESM${esc}[39m ${esc}[1mdist/index.js ${esc}[22m${esc}[32m1.21 KB${esc}[39m\n${esc}[32mESM${esc}[39m ⚡️ Build success in 14ms\n`,
  `${esc}[34mDTS${esc}[39m Build start\n`,
  `src/farewell.ts(1,17): error TS6133: 'unused' is never read.\n${esc}[31mDTS${esc}[39m Build error\n`,
]

// What the end-to-end tests print before the user stops them.
const e2ePieces = [
  '\nRunning 12 tests using 2 workers\n\n',
  `  ${esc}[32m✓${esc}[39m  1 home.spec.ts › shows the greeting (1.1s)\n`,
  `  ${esc}[32m✓${esc}[39m  2 home.spec.ts › says goodbye (0.9s)\n`,
  `  ${esc}[32m✓${esc}[39m  3 auth.spec.ts › signs in (2.4s)\n`,
]

/**
 * The scripted turn for a session whose working directory is `cwd`
 * (absolute). `idSuffix` is appended to every tool call id, so a session
 * can replay the turn more than once.
 */
export function scriptedTurn(cwd: string, idSuffix = ''): readonly ScriptedStep[] {
  const base = cwd.endsWith('/') ? cwd.slice(0, -1) : cwd
  const greetPath = `${base}/src/greet.ts`
  const farewellPath = `${base}/src/farewell.ts`
  const edit = {
    file_path: greetPath,
    old_string: "  return 'Hello, ' + name",
    new_string: '  return `Hello, ${name}!`',
  }
  const id = (name: string) => `${name}${idSuffix}`
  const build = id('call_05_build')
  const e2e = id('call_07_e2e')
  return [
    oneShot('read a file', id('call_01_read'), 'read', { file_path: greetPath }, { content: text(greetBefore) }),
    oneShot(
      'write a new file',
      id('call_02_write'),
      'write',
      { file_path: farewellPath, content: farewell },
      { content: text(`Created ${farewellPath}`), meta: computeWriteMeta(null, farewell) },
    ),
    oneShot('edit a file: the applied hunk, with context', id('call_03_edit'), 'edit', edit, {
      content: text(`Edited ${greetPath}`),
      meta: computeEditMeta(greetBefore, edit),
    }),
    oneShot(
      'a command that succeeds (ANSI colours in its output)',
      id('call_04_test'),
      'bash',
      { command: 'npm test', description: 'Run the unit tests' },
      {
        content: text(
          ` ${esc}[32m✓${esc}[39m test/greet.test.ts (2 tests) 3ms\n\n` +
            ` Test Files  ${esc}[1m${esc}[32m1 passed${esc}[39m${esc}[22m (1)\n` +
            `      Tests  ${esc}[1m${esc}[32m2 passed${esc}[39m${esc}[22m (2)\n`,
        ),
        meta: { exitCode: 0 },
      },
    ),
    {
      caption: 'a live command: partial arguments, output streamed, exit 1',
      actions: [
        { type: 'call', toolCallId: build, toolName: 'bash', args: { command: 'npm ru' }, partial: true },
        wait(150),
        { type: 'call', toolCallId: build, toolName: 'bash', args: { command: 'npm run build', description: 'Build the' }, partial: true },
        wait(150),
        { type: 'call', toolCallId: build, toolName: 'bash', args: { command: 'npm run build', description: 'Build the package' } },
        { type: 'start', toolCallId: build },
        ...buildPieces.flatMap((chunk, index): ScriptedAction[] => [
          ...(index === 0 ? [] : [wait(500)]),
          { type: 'output', toolCallId: build, chunk },
        ]),
        wait(),
        { type: 'result', toolCallId: build, result: { content: text(buildPieces.join('')), isError: true, meta: { exitCode: 1 } } },
      ],
    },
    oneShot(
      'a command that fails with exit code 2',
      id('call_06_lint'),
      'bash',
      { command: 'npx eslint src', description: 'Lint the sources' },
      {
        content: text(
          `${base}/src/farewell.ts\n  1:17  error  'unused' is defined but never used  no-unused-vars\n\n✖ 1 problem (1 error, 0 warnings)\n`,
        ),
        isError: true,
        meta: { exitCode: 2 },
      },
    ),
    {
      caption: 'a long-running command the user stops: cancelled with SIGINT',
      actions: [
        { type: 'call', toolCallId: e2e, toolName: 'bash', args: { command: 'npm run test:e2e', description: 'Run the end-to-end tests' } },
        { type: 'start', toolCallId: e2e },
        ...e2ePieces.flatMap((chunk, index): ScriptedAction[] => [
          ...(index === 0 ? [] : [wait(700)]),
          { type: 'output', toolCallId: e2e, chunk },
        ]),
        wait(1500),
        { type: 'cancel', toolCallId: e2e, signal: 'SIGINT' },
      ],
    },
    oneShot(
      'a command ended by a signal',
      id('call_08_watch'),
      'bash',
      { command: 'npm run watch', description: 'Watch and rebuild', timeout: 2000 },
      { content: text('watching for changes…\n'), isError: true, meta: { signal: 'SIGTERM' } },
    ),
    oneShot(
      'output holding a fenced block: the fallback fence holds',
      id('call_09_cat'),
      'bash',
      { command: 'cat NOTES.md', workdir: 'docs' },
      { content: text(notes), meta: { exitCode: 0 } },
    ),
    oneShot(
      'a command in the background',
      id('call_10_serve'),
      'bash',
      { command: 'npm run dev', description: 'Start the dev server', run_in_background: true },
      { content: text('Started background job 1 (npm run dev)') },
    ),
    oneShot('the background job’s output', id('call_11_job'), 'job_output', { job_id: '1' }, {
      content: text('> dev\n> vite\n\n  ready in 312 ms\n  ➜  Local: http://localhost:5173/\n'),
    }),
    oneShot(
      'the todo list',
      id('call_12_todo'),
      'todo_write',
      {
        todos: [
          { content: 'Read greet.ts', status: 'completed' },
          { content: 'Add farewell()', status: 'completed' },
          { content: 'Fix the lint error', status: 'in_progress', activeForm: 'Fixing the lint error' },
          { content: 'Tag the release', status: 'pending' },
        ],
      },
      { content: text('Todos updated') },
    ),
  ]
}
