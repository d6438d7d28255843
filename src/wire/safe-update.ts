// The last step before an update leaves the library: it must serialise, be
// bounded and hold only well-formed strings, whatever the views, arguments
// and results it was built from held.
import { isJsonSafe, jsonBudget, jsonSafeCopy, UPDATE_LIMITS } from '../safety/json-safe.js'

/**
 * `update` itself when it is plain JSON within {@link UPDATE_LIMITS} (the
 * common case: one walk, no copy), else a plain-JSON copy with visible
 * markers; `onProblems` hears what the copy changed.
 */
export function safeUpdate<Update>(update: Update, onProblems?: (problems: readonly string[]) => void): Update {
  return isJsonSafe(update) ? update : safeCopy(update, onProblems)
}

/**
 * {@link safeUpdate} of an update the bridge's builders made: a `tool_call`
 * or `tool_call_update` from `toolCallOf` / `toolCallUpdateOf`, or a `plan`
 * from `planUpdate`. The same answer and the same copy, found faster: the
 * objects the builders write (the update, its content entries and
 * locations) are read field by field instead of walked key by key, and only
 * what came from outside (strings, content blocks, rawInput, rawOutput,
 * `_meta`) is walked, at its own depth. Anything else is walked whole.
 */
export function safeToolUpdate<Update extends object>(
  update: Update,
  onProblems?: (problems: readonly string[]) => void,
  wellFormed?: WellFormed,
): Update {
  return isSafeToolUpdate(update, undefined, undefined, wellFormed) ? update : safeCopy(update, onProblems)
}

/**
 * Text a builder put in the update it returns and knows holds no lone
 * surrogate, because the library built it so: the sanitiser's output (it
 * replaces every lone surrogate), cut by `boundedText` (which never splits a
 * pair), joined with well-formed text. Handed by the builder to the check of
 * that very update, never kept anywhere: the check of that update skips
 * scanning strings equal to it (equal text, equal answer).
 */
export type WellFormed = string | undefined

/**
 * Whether an update the builders made serialises as it is: the test
 * {@link safeToolUpdate} makes. Never throws. `input`, when given, is a value
 * the caller checked as plain JSON, which costs `inputCost` (see
 * `jsonInputCost`) and which no code but the library's own has seen since:
 * as the update's `rawInput` it is counted, not walked again. `wellFormed`
 * is text the update's builder vouched for (see {@link WellFormed}).
 */
export function isSafeToolUpdate(update: object, input?: unknown, inputCost?: number, wellFormed?: WellFormed): boolean {
  try {
    return toolUpdateBudget(update as BuiltUpdate, wellFormed, input, inputCost) >= 0
  } catch {
    return false
  }
}

function safeCopy<Update>(update: Update, onProblems: ((problems: readonly string[]) => void) | undefined): Update {
  const copy = jsonSafeCopy(update, 'update')
  if (copy.problems.length > 0) onProblems?.(copy.problems)
  return copy.value as Update
}

// What the builders write. Every field but sessionUpdate may be absent.
export interface BuiltUpdate {
  readonly sessionUpdate: unknown
  readonly toolCallId?: unknown
  readonly title?: unknown
  readonly kind?: unknown
  readonly status?: unknown
  readonly name?: unknown
  readonly content?: unknown
  readonly locations?: unknown
  readonly rawInput?: unknown
  readonly rawOutput?: unknown
  readonly _meta?: unknown
  readonly entries?: unknown
}

/**
 * What `jsonBudget(update, 0, UPDATE_LIMITS.maxTotalLength, vouched)` gives
 * for an update the builders made (the same number when it is plain JSON; a
 * negative one when not), without walking the builders' own objects key by
 * key. May throw (a getter in a view's value): the caller catches.
 *
 * The walk's cost model (see jsonBudget), spelled out for the builders'
 * objects: each object or array counts 1, each field present the length of
 * its name plus its value's cost. The sum, and so the answer, is the walk's;
 * only the order of counting differs, which the answer does not depend on.
 * It relies on the builders writing no field it does not read: a test holds
 * it to the walk on every arm.
 */
export function toolUpdateBudget(update: BuiltUpdate, vouched: string | undefined, input?: unknown, inputCost = -1): number {
  const kind = update.sessionUpdate
  if (kind === 'plan') {
    const entries = update.entries
    const budget = field(kind, 'sessionUpdate'.length, 1, UPDATE_LIMITS.maxTotalLength - 1, vouched)
    return Array.isArray(entries)
      ? entriesBudget(entries, budget - 'entries'.length, vouched)
      : field(entries, 'entries'.length, 1, budget, vouched)
  }
  if (kind !== 'tool_call' && kind !== 'tool_call_update') return jsonBudget(update, 0, UPDATE_LIMITS.maxTotalLength, vouched)
  let budget = field(kind, 'sessionUpdate'.length, 1, UPDATE_LIMITS.maxTotalLength - 1, vouched)
  budget = field(update.toolCallId, 'toolCallId'.length, 1, budget, vouched)
  budget = field(update.title, 'title'.length, 1, budget, vouched)
  budget = field(update.kind, 'kind'.length, 1, budget, vouched)
  budget = field(update.status, 'status'.length, 1, budget, vouched)
  budget = field(update.name, 'name'.length, 1, budget, vouched)
  const content = update.content
  if (content !== undefined) budget = Array.isArray(content) ? contentBudget(content, budget - 'content'.length, vouched) : -1
  const locations = update.locations
  if (locations !== undefined) budget = Array.isArray(locations) ? locationsBudget(locations, budget - 'locations'.length, vouched) : -1
  const rawInput = update.rawInput
  budget =
    rawInput !== undefined && rawInput === input && inputCost >= 0
      ? budget - 'rawInput'.length - inputCost
      : field(rawInput, 'rawInput'.length, 1, budget, vouched)
  budget = field(update.rawOutput, 'rawOutput'.length, 1, budget, vouched)
  const meta = update._meta
  if (meta === undefined) return budget
  // (Anything but the builders' object is walked as any value is.)
  return meta !== null && typeof meta === 'object' && !Array.isArray(meta)
    ? metaBudget(meta as TerminalMeta, budget - '_meta'.length, vouched)
    : field(meta, '_meta'.length, 1, budget, vouched)
}

