// Claude Code's tools that talk to the user rather than to the machine:
// asking a question, loading a skill, entering plan mode and reporting a
// review's findings. Everything shown is model-written text, escaped so it
// renders as written and cannot link or load an image.
import { isMatching, P } from 'ts-pattern'
import { defineTool } from '../define-tool.js'
import { isRecord } from '../internal/record.js'
import { markdownInline, markdownLine } from '../safety/markdown-text.js'
import type { ContentBlock, GenericResultView } from '../views.js'
import { isErrorResult, resultStructured } from './result-content.js'
import { finite, isOptionalNumber } from './arguments.js'
import { isBlankTitle, markdownResult } from './display.js'

/** One choice of an `AskUserQuestion` question. */
export interface QuestionOption {
  /** What the user picks; shown in bold. */
  readonly label: string
  /** What picking it means; shown after the label. */
  readonly description?: string | null
}

/** One question of Claude Code's `AskUserQuestion`. Other fields (`multiSelect`, an option's `preview`) are accepted and not shown. */
export interface Question {
  /** The question; the card's title when it is the only one. */
  readonly question: string
  /** A short label for the question, such as `Library`; shown before it. */
  readonly header?: string | null
  /** The choices, listed under the question. */
  readonly options?: readonly QuestionOption[] | null
}

/** The arguments of Claude Code's `AskUserQuestion`: one to four questions for the user. */
export interface AskUserQuestionArgs {
  /** The questions, in order. */
  readonly questions: readonly Question[]
}

/** The arguments of Claude Code's `Skill`: the skill to load. Other fields (`args`) are accepted and shown as the raw input. */
export interface SkillArgs {
  /** The skill's name, such as `pdf` or `plugin:skill`; shown in the title. */
  readonly skill: string
}

/** One finding of Claude Code's `ReportFindings`. Other fields (`failure_scenario`, `category`, …) are accepted and not shown. */
export interface Finding {
  /** The file the finding is in, relative to the repository. */
  readonly file: string
  /** The 1-based line it anchors to. */
  readonly line?: number | null
  /** The defect in a sentence. */
  readonly summary: string
}

/** The arguments of Claude Code's `ReportFindings`: a review's verified findings, most severe first. */
export interface ReportFindingsArgs {
  /** The findings; empty when none survived. */
  readonly findings: readonly Finding[]
}

const isAskUserQuestionArgs: (value: unknown) => value is AskUserQuestionArgs = isMatching({
  questions: P.array({
    question: P.string,
    header: P.optional(P.union(P.string, null)),
    options: P.optional(P.union(P.array({ label: P.string, description: P.optional(P.union(P.string, null)) }), null)),
  }),
})

const isSkillArgs = (value: unknown): value is SkillArgs => isRecord(value) && typeof value.skill === 'string'

const isReportFindingsArgs = (value: unknown): value is ReportFindingsArgs =>
  isRecord(value) &&
  Array.isArray(value.findings) &&
  value.findings.every(
    (finding) =>
      isRecord(finding) && typeof finding.file === 'string' && typeof finding.summary === 'string' && isOptionalNumber(finding.line),
  )

// A question as a paragraph (its header in bold first), then its options as a list.
function questionText(question: Question): string {
  let text = question.header
    ? `**${markdownInline(question.header.trim())}** ${markdownLine(question.question)}`
    : markdownLine(question.question)
  for (const option of question.options ?? []) {
    text += `\n- **${markdownInline(option.label.trim())}**`
    if (option.description) text += `: ${markdownInline(option.description)}`
  }
  return text
}

/**
 * Claude Code's `AskUserQuestion`: a generic card titled with the question
 * when there is one (`Asking for your input` otherwise), as claude-agent-acp
 * titles it, with one text block per question: its header in bold, the
 * question, then its options listed as `- **label**: description`. Every
 * piece is escaped for Markdown. The result shows the user's answers:
 * from the structured result (`{ questions, answers }`, as Claude Code and
 * `answerFrom` of `tool-render-intent/acp` give it) one `Header: answer`
 * paragraph per answered question, escaped; otherwise the result's text.
 *
 * @example
 * askUserQuestionTool.presentCall?.({ questions: [{ question: 'Which library?', options: [{ label: 'date-fns', description: 'Small' }] }] })
 * // { card: 'generic', kind: 'other', title: 'Which library?',
 * //   content: [{ type: 'text', text: 'Which library?\n- **date-fns**: Small' }], rawInput: { … } }
 */
