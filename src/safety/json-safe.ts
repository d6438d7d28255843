import { boundedText } from './bounded-text.js'

// What every update must be before it reaches a client: a value that
// `JSON.stringify` turns into the same text every time, without throwing,
// within bounds, with only well-formed strings. Arguments come from a model,
// results from a harness, views from plugins: any JavaScript value.
//
// Two steps, so the common case costs one walk and no allocation: a check
// that answers whether a value is already such plain JSON (then it is sent by
// reference), and a copy, for the rare value that is not, which keeps what
// JSON would keep and puts a visible marker where JSON would throw.

/** The bounds a value sent to the client is held to. */
export interface JsonLimits {
  /** The deepest nesting kept; deeper values become a `[cut at depth N]` marker. */
  readonly maxDepth: number
  /** The longest string kept whole; a longer one keeps its head and tail around a marker. */
  readonly maxStringLength: number
  /** The most string code units and values, counted together, in one value; past it the rest is cut. */
  readonly maxTotalLength: number
}

/**
 * The bounds every update is held to. Deeper than 64 levels no card shows
 * anything useful; 16 Mi code units of one string and 64 Mi in total keep
 * one notification far below what `JSON.stringify` and a client can take.
 */
export const UPDATE_LIMITS: JsonLimits = {
  maxDepth: 64,
  maxStringLength: 16 * 1024 * 1024,
  maxTotalLength: 64 * 1024 * 1024,
}

/**
 * Whether `value` is plain JSON within `limits`: null, booleans, finite
 * numbers, well-formed strings, arrays without holes and objects whose
 * prototype is `Object.prototype` or `null`, with no cycle. Such a value
 * serialises to the same text it would round-trip to, so it can be sent as it
 * is. Never throws: a getter or Proxy trap that throws makes it `false`.
 */
export function isJsonSafe(value: unknown, limits: JsonLimits = UPDATE_LIMITS): boolean {
  try {
    return checkedSize(value, 0, limits, limits.maxTotalLength, true) >= 0
  } catch {
    return false
  }
}

/**
 * {@link isJsonSafe} but for the well-formedness of the value's strings,
 * which is not scanned: only their lengths count against `limits`. For a
 * caller that checks every string it sends on its way out anyway (the
 * session presenters check each update), so that a long string is not
 * scanned twice. Never throws.
 */
export function isJsonShape(value: unknown, limits: JsonLimits = UPDATE_LIMITS): boolean {
  try {
    return checkedSize(value, 0, limits, limits.maxTotalLength, false) >= 0
  } catch {
    return false
  }
}

// The budget left after `value`, or -1 when it is not plain JSON. Recursion
// is bounded by `maxDepth`, so a 10^5-level value cannot overflow the stack.
// Without `scan`, no string is scanned (isJsonShape). A parameter, not module
// state: a getter the walk runs may call back into this module.
function checkedSize(value: unknown, depth: number, limits: JsonLimits, budget: number, scan: boolean): number {
  switch (typeof value) {
    case 'string': {
      const length = value.length
      if (length > limits.maxStringLength || length >= budget) return -1
      return !scan || value.isWellFormed() ? budget - length - 1 : -1
    }
    case 'number':
      return Number.isFinite(value) ? budget - 1 : -1
    case 'boolean':
      return budget - 1
    case 'object': {
      if (value === null) return budget - 1
      if (depth >= limits.maxDepth) return -1
      budget--
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length && budget >= 0; index++) {
          // A hole or an undefined entry reads back as null.
          const item = value[index]
          if (item === undefined) return -1
          budget = checkedSize(item, depth + 1, limits, budget, scan)
        }
        return budget
      }
      const prototype = Object.getPrototypeOf(value)
      if (prototype !== Object.prototype && prototype !== null) return -1
      for (const key in value) {
        if (budget < 0) break
        // A key is a string on the wire too, and short: always scanned (a strict reader rejects a lone surrogate).
        if (!key.isWellFormed()) return -1
        const item = (value as Record<string, unknown>)[key]
        // JSON leaves out an undefined property; a replayed log has none either.
        if (item !== undefined) budget = checkedSize(item, depth + 1, limits, budget - key.length, scan)
      }
      return budget
    }
    default:
      return -1
  }
}

/** A copy that serialises, and what had to change to make it. */
export interface JsonSafeCopy {
  /** The copy: plain JSON within the limits. `undefined` only when the value itself is one JSON leaves out. */
  readonly value: unknown
  /** One line per change that loses information, such as `args.a.b: circular reference`; empty when none did. */
  readonly problems: readonly string[]
}

/**
 * A plain-JSON copy of any value, for when {@link isJsonSafe} says no. It
 * keeps what `JSON.stringify` would keep (calling `toJSON`, leaving out
 * functions, symbols and undefined properties, turning NaN and ±Infinity into
 * `null`), so live and replayed sessions see the same value, and where JSON
 * would throw or the limits are passed it puts a visible marker string:
 * `[circular reference]`, `[BigInt 123]`, `[threw: …]`, `[cut at depth 64]`.
 * A lone surrogate, in a string or in an object key, becomes U+FFFD.
 * Never throws.
 *
 * @param path How to name the value in problems, such as `rawInput`.
 */