// The `_meta` the builders write: one display-terminal field (terminalCall,
// terminalOutputUpdate, terminalExitUpdate), whose object holds some of
// these fields.
interface TerminalMeta {
  readonly terminal_info?: TerminalFields
  readonly terminal_output?: TerminalFields
  readonly terminal_output_delta?: TerminalFields
  readonly terminal_exit?: TerminalFields
}
interface TerminalFields {
  readonly terminal_id?: unknown
  readonly cwd?: unknown
  readonly data?: unknown
  readonly exit_code?: unknown
  readonly signal?: unknown
}

function metaBudget(meta: TerminalMeta, budget: number, vouched: string | undefined): number {
  budget--
  budget = terminalBudget(meta.terminal_info, 'terminal_info'.length, budget, vouched)
  budget = terminalBudget(meta.terminal_output, 'terminal_output'.length, budget, vouched)
  budget = terminalBudget(meta.terminal_output_delta, 'terminal_output_delta'.length, budget, vouched)
  return terminalBudget(meta.terminal_exit, 'terminal_exit'.length, budget, vouched)
}

// One display-terminal object (depth 2), its fields at depth 3.
function terminalBudget(fields: TerminalFields | undefined, nameLength: number, budget: number, vouched: string | undefined): number {
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) return field(fields, nameLength, 2, budget, vouched)
  budget -= nameLength + 1
  budget = field(fields.terminal_id, 'terminal_id'.length, 3, budget, vouched)
  budget = field(fields.cwd, 'cwd'.length, 3, budget, vouched)
  budget = field(fields.data, 'data'.length, 3, budget, vouched)
  budget = field(fields.exit_code, 'exit_code'.length, 3, budget, vouched)
  return field(fields.signal, 'signal'.length, 3, budget, vouched)
}

// A field of `nameLength` whose value sits at `depth`: nothing when absent,
// as JSON leaves it out; a string (most fields) checked here, as the walk
// checks one.
function field(value: unknown, nameLength: number, depth: number, budget: number, vouched: string | undefined): number {
  if (value === undefined) return budget
  if (typeof value !== 'string') return jsonBudget(value, depth, budget - nameLength, vouched)
  const left = budget - nameLength
  const length = value.length
  if (length > UPDATE_LIMITS.maxStringLength || length >= left) return -1
  return (vouched !== undefined && length === vouched.length && value === vouched) || value.isWellFormed() ? left - length - 1 : -1
}

// The content entries (depth 2) of `contentEntries`, `diffEntries`, `textEntry` and the terminal arm.
function contentBudget(entries: readonly unknown[], budget: number, vouched: string | undefined): number {
  budget--
  for (let index = 0; index < entries.length && budget >= 0; index++) {
    const entry = entries[index] as {
      type?: unknown
      content?: unknown
      path?: unknown
      oldText?: unknown
      newText?: unknown
      terminalId?: unknown
    }
    if (entry === null || typeof entry !== 'object') {
      budget = entry === undefined ? -1 : jsonBudget(entry, 2, budget, vouched)
      continue
    }
    switch (entry.type) {
      case 'content':
        budget = field(entry.content, 'content'.length, 3, budget - 1 - ('type'.length + 'content'.length + 1), vouched)
        break
      case 'diff':
        budget = field(entry.path, 'path'.length, 3, budget - 1 - ('type'.length + 'diff'.length + 1), vouched)
        budget = field(entry.oldText, 'oldText'.length, 3, budget, vouched)
        budget = field(entry.newText, 'newText'.length, 3, budget, vouched)
        break
      case 'terminal':
        budget = field(entry.terminalId, 'terminalId'.length, 3, budget - 1 - ('type'.length + 'terminal'.length + 1), vouched)
        break
      default:
        budget = jsonBudget(entry, 2, budget, vouched)
    }
  }
  return budget
}

// The entries (depth 2) of `planUpdate`: a content, a priority and a status each.
function entriesBudget(entries: readonly unknown[], budget: number, vouched: string | undefined): number {
  budget--
  for (let index = 0; index < entries.length && budget >= 0; index++) {
    const entry = entries[index] as { content?: unknown; priority?: unknown; status?: unknown }
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      budget = entry === undefined ? -1 : jsonBudget(entry, 2, budget, vouched)
      continue
    }
    budget = field(entry.content, 'content'.length, 3, budget - 1, vouched)
    budget = field(entry.priority, 'priority'.length, 3, budget, vouched)
    budget = field(entry.status, 'status'.length, 3, budget, vouched)
  }
  return budget
}

// The locations (depth 2) of `absoluteLocations`: a path and perhaps a line.
function locationsBudget(locations: readonly unknown[], budget: number, vouched: string | undefined): number {
  budget--
  for (let index = 0; index < locations.length && budget >= 0; index++) {
    const location = locations[index] as { path?: unknown; line?: unknown }
    if (location === null || typeof location !== 'object') {
      budget = location === undefined ? -1 : jsonBudget(location, 2, budget, vouched)
      continue
    }
    budget = field(location.path, 'path'.length, 3, budget - 1, vouched)
    budget = field(location.line, 'line'.length, 3, budget, vouched)
  }
  return budget
}
