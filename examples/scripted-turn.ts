// One agent turn that exercises every card, live: the fixture behind
// `npm run demo`, the example agent for Zed and the end-to-end tests.
// Deterministic: the same cwd always gives the same steps, and the times in
// it are scripted (a replay that waits for real and one that does not send
// the same updates).
import type { ToolResult } from 'tool-render-intent'
import { computeEditMeta, computeWriteMeta } from 'tool-render-intent/presenters'

/**
 * One thing that happens during the turn, in order. Most are a call to the
 * session presenter; `permission` asks the user before a call runs (the
 * harness sends `session/request_permission` and waits for the answer);
 * `wait` is time passing (the model writing, a command running). A new kind
 * of action joins this union, and every `switch` over `type` then names it.
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
  /**
   * Ask the user before the call runs: `presenter.permission(toolCallId)`
   * gives the request. The call was announced just before; it starts only
   * on an allow option. When the user rejects it, the harness ends the call
   * with `presenter.decline(toolCallId, { reason: DECLINE_REASON })` and the
   * rest of the step does not happen.
   */
  | { readonly type: 'permission'; readonly toolCallId: string }
  | { readonly type: 'wait'; readonly ms: number }

/** The actions that give `session/update`s: what {@link play} plays. */
export type PresenterAction = Exclude<ScriptedAction, { type: 'wait' | 'permission' }>

/** A moment of the turn: what it shows, in a few words, and what happens. */
export interface ScriptedStep {
  readonly caption: string
  readonly actions: readonly ScriptedAction[]
}

/** A scripted pause that lasts this long: between a call and its result, between two pieces of output. */
export const BEAT_MS = 400

/** Why a declined call did not run, as the harness tells `decline`. */
export const DECLINE_REASON = 'The user rejected it.'

/**
 * What the turn needs of a session presenter, whichever protocol version its
 * updates are for: v1's (`tool-render-intent/acp`) and v2's
 * (`tool-render-intent/acp-v2`) both fit, with their own `Update` and
 * permission request types.
 */
export interface TurnPresenter<Update, Permission = unknown> {
  call(toolCallId: string, toolName: string, args: unknown, options?: { readonly partial?: boolean | undefined }): readonly Update[]
  start(toolCallId: string): readonly Update[]
  output(toolCallId: string, chunk: string): readonly Update[]
  result(toolCallId: string, result: ToolResult): readonly Update[]
  cancel(toolCallId: string, options?: { readonly signal?: string | undefined }): readonly Update[]
  decline(toolCallId: string, options?: { readonly reason?: string | undefined }): readonly Update[]
  permission(toolCallId: string): Permission
  forget(toolCallId: string): boolean
}

