import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url))

// Files `npm test` leaves to `npm run test:soak` (see `exclude` below).
const SOAK_ONLY = [
  'test/vocabulary-drift.test.ts',
  'test/exhaustiveness.test.ts',
  'test/cli/hostile.test.ts',
  'test/cli/main.test.ts',
  'test/cli/session-folder.test.ts',
  'test/examples/zed-agent-acpx.test.ts',
  'test/package/manifest.test.ts',
]

export default defineConfig({
  resolve: {
    // Tests and the shared example fixtures import the package by name; in
    // tests that is the source, while the built examples use dist/.
    alias: [
      { find: /^tool-render-intent$/, replacement: src('index.ts') },
      { find: /^tool-render-intent\/(presenters|acp|acp-v2|reader|text|html)$/, replacement: src('$1/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // Two workers on two cores (the default leaves one idle), and the modules a
    // file imports shared with the next file in its worker: importing the
    // SDK, zod and the library again for each of ~90 files cost more than the tests.
    maxWorkers: 2,
    isolate: false,
    // The Chromium tests run on their own (`npm run test:browser`). The two
    // that compile mutated copies of src/ with TypeScript (15-20 s together),
    // and the tests that start processes (the built command, a node process
    // per case at about 0.3 s each before it reads a line; the example agent
    // driven by acpx; `npm pack` and `npm install` of the package: about 27 s
    // of test time together, 12-15 s of `npm test`'s wall time) run under
    // `npm run test:soak`; CI runs both scripts.
    exclude: [...configDefaults.exclude, 'test/html/browser/**', ...(process.env.SOAK === '1' ? [] : SOAK_ONLY)],
    // Property tests run thousands of cases; on two busy cores one can pass
    // the default 5 s. A timeout is a hang guard here, not a speed claim.
    testTimeout: 30_000,
    // Hooks that build dist/ first (the README and package tests) wait for the build.
    hookTimeout: 180_000,
    typecheck: {
      enabled: true,
      // TypeScript 7's compiler, as `npm run typecheck` runs it (see the script).
      checker: fileURLToPath(new URL('./scripts/typecheck-tests.mjs', import.meta.url)),
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
})
