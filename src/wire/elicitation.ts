// A question tool's call as an ACP `elicitation/create` form request, and
// the client's response as the tool's own result. The same shapes in ACP v1
// (stable since SDK 2.4.0) and the v2 draft.
import { isRecord } from '../internal/record.js'
import { boundedVisibleText } from '../safety/bounded-text.js'
import { markdownInline } from '../safety/markdown-text.js'
import type { GenericResultView, ToolResult } from '../views.js'
import {
  type AskedQuestion,
  isQuestionTool,
  type QuestionAnswer,
  type QuestionToolName,
  questionToolResult,
  readQuestions,
} from './questions.js'
import type { ClientCapabilities, CreateElicitationRequest, ElicitationPropertySchema, ElicitationSchema } from './sdk.js'

export type { QuestionAnswer, QuestionToolName }

/** The most code units of any one text of the form (a question, a label, a description), as shown. */
export const FORM_TEXT_LENGTH = 4096

/** Where the elicitation belongs: the session, and the question tool's call. */
export interface ElicitationScope {
  /** The ACP session the question is asked in. */
  readonly sessionId: string
  /** The question tool's call; its card shows the answer. */
  readonly toolCallId?: string | undefined
}

/**
 * What {@link elicitationFor} gives: the `elicitation/create` params to
 * send, or why the questions cannot be asked (`ok: false`, with an `error`
 * to show or report; the call stays a question card).
 */
export type ElicitationFor =
  | { readonly ok: true; readonly request: CreateElicitationRequest }
  | { readonly ok: false; readonly error: string }

/**
 * What {@link answerFrom} makes of the client's response:
 *
 * - `answered`: every question has an answer. `result` is the tool's own
 *   result (hand it to the model and to `presenter.result`), `view` the
 *   card showing the answers, `answers` one list per question.
 * - `declined` / `cancelled`: the user would not answer. `result` says so
 *   as an error result for the model; `view` shows it.
 * - `invalid`: the response is not an answer to this form. `error` names
 *   the field (`q2: no answer`), `field` is that field, `answers` holds
 *   every answer that could be read (`undefined` for the others) and
 *   `response` the response as it came, so nothing is lost: ask again, or
 *   report it.
 */
export type ElicitationAnswer =
  | {
      readonly outcome: 'answered'
      readonly result: ToolResult
      readonly view: GenericResultView
      readonly answers: readonly QuestionAnswer[]
    }
  | { readonly outcome: 'declined' | 'cancelled'; readonly result: ToolResult; readonly view: GenericResultView }
  | {
      readonly outcome: 'invalid'
      readonly error: string
      readonly field: string
      readonly answers: readonly (QuestionAnswer | undefined)[]
      readonly response: unknown
    }

/**
 * Whether the client declared form elicitation
 * (`clientCapabilities.elicitation.form`, `{}` or an object; absent or
 * `null` means it did not).
 *
 * @example
 * supportsFormElicitation({ elicitation: { form: {} } }) // true
 * supportsFormElicitation({ fs: { readTextFile: true } }) // false
 */
export function supportsFormElicitation(clientCapabilities: ClientCapabilities | null | undefined): boolean {
  const elicitation: unknown = isRecord(clientCapabilities) ? clientCapabilities.elicitation : undefined
  return isRecord(elicitation) && isRecord(elicitation.form)
}

// Model text as a form shows it: plain text, every invisible character marked, bounded.
const formText = (text: string) => boundedVisibleText(text, FORM_TEXT_LENGTH)

// The form's field names: `q1`, `q2`, …, and `q1_other` for an answer written instead of picked.
const fieldOf = (index: number) => `q${index + 1}`
const otherFieldOf = (index: number) => `q${index + 1}_other`

function questionFields(question: AskedQuestion, index: number, properties: Record<string, ElicitationPropertySchema>, required: string[]) {
  const title = formText(question.header ?? `Question ${index + 1}`)
  const description = formText(question.question)
  const name = fieldOf(index)
  if (question.type === 'text') {
    properties[name] = { type: 'string', title, description }
    required.push(name)
    return
  }
  if (question.type === 'yesno') {
    properties[name] = { type: 'boolean', title, description }
    required.push(name)
    return
  }
  // The options' values are their positions, so an answer maps back exactly whatever a label holds.
  const options = question.options.map((option, position) =>
    option.description
      ? { const: String(position), title: formText(option.label), description: formText(option.description) }
      : { const: String(position), title: formText(option.label) },
  )
  properties[name] = question.multiSelect
    ? { type: 'array', title, description, items: { anyOf: options } }
    : { type: 'string', title, description, oneOf: options }
  properties[otherFieldOf(index)] = { type: 'string', title: `${title}: another answer`, description: 'Instead of picking an option' }
}