export const askUserQuestionTool = defineTool<AskUserQuestionArgs>({
  name: 'AskUserQuestion',
  args: isAskUserQuestionArgs,
  presentCall: (args) => {
    const only = args.questions.length === 1 ? args.questions[0].question : ''
    const content: ContentBlock[] = args.questions.map((question) => ({ type: 'text', text: questionText(question) }))
    return {
      card: 'generic',
      kind: 'other',
      title: only && !isBlankTitle(only) ? only : 'Asking for your input',
      content: content.length > 0 ? content : undefined,
      rawInput: args,
    }
  },
  presentResult: (args, result) => answeredQuestions(args, result) ?? markdownResult(result),
})

// The user's answers, from Claude Code's structured result (`{ questions,
// answers }`, answers keyed by question text, as its own tool and
// `answerFrom` give it): `Header: answer` per answered question, escaped.
function answeredQuestions(args: AskUserQuestionArgs, result: unknown): GenericResultView | undefined {
  if (isErrorResult(result)) return undefined
  const answers = resultStructured(result)?.answers
  if (!isRecord(answers)) return undefined
  const lines: string[] = []
  for (const question of args.questions) {
    const answer = Object.hasOwn(answers, question.question) ? answers[question.question] : undefined
    if (typeof answer === 'string') lines.push(`${markdownInline(question.header || question.question)}: ${markdownInline(answer)}`)
  }
  return lines.length === 0 ? undefined : { card: 'generic', content: [{ type: 'text', text: lines.join('\n\n') }] }
}

/**
 * Claude Code's `Skill`: a generic card titled `Load skill: <name>` (the
 * name escaped with `markdownInline`; `Load skill` for an empty one), as
 * claude-agent-acp titles it. The result shows what the tool returned.
 *
 * @example
 * skillTool.presentCall?.({ skill: 'pdf' })
 * // { card: 'generic', kind: 'other', title: 'Load skill: pdf', rawInput: { skill: 'pdf' } }
 */
export const skillTool = defineTool<SkillArgs>({
  name: 'Skill',
  args: isSkillArgs,
  presentCall: (args) => ({
    card: 'generic',
    kind: 'other',
    title: args.skill ? `Load skill: ${args.skill}` : 'Load skill',
    rawInput: args,
  }),
  presentResult: (_args, result) => markdownResult(result),
})

/**
 * Claude Code's `EnterPlanMode`: a generic `switch_mode` card titled
 * `Enter plan mode` (claude-agent-acp titles it with the tool's name). The
 * result shows what the tool returned.
 *
 * @example
 * enterPlanModeTool.presentCall?.({})
 * // { card: 'generic', kind: 'switch_mode', title: 'Enter plan mode' }
 */
export const enterPlanModeTool = defineTool<Readonly<Record<string, unknown>>>({
  name: 'EnterPlanMode',
  args: isRecord,
  presentCall: () => ({ card: 'generic', kind: 'switch_mode', title: 'Enter plan mode' }),
  presentResult: (_args, result) => markdownResult(result),
})

// `**file:line** — summary`, as claude-agent-acp shows a finding, escaped.
function findingText(finding: Finding): string {
  const line = finite(finding.line)
  return `**${markdownInline(finding.file)}${line ? `:${line}` : ''}** — ${markdownInline(finding.summary)}`
}

/**
 * Claude Code's `ReportFindings`: a generic `think` card titled
 * `Report N finding(s)` (`Report findings: none found` for none), with one
 * text block per finding, `**file:line** — summary`, as claude-agent-acp
 * shows it; file and summary escaped with `markdownInline`. The result
 * shows what the tool returned; an error result shows the error.
 *
 * @example
 * reportFindingsTool.presentCall?.({ findings: [{ file: 'src/a.ts', line: 3, summary: 'Off by one' }] })
 * // { card: 'generic', kind: 'think', title: 'Report 1 finding',
 * //   content: [{ type: 'text', text: '**src/a.ts:3** — Off by one' }], rawInput: { … } }
 */
export const reportFindingsTool = defineTool<ReportFindingsArgs>({
  name: 'ReportFindings',
  args: isReportFindingsArgs,
  presentCall: (args) => {
    const count = args.findings.length
    return {
      card: 'generic',
      kind: 'think',
      title: count === 0 ? 'Report findings: none found' : `Report ${count} finding${count === 1 ? '' : 's'}`,
      content: count === 0 ? undefined : args.findings.map((finding) => ({ type: 'text', text: findingText(finding) })),
      rawInput: args,
    }
  },
  presentResult: (_args, result) => markdownResult(result),
})
