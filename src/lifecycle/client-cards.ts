// What the client already has, so an update carries only what changed: the
// JSON of every card field sent per call, every terminal's description, and
// the last plan, every child session. Works on the wire shapes both ACP
// versions share (`tool_call`, `tool_call_update`, `terminal_update`, `plan`,
// `plan_update`, `subagent_update`).

// Fields sent whatever they were: a status is a step of the call's life,
// `_meta` carries output pieces and exits, an exit status ends a terminal.
const ALWAYS = new Set(['sessionUpdate', 'toolCallId', 'terminalId', 'sessionId', 'status', '_meta', 'exitStatus', 'data'])

// The fields that name what an update is for: sent, but no change in themselves.
const KEYS = new Set(['sessionUpdate', 'toolCallId', 'terminalId', 'sessionId'])

// A field the client never got reads as empty: sending it empty changes nothing.
const isEmpty = (value: unknown) => value === null || (Array.isArray(value) && value.length === 0)

// A field as sent: the value, and its JSON once a comparison needed it.
interface Sent {
  readonly value: unknown
  text?: string
}

const textOf = (sent: Sent): string => (sent.text ??= JSON.stringify(sent.value))

// Whether the client's copy of a field equals `value`: the same object, or the same JSON.
function same(before: Sent | undefined, value: unknown, next: Sent): boolean {
  if (before === undefined) return isEmpty(value)
  if (before.value === value) return true
  const answer = sameJson(before.value, value, 0)
  return answer === undefined ? textOf(before) === textOf(next) : answer
}

/**
 * Whether `a` and `b` have the same JSON text, read without serialising
 * them (a write's diff came back whole in its result: two megabytes of JSON
 * built to compare one string). `undefined` where it cannot tell cheaply
 * (a value other than a string, an array or a plain object without
 * `toJSON`; other keys), so the caller compares their JSON instead.
 */
export function sameJson(a: unknown, b: unknown, depth: number): boolean | undefined {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    // Two different strings never share a JSON text; other values are small, their JSON is cheap.
    return typeof a === 'string' && typeof b === 'string' ? false : undefined
  }
  const list = Array.isArray(a)
  if (depth > 64 || list !== Array.isArray(b) || !isPlain(a, list) || !isPlain(b, list)) return undefined
  // Arrays of other lengths have other texts; an object's other keys may be ones JSON leaves out.
  if (list && (a as unknown[]).length !== (b as unknown[]).length) return false
  const aKeys = Object.keys(a)
  const bKeys = Object.keys(b)
  if (aKeys.length !== bKeys.length) return undefined
  for (let index = 0; index < aKeys.length; index++) {
    const key = aKeys[index]
    if (key !== bKeys[index]) return undefined
    const answer = sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth + 1)
    if (answer !== true) return answer
  }
  return true
}

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
  private readonly cards = new Map<string, Map<string, Sent>>()
  private readonly terminals = new Map<string, Map<string, Sent>>()
  // A child session outlives the call that spawned it: it is never forgotten.
  private readonly children = new Map<string, Map<string, Sent>>()
  private plan: string | undefined
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
   * with what the client really has.
   */
  changes<Update extends object>(updates: readonly Update[], partial = false): Update[] {
    const kept: Update[] = []
    const pending: [Map<string, Sent>, string, Sent][] = []
    let planText: string | undefined
    let size = 0
    for (const update of updates) {
      const fields = update as Record<string, unknown>
      const kind = fields.sessionUpdate
      if (kind === 'plan' || kind === 'plan_update') {
        const text = JSON.stringify(update)
        if (text === this.plan) continue
        planText = text
        size += text.length
        kept.push(update)
        continue
      }
      const isCard = kind === 'tool_call' || kind === 'tool_call_update'
      const isTerminal = kind === 'terminal_update'
      const isChild = kind === 'subagent_update'
      if (!isCard && !isTerminal && !isChild) {
        kept.push(update)
        continue
      }
      const id = (isCard ? fields.toolCallId : isTerminal ? fields.terminalId : fields.sessionId) as string
      const table = isCard ? this.cards : isTerminal ? this.terminals : this.children
      // The update that creates a card or a terminal (a `tool_call`, or v2's first upsert) is sent whole: it is the client's first copy.
      const whole = kind === 'tool_call' || !table.has(id)
      const known = entryOf(table, id)
      const out: Record<string, unknown> = {}
      let changed = false
      for (const key in fields) {
        const value = fields[key]
        if (ALWAYS.has(key)) {
          out[key] = value
          if (!KEYS.has(key)) changed = true
          continue
        }
        if (partial && !whole && key === 'rawInput') continue
        const next: Sent = { value }
        if (!whole && same(known.get(key), value, next)) continue
        out[key] = value
        pending.push([known, key, next])
        // Partial traffic is measured; anything else is sent whatever its size.
        if (partial) size += textOf(next).length
        changed = true
      }
      if (whole || changed) kept.push((whole ? update : out) as Update)
    }
    const id = firstCallId(updates)
    if (partial && id !== undefined && kept.length > 0) {
      const last = this.partialSize.get(id)
      if (last !== undefined && (size < PARTIAL_GROWTH * last || size > PARTIAL_LIMIT)) return []
      this.partialSize.set(id, Math.max(size, 1))
    }
    for (const [known, key, next] of pending) known.set(key, next)
    if (planText !== undefined) this.plan = planText
    return kept
  }

  /** Remembers fields the client applied from elsewhere (a permission prompt's tool call). */
  applied(toolCallId: string, fields: Record<string, unknown>): void {
    const known = entryOf(this.cards, toolCallId)
    for (const key in fields) if (!ALWAYS.has(key)) known.set(key, { value: fields[key] })
  }

  /** The call is over: its card and terminal are the client's now. */
  forget(toolCallId: string): void {
    this.cards.delete(toolCallId)
    this.terminals.delete(toolCallId)
    this.partialSize.delete(toolCallId)
  }
}

function entryOf(table: Map<string, Map<string, Sent>>, id: string): Map<string, Sent> {
  const known = table.get(id)
  if (known) return known
  const fresh = new Map<string, Sent>()
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
