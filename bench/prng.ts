// A seeded pseudo-random generator (mulberry32), so every run of the
// benchmarks presents the very same corpus.

/** A source of numbers in [0, 1), the same sequence for the same seed. */
export type Random = () => number

/** mulberry32: 32 bits of state, fast, good enough for picking a corpus. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** An integer in [min, max]. */
export const integerBetween = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1))

/** A size in [min, max], uniform on a log scale: many small, a few large. */
export const logSize = (random: Random, min: number, max: number): number =>
  Math.round(Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min))))

/** One of `items`. */
export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]
