// What the render command remembers of a log's ids is bounded, as the
// reader's memory of the calls it gave out is: the most recent ones.

/** How many ids the render command remembers, as the reader keeps the ids of the last 65,536 calls it gave out. */
export const IDS_KEPT = 65_536

/**
 * A map that keeps its `limit` most recently set keys: setting one more
 * forgets the oldest, and counts it in {@link RecentIds.forgotten}.
 */
export class RecentIds<V> {
  private readonly map = new Map<string, V>()
  private dropped = 0

  constructor(private readonly limit: number = IDS_KEPT) {}

  get(key: string): V | undefined {
    return this.map.get(key)
  }

  has(key: string): boolean {
    return this.map.has(key)
  }

  /** Sets `key` as the most recent; true when an older key was forgotten to make room. */
  set(key: string, value: V): boolean {
    // Deleted first, so that a key set again counts as the most recent.
    this.map.delete(key)
    this.map.set(key, value)
    if (this.map.size <= this.limit) return false
    for (const oldest of this.map.keys()) {
      this.map.delete(oldest)
      break
    }
    this.dropped++
    return true
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
