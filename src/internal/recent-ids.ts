// What the reader and the render command remember of a log's ids is
// bounded: the most recent ones. Forgetting the oldest costs the same
// however many were forgotten before (a Map's first key, found by iterating
// it, is found after every key deleted before it: quadratic on a long log).

/** How many ids the reader and the render command remember: those of the last 65,536 calls. */
export const IDS_KEPT = 65_536

/**
 * A map that keeps its `limit` most recently set keys: setting one more
 * forgets the oldest, and counts it in {@link RecentIds.forgotten}.
 */
export class RecentIds<V> {
  // Each key's value, and when it was last set.
  private readonly map = new Map<string, { readonly value: V; readonly at: number }>()
  // The keys in the order they were set, from `head` on; an entry is stale
  // once its key is set again or deleted (its `at` is no longer the key's).
  private order: { readonly key: string; readonly at: number }[] = []
  private head = 0
  private sets = 0
  private dropped = 0

  constructor(private readonly limit: number = IDS_KEPT) {}

  get(key: string): V | undefined {
    return this.map.get(key)?.value
  }

  has(key: string): boolean {
    return this.map.has(key)
  }

  /** Sets `key` as the most recent; true when an older key was forgotten to make room. */
  set(key: string, value: V): boolean {
    const at = ++this.sets
    this.map.set(key, { value, at })
    this.order.push({ key, at })
    let forgot = false
    while (this.map.size > this.limit) {
      const oldest = this.order[this.head++]!
      if (this.map.get(oldest.key)?.at !== oldest.at) continue
      this.map.delete(oldest.key)
      this.dropped++
      forgot = true
    }
    // The order holds at most about twice what the map holds: its read head
    // is cut off, and stale entries (keys set again, or deleted) dropped.
    const waiting = this.order.length - this.head
    if (this.head > 1024 && this.head > waiting) this.order = this.order.slice(this.head)
    else if (waiting > 2 * this.map.size + 1024)
      this.order = this.order.slice(this.head).filter((entry) => this.map.get(entry.key)?.at === entry.at)
    else return forgot
    this.head = 0
    return forgot
  }

  delete(key: string): void {
    this.map.delete(key)
  }

  get size(): number {
    return this.map.size
  }

  /** How many keys were forgotten to keep within the limit. */
  get forgotten(): number {
    return this.dropped
  }
}
