import { defineConfig } from 'tsup'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'presenters/index': 'src/presenters/index.ts',
    'acp/index': 'src/acp/index.ts',
    'acp-v2/index': 'src/acp-v2/index.ts',
    'text/index': 'src/text/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  target: 'es2022',
  platform: 'neutral',
  // Shared modules (the guards, InvalidViewError) become shared chunks, so
  // `instanceof InvalidViewError` holds across entry points.
  splitting: true,
  treeshake: true,
  clean: true,
  sourcemap: false,
})