/**
 * The `elicitation/create` params that ask a question tool's questions as
 * a form: Claude Code's `AskUserQuestion`, Gemini CLI's `ask_user`,
 * opencode's `question` and Qwen Code's `ask_user_question`, by those names.
 *
 * Field `q1` is the first question (its header as the title, `Question 1`
 * without one; the question as the description), `q2` the second, and so
 * on: a choice is a single-select (`oneOf`) or, with `multiSelect`
 * (opencode: `multiple`), a multi-select (`items.anyOf`) whose values are
 * the options' positions (`"0"`, `"1"`, …) and whose titles are their
 * labels, with `q1_other` beside it for an answer written instead (as
 * every one of these tools lets the user give); a question without options
 * (or Gemini's `type: "text"`) is a required string, Gemini's `yesno` a
 * required boolean. The message is the question when there is one,
 * `Answer N questions` otherwise. Every text is plain, with invisible
 * characters marked and at most 4,096 code units.
 *
 * Refused with a clear `error`, nothing sent: a client that did not declare
 * form elicitation (`clientCapabilities.elicitation.form`), a tool that is not a
 * question tool, and arguments that are not its questions (the error names
 * the field).
 *
 * @example
 * const asked = elicitationFor('AskUserQuestion', args, { sessionId, toolCallId }, clientCapabilities)
 * if (asked.ok) {
 *   const response = await connection.request('elicitation/create', asked.request)
 *   const answer = answerFrom('AskUserQuestion', args, response)
 *   if (answer.outcome !== 'invalid') updates.push(...presenter.result(toolCallId, answer.result))
 * }
 */
export function elicitationFor(
  toolName: string,
  args: unknown,
  scope: ElicitationScope,
  clientCapabilities: ClientCapabilities | null | undefined,
): ElicitationFor {
  if (!isQuestionTool(toolName))
    return {
      ok: false,
      error: `elicitation: "${formText(String(toolName))}" is not a question tool (AskUserQuestion, ask_user, question, ask_user_question)`,
    }
  if (!supportsFormElicitation(clientCapabilities))
    return { ok: false, error: 'elicitation: the client does not declare form elicitation (clientCapabilities.elicitation.form)' }
  if (!isRecord(scope) || typeof scope.sessionId !== 'string' || scope.sessionId === '')
    return { ok: false, error: 'elicitation: scope.sessionId must be a non-empty string' }
  const questions = readQuestions(toolName, args)
  if (typeof questions === 'string') return { ok: false, error: `elicitation: ${toolName} ${questions}` }
  const properties: Record<string, ElicitationPropertySchema> = {}
  const required: string[] = []
  for (let index = 0; index < questions.length; index++) questionFields(questions[index], index, properties, required)
  const requestedSchema: ElicitationSchema = { type: 'object', properties, required }
  const message = questions.length === 1 ? formText(questions[0].question) : `Answer ${questions.length} questions`
  const request: CreateElicitationRequest =
    typeof scope.toolCallId === 'string' && scope.toolCallId !== ''
      ? { mode: 'form', message, sessionId: scope.sessionId, toolCallId: scope.toolCallId, requestedSchema }
      : { mode: 'form', message, sessionId: scope.sessionId, requestedSchema }
  return { ok: true, request }
}

// A field's value named in an error: short, and on one line.
const shownValue = (value: unknown) => {
  let text: string
  try {
    text = JSON.stringify(value) ?? typeof value
  } catch {
    text = typeof value
  }
  return formText(text.length > 80 ? `${text.slice(0, 80)}…` : text)
}

// The picks of a choice field: its value as positions, in the options' order.
function picksOf(question: AskedQuestion, name: string, value: unknown): string[] | string {
  const values = question.multiSelect ? value : [value]
  if (question.multiSelect && !Array.isArray(values)) return `${name}: expected an array of option values, got ${shownValue(value)}`
  const picked = new Set<number>()
  for (const entry of values as unknown[]) {
    const position = typeof entry === 'string' && /^\d+$/.test(entry) ? Number(entry) : -1
    if (position < 0 || position >= question.options.length)
      return `${name}: expected ${question.multiSelect ? 'option values' : 'an option value'} "0" to "${question.options.length - 1}", got ${shownValue(entry)}`
    picked.add(position)
  }
  return [...picked].sort((a, b) => a - b).map((position) => question.options[position].label)
}

