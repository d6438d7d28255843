// What the client already has, so an update carries only what changed: the
// JSON of every card field sent per call, every terminal's description, and
// the last plan, every child session. Works on the wire shapes both ACP
// versions share (`tool_call`, `tool_call_update`, `terminal_update`, `plan`,
// `plan_update`, `subagent_update`).

// Fields sent whatever they were: a status is a step of the call's life,
// `_meta` carries output pieces and exits, an exit status ends a terminal.
// A switch: it runs for every field of every update.
function isAlways(key: string): boolean {
  switch (key) {
    case 'sessionUpdate':
    case 'toolCallId':
    case 'terminalId':
    case 'sessionId':
    case 'subagentSessionId':
    case 'status':
    case '_meta':
    case 'exitStatus':
    case 'data':
      return true
    default:
      return false
  }
}

// A field the client never got reads as empty: sending it empty changes nothing.
const isEmpty = (value: unknown) => value === null || (Array.isArray(value) && value.length === 0)

// Whether the client's copy of field `key` (in `known`) has the JSON of `value`: the same object, or the same JSON.
function same(known: Map<string, unknown>, key: string, value: unknown): boolean {
  const before = known.get(key)
  if (before === value) return before !== undefined || known.has(key) || isEmpty(value)
  if (before === undefined && !known.has(key)) return isEmpty(value)
  return sameText(before, value)
}

/**
 * Whether `a` and `b` have the same JSON text, read without serialising
 * them (a write's diff came back whole in its result: two megabytes of JSON
 * built to compare one string). `undefined` where it cannot tell cheaply
 * (a value JSON leaves out or cannot write, an object with `toJSON` or a
 * prototype of its own, nesting past 64), so the caller compares their JSON
 * instead.
 */
export function sameJson(a: unknown, b: unknown, depth: number): boolean | undefined {
  if (a === b) return true
  const aList = Array.isArray(a)
  const bList = Array.isArray(b)
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    if (!writesPlainly(a, aList) || !writesPlainly(b, bList)) return undefined
    // Two values written without keys, not the same: their texts differ unless both read "null".
    return isNullText(a) && isNullText(b)
  }
  if (depth > 64 || !isPlain(a, aList) || !isPlain(b, bList)) return undefined
  // An array's text and an object's differ; so do arrays of other lengths.
  if (aList !== bList) return false
  if (aList) {
    const aItems = a as unknown[]
    const bItems = b as unknown[]
    if (aItems.length !== bItems.length) return false
    for (let index = 0; index < aItems.length; index++) {
      const answer = sameJson(aItems[index], bItems[index], depth + 1)
      if (answer !== true) return answer
    }
    return true
  }
  const aKeys = Object.keys(a)
  const bKeys = Object.keys(b)
  const aRecord = a as Record<string, unknown>
  const bRecord = b as Record<string, unknown>
  let i = 0
  let j = 0
  for (;;) {
    // The keys JSON writes, in order: it leaves out a property it cannot write. Each value is read once.
    let aItem: unknown
    let bItem: unknown
    for (; i < aKeys.length; i++) {
      aItem = aRecord[aKeys[i]]
      if (!isLeftOut(aItem)) break
    }
    for (; j < bKeys.length; j++) {
      bItem = bRecord[bKeys[j]]
      if (!isLeftOut(bItem)) break
    }
    if (i === aKeys.length || j === bKeys.length) return i === aKeys.length && j === bKeys.length
    if (aKeys[i] !== bKeys[j]) return false
    const answer = sameJson(aItem, bItem, depth + 1)
    if (answer !== true) return answer
    i++
    j++
  }
}

// A property JSON leaves out of an object.
const isLeftOut = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol'

// A value JSON writes as itself: a string, a boolean, a number, null, or a plain array or object.
function writesPlainly(value: unknown, list: boolean): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'number':
      return true
    case 'object':
      return value === null || isPlain(value, list)
    default:
      return false
  }
}

// Written "null": null, NaN and the infinities.
const isNullText = (value: unknown) => value === null || (typeof value === 'number' && !Number.isFinite(value))