/** The updates a presenter returns for one action, in its protocol version's shape. */
export function play<Update>(presenter: TurnPresenter<Update>, action: PresenterAction): readonly Update[] {
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

// The search for the function about to change: ripgrep's `path:line:text`.
const grepMatches = `src/cli.ts:1:import { greet } from './greet'
src/cli.ts:3:console.log(greet(process.argv[2] ?? 'world'))
src/greet.ts:1:export function greet(name: string): string {
src/greet.ts:6:  return greet(name).toUpperCase()
src/index.ts:1:export { greet, shout } from './greet'
`

// A codex patch: a test for the new function, and its export.
const patch = `*** Begin Patch
*** Add File: test/farewell.test.ts
+import { expect, test } from 'vitest'
+import { farewell } from '../src/farewell'
+
+test('says goodbye', () => {
+  expect(farewell('Ada')).toBe('Goodbye, Ada!')
+})
*** Update File: src/index.ts
@@
 export { greet, shout } from './greet'
+export { farewell } from './farewell'
*** End Patch
`

// What the fetch tool made of the page: a short Markdown answer.
const fetchedRule = `# no-unused-vars

Disallows variables, functions and arguments that are declared and never used.

To keep one on purpose, turn the rule off for its line:

\`\`\`js
// eslint-disable-next-line no-unused-vars
const unused = 1
\`\`\`

Or start its name with \`_\` and set the rule's \`varsIgnorePattern\` to \`"^_"\`.
`

// The sub-agent's report.
const slowSpecs = `The three slowest specs, from one run of the suite:

1. \`auth.spec.ts › signs in\` (2.4 s): waits for the real sign-in redirect.
2. \`home.spec.ts › shows the greeting\` (1.1 s): reloads the page twice.
3. \`home.spec.ts › says goodbye\` (0.9 s): mostly browser start-up.

Mocking the sign-in would save about two seconds. No file was changed.
`

/**
 * The scripted turn for a session whose working directory is `cwd`
 * (absolute). `idSuffix` is appended to every tool call id, so a session
 * can replay the turn more than once. Every step calls one tool.
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
  const write = id('call_03_write')
  const build = id('call_07_build')
  const e2e = id('call_10_e2e')
  const task = id('call_11_task')
  return [
    oneShot('read a file', id('call_01_read'), 'read', { file_path: greetPath }, { content: text(greetBefore) }),
    oneShot(
      'search the code: every use of greet',
      id('call_02_grep'),
      'grep',
      { pattern: 'greet', path: `${base}/src`, output_mode: 'content', '-n': true },
      { content: text(grepMatches) },
    ),
    {
      caption: 'write a new file, after asking permission: the prompt shows the diff',
      actions: [
        { type: 'call', toolCallId: write, toolName: 'write', args: { file_path: farewellPath, content: farewell } },
        { type: 'permission', toolCallId: write },
        { type: 'start', toolCallId: write },
        wait(),
        {
          type: 'result',
          toolCallId: write,
          result: { content: text(`Created ${farewellPath}`), meta: computeWriteMeta(null, farewell) },
        },
      ],
    },
    oneShot('edit a file: the applied hunk, with context', id('call_04_edit'), 'edit', edit, {
      content: text(`Edited ${greetPath}`),
      meta: computeEditMeta(greetBefore, edit),
    }),
    oneShot(
      'a patch touching two files: one added, one updated',
      id('call_05_patch'),
      'apply_patch',
      { input: patch },
      { content: text('Success. Updated the following files:\nA test/farewell.test.ts\nM src/index.ts\n') },
    ),
    oneShot(
      'a command that succeeds (ANSI colours in its output)',
      id('call_06_test'),
      'bash',
      { command: 'npm test', description: 'Run the unit tests' },
      {
        content: text(
          ` ${esc}[32m✓${esc}[39m test/farewell.test.ts (1 test) 2ms\n` +
            ` ${esc}[32m✓${esc}[39m test/greet.test.ts (2 tests) 3ms\n\n` +
            ` Test Files  ${esc}[1m${esc}[32m2 passed${esc}[39m${esc}[22m (2)\n` +
            `      Tests  ${esc}[1m${esc}[32m3 passed${esc}[39m${esc}[22m (3)\n`,
        ),
        meta: { exitCode: 0 },
      },
    ),
    {
      caption: 'a live command, after asking permission: partial arguments, output streamed, exit 1',
      actions: [
        { type: 'call', toolCallId: build, toolName: 'bash', args: { command: 'npm ru' }, partial: true },
        wait(150),
        { type: 'call', toolCallId: build, toolName: 'bash', args: { command: 'npm run build', description: 'Build the' }, partial: true },
        wait(150),
        { type: 'call', toolCallId: build, toolName: 'bash', args: { command: 'npm run build', description: 'Build the package' } },
        { type: 'permission', toolCallId: build },
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
      id('call_08_lint'),
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
    oneShot(
      'a web page fetched: the rule the linter named',
      id('call_09_fetch'),
      'web_fetch',
      { url: 'https://eslint.org/docs/latest/rules/no-unused-vars', prompt: 'How do I keep a variable this rule reports?' },
      { content: text(fetchedRule) },
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
    {
      caption: 'a sub-agent: the task, its prompt, then its report',
      actions: [
        {
          type: 'call',
          toolCallId: task,
          toolName: 'task',
          args: {
            description: 'Find the slow end-to-end tests',
            prompt:
              'The end-to-end suite takes over a minute.\n\n' +
              'Run `npm run test:e2e -- --reporter=list` once, find the three\n' +
              'slowest specs and say why each is slow. Do not change any file.',
            subagent_type: 'general-purpose',
          },
        },
        { type: 'start', toolCallId: task },
        wait(1200),
        { type: 'result', toolCallId: task, result: { content: text(slowSpecs) } },
      ],
    },
    oneShot(
      'a command ended by a signal',
      id('call_12_watch'),
      'bash',
      { command: 'npm run watch', description: 'Watch and rebuild', timeout: 2000 },
      { content: text('watching for changes…\n'), isError: true, meta: { signal: 'SIGTERM' } },
    ),
    oneShot(
      'output holding a fenced block: the fallback fence holds',
      id('call_13_cat'),
      'bash',
      { command: 'cat NOTES.md', workdir: 'docs' },
      { content: text(notes), meta: { exitCode: 0 } },
    ),
    oneShot(
      'a command in the background',
      id('call_14_serve'),
      'bash',
      { command: 'npm run dev', description: 'Start the dev server', run_in_background: true },
      { content: text('Started background job 1 (npm run dev)') },
    ),
    oneShot(
      'the background job’s output',
      id('call_15_job'),
      'job_output',
      { job_id: '1' },
      {
        content: text('> dev\n> vite\n\n  ready in 312 ms\n  ➜  Local: http://localhost:5173/\n'),
      },
    ),
    oneShot(
      'the todo list: the session’s plan, not a tool card',
      id('call_16_todo'),
      'todo_write',
      {
        todos: [
          { content: 'Read greet.ts', status: 'completed' },
          { content: 'Add farewell() and its test', status: 'completed' },
          { content: 'Fix the lint error', status: 'in_progress', activeForm: 'Fixing the lint error' },
          { content: 'Speed up the sign-in spec', status: 'pending' },
          { content: 'Tag the release', status: 'pending' },
        ],
      },
      { content: text('Todos updated') },
    ),
  ]
}
