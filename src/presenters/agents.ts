// The agent tools: handing a task to a sub-agent (a `think` card) and
// leaving plan mode (a `switch_mode` card). Prompts, plans and reports are
// model-written Markdown, shown with nothing in them able to link or load
// an image.
import { defineTool } from '../define-tool.js'
import { isRecord } from '../internal/record.js'
import type { GenericResultView } from '../views.js'
import { isOptionalString } from './arguments.js'
import { isBlankTitle, markdownBlock, markdownContent, markdownResult } from './display.js'
import { contentResult, isErrorResult, resultStructured, textFirstResult } from './result-content.js'

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
  /** The reasoning effort asked for, such as `high`; shown as `(high effort)` unless the sub-agent is a `fork`. */
  readonly effort?: string | null
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
  isRecord(value) &&
  isOptionalString(value.description) &&
  isOptionalString(value.prompt) &&
  isOptionalString(value.subagent_type) &&
  isOptionalString(value.effort)

const isExitPlanModeArgs = (value: unknown): value is ExitPlanModeArgs => isRecord(value) && isOptionalString(value.plan)

/**
 * `task`: a generic `think` card titled with the description (escaped with
 * `markdownLine`: the title starts with it, so it must not open a heading
 * or a list either; `Task` when it is empty or blank), then the effort
 * asked for as ` (high effort)` (not for a `fork`), whose text is the
 * prompt, escaped with `markdownBlock` (its shape kept, no link, image or
 * HTML), as claude-agent-acp shows Claude Code's `Task`. The result shows
 * the sub-agent's report the same way: from the structured result when it
 * carries the completed report (Claude Code's AgentOutput), else the text
 * without its trailer for the model (a final `<usage>` block and
 * `agentId:` line). An error result shows the error.
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
    title: (args.description && !isBlankTitle(args.description) ? args.description : 'Task') + effortNote(args),
    content: markdownContent(args.prompt),
    rawInput: args,
  }),
  presentResult: (_args, result) => agentResult(result),
})

// A fork runs at its parent's effort, whatever it asks for.
const effortNote = (args: TaskArgs) => (args.effort && args.subagent_type !== 'fork' ? ` (${args.effort} effort)` : '')

// The sub-agent's report: its structured content when it completed with
// some (Claude Code's AgentOutput), else the text without the trailer meant
// for the model (the `<usage>` block and the `agentId:` line).
function agentResult(result: unknown): GenericResultView {
  if (isErrorResult(result)) return contentResult(result)
  const report = resultStructured(result)
  if (report?.status === 'completed' && Array.isArray(report.content) && report.content.length > 0) {
    return markdownResult({ content: report.content })
  }
  return textFirstResult(result, (text) => {
    const shown = withoutAgentTrailer(text)
    return shown === '' ? undefined : markdownBlock(shown)
  })
}

const USAGE_OPEN = '<usage>'
const USAGE_CLOSE = '</usage>'
// One start, no ambiguous repetition: linear on any line.
const AGENT_ID_LINE = /^agentId: [\w-]+ \([^)]*\)$/

// The text without a final `<usage>…</usage>` block, then without a final
// `agentId: <id> (…)` line, as claude-agent-acp strips them: each only where
// it ends the text, so a report that mentions them keeps them.
function withoutAgentTrailer(text: string): string {
  let body = text.trimEnd()
  let stripped = false
  if (body.endsWith(USAGE_CLOSE)) {
    const open = body.lastIndexOf(USAGE_OPEN, body.length - USAGE_CLOSE.length - USAGE_OPEN.length)
    if (open !== -1) {
      body = body.slice(0, open > 0 && body[open - 1] === '\n' ? open - 1 : open).trimEnd()
      stripped = true
    }
  }
  const lineStart = body.lastIndexOf('\n') + 1
  if (AGENT_ID_LINE.test(body.slice(lineStart))) return body.slice(0, Math.max(lineStart - 1, 0)).trimEnd()
  return stripped ? body : text
}

/**
 * `exit_plan_mode`: a generic `switch_mode` card titled `Approve Plan`
 * whose text is the plan, escaped with `markdownBlock`, as claude-agent-acp
 * 0.101 shows Claude Code's `ExitPlanMode` (a permission prompt for it may
 * still ask `Ready to code?`). The result is titled
 * `Exited plan mode` and keeps showing the plan (the tool's own text when
 * there is none); an error result (the user kept planning) shows the error.
 * A client that keeps plans by id also gets the plan as a Markdown plan
 * (`presentPlan`), removed when the call is declined or fails.
 *
 * @example
 * exitPlanModeTool.presentCall?.({ plan: '1. Add the parser\n2. Test it' })
 * // { card: 'generic', kind: 'switch_mode', title: 'Approve Plan',
 * //   content: [{ type: 'text', text: '1. Add the parser\n2. Test it' }], rawInput: { … } }
 */
export const exitPlanModeTool = defineTool<ExitPlanModeArgs>({
  name: 'exit_plan_mode',
  promptTitle: 'Ready to code?',
  args: isExitPlanModeArgs,
  presentCall: (args) => ({
    card: 'generic',
    kind: 'switch_mode',
    title: 'Approve Plan',
    content: markdownContent(args.plan),
    rawInput: args,
  }),
  // The plan beside the card, for a client that keeps plans by id: the same Markdown the card shows.
  presentPlan: (args) => (args.plan ? { format: 'markdown', markdown: markdownBlock(args.plan) } : undefined),
  presentResult: (args, result) => {
    if (isErrorResult(result)) return contentResult(result)
    const plan = markdownContent(args.plan)
    return plan ? { card: 'generic', title: 'Exited plan mode', content: plan } : { ...markdownResult(result), title: 'Exited plan mode' }
  },
})
