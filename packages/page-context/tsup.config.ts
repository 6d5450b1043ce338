import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    internal: 'src/internal.ts',
    'react/index': 'src/react/index.ts',
    'chat/index': 'src/chat-panel/index.ts',
    'server/index': 'src/server/index.ts',
  },
  format: ['esm'],
  target: 'es2022',
  platform: 'neutral',
  external: ['react', 'react-dom', 'ai', 'zod', '@sightline/core', '@ai-sdk/react'],
  dts: true,
  sourcemap: true,
  clean: true,
});
