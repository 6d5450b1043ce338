import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    internal: 'src/internal.ts',
    // The labels alone: importing them pulls in no parser or Node module (the console's bundle).
    labels: 'src/classify/types.ts',
    'testing/index': 'src/testing/index.ts',
    'training/index': 'src/training/index.ts',
  },
  format: ['esm'],
  target: 'node20',
  dts: true,
  sourcemap: true,
  clean: true,
});
