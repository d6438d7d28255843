// The question tools of the well-known agents, read into one neutral list
// of questions, and the user's answers written back in each tool's own
// result shape. Shared by the v1 and v2 elicitation builders.
import { isRecord } from '../internal/record.js'
import type { ToolResult } from '../views.js'

/** The question tools whose calls can be asked as an elicitation, by the name each agent gives its own. */
export type QuestionToolName = 'AskUserQuestion' | 'ask_user' | 'question' | 'ask_user_question'

/** The most questions one call may ask, and the most options one question may offer. */
export const MAX_QUESTIONS = 16
export const MAX_OPTIONS = 64

/** One choice of a question. */
export interface AskedOption {
  readonly label: string
  readonly description?: string | undefined
}

/**
 * One question as the user is asked it: `choice` (pick one of `options`,
 * or several with `multiSelect`; the user may always write another answer
 * instead), `text` (free text) or `yesno`.
 */
export interface AskedQuestion {
  readonly question: string
  readonly header?: string | undefined
  readonly type: 'choice' | 'text' | 'yesno'
  readonly options: readonly AskedOption[]
  readonly multiSelect: boolean
}

/** The user's answer to one question: the labels picked (in the options' order), then any answer written. */
export type QuestionAnswer = readonly string[]

const QUESTION_TOOLS: readonly string[] = ['AskUserQuestion', 'ask_user', 'question', 'ask_user_question']

/** Whether `toolName` is one of the question tools this module reads. */
export const isQuestionTool = (toolName: unknown): toolName is QuestionToolName =>
  typeof toolName === 'string' && QUESTION_TOOLS.includes(toolName)

const optionalString = (value: unknown): value is string | null | undefined =>
  value === undefined || value === null || typeof value === 'string'

// One option, or the reason it is not one.
function readOption(value: unknown, at: string): AskedOption | string {
  if (!isRecord(value) || typeof value.label !== 'string') return `${at}.label: expected a string`
  if (!optionalString(value.description)) return `${at}.description: expected a string`
  return value.description ? { label: value.label, description: value.description } : { label: value.label }
}

// One question of `toolName`'s arguments, or the reason it is not one.
function readQuestion(toolName: QuestionToolName, value: unknown, at: string): AskedQuestion | string {
  if (!isRecord(value) || typeof value.question !== 'string') return `${at}.question: expected a string`
  if (!optionalString(value.header)) return `${at}.header: expected a string`
  const rawOptions = value.options ?? []
  if (!Array.isArray(rawOptions)) return `${at}.options: expected an array`
  if (rawOptions.length > MAX_OPTIONS) return `${at}.options: more than ${MAX_OPTIONS} options`
  const options: AskedOption[] = []
  for (let index = 0; index < rawOptions.length; index++) {
    const option = readOption(rawOptions[index], `${at}.options[${index}]`)
    if (typeof option === 'string') return option
    options.push(option)
  }
  // opencode names it `multiple`; the others `multiSelect`.
  const multiKey = toolName === 'question' ? 'multiple' : 'multiSelect'
  const multi = value[multiKey]
  if (multi !== undefined && multi !== null && typeof multi !== 'boolean') return `${at}.${multiKey}: expected a boolean`
  // Gemini's questions say their type; the others are choices, free text when they offer none.
  let type: AskedQuestion['type'] = options.length > 0 ? 'choice' : 'text'
  if (toolName === 'ask_user' && value.type !== undefined && value.type !== null) {
    if (value.type !== 'choice' && value.type !== 'text' && value.type !== 'yesno')
      return `${at}.type: expected "choice", "text" or "yesno"`
    type = value.type
  }
  if (type === 'choice' && options.length === 0) return `${at}.options: a choice needs at least one option`
  const question: AskedQuestion = {
    question: value.question,
    header: value.header ? value.header : undefined,
    type,
    options: type === 'choice' ? options : [],
    multiSelect: type === 'choice' && multi === true,
  }
  return question
}

/**
 * The questions of a question tool's call, or the reason they cannot be
 * asked: a message naming the field (`questions[1].options[0].label:
 * expected a string`).
 */
export function readQuestions(toolName: QuestionToolName, args: unknown): readonly AskedQuestion[] | string {
  if (!isRecord(args) || !Array.isArray(args.questions)) return 'questions: expected an array'
  if (args.questions.length === 0) return 'questions: expected at least one question'
  if (args.questions.length > MAX_QUESTIONS) return `questions: more than ${MAX_QUESTIONS} questions`
  const questions: AskedQuestion[] = []
  for (let index = 0; index < args.questions.length; index++) {
    const question = readQuestion(toolName, args.questions[index], `questions[${index}]`)
    if (typeof question === 'string') return question
    questions.push(question)
  }
  return questions
}

// The model-facing sentence Claude Code (and opencode, and Qwen Code) answers with.
function answeredText(questions: readonly AskedQuestion[], answers: readonly QuestionAnswer[]): string {
  const pairs = questions.map((question, index) => `"${question.question}"="${answers[index].join(', ')}"`)
  return `User has answered your questions: ${pairs.join(', ')}. You can now continue with the user's answers in mind.`
}

/**
 * The tool's own result for the user's answers, as a {@link ToolResult}:
 * the model-facing text as `content`, the tool's structured result as
 * `structured`.
 *
 * - `AskUserQuestion` and `ask_user_question`: `{ questions, answers }`,
 *   `answers` keyed by each question's text, several picks joined with `, `.
 * - `ask_user` (Gemini): `{ answers }` keyed by each question's index
 *   (`"0"`, `"1"`, …); the text is that object as JSON.
 * - `question` (opencode): `{ answers }`, one array of picks per question.
 */
export function questionToolResult(
  toolName: QuestionToolName,
  args: unknown,
  questions: readonly AskedQuestion[],
  answers: readonly QuestionAnswer[],
): ToolResult {
  switch (toolName) {
    case 'AskUserQuestion':
    case 'ask_user_question': {
      const byQuestion: Record<string, string> = {}
      questions.forEach((question, index) => {
        byQuestion[question.question] = answers[index].join(', ')
      })
      const asked = isRecord(args) ? args.questions : undefined
      return { content: [{ type: 'text', text: answeredText(questions, answers) }], structured: { questions: asked, answers: byQuestion } }
    }
    case 'ask_user': {
      const byIndex: Record<string, string> = {}
      answers.forEach((answer, index) => {
        byIndex[String(index)] = answer.join(', ')
      })
      const structured = { answers: byIndex }
      return { content: [{ type: 'text', text: JSON.stringify(structured) }], structured }
    }
    case 'question':
      return {
        content: [{ type: 'text', text: answeredText(questions, answers) }],
        structured: { answers: answers.map((answer) => [...answer]) },
      }
  }
}
