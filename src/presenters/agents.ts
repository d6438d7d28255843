// The agent tools: handing a task to a sub-agent (a `think` card) and
// leaving plan mode (a `switch_mode` card). Prompts, plans and reports are
// model-written Markdown, shown with nothing in them able to link or load
// an image.
import { defineTool } from '../define-tool.js'
import { isRecord } from '../internal/record.js'
import { markdownLine } from '../safety/markdown-text.js'
import { isOptionalString } from './arguments.js'
import { markdownContent, markdownResult } from './display.js'
import { contentResult, isErrorResult } from './result-content.js'

/**
 * The `task` tool's arguments (Claude Code's `Task`, renamed `Agent`): work
 * handed to a sub-agent. Every field may be absent or `null`; other fields
 * (`model`, `run_in_background`, …) are accepted and not shown.
 */
export interface TaskArgs {
  /** A few words on the task; the card's title (`Task` when empty). */
  readonly description?: string | null
  /** The sub-agent's instructions; the card's text. */
  readonly prompt?: string | null
  /** Which kind of sub-agent runs it; not shown. */
  readonly subagent_type?: string | null
}

/**
 * The `exit_plan_mode` tool's arguments (Claude Code's `ExitPlanMode`): the
 * plan the user is asked to approve. Other fields (`allowedPrompts`, …) are
 * accepted and not shown.
 */
export interface ExitPlanModeArgs {
  /** The plan, as Markdown; the card's text. */
  readonly plan?: string | null
}

const isTaskArgs = (value: unknown): value is TaskArgs =>
  isRecord(value) && isOptionalString(value.description) && isOptionalString(value.prompt) && isOptionalString(value.subagent_type)

const isExitPlanModeArgs = (value: unknown): value is ExitPlanModeArgs => isRecord(value) && isOptionalString(value.plan)

/**
 * `task`: a generic `think` card titled with the description (escaped with
 * `markdownLine`: the title starts with it, so it must not open a heading
 * or a list either; `Task` when it is empty or blank) whose text is the
 * prompt, escaped with `markdownBlock` (its shape kept, no link, image or
 * HTML), as claude-agent-acp shows Claude Code's `Task`. The result shows
 * the sub-agent's report the same way; an error result shows the error.
 *
 * @example
 * taskTool.presentCall?.({ description: 'Find the flaky test', prompt: 'Run the suite 10 times.' })
 * // { card: 'generic', kind: 'think', title: 'Find the flaky test',
 * //   content: [{ type: 'text', text: 'Run the suite 10 times.' }], rawInput: { … } }
 */
export const taskTool = defineTool<TaskArgs>({
  name: 'task',
  args: isTaskArgs,
  presentCall: (args) => ({
    card: 'generic',
    kind: 'think',
    title: (args.description && markdownLine(args.description)) || 'Task',
    content: markdownContent(args.prompt),
    rawInput: args,
  }),
  presentResult: (_args, result) => markdownResult(result),
})

/**
 * `exit_plan_mode`: a generic `switch_mode` card titled `Ready to code?`
 * whose text is the plan, escaped with `markdownBlock`, as claude-agent-acp
 * shows Claude Code's `ExitPlanMode`. The result is titled
 * `Exited plan mode` and keeps showing the plan (the tool's own text when
 * there is none); an error result (the user kept planning) shows the error.
 *
 * @example
 * exitPlanModeTool.presentCall?.({ plan: '1. Add the parser\n2. Test it' })
 * // { card: 'generic', kind: 'switch_mode', title: 'Ready to code?',
 * //   content: [{ type: 'text', text: '1. Add the parser\n2. Test it' }], rawInput: { … } }
 */
export const exitPlanModeTool = defineTool<ExitPlanModeArgs>({
  name: 'exit_plan_mode',
  args: isExitPlanModeArgs,
  presentCall: (args) => ({
    card: 'generic',
    kind: 'switch_mode',
    title: 'Ready to code?',
    content: markdownContent(args.plan),
    rawInput: args,
  }),
  presentResult: (args, result) => {
    if (isErrorResult(result)) return contentResult(result)
    const plan = markdownContent(args.plan)
    return plan ? { card: 'generic', title: 'Exited plan mode', content: plan } : { ...markdownResult(result), title: 'Exited plan mode' }
  },
})
