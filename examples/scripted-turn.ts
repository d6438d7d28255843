// One agent turn that exercises every card: the fixture behind `npm run demo`,
// the example agent for Zed and the end-to-end tests. Deterministic: the same
// cwd always gives the same steps.
import type { ToolResult } from 'tool-render-intent'
import { computeEditMeta, computeWriteMeta } from 'tool-render-intent/presenters'

/** One tool call of the turn, with what the tool returned. */
export interface ScriptedStep {
  /** What the step shows, in a few words. */
  readonly caption: string
  readonly toolCallId: string
  readonly toolName: string
  readonly args: unknown
  readonly result: ToolResult
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

/** The scripted turn for a session whose working directory is `cwd` (absolute). */
export function scriptedTurn(cwd: string): readonly ScriptedStep[] {
  const base = cwd.endsWith('/') ? cwd.slice(0, -1) : cwd
  const greetPath = `${base}/src/greet.ts`
  const farewellPath = `${base}/src/farewell.ts`
  const edit = {
    file_path: greetPath,
    old_string: "  return 'Hello, ' + name",
    new_string: '  return `Hello, ${name}!`',
  }
  return [
    {
      caption: 'read a file',
      toolCallId: 'call_01_read',
      toolName: 'read',
      args: { file_path: greetPath },
      result: { content: text(greetBefore) },
    },
    {
      caption: 'write a new file',
      toolCallId: 'call_02_write',
      toolName: 'write',
      args: { file_path: farewellPath, content: farewell },
      result: { content: text(`Created ${farewellPath}`), meta: computeWriteMeta(null, farewell) },
    },
    {
      caption: 'edit a file: the applied hunk, with context',
      toolCallId: 'call_03_edit',
      toolName: 'edit',
      args: edit,
      result: { content: text(`Edited ${greetPath}`), meta: computeEditMeta(greetBefore, edit) },
    },
    {
      caption: 'a command that succeeds (ANSI colours in its output)',
      toolCallId: 'call_04_test',
      toolName: 'bash',
      args: { command: 'npm test', description: 'Run the unit tests' },
      result: {
        content: text(
          ` ${esc}[32m✓${esc}[39m test/greet.test.ts (2 tests) 3ms\n\n` +
            ` Test Files  ${esc}[1m${esc}[32m1 passed${esc}[39m${esc}[22m (1)\n` +
            `      Tests  ${esc}[1m${esc}[32m2 passed${esc}[39m${esc}[22m (2)\n`,
        ),
        meta: { exitCode: 0 },
      },
    },
    {
      caption: 'a command that fails with exit code 2',
      toolCallId: 'call_05_lint',
      toolName: 'bash',
      args: { command: 'npx eslint src', description: 'Lint the sources' },
      result: {
        content: text(
          `${base}/src/farewell.ts\n  1:17  error  'unused' is defined but never used  no-unused-vars\n\n✖ 1 problem (1 error, 0 warnings)\n`,
        ),
        isError: true,
        meta: { exitCode: 2 },
      },
    },
    {
      caption: 'a command ended by a signal',
      toolCallId: 'call_06_watch',
      toolName: 'bash',
      args: { command: 'npm run watch', description: 'Watch and rebuild', timeout: 2000 },
      result: { content: text('watching for changes…\n'), isError: true, meta: { signal: 'SIGTERM' } },
    },
    {
      caption: 'output holding a fenced block: the fallback fence holds',
      toolCallId: 'call_07_cat',
      toolName: 'bash',
      args: { command: 'cat NOTES.md', workdir: 'docs' },
      result: { content: text(notes), meta: { exitCode: 0 } },
    },
    {
      caption: 'a command in the background',
      toolCallId: 'call_08_serve',
      toolName: 'bash',
      args: { command: 'npm run dev', description: 'Start the dev server', run_in_background: true },
      result: { content: text('Started background job 1 (npm run dev)') },
    },
    {
      caption: 'the background job’s output',
      toolCallId: 'call_09_job',
      toolName: 'job_output',
      args: { job_id: '1' },
      result: { content: text('> dev\n> vite\n\n  ready in 312 ms\n  ➜  Local: http://localhost:5173/\n') },
    },
    {
      caption: 'the todo list',
      toolCallId: 'call_10_todo',
      toolName: 'todo_write',
      args: {
        todos: [
          { content: 'Read greet.ts', status: 'completed' },
          { content: 'Add farewell()', status: 'completed' },
          { content: 'Fix the lint error', status: 'in_progress', activeForm: 'Fixing the lint error' },
          { content: 'Tag the release', status: 'pending' },
        ],
      },
      result: { content: text('Todos updated') },
    },
  ]
}
