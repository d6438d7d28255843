// How many cases a property test runs. `npm test` runs a tenth of the full
// count (at least 100), for fast feedback on two cores; `npm run test:soak`,
// which CI runs too, sets SOAK=1 and runs them all.
export const soak = process.env.SOAK === '1'

/** `full` under `npm run test:soak`, a tenth of it (at least 100) under `npm test`. */
export const propertyRuns = (full: number): number => (soak ? full : Math.max(100, Math.ceil(full / 10)))
