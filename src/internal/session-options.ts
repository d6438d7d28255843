// Internal: not exported from any entry point. What the ACP session
// presenters (v1 and v2) share: checking their options at creation (the one
// place they may throw) and reading the harness's option objects, each field
// once, in a guard that never throws.
import type { ToolDefinition } from '../define-tool.js'
import { isAbsolutePath, normalizePath } from '../safety/paths.js'
import { isRecord } from './record.js'

// `any`, as in AnyToolDefinition: definitions typed for their own Args and Meta share one list.
type Definition = ToolDefinition<any, any>

/** How an option's value is named in an error: a string as written, anything else by its type. */
export const describeOption = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value) : typeof value)

/** The session cwd, checked and normalised once: every path sent resolves against it. */
export function sessionCwd(cwd: unknown): string {
  if (typeof cwd !== 'string' || !isAbsolutePath(cwd)) {
    throw new TypeError(`createToolPresenter: options.cwd must be an absolute path (POSIX or Windows), got ${describeOption(cwd)}`)
  }
  return normalizePath(cwd)
}

/** The user's home directory, checked and normalised once: `~/…` paths expand against it. */
export function sessionHome(home: unknown): string {
  if (typeof home !== 'string' || !isAbsolutePath(home)) {
    throw new TypeError(`createToolPresenter: options.home must be an absolute path (POSIX or Windows), got ${describeOption(home)}`)
  }
  return normalizePath(home)
}

/** The tools by name; a tool without a string name, or two with one name, is a `TypeError`. */
export function toolsByName(list: readonly Definition[]): Map<string, Definition> {
  if (!Array.isArray(list)) throw new TypeError('createToolPresenter: options.tools must be an array of tool definitions')
  const tools = new Map<string, Definition>()
  for (const [index, tool] of list.entries()) {
    if (!isRecord(tool as unknown) || typeof tool.name !== 'string') {
      throw new TypeError(`createToolPresenter: options.tools[${index}] must be a tool definition with a string name`)
    }
    if (tools.has(tool.name)) throw new TypeError(`createToolPresenter: options.tools has two tools named "${tool.name}"`)
    tools.set(tool.name, tool)
  }
  return tools
}

/** `value`, or `fallback` when it is absent; anything but a positive safe integer is a `TypeError`. */
export function positiveInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(`createToolPresenter: options.${name} must be a positive integer, got ${describeOption(value)}`)
  }
  return value
}

/** `value`, or `fallback` when it is absent; anything but a number of at least 0 is a `TypeError`. */
export function nonNegative(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !(value >= 0)) {
    throw new TypeError(`createToolPresenter: options.${name} must be a number of at least 0, got ${describeOption(value)}`)
  }
  return value
}

/** The field `name` of a harness's options object, or `undefined`; a throwing getter reads as absent. */
export function readField(options: unknown, name: string): unknown {
  try {
    return isRecord(options) ? options[name] : undefined
  } catch {
    return undefined
  }
}

/** The field `name` when it is a string. */
export function readString(options: unknown, name: string): string | undefined {
  const value = readField(options, name)
  return typeof value === 'string' ? value : undefined
}

/** `options.partial === true`. */
export const readPartial = (options: unknown): boolean => readField(options, 'partial') === true

/** A non-empty `options.signal`. */
export function readSignal(options: unknown): string | undefined {
  const signal = readField(options, 'signal')
  return typeof signal === 'string' && signal !== '' ? signal : undefined
}
