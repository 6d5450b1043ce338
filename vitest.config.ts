import { defineConfig } from 'vitest/config';

// Tests run against each package's TypeScript source (the `@sightline/source` export condition),
// so `npm test` needs no build step.
export default defineConfig({
  resolve: { conditions: ['@sightline/source'] },
  ssr: { resolve: { conditions: ['@sightline/source'] } },
  test: {
    include: [
      'packages/*/src/**/*.test.{ts,tsx}',
      'packages/*/training/**/*.test.ts',
      'bench/**/*.test.ts',
      'scripts/**/*.test.ts',
      'examples/**/*.test.{ts,tsx}',
    ],
    exclude: ['**/node_modules/**', '**/dist/**', 'bench/.cache/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
