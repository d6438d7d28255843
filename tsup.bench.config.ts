import { defineConfig } from 'tsup'

// The benchmarks run against the built package, as a user would: imports of
// `tool-render-intent/*` and of claude-agent-acp stay imports, resolved by
// Node to dist/ (through the package's own `exports`) and node_modules/.
export default defineConfig({
  entry: { run: 'bench/run.ts', profile: 'bench/profile.ts' },
  outDir: 'bench/dist',
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  external: [/^tool-render-intent(\/.*)?$/, /^@zed-industries\/claude-agent-acp(\/.*)?$/, 'diff'],
  splitting: false,
  clean: true,
  dts: false,
})
