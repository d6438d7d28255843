// `npm run test:browser`: the tests that drive Debian's Chromium (see
// test/html/browser/chromium.ts). Kept out of `npm test`, which stays fast.
import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'

export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ['test/html/browser/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One browser at a time on two shared cores.
    fileParallelism: false,
  },
})
