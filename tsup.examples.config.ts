import { defineConfig } from 'tsup'

// The examples run against the built package, as a user would: imports of
// `tool-render-intent/*` stay imports and resolve to dist/ through the
// package's own `exports`.
export default defineConfig({
  entry: {
    'zed-agent/agent': 'examples/zed-agent/agent.ts',
    'demo/demo': 'examples/demo/demo.ts',
  },
  outDir: 'examples/dist',
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  external: [/^tool-render-intent(\/.*)?$/, '@agentclientprotocol/sdk'],
  splitting: true,
  clean: true,
  dts: false,
})