// An array, or an object JSON writes key by key, with no toJSON of its own.
function isPlain(value: object, list: boolean): boolean {
  const proto = Object.getPrototypeOf(value)
  return (list || proto === Object.prototype || proto === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function'
}

/** How a partial sighting's updates are held to what the call will finally send. */
export const PARTIAL_GROWTH = 4

/**
 * The largest partial update sent after a call's first: past it, a card
 * still streaming waits for the complete call, so what partial sightings
 * send stays within a constant (4/3 of it) however large the call grows.
 */
export const PARTIAL_LIMIT = 64 * 1024

/**
 * The client's copy of every call's card, by the fields sent. One per
 * session. Each update a call sends is passed through {@link ClientCards.changes}.
 */
export class ClientCards {
  private readonly cards = new Map<string, Map<string, unknown>>()
  private readonly terminals = new Map<string, Map<string, unknown>>()
  // A child session outlives the call that spawned it: it is never forgotten.
  private readonly children = new Map<string, Map<string, unknown>>()
  // The last plan sent, its top level copied (plain titles give the update new entries; nothing changes them in place).
  private plan: unknown
  // The JSON length of the last partial sighting's updates, per call.
  private readonly partialSize = new Map<string, number>()

  /**
   * `updates` with every field the client already has left out, and an
   * update left with nothing to change dropped. For a partial sighting
   * (`partial`), rawInput is not sent (it changes with every piece, and the
   * complete call sends it), and nothing is sent unless it is at least
   * {@link PARTIAL_GROWTH} times the size of the last partial sighting's
   * updates and at most {@link PARTIAL_LIMIT} (the first is always sent):
   * a call's partial traffic stays within its first card and 4/3 of the limit.
   * Returns `[]` then, and remembers nothing, so the next sighting compares
   * with what the client really has. An update with nothing left out is
   * returned as it came.
   */
  changes<Update extends object>(updates: readonly Update[], partial = false): Update[] {
    const kept: Update[] = []
    // What to remember once the updates are kept: the client's copy, a field's name and its value, flat.
    const pending: unknown[] = []
    let plan: object | undefined
    let size = 0
    for (const update of updates) {
      const fields = update as Record<string, unknown>
      const kind = fields.sessionUpdate
      if (kind === 'plan' || kind === 'plan_update') {
        if (this.plan !== undefined && sameText(this.plan, update)) continue
        plan = update
        if (partial) size += JSON.stringify(update).length
        kept.push(update)
        continue
      }
      const isCard = kind === 'tool_call' || kind === 'tool_call_update'
      const isTerminal = kind === 'terminal_update'
      // A child session: patched by `subagent_update`; settled (once) by the RFD's `subagent_state_update`.
      const isChild = kind === 'subagent_update' || kind === 'subagent_state_update'
      if (!isCard && !isTerminal && !isChild) {
        kept.push(update)
        continue
      }
      const id = (isCard ? fields.toolCallId : isTerminal ? fields.terminalId : (fields.sessionId ?? fields.subagentSessionId)) as string
      const table = isCard ? this.cards : isTerminal ? this.terminals : this.children
      // The update that creates a card or a terminal (a `tool_call`, or v2's first upsert) is sent whole: it is the client's first copy.
      const whole = kind === 'tool_call' || !table.has(id)
      const known = entryOf(table, id)
      let changed = false
      // The fields the client has already, by name; none for most updates.
      let leftOut: string[] | undefined
      for (const key in fields) {
        const value = fields[key]
        if (isAlways(key)) {
          if (key !== 'sessionUpdate' && key !== 'toolCallId' && key !== 'terminalId' && key !== 'sessionId' && key !== 'subagentSessionId')
            changed = true
          continue
        }
        if ((partial && !whole && key === 'rawInput') || (!whole && same(known, key, value))) {
          if (leftOut === undefined) leftOut = [key]
          else leftOut.push(key)
          continue
        }
        pending.push(known, key, value)
        // Partial traffic is measured; anything else is sent whatever its size.
        if (partial) size += JSON.stringify(value)?.length ?? 0
        changed = true
      }
      if (whole || leftOut === undefined) {
        if (whole || changed) kept.push(update)
      } else if (changed) kept.push(without(fields, leftOut) as Update)
    }
    const id = firstCallId(updates)
    if (partial && id !== undefined && kept.length > 0) {
      const last = this.partialSize.get(id)
      if (last !== undefined && (size < PARTIAL_GROWTH * last || size > PARTIAL_LIMIT)) return []
      this.partialSize.set(id, Math.max(size, 1))
    }
    for (let index = 0; index < pending.length; index += 3)
      (pending[index] as Map<string, unknown>).set(pending[index + 1] as string, pending[index + 2])
    if (plan !== undefined) this.plan = { ...plan }
    return kept
  }

  /** Remembers fields the client applied from elsewhere (a permission prompt's tool call). */
  applied(toolCallId: string, fields: Record<string, unknown>): void {
    const known = entryOf(this.cards, toolCallId)
    for (const key in fields) if (!isAlways(key)) known.set(key, fields[key])
  }

  /** The call is over: its card and terminal are the client's now. */
  forget(toolCallId: string): void {
    this.cards.delete(toolCallId)
    this.terminals.delete(toolCallId)
    this.partialSize.delete(toolCallId)
  }
}

// Whether two values have the same JSON text: read (sameJson), or written when that cannot tell.
function sameText(a: unknown, b: unknown): boolean {
  const answer = sameJson(a, b, 0)
  return answer === undefined ? JSON.stringify(a) === JSON.stringify(b) : answer
}

// The update's fields in their order, but those named in `leftOut`.
function without(fields: Record<string, unknown>, leftOut: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key in fields) if (!leftOut.includes(key)) out[key] = fields[key]
  return out
}

function entryOf(table: Map<string, Map<string, unknown>>, id: string): Map<string, unknown> {
  const known = table.get(id)
  if (known) return known
  const fresh = new Map<string, unknown>()
  table.set(id, fresh)
  return fresh
}

function firstCallId(updates: readonly object[]): string | undefined {
  for (const update of updates) {
    const id = (update as { toolCallId?: unknown; terminalId?: unknown }).toolCallId ?? (update as { terminalId?: unknown }).terminalId
    if (typeof id === 'string') return id
  }
  return undefined
}
