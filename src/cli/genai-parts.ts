// The Gemini API's `Part`s, as Gemini CLI and Qwen Code record them: the text
// a person reads, and a `functionResponse` as tool result content.
import { isRecord } from '../internal/record.js'
import type { ContentBlock } from '../views.js'

/** The text parts of `parts` (a thought's too when `thoughts` is true), one paragraph each; a string is its own text. */
export function partsText(parts: unknown, thoughts = false): string {
  if (typeof parts === 'string') return parts
  if (!Array.isArray(parts)) return ''
  const texts: string[] = []
  for (const part of parts)
    if (isRecord(part) && typeof part.text === 'string' && part.text !== '' && (part.thought === true) === thoughts) texts.push(part.text)
  return texts.join('\n\n')
}

/**
 * A `functionResponse` part's `response` as result content: its `output` (or
 * `error`) text when it is a string, else the response as JSON text. An
 * inline image part beside it is an image block.
 */
export function responseContent(response: unknown): ContentBlock[] {
  if (!isRecord(response)) return response === undefined ? [] : [{ type: 'text', text: JSON.stringify(response) ?? '' }]
  if (typeof response.output === 'string') return [{ type: 'text', text: response.output }]
  if (typeof response.error === 'string') return [{ type: 'text', text: response.error }]
  if (typeof response.content === 'string') return [{ type: 'text', text: response.content }]
  return [{ type: 'text', text: JSON.stringify(response) }]
}

/** Whether a `functionResponse`'s response says the call failed (an `error` and no `output`). */
export const responseFailed = (response: unknown): boolean =>
  isRecord(response) && response.error !== undefined && response.error !== null && response.output === undefined

/** The `functionResponse` parts among `parts`: each with its call id and tool name when it says them. */
export function functionResponses(parts: unknown): { id: string | undefined; name: string | undefined; response: unknown }[] {
  const found: { id: string | undefined; name: string | undefined; response: unknown }[] = []
  if (!Array.isArray(parts)) return found
  for (const part of parts) {
    if (!isRecord(part) || !isRecord(part.functionResponse)) continue
    const { id, name, response } = part.functionResponse
    found.push({ id: typeof id === 'string' ? id : undefined, name: typeof name === 'string' ? name : undefined, response })
  }
  return found
}

// Gemini CLI's and Qwen Code's shell output ends with `Exit Code: N` when the command did not exit 0.
const EXIT_CODE_LINE = /^Exit Code: (-?\d+)$/m

/** The exit code a shell tool's output states, if it does. */
export function statedExitCode(text: string): number | undefined {
  const match = EXIT_CODE_LINE.exec(text)
  return match === null ? undefined : Number(match[1])
}

// The fields that follow `Output:` in a shell tool's report to the model.
const AFTER_OUTPUT = ['\nError: ', '\nExit Code: ', '\nSignal: ', '\nBackground PIDs: ', '\nProcess Group PGID: ']

/**
 * What a shell command printed, from the report Gemini CLI and Qwen Code
 * give the model (`Command: …`, `Directory: …`, `Output: …`, `Error: …`,
 * `Exit Code: …`): the text after `Output: ` up to the first field after
 * it (looked for from the end, so printed lines like them stay), `(empty)`
 * as nothing. A text without an `Output: ` field is the output as it is.
 */
export function shellOutput(text: string): string {
  const field = text.startsWith('Output: ') ? 0 : text.indexOf('\nOutput: ') + 1
  if (field === 0 && !text.startsWith('Output: ')) return text
  const start = field + 'Output: '.length
  let end = text.length
  for (const field of AFTER_OUTPUT) {
    const at = text.lastIndexOf(field)
    if (at >= start && at < end) end = at
  }
  const output = text.slice(start, end)
  return output === '(empty)' ? '' : output
}

/**
 * A shell tool's result from its report: the output alone, with the exit
 * code it states (else 0 for a call that did not fail); a non-zero one fails.
 */
export function shellResult(
  content: readonly ContentBlock[],
  failed: boolean,
): { content: ContentBlock[]; isError: boolean; meta?: { exitCode: number } } {
  const first = content[0]
  if (first?.type !== 'text') return { content: [...content], isError: failed }
  const exitCode = statedExitCode(first.text) ?? (failed ? undefined : 0)
  const output: ContentBlock[] = [{ type: 'text', text: shellOutput(first.text) }, ...content.slice(1)]
  return exitCode === undefined
    ? { content: output, isError: failed }
    : { content: output, isError: failed || exitCode !== 0, meta: { exitCode } }
}