// One question's answer from the form's content, or the error naming its field.
function answerOf(
  question: AskedQuestion,
  index: number,
  content: Record<string, unknown>,
): QuestionAnswer | { error: string; field: string } {
  const name = fieldOf(index)
  const value = content[name]
  if (question.type === 'text') {
    if (typeof value !== 'string') return { error: `${name}: expected a string, got ${shownValue(value)}`, field: name }
    if (value.trim() === '') return { error: `${name}: no answer`, field: name }
    return [value]
  }
  if (question.type === 'yesno') {
    if (typeof value !== 'boolean') return { error: `${name}: expected true or false, got ${shownValue(value)}`, field: name }
    return [value ? 'Yes' : 'No']
  }
  const picks = value === undefined || value === null ? [] : picksOf(question, name, value)
  if (typeof picks === 'string') return { error: picks, field: name }
  const otherName = otherFieldOf(index)
  const other = content[otherName]
  if (other !== undefined && other !== null && typeof other !== 'string')
    return { error: `${otherName}: expected a string, got ${shownValue(other)}`, field: otherName }
  const written = typeof other === 'string' && other.trim() !== '' ? [other] : []
  if (picks.length === 0 && written.length === 0) return { error: `${name}: no answer`, field: name }
  return [...picks, ...written]
}

// The card showing the answers: each question's header (or the question) and its answer, escaped as Markdown text.
function answersView(questions: readonly AskedQuestion[], answers: readonly QuestionAnswer[]): GenericResultView {
  const lines = questions.map(
    (question, index) => `${markdownInline(question.header ?? question.question)}: ${markdownInline(answers[index].join(', '))}`,
  )
  return { card: 'generic', content: [{ type: 'text', text: lines.join('\n\n') }] }
}

/**
 * The client's `elicitation/create` response to {@link elicitationFor}'s
 * form, as the tool's own result.
 *
 * `accept` gives `answered` when every question has an answer: the picked
 * labels in the options' order, then the answer written in `qN_other`;
 * `Yes` or `No`; the text. The result is the tool's own shape: for
 * `AskUserQuestion` and `ask_user_question`, `{ questions, answers }` keyed
 * by question text with several picks joined by `, ` (and Claude Code's
 * model-facing sentence as the text); for `ask_user`, `{ answers }` keyed
 * by index; for `question`, `{ answers }` as one array per question.
 * `decline` and `cancel` give an error result saying the user did not
 * answer. Anything else is `invalid`, naming the field: a missing answer,
 * a value that is not one of the options, a field the form does not have,
 * an unknown action.
 *
 * @example
 * answerFrom('AskUserQuestion', args, { action: 'accept', content: { q1: '0' } })
 * // { outcome: 'answered', answers: [['Postgres']], result: { content: [...], structured: { questions, answers: { 'Which database?': 'Postgres' } } }, view: … }
 */
export function answerFrom(toolName: string, args: unknown, response: unknown): ElicitationAnswer {
  const invalid = (error: string, field: string, answers: readonly (QuestionAnswer | undefined)[] = []): ElicitationAnswer => ({
    outcome: 'invalid',
    error: `elicitation: ${error}`,
    field,
    answers,
    response,
  })
  if (!isQuestionTool(toolName)) return invalid(`"${formText(String(toolName))}" is not a question tool`, 'toolName')
  const questions = readQuestions(toolName, args)
  if (typeof questions === 'string') return invalid(`${toolName} ${questions}`, 'args')
  const action = isRecord(response) ? response.action : undefined
  if (action === 'decline' || action === 'cancel') {
    const text = action === 'decline' ? 'The user declined to answer the questions.' : 'The user cancelled the questions.'
    return {
      outcome: action === 'decline' ? 'declined' : 'cancelled',
      result: { content: [{ type: 'text', text }], isError: true },
      view: { card: 'generic', content: [{ type: 'text', text: action === 'decline' ? 'Declined' : 'Cancelled' }] },
    }
  }
  if (action !== 'accept') return invalid(`action: expected "accept", "decline" or "cancel", got ${shownValue(action)}`, 'action')
  const content = (response as Record<string, unknown>).content
  if (content !== undefined && content !== null && !isRecord(content))
    return invalid(`content: expected an object, got ${shownValue(content)}`, 'content')
  const fields: Record<string, unknown> = isRecord(content) ? content : {}
  const answers: (QuestionAnswer | undefined)[] = []
  let problem: { error: string; field: string } | undefined
  questions.forEach((question, index) => {
    const answer = answerOf(question, index, fields)
    if (Array.isArray(answer)) answers.push(answer)
    else {
      answers.push(undefined)
      problem ??= answer as { error: string; field: string }
    }
  })
  const known = new Set(
    questions.flatMap((question, index) => (question.type === 'choice' ? [fieldOf(index), otherFieldOf(index)] : [fieldOf(index)])),
  )
  for (const key of Object.keys(fields)) if (!known.has(key)) problem ??= { error: `${formText(key)}: not a field of the form`, field: key }
  if (problem) return invalid(problem.error, problem.field, answers)
  const complete = answers as QuestionAnswer[]
  return {
    outcome: 'answered',
    result: questionToolResult(toolName, args, questions, complete),
    view: answersView(questions, complete),
    answers: complete,
  }
}