export function jsonSafeCopy(value: unknown, path: string, limits: JsonLimits = UPDATE_LIMITS): JsonSafeCopy {
  const copier = new Copier(limits)
  const copy = copier.copy(value, path, 0, '')
  return { value: copy, problems: copier.problems }
}

// The few problems worth naming; past this many, one line says how many more.
const MAX_PROBLEMS = 8

class Copier {
  readonly problems: string[] = []
  private reported = 0
  private budget: number
  // The objects on the path from the root: a repeat is a cycle, a shared
  // object elsewhere is not.
  private readonly ancestors = new Set<object>()

  constructor(private readonly limits: JsonLimits) {
    this.budget = limits.maxTotalLength
  }

  problem(path: string, what: string): string {
    this.reported++
    if (this.reported <= MAX_PROBLEMS) this.problems.push(`${path || 'value'}: ${what}`)
    else if (this.reported === MAX_PROBLEMS + 1) this.problems.push('… and more')
    return `[${what}]`
  }

  copy(value: unknown, path: string, depth: number, key: string): unknown {
    let current = value
    try {
      if (current !== null && (typeof current === 'object' || typeof current === 'bigint')) {
        const toJSON = (current as { toJSON?: unknown }).toJSON
        if (typeof toJSON === 'function') current = toJSON.call(current, key)
      }
    } catch (error) {
      return this.problem(path, `threw: ${describe(error)}`)
    }
    if (this.budget <= 0) return this.problem(path, 'cut: the value is too large')
    switch (typeof current) {
      case 'string':
        return this.string(current, path)
      case 'number':
        this.budget--
        return Number.isFinite(current) ? current : null
      case 'boolean':
        this.budget--
        return current
      case 'bigint':
        return this.problem(path, `BigInt ${current.toString().slice(0, 40)}`)
      case 'object':
        if (current === null) {
          this.budget--
          return null
        }
        if (depth >= this.limits.maxDepth) return this.problem(path, `cut at depth ${this.limits.maxDepth}`)
        if (this.ancestors.has(current)) return this.problem(path, 'circular reference')
        this.ancestors.add(current)
        try {
          return Array.isArray(current) ? this.array(current, path, depth) : this.object(current, path, depth)
        } catch (error) {
          return this.problem(path, `threw: ${describe(error)}`)
        } finally {
          this.ancestors.delete(current)
        }
      default:
        // Functions, symbols, undefined: what JSON leaves out.
        return undefined
    }
  }

  private string(text: string, path: string): string {
    let kept = text
    if (!kept.isWellFormed()) {
      kept = kept.toWellFormed()
      this.problem(path, 'lone surrogate replaced by U+FFFD')
    }
    const room = Math.max(0, Math.min(this.limits.maxStringLength, this.budget))
    if (kept.length > room) {
      this.problem(path, `cut to ${room} of ${kept.length} characters`)
      kept = boundedText(kept, room)
    }
    this.budget -= kept.length + 1
    return kept
  }

  private array(items: readonly unknown[], path: string, depth: number): unknown[] {
    this.budget--
    const length = items.length
    const copy: unknown[] = []
    for (let index = 0; index < length; index++) {
      if (this.budget <= 0) {
        copy.push(this.problem(`${path}[${index}]`, `cut: ${length - index} more items`))
        break
      }
      const item = this.copy(items[index], `${path}[${index}]`, depth + 1, String(index))
      copy.push(item === undefined ? null : item)
    }
    return copy
  }

  private object(source: object, path: string, depth: number): Record<string, unknown> {
    this.budget--
    const copy: Record<string, unknown> = {}
    for (const key of Object.keys(source)) {
      if (this.budget <= 0) {
        setOwn(copy, key, this.problem(`${path}.${key}`, 'cut: the value is too large'))
        break
      }
      let name = key
      if (!key.isWellFormed()) {
        name = key.toWellFormed()
        this.problem(`${path}.${name}`, 'lone surrogate in a key replaced by U+FFFD')
      }
      let item: unknown
      try {
        item = (source as Record<string, unknown>)[key]
      } catch (error) {
        setOwn(copy, name, this.problem(`${path}.${name}`, `threw: ${describe(error)}`))
        continue
      }
      const kept = this.copy(item, `${path}.${name}`, depth + 1, key)
      this.budget -= name.length
      if (kept !== undefined) setOwn(copy, name, kept)
    }
    return copy
  }
}

// An own property, as JSON.parse makes one: assigning `__proto__` would set
// the copy's prototype instead (a key a model can send).
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}

// What was thrown, safely: reading a hostile error's message can throw too.
function describe(error: unknown): string {
  try {
    const message = error instanceof Error ? error.message : String(error)
    return (message.length > 80 ? `${message.slice(0, 80)}…` : message).toWellFormed()
  } catch {
    return 'a value that cannot be described'
  }
}
